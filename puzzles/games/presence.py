"""Who is at the table: a game between people's page tells the server that
its seated reader is there (``game_present``, kept per seat in
``GameSeat.present_at``; a read never writes it).

It matters for a match's next deal, dealt the moment the last one ended,
while its players may still be reading that deal's result: its first moves
are timed from when every person in it has opened it, at the latest a grace
after the dealing (``Game.first_moves_from``: the setting
OD_NEXT_DEAL_GRACE_SECONDS, given by the matches when they deal).  A first
move's turn that begins before then begins then (``deadlines.first_move_start``);
once the last person comes it begins at once, and its deadline with it.
Everything that reads the deadlines (the deadline task, the beat's sweep,
the checks of every read and move, the clocks shown) so reads the new one."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from puzzles.accounts.players import Player
from puzzles.core.errors import ApplicationError
from solver import Position

from . import clock, deadlines, notices, seating, stoppages
from .models import Game, GameSeat


def _ms(at: datetime) -> int:
    return int(at.timestamp() * 1000)


def game_present(*, game: Game, player: Player) -> dict[str, Any]:
    """``player`` has the game open: their seat is marked present (the first
    time only), and a match's next deal whose people are now all there has
    its first moves timed from now.  403 for anyone without a seat in it
    (a spectator's presence counts for nothing).  Idempotent."""
    seat = seating.seat_of(game, player)
    if seat is None:
        raise ApplicationError(
            _("you are not playing in this game: only its players can say they are at the table"), status_code=403
        )
    at = clock.timed_at()
    GameSeat.objects.filter(game_id=game.pk, seat=seat, present_at__isnull=True).update(present_at=at)
    waits = game.first_moves_from
    if waits is not None and waits > at and not absent_seats(game):
        _first_moves_now(game.pk, at)
    return presence_state(Game.objects.get(pk=game.pk), seat)


def absent_seats(game: Game) -> list[str]:
    """The people's seats whose person has not opened the game yet."""
    return sorted(
        GameSeat.objects.filter(game_id=game.pk, level="", present_at__isnull=True).values_list("seat", flat=True)
    )


def _first_moves_now(game_id: int, at: datetime) -> None:
    """Every person is there: first moves are timed from ``at``, a first
    move's turn waiting for them begins now, and its deadline with it."""
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game_id)
        if locked.first_moves_from is None or locked.first_moves_from <= at:
            return  # come already, or the grace is over
        fields: dict[str, Any] = {"first_moves_from": at}
        waiting = locked.turn_started_at is not None and locked.turn_started_at > at
        if waiting and locked.status != Game.Status.OVER:
            seat = Position.parse(locked.current_position).side
            live = stoppages.game_clock(locked, seating.moved_seats(locked))
            fields["turn_started_at"] = at
            fields["deadline"] = live.start(seat, at).deadline() if live is not None else locked.deadline
            fields["flag_recheck_at"] = None
        Game.objects.filter(pk=game_id).update(**fields, version=F("version") + 1, updated_at=clock.now())
        if "deadline" in fields:
            notices.game_changed(game_id)
            deadlines.queue_turn_deadline(locked, fields, locked.ply_count)


def presence_state(game: Game, seat: str | None) -> dict[str, Any]:
    """What the presence endpoint answers: the reader's seat, the seats
    still awaited, and while the first moves wait for them, when they are
    timed from at the latest (ms since 1970; else null)."""
    at = clock.now()
    waits = game.first_moves_from
    return {
        "seat": seat,
        "absent": absent_seats(game),
        "first_moves_from": _ms(waits) if waits is not None and waits > at else None,
    }


def first_move_state(game: Game) -> dict[str, Any] | None:
    """The first move a live game waits for, as the last deal's result box
    counts it down (``people.presentation.match_state``): its seat, its
    deadline (null while its time waits for the players to open the game),
    when its time starts at the latest (while it waits; else null), the
    first move's seconds and the server's time; None unless a person's first
    move is awaited (as the game was read: a deadline passed is the reads' to end)."""
    if game.status == Game.Status.OVER or game.days is not None or game.turn_started_at is None:
        return None
    seat = Position.parse(game.current_position).side
    if game.deadline is None or seat not in game.people or seat in seating.moved_seats(game):
        return None
    at = clock.now()
    waiting = game.turn_started_at > at
    return {
        "seat": seat,
        "deadline": None if waiting else _ms(game.deadline),
        "starts_by": _ms(game.turn_started_at) if waiting else None,
        "first_move_seconds": deadlines.FIRST_MOVE_SECONDS,
        "server_time": _ms(at),
    }
