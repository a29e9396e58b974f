"""Aborting a game between people: nobody wins and it is not rated.  A
player aborts a game before it has really begun, as ``early.abort_refusal``
allows (a casual game until every person has moved; a rated game only while
an opponent is slow to make their first move); the site aborts a game nobody
can play on any more (``game_abort_unplayable``).  A first move never made
in time aborts the game too, at its deadline (``deadlines``)."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext as _

from puzzles.accounts.players import Player
from puzzles.core.errors import ApplicationError, ConflictError

from . import clock, deadlines, early, seating
from .models import Game

# result["unplayable"]: a game aborted as it can no longer be played, one
# account holding two of its seats (a guest's seat handed over at log-in).
SAME_ACCOUNT = "same-account"


def game_abort(*, game: Game, player: Player) -> Game:
    """A player ends the game before it has really begun (some person has
    not moved yet): nobody wins, and it is not rated.  403 for anyone but
    its players; 409 when ``early.abort_refusal`` says why not (over, every person
    has moved, or in a rated game: not an opponent's first move, or not
    waited for long enough)."""
    seat = seating.seat_of(game, player)
    if seat is None:
        raise ApplicationError(_("only the game's players can abort it"), status_code=403)
    game = deadlines.game_check_deadline(game)
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        refusal = early.abort_refusal(locked, seat, seating.moved_seats(locked), clock.now())
        if refusal is not None:
            raise ConflictError(refusal)
        deadlines.game_end(
            locked, {"winner": None, "points": 0, "reason": early.ABORTED, "aborted": seat}, locked.clock_ms
        )
    game.refresh_from_db()
    return game


def game_abort_unplayable(*, game_id: int, seat: str, why: str) -> bool:
    """Abort the game ``game_id`` that nobody can play on (``why`` is kept in
    its result: ``SAME_ACCOUNT``); ``seat`` is the seat it is aborted for.
    True if this call ended it (a game over already is left as it is)."""
    with transaction.atomic():
        locked = Game.objects.select_for_update().filter(pk=game_id).first()
        if locked is None or locked.status == Game.Status.OVER:
            return False
        deadlines.game_end(
            locked,
            {"winner": None, "points": 0, "reason": early.ABORTED, "aborted": seat, "unplayable": why},
            deadlines.clocks_now(locked),
        )
    return True
