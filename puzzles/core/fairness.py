"""Fairness: positions the solver's view of which is withheld for now.

While a game between people is in progress, nobody may get the solver's
values for its positions (a player would ask for their own position's best
move).  The apps that hold such games register a check here in their
``AppConfig.ready``; the apps that show the solver's view (the analyses API,
the analysis board and editor, puzzles) ask ``refusal`` before they do.  So
the lower apps need not know the games app (the apps are layered)."""
from __future__ import annotations

from collections.abc import Callable, Iterable

from solver import DominoError, Position

from .errors import ApplicationError

# A check takes normalised position strings and says why the analysis of
# one of them is withheld now, or ``None``.
Check = Callable[[list[str]], "str | None"]

_checks: list[Check] = []


def register(check: Check) -> None:
    """Add a check (once, however often an app's ``ready`` runs)."""
    if check not in _checks:
        _checks.append(check)


def refusal(position: str | Iterable[str]) -> str | None:
    """Why the solver's view of ``position`` (or of any of several) is
    withheld now, or ``None`` when it may be shown."""
    positions = [position] if isinstance(position, str) else list(position)
    for check in _checks:
        reason = check(positions)
        if reason:
            return reason
    return None


def refuse(*positions: str) -> None:
    """Raise ``ApplicationError`` (403, saying why) when the solver's view of
    any of ``positions`` (any spelling; an invalid one is left to the
    caller's own checks) is withheld now."""
    keys = []
    for text in positions:
        try:
            keys.append(str(Position.parse(text)))
        except DominoError:
            continue
    reason = refusal(keys) if keys else None
    if reason:
        raise ApplicationError(reason, status_code=403)
