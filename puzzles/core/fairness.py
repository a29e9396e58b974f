"""Fairness: positions the solver's view of which is withheld for now.

While a game between people is in progress, nobody may get the solver's
values for its positions (a player would ask for their own position's best
move).  The apps that hold such games register a check here in their
``AppConfig.ready``; the apps that show the solver's view (the analyses API,
the analysis board and editor, puzzles) ask ``refusal`` before they do.  So
the lower apps need not know the games app (the apps are layered).

A check may also depend on who asks (``register_for_player``: the daily
deal's start is withheld from a player until their own game of it is over);
such a check is given the player, or ``None`` when the caller knows of none
(then it withholds as from a player who has not played).  A service that is
itself the sanctioned way to play a withheld position (the daily deal's own
game) runs its writes inside ``allowing(position)``.

Positions are compared in their canonical form (``solver.canonical_key``):
the same game written another way (a hand's columns in another order, the
ends reversed, the seats renamed) is the same position here.  A check is
given canonical position strings."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from solver import DominoError, canonical_key

from .errors import ApplicationError

# A check takes canonical position strings and says why the analysis of
# one of them is withheld now, or ``None``.
Check = Callable[[list[str]], "str | None"]

_checks: list[Check] = []

# A check that depends on the player asking (a ``Player``, or ``None``).
PlayerCheck = Callable[[list[str], Any], "str | None"]

_player_checks: list[PlayerCheck] = []

# Positions a service is allowed to play now (see ``allowing``), and the
# deals whose start a game being played has passed (``allowing_deal``).
_allowed: ContextVar[frozenset[str]] = ContextVar("fairness_allowed", default=frozenset())
_allowed_deals: ContextVar[frozenset[str]] = ContextVar("fairness_allowed_deals", default=frozenset())


def register(check: Check) -> None:
    """Add a check (once, however often an app's ``ready`` runs)."""
    if check not in _checks:
        _checks.append(check)


def register_for_player(check: PlayerCheck) -> None:
    """Add a check that is given the player asking (once, however often an app's ``ready`` runs)."""
    if check not in _player_checks:
        _player_checks.append(check)


def _keys(positions: Iterable[str]) -> list[str]:
    """The canonical forms of ``positions``, those that parse (an invalid one
    is left to the caller's own checks)."""
    keys = []
    for text in positions:
        try:
            keys.append(canonical_key(text))
        except DominoError:
            continue
    return keys


@contextmanager
def allowing(position: str) -> Iterator[None]:
    """Within the block, the player checks pass ``position`` (any spelling):
    for the one service that is the sanctioned way to play it."""
    token = _allowed.set(_allowed.get() | set(_keys([position])))
    try:
        yield
    finally:
        _allowed.reset(token)


@contextmanager
def allowing_deal(start: str) -> Iterator[None]:
    """Within the block, a player check may pass the positions of the deal
    ``start`` (any spelling): a game whose start passed the checks when it
    began (the daily deal's own game) walks its own deal.  The check says
    so itself (``deal_allowed``): a position one stone off that deal is
    another deal's."""
    token = _allowed_deals.set(_allowed_deals.get() | set(_keys([start])))
    try:
        yield
    finally:
        _allowed_deals.reset(token)


def deal_allowed(start: str) -> bool:
    """Whether the deal ``start`` is being walked by a game that began from it (``allowing_deal``)."""
    allowed = _allowed_deals.get()
    return bool(allowed) and bool(set(_keys([start])) & allowed)


def refusal(position: str | Iterable[str], player: Any = None) -> str | None:
    """Why the solver's view of ``position`` (or of any of several) is
    withheld now from ``player`` (``None``: anyone), or ``None`` when it may
    be shown.  Any spelling of a position is read; one that does not parse is
    left to the caller's own checks."""
    positions = _keys([position] if isinstance(position, str) else position)
    if not positions:
        return None
    for check in _checks:
        reason = check(positions)
        if reason:
            return reason
    allowed = _allowed.get()
    asked = [p for p in positions if p not in allowed]
    if asked:
        for player_check in _player_checks:
            reason = player_check(asked, player)
            if reason:
                return reason
    return None


def refuse(*positions: str, player: Any = None) -> None:
    """Raise ``ApplicationError`` (403, saying why) when the solver's view of
    any of ``positions`` (any spelling; an invalid one is left to the
    caller's own checks) is withheld now."""
    reason = refusal(positions, player)
    if reason:
        raise ApplicationError(reason, status_code=403)
