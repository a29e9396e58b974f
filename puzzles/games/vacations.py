"""Vacation from correspondence games: each account has ``OD_VACATION_DAYS``
days a calendar year (14, as chess.com gives).  While it is on vacation, the
deadline of each of its correspondence turns waits: a turn of its that is
under way when the vacation starts, or whose deadline comes during it, is
held (its deadline moved on by the vacation time left, the seat's
``held_from`` and ``held_seconds`` saying so); when the vacation ends (turned
off, or its days used up) each turn still held is given back what it did
not use, so its deadline has moved on by the vacation time used.  Live games
are not touched: their clocks run.  The opponent sees "on vacation"
(``disconnects.presence_of``)."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from puzzles.core.errors import ConflictError
from solver import Position

from . import clock, deadlines, notices
from .models import Game, GameSeat, Vacation


def allowance_seconds() -> int:
    return int(float(settings.OD_VACATION_DAYS) * 86400)


def _ms(at: datetime) -> int:
    return int(at.timestamp() * 1000)


def _row(user: Any, at: datetime) -> Vacation:
    """The account's vacation row, this year's, locked for the caller's
    transaction (made at the first change; a new year starts a new
    allowance once off vacation)."""
    Vacation.objects.get_or_create(user=user, defaults={"year": at.year})
    row = Vacation.objects.select_for_update().get(user=user)
    if row.year != at.year and row.since is None:
        row.year, row.used_seconds = at.year, 0
        row.save(update_fields=["year", "used_seconds"])
    return row


def _read(user: Any, at: datetime) -> Vacation:
    """The account's vacation row as it would be now, written nowhere: a
    fresh one when it has none, a new year's allowance once off vacation,
    a vacation whose days have run out over (``_settle`` writes it at the
    next change, or the deadline check that meets it)."""
    row = Vacation.objects.filter(user=user).first() or Vacation(user=user, year=at.year)
    if row.since is None and row.year != at.year:
        row.year, row.used_seconds = at.year, 0
    if row.since is not None and _left(row, at) <= 0:
        row.used_seconds, row.since = allowance_seconds(), None
    return row


def _left(row: Vacation, at: datetime) -> float:
    """Seconds of the allowance left at ``at`` (the vacation under way counted)."""
    running = (at - row.since).total_seconds() if row.since is not None else 0.0
    return max(0.0, allowance_seconds() - row.used_seconds - running)


def _settle(row: Vacation, at: datetime) -> Vacation:
    """End a vacation whose days have run out by ``at`` (as at the moment they did)."""
    if row.since is not None and _left(row, at) <= 0:
        _finish(row, row.since + timedelta(seconds=allowance_seconds() - row.used_seconds))
    return row


def vacation_state(user: Any) -> dict[str, Any]:
    """Whether the account is on vacation, since when (ms), and the seconds of this year's allowance left."""
    at = clock.now()
    row = _read(user, at)
    return {
        "on": row.since is not None,
        "since": _ms(row.since) if row.since is not None else None,
        "seconds_left": int(_left(row, at)),
        "allowance_days": float(settings.OD_VACATION_DAYS),
        "server_time": _ms(at),
    }


def vacation_start(user: Any) -> dict[str, Any]:
    """The account goes on vacation: its correspondence turns under way are
    held.  409 when on vacation already, or with no day left this year."""
    at = clock.now()
    with transaction.atomic():
        row = _settle(_row(user, at), at)
        if row.since is not None:
            raise ConflictError(_("you are on vacation already"))
        left = _left(row, at)
        if left <= 0:
            raise ConflictError(_("you have no vacation left this year"))
        row.since = at
        row.save(update_fields=["since"])
        for seat in _turns(user):
            if seat.game.deadline is not None and seat.game.deadline <= at:
                continue  # lost on time already, the loss not yet written: the deadline check ends it
            _hold(seat, at, left)
    return vacation_state(user)


def vacation_end(user: Any) -> dict[str, Any]:
    """The account comes back: each turn still held gets back the time it did not use.  409 when not on vacation."""
    at = clock.now()
    with transaction.atomic():
        row = _settle(_row(user, at), at)
        if row.since is None:
            raise ConflictError(_("you are not on vacation"))
        _finish(row, at)
    return vacation_state(user)


def _turns(user: Any) -> list[GameSeat]:
    """The account's seats in correspondence games going on whose turn it is."""
    seats = GameSeat.objects.filter(owner=user, level="", game__kind=Game.Kind.PEOPLE, game__days__isnull=False)
    seats = seats.exclude(game__status=Game.Status.OVER).select_related("game")
    return [s for s in seats if Position.parse(s.game.current_position).side == s.seat]


def _held_this_turn(seat: GameSeat, game: Game) -> bool:
    """Whether the seat's hold is of the turn under way (a hold of an earlier turn counts for nothing)."""
    return (
        seat.held_seconds > 0
        and seat.held_from is not None
        and game.turn_started_at is not None
        and game.turn_started_at <= seat.held_from
    )


def _hold(seat: GameSeat, at: datetime, seconds: float) -> None:
    """Move the deadline of ``seat``'s turn on by ``seconds``, the hold written on the seat."""
    game = seat.game
    if game.deadline is None or _held_this_turn(seat, game):
        return
    deadline = game.deadline + timedelta(seconds=seconds)
    _move_deadline(game, deadline)
    GameSeat.objects.filter(pk=seat.pk).update(held_from=at, held_seconds=int(seconds))


def _finish(row: Vacation, end: datetime) -> None:
    """The vacation of ``row`` ends at ``end``: each turn still held gives back what it did not use."""
    assert row.since is not None
    for seat in GameSeat.objects.filter(owner=row.user, held_seconds__gt=0).select_related("game"):
        game, held_from = seat.game, seat.held_from
        GameSeat.objects.filter(pk=seat.pk).update(held_from=None, held_seconds=0)
        same_turn = (
            game.status != Game.Status.OVER
            and game.deadline is not None
            and _held_this_turn(seat, game)
            and Position.parse(game.current_position).side == seat.seat
        )
        unused = (held_from + timedelta(seconds=seat.held_seconds) - end) if held_from is not None else timedelta(0)
        if same_turn and unused > timedelta(0):
            assert game.deadline is not None
            _move_deadline(game, game.deadline - unused)
    row.used_seconds += int((end - row.since).total_seconds())
    row.since = None
    row.save(update_fields=["used_seconds", "since"])


def _move_deadline(game: Game, deadline: datetime) -> None:
    Game.objects.filter(pk=game.pk).update(deadline=deadline, version=F("version") + 1, updated_at=clock.now())
    notices.game_changed(game.pk)
    fields = {"deadline": deadline, "turn_started_at": game.turn_started_at or clock.now()}
    deadlines.queue_turn_deadline(game, fields, game.ply_count)


def holds(game: Game) -> bool:
    """``deadlines``' hold: the deadline of ``game`` has passed while the
    person to move is on vacation: their turn is held (True), its deadline
    moved on by the vacation time left."""
    if game.days is None or game.deadline is None:
        return False
    side = Position.parse(game.current_position).side
    seat = GameSeat.objects.filter(game_id=game.pk, seat=side, level="", owner__isnull=False).first()
    if seat is None or seat.owner_id is None or _held_this_turn(seat, game):
        return False  # (a turn held already whose deadline passes: the vacation's days are over)
    at = clock.now()
    row = Vacation.objects.select_for_update().filter(user_id=seat.owner_id, since__isnull=False).first()
    if row is None or _settle(row, at).since is None or row.since is None or game.deadline <= row.since:
        return False  # (a deadline passed before the vacation began: the turn was lost already)
    seat.game = game
    _hold(seat, at, _left(row, at))
    return True


def on_vacation(user_ids: list[int]) -> set[int]:
    """Which of these accounts are on vacation now (their days not run out)."""
    at = clock.now()
    rows = Vacation.objects.filter(user_id__in=user_ids, since__isnull=False)
    return {row.user_id for row in rows if _left(row, at) > 0}
