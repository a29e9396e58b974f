"""The one error type of the site's services.

A service refuses a request by raising ``ApplicationError`` (bad input, 400)
or ``ConflictError`` (not possible in the current state, 409), with a message
that says what is wrong; nothing has been changed when it is raised.  The API
turns it into ``{"error": message}`` (``core.api.exception_handler``), and
the pages show the message.
"""

from __future__ import annotations


class ApplicationError(Exception):
    status_code = 400
    # Headers the API's answer carries with it (a 401's WWW-Authenticate, for one).
    headers: dict[str, str] | None = None

    def __init__(self, message: str, status_code: int | None = None) -> None:
        super().__init__(message)
        if status_code is not None:
            self.status_code = status_code

    @property
    def message(self) -> str:
        return str(self)


class ConflictError(ApplicationError):
    status_code = 409


class StaleError(ConflictError):
    """The client acted on a state that has moved on (its move named an
    earlier ply, or a puzzle the run has left): 409, nothing changed.  A page
    says so in the player's language and shows the state as it is now."""
