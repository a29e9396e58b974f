"""What the pages' plain forms (the pages without their script) share."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, cast

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from .errors import ApplicationError, StaleError


def posted_ply(request: HttpRequest) -> int:
    """The ply a plain move form was drawn at (its hidden ``ply`` field), so
    that the move is refused when the game has moved on since, as the API
    refuses a script's: a form sent twice (a double click, the browser's
    back button) does not play on a turn the player never saw.  A form
    without the field (a page from before it had one) is out of date too."""
    raw = request.POST.get("ply", "")
    if raw == "":
        raise StaleError("the move form names no ply: reload the page")
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 6):
        raise ApplicationError(f"a ply is a whole number such as 4, not {raw[:40]!r}")
    return int(raw)


def refusal_message(request: HttpRequest, exc: ApplicationError) -> None:
    """Leave a refused form's reason for the next page: an out-of-date page
    in the player's language (the next page shows the state as it is now),
    anything else as the service said it."""
    if isinstance(exc, StaleError):
        messages.warning(
            request, _("The page was out of date, so your move was not played. Here is the position as it is now.")
        )
    else:
        messages.error(request, str(exc))


def form_action(request: HttpRequest, act: Callable[[], object], page: str, **page_args: Any) -> HttpResponse:
    """A plain form's button: do ``act``; when a service refuses it, leave
    the reason for the next page (``refusal_message``) instead of an error
    page; either way go back to ``page`` (a URL name, with ``page_args``)."""
    try:
        act()
    except ApplicationError as exc:
        refusal_message(request, exc)
    return cast(HttpResponseRedirect, redirect(page, **page_args))  # read as Any: page_args could hold permanent
