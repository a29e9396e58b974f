"""Starting a game between people.  A game between people is a ``Game`` of
kind ``people``: each seat is a person's (``GameSeat`` with an account or a
guest's token) or the solver's at a level; it is played through the practice
games' services and API, the seat to move played by its own person (who sits
where: ``seating``; the clocks and their deadlines: ``deadlines``; aborting:
``aborts``).

A game has a time control: a live game's Fischer clock (``clock_initial``
seconds, ``clock_increment`` added after each move, within the limits below),
a correspondence game's days a move (``CORRESPONDENCE_DAYS``), or none (an
untimed game, which cannot be rated)."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction

from puzzles.accounts.players import Player
from puzzles.core import tasking
from puzzles.core.errors import ApplicationError
from solver import Variant, VariantError
from solver.deal import check_seed, deal

from . import clock, deadlines, dealing
from .models import Game, GameSeat
from .signals import turn_passed_on_commit
from .tasks import solver_turn_task, turn_prepare_task

# The limits of a live time control (seconds) and the days of correspondence.
# A clock starts with some time: a seat's first move is free and earns no
# increment, so a clock of 0 would run out as its second move began.
MIN_INITIAL_SECONDS = 1
MAX_INITIAL_SECONDS = 3 * 3600
MAX_INCREMENT_SECONDS = 180
CORRESPONDENCE_DAYS = (1, 3, 7)

RANDOM_SEED_BOUND = 1 << 53


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
    first_move_grace: float | None = None,
) -> Game:
    """A new game between people of ``variant`` (the deal of ``seed``, or a
    random deal): ``seats`` gives every seat of the variant a ``Player`` (an
    account or a guest) or a solver level.  ``clock`` is a live game's
    (initial, increment) seconds, ``days`` a correspondence game's days a
    move (1, 3 or 7); neither: an untimed game, which cannot be rated.
    ``first_move_grace``: a live game's first moves are timed from when
    every person in it has opened it, at the latest this many seconds from
    now (a match's next deal: ``presence``); else from their turn's start.
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
            first_moves_from=at + timedelta(seconds=first_move_grace)
            if first_move_grace is not None and initial is not None
            else None,
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
            fields = deadlines.turn_fields(game, after=start, at=at, moved=set())
            Game.objects.filter(pk=game.pk).update(**fields)
            tasking.enqueue(turn_prepare_task, game.pk, str(start))
            deadlines.queue_turn_deadline(game, fields, 0)
            if days:  # a correspondence game: its first mover is told (the challenger may have gone)
                turn_passed_on_commit(game.pk, 0, start.side)
    game.refresh_from_db()
    return game


def _now() -> datetime:
    return clock.now()
