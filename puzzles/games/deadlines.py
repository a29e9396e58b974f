"""The clocks of a game between people, their deadlines and loss on time
(starting a game: ``people_start``; aborting one: ``aborts``).

Clocks are the server's.  A live game has a Fischer clock per person's seat
(``clock_initial`` seconds, ``clock_increment`` added after each move; the
arithmetic: ``fischer``); a correspondence game gives the player to move
``days`` days.  As on lichess, a seat's first move does not run its clock
(and earns no increment): the clock of a seat starts with its second move.
That first move must come within ``FIRST_MOVE_SECONDS`` (a correspondence
game: within its days), or the game is aborted: nobody wins and it is not
rated.  A rated game that ends before each person has made
``RATED_MIN_MOVES`` moves ends as an abort all the same, unrated (these
rules: ``early``).  When a clock has run out, the side to move loses on
time (a team in partnership), scored as a resignation (docs/rules.md
section 5): the other side scores the pips left in the losing side's
hands.  A deal that ended on the board (domino, blocked) ends as the rules
say, whatever the clocks; the outages in a turn push its deadline on
(``stoppages``).

Running out is checked by the server only: by a task queued for the deadline
(``deadline_task``), by the beat task's sweep of passed deadlines, and by
every read, poll and move of the game, so a dead worker cannot keep a
flagged game alive.  The time read is ``clock.now()``."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any, cast

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from puzzles.accounts.players import Player
from puzzles.core import tasking
from puzzles.core.errors import ApplicationError
from solver import Position

from . import clock, early, notices, seating, stoppages
from .models import Game
from .signals import game_finished_on_commit
from .tasks import deadline_task

# A seat's first move is untimed, but must come within this many seconds in a live game.
FIRST_MOVE_SECONDS = stoppages.FIRST_MOVE_SECONDS
# The result's reasons beside the rules' domino and blocked (and ``resigned``).
TIME = "time"


# A deadline further off than this is queued later, by the beat's sweep
# (``games_check_deadlines``, every OD_REQUEUE_EVERY seconds), once it comes
# this near: a delayed message is held in a worker's memory until it is due,
# so a task a move for every clock of every live game (minutes away, mostly
# never needed: the next move comes first) would cost the broker and the
# workers more than the moves themselves.
def task_horizon_seconds() -> float:
    return cast(float, 2 * settings.OD_REQUEUE_EVERY_SECONDS + 5)


def acting_seat(game: Game, player: Player) -> str | None:
    """The seat ``player`` moves or resigns for: ``None`` in a practice game
    (the owner's one seat); in a game between people their seat, after the
    deadline has been checked.  403 for anyone who has no seat in it."""
    if not game.is_people:
        return None
    seat = seating.seat_of(game, player)
    if seat is None:
        raise ApplicationError(
            _("you are not playing in this game: only its players can move or resign"), status_code=403
        )
    game_check_deadline(game)
    return seat


def turn_fields(
    game: Game,
    *,
    after: Position,
    at: datetime,
    moved: set[str],
    mover: str | None = None,
    arrived: datetime | None = None,
) -> dict[str, Any]:
    """The clock fields of a game between people once a move by ``mover``
    (a person's seat; ``None`` for the solver's) at ``at`` has led to
    ``after``.  ``moved``: the seats that had moved before.  The mover's
    clock loses the time from its turn's start to the move's arrival at the
    server (``arrived``, else ``at``) less the outages in it, and gains the
    increment, unless this was its first move; the next person to move gets
    a deadline from ``at``."""
    if not game.is_people:
        return {}
    live = stoppages.game_clock(game, moved)
    if live is not None and mover is not None:
        live = stoppages.charged(live, min(arrived or at, at))
    clocks = live.as_dict() if live is not None else dict(game.clock_ms or {})
    fields: dict[str, Any] = {
        "clock_ms": clocks or None,
        "turn_started_at": None,
        "deadline": None,
        "flag_recheck_at": None,
    }
    if after.is_over() or after.side not in game.people:
        return fields
    first = after.side not in moved and after.side != mover
    start = first_move_start(game, at) if first else at
    fields["turn_started_at"] = start
    if game.days is not None:
        fields["deadline"] = at + timedelta(days=game.days)
    elif live is not None:
        fields["deadline"] = live.start(after.side, start).deadline()
    return fields


def first_move_start(game: Game, at: datetime) -> datetime:
    """When the first-move time of a turn that begins at ``at`` starts: then,
    or, in a match's next deal whose players have not all opened it yet, at
    the game's ``first_moves_from`` (``presence``).  The turn so begins later
    than its position: a move made before is timed from there, and is free
    all the same."""
    waits = game.first_moves_from
    return waits if waits is not None and waits > at else at


def clocks_now(game: Game, at: datetime | None = None) -> dict[str, int] | None:
    """Milliseconds left on each person's clock now (the running one counted down)."""
    if not game.is_people or game.clock_ms is None:
        return None
    clocks = dict(game.clock_ms)
    if game.status != Game.Status.OVER and game.turn_started_at is not None and game.deadline is not None:
        seat = Position.parse(game.current_position).side
        if seat in clocks and seat in started_seats(game):
            # what is left to the deadline, which the outages in the turn push on
            at = at or clock.now()
            clocks[seat] = max(0, clock.ms_between(at, game.deadline))
    return clocks


def started_seats(game: Game) -> set[str]:
    """``seating.moved_seats``, read once a ply (kept on the row read)."""
    cached = getattr(game, "_moved_cache", None)
    if cached is None or cached[0] != game.ply_count:
        cached = (game.ply_count, seating.moved_seats(game))
        game._moved_cache = cached  # type: ignore[attr-defined]
    return cached[1]


def know_started_seats(game: Game, moved: set[str]) -> None:
    """Tell ``started_seats`` the seats that have moved by the game's ply,
    found by a caller that has read the moves anyway."""
    game._moved_cache = (game.ply_count, moved)  # type: ignore[attr-defined]


def _queue_deadline(game_id: int, ply: int, deadline: datetime | None, at: datetime) -> None:
    if deadline is None:
        return
    seconds = (deadline - at).total_seconds()
    if seconds <= task_horizon_seconds():
        tasking.enqueue_later(deadline_task, game_id, ply, countdown=max(0.0, seconds) + 0.05)


def queue_turn_deadline(game: Game, fields: dict[str, Any], ply: int) -> None:
    """Queue the task that ends the game at the deadline ``fields`` set, after the commit."""
    deadline = fields.get("deadline")
    if deadline is not None:  # (from now: a first move's turn may begin later, ``first_move_start``)
        _queue_deadline(game.pk, ply, deadline, min(fields["turn_started_at"], clock.now()))


deadline_passed = clock.deadline_passed

# Checks that may hold a correspondence turn whose deadline has passed
# (``vacations.holds``, registered by the app): True, its deadline moved on.
_HOLDS: list[Callable[[Game], bool]] = []


def register_hold(check: Callable[[Game], bool]) -> None:
    if check not in _HOLDS:
        _HOLDS.append(check)


def game_check_deadline(game: Game) -> Game:
    """End the game if the person to move has let the deadline pass: a loss
    on time once their clock had started, else the game is aborted.  Returns
    the game as it is now (the same row when nothing changed).  Idempotent."""
    at = clock.timed_at()  # a request is timed at its arrival
    if not deadline_passed(game, at):
        return game
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        if not deadline_passed(locked, at):
            return locked
        if locked.days is not None and any(hold(locked) for hold in _HOLDS):  # the player to move is on vacation
            locked.refresh_from_db()
            return locked
        position = Position.parse(locked.current_position)
        seat = position.side
        rules = position.variant
        clocks = dict(locked.clock_ms or {})
        started = seat in seating.moved_seats(locked)
        falls, fair = stoppages.flag_due(locked, at, started)
        if not falls:  # outages gave time back, or the site was not seen working since
            stoppages.hold(locked, fair, at)
            locked.refresh_from_db()
            return locked
        loser = rules.team_of(seat)
        loss = {
            "winner": rules.team_name(1 - loser),
            "points": position.team_pips(loser),
            "reason": TIME,
            "flagged": seat,
        }
        if started:
            if seat in clocks:
                clocks[seat] = 0
            result = early.early_end(locked, loss)
        else:  # no first move: an abort, never rated (an absent player is not told from one escaping a deal)
            result = {"winner": None, "points": 0, "reason": early.ABORTED, "aborted": seat}
        game_end(locked, result, clocks or None)
    locked.refresh_from_db()
    return locked


def game_end(locked: Game, result: dict[str, Any], clocks: dict[str, int] | None) -> None:
    """End ``locked`` (a row locked by the caller's transaction) with ``result``
    and ``clocks``, tell its watchers, and send ``game_finished`` after the commit."""
    Game.objects.filter(pk=locked.pk).update(
        status=Game.Status.OVER,
        result=result,
        clock_ms=clocks,
        deadline=None,
        turn_started_at=None,
        version=F("version") + 1,
        updated_at=clock.now(),
    )
    notices.game_changed(locked.pk)
    game_finished_on_commit(locked.pk)


def games_check_deadlines(limit: int = 200) -> list[int]:
    """The beat's sweep: end every game whose deadline has passed, and queue
    the deadline task of every game whose deadline comes before the next
    sweep's horizon (a duplicate of a task queued by the move is harmless)."""
    now = clock.now()
    live = Game.objects.filter(kind=Game.Kind.PEOPLE).exclude(status=Game.Status.OVER)
    ids = list(live.filter(deadline__lte=now).values_list("pk", flat=True)[:limit])
    for pk in ids:
        game = Game.objects.filter(pk=pk).first()
        if game is not None:
            game_check_deadline(game)
    soon = live.filter(deadline__gt=now, deadline__lte=now + timedelta(seconds=task_horizon_seconds()))
    for pk, ply, deadline in soon.values_list("pk", "ply_count", "deadline")[:limit]:
        _queue_deadline(pk, ply, deadline, now)
    return ids
