"""The clocks of games between people and the site's outages: the time in
which nobody could move (``core.outages``) is not charged.

A move costs its turn up to its arrival less the outages in that turn
(``charge``); the deadline of the person to move is pushed on by the outages
since their turn began (``fair_deadline``), and a flag falls only once that
deadline has passed and ``core.outages.flag_may_fall`` says the site was
seen working after it (else the check is made again, ``hold``).  When an
outage is recorded, the deadlines of the games it touched move on at once
(``push_deadlines``), so the players' clocks show the time given back.  The
arithmetic is ``games.fischer``'s."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db.models import F
from django.utils import timezone

from puzzles.core import outages, tasking
from solver import Position

from . import clock, notices
from .fischer import Clock, GameClock
from .models import Game, GameMove
from .tasks import deadline_task

# A seat's first move is untimed, but must come within this many seconds in a live game.
FIRST_MOVE_SECONDS = settings.OD_FIRST_MOVE_SECONDS
# A flag that may not fall yet (an outage, a move on its way) is looked at again after this.
RECHECK_SECONDS = 1.0


def game_clock(game: Game, moved: set[str]) -> GameClock | None:
    """A live game's clocks as a value (``fischer.GameClock``), its turn
    running for the seat to move since ``turn_started_at``; ``moved``: the
    seats that have moved.  None for a correspondence or untimed game."""
    if game.days is not None or game.clock_initial is None:
        return None
    running = Position.parse(game.current_position).side if game.turn_started_at is not None else None
    return GameClock.of(
        game.clock_ms or {},
        (game.clock_increment or 0) * 1000,
        FIRST_MOVE_SECONDS * 1000,
        running=running,
        started=game.turn_started_at,
        moved=frozenset(moved),
    )


def charged(live: GameClock, arrived: datetime) -> GameClock:
    """``live`` once its running seat's move reached the server at
    ``arrived``, the outages in the turn not charged."""
    return live.charge(arrived, outages.spans(live.started) if live.started is not None else [])


def _started(game: Game, seat: str) -> bool:
    return GameMove.objects.filter(game_id=game.pk, side=seat, by=GameMove.By.HUMAN).exists()


def fair_deadline(game: Game, at: datetime, started: bool | None = None) -> datetime | None:
    """When the person to move really runs out: the stored deadline's turn
    allowance after the turn's start, pushed on by the outages since."""
    if game.kind != Game.Kind.PEOPLE or game.turn_started_at is None or game.deadline is None:
        return None
    seat = Position.parse(game.current_position).side
    spans = outages.spans(game.turn_started_at, fresh=True)
    # An outage still going on runs to now: the outages' own time, the wall clock.
    now = max(at, timezone.now())
    if game.days is not None:
        return Clock(game.days * 86_400_000).deadline(game.turn_started_at, spans, now=now)
    live = game_clock(game, {seat} if (_started(game, seat) if started is None else started) else set())
    return game.deadline if live is None else live.deadline(spans, now=now)


def flag_due(game: Game, at: datetime, started: bool | None = None) -> tuple[bool, datetime | None]:
    """Whether the flag falls at ``at``, and the deadline as outages push it."""
    fair = fair_deadline(game, at, started)
    if fair is None:
        return clock.deadline_passed(game, at), None
    return at >= fair and outages.flag_may_fall(fair), fair


def move_arrival(game: Game, stamp: datetime) -> datetime:
    """When a move is timed: its arrival, but never before its turn began (a
    move sent ahead of the turn, played once it began, costs from there)."""
    if game.turn_started_at is not None and stamp < game.turn_started_at:
        return game.turn_started_at
    return stamp


def out_of_time(game: Game, arrived: datetime) -> bool:
    """Whether a move that arrived at ``arrived`` came too late: at or after
    the deadline the outages give (``fair_deadline``), whatever the stored
    deadline says (a flag on hold may be past it)."""
    if game.kind != Game.Kind.PEOPLE or game.status == Game.Status.OVER or game.deadline is None:
        return False
    if game.turn_started_at is not None and game.days is None and game.clock_initial is not None:
        seat = Position.parse(game.current_position).side
        least = min((game.clock_ms or {}).get(seat, 0), FIRST_MOVE_SECONDS * 1000)
        if arrived < game.turn_started_at + timedelta(milliseconds=least):
            return False  # before the turn's allowance, however the outages push it: no query
    fair = fair_deadline(game, arrived)
    return arrived >= (fair if fair is not None else game.deadline)


def hold(game: Game, fair: datetime | None, at: datetime) -> None:
    """The flag may not fall yet: it is looked at again in a moment
    (``flag_recheck_at``, the deadline task), and once no outage goes on the
    stored deadline becomes the pushed one, for the players' clocks.  The
    look again is no change of the game: no version, no notice."""
    later = max(fair or at, at + timedelta(seconds=RECHECK_SECONDS))
    pushed = fair is not None and game.deadline is not None and fair > game.deadline and not outages.ongoing()
    if pushed and Game.objects.filter(pk=game.pk, version=game.version).update(
        deadline=fair, flag_recheck_at=later, version=F("version") + 1
    ):
        notices.game_changed(game.pk)
    else:
        Game.objects.filter(pk=game.pk).update(flag_recheck_at=later)
    _queue(game.pk, game.ply_count, later, at)


def _queue(game_id: int, ply: int, deadline: datetime, at: datetime) -> None:
    # (Redis down: it is not queued, and the beat's sweep queues it once Redis is back.)
    tasking.enqueue_later(deadline_task, game_id, ply, countdown=max(0.0, (deadline - at).total_seconds()) + 0.05)


def push_deadlines(sender: Any = None, end: datetime | None = None, **kwargs: Any) -> None:
    """An outage was recorded or has ended: the games whose turn it touched
    get the deadline their outages give them."""
    if end is None:
        return
    now = clock.now()
    live = Game.objects.filter(kind=Game.Kind.PEOPLE, deadline__isnull=False, turn_started_at__lt=end).exclude(
        status=Game.Status.OVER
    )
    for game in live[:1000]:
        fair = fair_deadline(game, now)
        # (back too: a deadline pushed while the outage went on counted it up to then)
        # (a flag held to be looked at again is looked at by this deadline's task)
        if (
            fair is not None
            and game.deadline is not None
            and fair != game.deadline
            and Game.objects.filter(pk=game.pk, version=game.version).update(
                deadline=fair, flag_recheck_at=None, version=F("version") + 1
            )
        ):
            notices.game_changed(game.pk)
            _queue(game.pk, game.ply_count, fair, now)
