"""Games between people: starting them, their clocks, loss on time and
aborting (who sits where: ``seating``).  A game between people is a ``Game`` of kind ``people``:
each seat is a person's (``GameSeat`` with an account or a guest's token) or
the solver's at a level; it is played through the practice games' services
and API, the seat to move played by its own person.

Clocks are the server's.  A live game has a Fischer clock per person's seat
(``clock_initial`` seconds, ``clock_increment`` added after each move); a
correspondence game gives the player to move ``days`` days.  As on lichess, a
seat's first move does not run its clock (and earns no increment): the
clock of a seat starts with its second move.  That first move must come
within ``FIRST_MOVE_SECONDS`` (a correspondence game: within its days), or
the game is aborted: nobody wins and it is not rated.  A player may abort a
casual game until every person has made a move.  A rated game is not called
off at will (the whole deal is seen before the first move, so an abort would
keep a rating from a bad deal): a player may abort it only while an opponent
is to make their first move and has let ``rated_abort_wait`` seconds pass
since the game started or the last move; the player to move plays or
resigns.  A rated game that ends, however, before each person has made
``RATED_MIN_MOVES`` moves ends as an abort all the same, unrated (these
rules: ``early``).  When a clock has run out, the side to move loses on
time (a team in partnership), scored as a resignation (docs/rules.md
section 5): the other side scores the pips left in the losing side's
hands.  A deal that ended on the board (domino, blocked) ends as the rules
say, whatever the clocks.

Running out is checked by the server only: by a task queued for the deadline
(``deadline_task``), by the beat task's sweep of passed deadlines, and by
every read, poll and move of the game, so a dead worker cannot keep a
flagged game alive.  The time read is ``clock.now()``."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from puzzles.accounts.players import Player
from puzzles.core import events, tasking
from puzzles.core.errors import ApplicationError, ConflictError
from solver import Position, Variant, VariantError
from solver.deal import check_seed, deal

from . import clock, dealing, early, seating, stoppages
from .models import Game, GameSeat
from .signals import game_finished_on_commit
from .tasks import deadline_task, solver_turn_task, turn_prepare_task

# A seat's first move is untimed, but must come within this many seconds in a live game.
FIRST_MOVE_SECONDS = stoppages.FIRST_MOVE_SECONDS
# The limits of a live time control (seconds) and the days of correspondence.
# A clock starts with some time: a seat's first move is free and earns no
# increment, so a clock of 0 would run out as its second move began.
MIN_INITIAL_SECONDS = 1
MAX_INITIAL_SECONDS = 3 * 3600
MAX_INCREMENT_SECONDS = 180
CORRESPONDENCE_DAYS = (1, 3, 7)
# The result's reasons beside the rules' domino and blocked (and ``resigned``).
TIME = "time"


# A deadline further off than this is queued later, by the beat's sweep
# (``games_check_deadlines``, every OD_REQUEUE_EVERY seconds), once it comes
# this near: a delayed message is held in a worker's memory until it is due,
# so a task a move for every clock of every live game (minutes away, mostly
# never needed: the next move comes first) would cost the broker and the
# workers more than the moves themselves.
def task_horizon_seconds() -> float:
    return 2 * settings.OD_REQUEUE_EVERY_SECONDS + 5


RANDOM_SEED_BOUND = 1 << 53


def _notify(game_id: int) -> None:
    events.notify_on_commit(events.channel("game", game_id))


# ------------------------------------------------------------------ starting


def _check_time_control(clock_: Any, days: Any) -> tuple[int | None, int | None, int | None]:
    if clock_ is not None and days is not None:
        raise ApplicationError("give either a clock (live) or days a move (correspondence), not both")
    if days is not None:
        if days not in CORRESPONDENCE_DAYS:
            raise ApplicationError(f"days a move is one of {', '.join(map(str, CORRESPONDENCE_DAYS))}, not {days!r}")
        return None, None, int(days)
    if clock_ is None:
        return None, None, None
    try:
        initial, increment = clock_
    except (TypeError, ValueError):
        raise ApplicationError(f"a clock is (initial seconds, increment seconds), not {clock_!r}") from None
    for name, value, low, top in (
        ("initial", initial, MIN_INITIAL_SECONDS, MAX_INITIAL_SECONDS),
        ("increment", increment, 0, MAX_INCREMENT_SECONDS),
    ):
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= top:
            raise ApplicationError(
                f"the clock's {name} time is a whole number of seconds from {low} to {top}, not {value!r}"
            )
    return initial, increment, None


def _check_seats(seats: Mapping[str, Player | str], rules: Variant) -> dict[str, Player | str]:
    if not isinstance(seats, Mapping) or set(seats) != set(rules.seats):
        given = ", ".join(sorted(seats)) if isinstance(seats, Mapping) else repr(seats)
        raise ApplicationError(f"seats name every seat of {rules} ({', '.join(rules.seats)}), not {given}")
    people: list[Player] = []
    for seat in rules.seats:
        holder = seats[seat]
        if isinstance(holder, Player):
            if not holder.known:
                raise ApplicationError(f"seat {seat}: a player with neither an account nor a guest's token")
            if holder in people:
                raise ApplicationError(f"seat {seat}: a player has one seat only")
            people.append(holder)
        elif holder not in Game.Level.values:
            raise ApplicationError(
                f"seat {seat} is a player or a solver level ({', '.join(Game.Level.values)}), not {holder!r}"
            )
    if len(people) < 2:
        raise ApplicationError("a game between people needs at least two people")
    return {seat: seats[seat] for seat in rules.seats}


def game_start_people(
    *,
    variant: str,
    seats: Mapping[str, Player | str],
    rated: bool,
    clock: tuple[int, int] | None = None,
    days: int | None = None,
    seed: int | None = None,
) -> Game:
    """A new game between people of ``variant`` (the deal of ``seed``, or a
    random deal): ``seats`` gives every seat of the variant a ``Player`` (an
    account or a guest) or a solver level.  ``clock`` is a live game's
    (initial, increment) seconds, ``days`` a correspondence game's days a
    move (1, 3 or 7); neither: an untimed game, which cannot be rated.
    Raises ``ApplicationError`` on bad input, having stored nothing."""
    try:
        rules = Variant.parse(variant)
    except VariantError as exc:
        raise ApplicationError(str(exc)) from None
    holders = _check_seats(seats, rules)
    initial, increment, days = _check_time_control(clock, days)
    if rated and initial is None and days is None:
        raise ApplicationError("a rated game needs a time control: a clock or days a move")
    seed = check_seed(seed) if seed is not None else secrets.randbelow(RANDOM_SEED_BOUND)
    start = deal(seed, rules)
    if start.is_over():
        raise ApplicationError(f"this deal is already over ({start.result()}): there is nothing to play")
    people = "".join(s for s in rules.seats if isinstance(holders[s], Player))
    levels = [h for h in holders.values() if isinstance(h, str)]
    at = _now()  # (``clock`` is the argument here)
    status = Game.Status.YOUR_MOVE if start.side in people else Game.Status.THINKING
    with transaction.atomic():
        game = Game.objects.create(
            kind=Game.Kind.PEOPLE,
            variant=str(start.variant),
            start_position=str(start),
            current_position=str(start),
            human_side=people[0],
            people=people,
            level=levels[0] if levels else Game.Level.PERFECT,
            seed=str(seed),
            rng_seed=secrets.randbelow(RANDOM_SEED_BOUND),
            **dealing.commitment_fields(seed, str(start.variant)),  # shown now, opened when it is over
            status=status,
            rated=bool(rated),
            clock_initial=initial,
            clock_increment=increment,
            days=days,
            clock_ms={s: initial * 1000 for s in people} if initial is not None else None,
        )
        GameSeat.objects.bulk_create(
            [
                GameSeat(game=game, seat=s, level="", **h.owner_fields())
                if isinstance(h, Player)
                else GameSeat(game=game, seat=s, level=h)
                for s, h in holders.items()
            ]
        )
        if status == Game.Status.THINKING:
            tasking.enqueue(solver_turn_task, game.pk)
        else:
            fields = turn_fields(game, after=start, at=at, moved=set())
            Game.objects.filter(pk=game.pk).update(**fields)
            tasking.enqueue(turn_prepare_task, game.pk, str(start))
            _queue_deadline(game.pk, 0, fields["deadline"], at)
    game.refresh_from_db()
    return game


def _now() -> datetime:
    return clock.now()


# -------------------------------------------------------------------- seats


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


# ------------------------------------------------------------------- clocks


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
    fields["turn_started_at"] = at
    if game.days is not None:
        fields["deadline"] = at + timedelta(days=game.days)
    elif live is not None:
        fields["deadline"] = live.start(after.side, at).deadline()
    return fields


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
    if deadline is not None:
        _queue_deadline(game.pk, ply, deadline, fields["turn_started_at"])


deadline_passed = clock.deadline_passed


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
        _end(locked, result, clocks or None)
    locked.refresh_from_db()
    return locked


def _end(locked: Game, result: dict[str, Any], clocks: dict[str, int] | None) -> None:
    Game.objects.filter(pk=locked.pk).update(
        status=Game.Status.OVER,
        result=result,
        clock_ms=clocks,
        deadline=None,
        turn_started_at=None,
        version=F("version") + 1,
        updated_at=clock.now(),
    )
    _notify(locked.pk)
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


def game_abort(*, game: Game, player: Player) -> Game:
    """A player ends the game before it has really begun (some person has
    not moved yet): nobody wins, and it is not rated.  403 for anyone but
    its players; 409 when ``early.abort_refusal`` says why not (over, every person
    has moved, or in a rated game: not an opponent's first move, or not
    waited for long enough)."""
    seat = seating.seat_of(game, player)
    if seat is None:
        raise ApplicationError(_("only the game's players can abort it"), status_code=403)
    game = game_check_deadline(game)
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        refusal = early.abort_refusal(locked, seat, seating.moved_seats(locked), _now())
        if refusal is not None:
            raise ConflictError(refusal)
        _end(locked, {"winner": None, "points": 0, "reason": early.ABORTED, "aborted": seat}, locked.clock_ms)
    game.refresh_from_db()
    return game


# result["unplayable"]: a game aborted as it can no longer be played, one
# account holding two of its seats (a guest's seat handed over at log-in).
SAME_ACCOUNT = "same-account"


def game_abort_unplayable(*, game_id: int, seat: str, why: str) -> bool:
    """Abort the game ``game_id`` that nobody can play on (``why`` is kept in
    its result: ``SAME_ACCOUNT``); ``seat`` is the seat it is aborted for.
    True if this call ended it (a game over already is left as it is)."""
    with transaction.atomic():
        locked = Game.objects.select_for_update().filter(pk=game_id).first()
        if locked is None or locked.status == Game.Status.OVER:
            return False
        _end(
            locked,
            {"winner": None, "points": 0, "reason": early.ABORTED, "aborted": seat, "unplayable": why},
            clocks_now(locked),
        )
    return True
