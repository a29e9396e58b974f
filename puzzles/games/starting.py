"""Writes: a new practice game, from a position or a deal, and a rematch
of one (the same deal again, the seats as they were or swapped)."""

from __future__ import annotations

import secrets
from typing import Any, cast

from django.db import transaction

from puzzles.accounts.players import Player
from puzzles.analyses.services import analysis_shown
from puzzles.core import fairness, tasking
from puzzles.core.errors import ApplicationError
from solver import Position, Variant, VariantError
from solver.deal import check_seed, deal
from solver.variant import LEWICKI

from . import turns
from .models import Game
from .tasks import solver_turn_task, turn_prepare_task

# Random deal and opponent seeds stay below 2**53 so that JavaScript reads them exactly.
RANDOM_SEED_BOUND = 1 << 53
# ``human="random"``: one of the variant's seats, drawn when the game is made.
RANDOM_SEAT = "random"


def _variant(text: Any) -> Variant:
    try:
        return Variant.parse(text)
    except VariantError as exc:
        raise ApplicationError(str(exc)) from None


def _seat(human: Any, rules: Variant) -> str:
    """The seat the human plays: one of the variant's seats, or one of them
    at random for ``"random"``."""
    if human == RANDOM_SEAT:
        return secrets.choice(rules.seats)
    if human not in rules.seats:
        raise ApplicationError(f"human is one of {', '.join(rules.seats)} or {RANDOM_SEAT!r} in {rules}, not {human!r}")
    return cast(str, human)  # one of the seats, checked above


def game_create(
    *,
    player: Player,
    position: str | None = None,
    seed: int | str | None = None,
    variant: str | None = None,
    human: str = "A",
    level: str = Game.Level.STRONG,
    rng_seed: int | None = None,
    rematch_of: Game | None = None,
    concealed: bool = False,
) -> Game:
    """A new practice game from ``position`` (of any variant: its first field
    names it) or from the deal of ``seed`` in ``variant`` (a random deal when
    no seed is given; the standard game when no variant is).  ``human`` is a
    seat of the variant or ``"random"``.  The solver's first move, when it is
    to move, and the analysis of the start are queued at once.  ``concealed``:
    an event's deal, whose values and hints are withheld until the event is over."""
    if position not in (None, "") and seed is not None:
        raise ApplicationError("give either a position or a seed, not both")
    if level not in Game.Level.values:
        raise ApplicationError(f"level is one of {', '.join(Game.Level.values)}, not {level!r}")
    if position:
        start = Position.parse(position)  # DominoError: 400
        if variant not in (None, "") and _variant(variant) != start.variant:
            raise ApplicationError(
                f"the position is of the variant {start.variant}, not {variant}: give one or the other"
            )
        seed = None
    else:
        rules = _variant(variant) if variant not in (None, "") else LEWICKI
        seed = check_seed(seed) if seed is not None else secrets.randbelow(RANDOM_SEED_BOUND)
        start = deal(seed, rules)
    human = _seat(human, start.variant)
    if start.is_over():
        raise ApplicationError(f"this deal is already over ({start.result()}): there is nothing to play")
    # A practice game gives hints and grades: none of a deal between people in progress (403).
    fairness.refuse(str(start), player=player)
    if rng_seed is None:
        rng_seed = secrets.randbelow(RANDOM_SEED_BOUND)
    elif not isinstance(rng_seed, int) or not 0 <= rng_seed < 1 << 63:
        raise ApplicationError(f"rng_seed is a whole number 0 <= rng_seed < 2**63, not {rng_seed!r}")
    status = turns.status_after(start, human)
    with transaction.atomic():
        game = Game.objects.create(
            variant=str(start.variant),
            start_position=str(start),
            current_position=str(start),
            human_side=human,
            level=level,
            seed=None if seed is None else str(seed),
            rng_seed=rng_seed,
            status=status,
            rematch_of=rematch_of,
            concealed=concealed,
            **player.owner_fields(),
        )
        if status == Game.Status.THINKING:
            tasking.enqueue(solver_turn_task, game.pk)
        else:  # the analyses the first grade, any hint and the solver's reply will need
            tasking.enqueue(turn_prepare_task, game.pk, str(start))
    if position:  # the game grades every move from there: as good as its analysis
        analysis_shown(position=str(start), player=player)
    return game


def swapped_seat(game: Game) -> str:
    """The seat of the other side that faced the human's seat: A and B change
    places, and C and D (the same deal seen from across the table)."""
    seats = game.rules.seats
    index = seats.index(game.human_side)
    return seats[index ^ 1]


def game_rematch(*, player: Player, game: Game, swap: bool = False) -> Game:
    """A new game of the same deal (the same seed, or the same start position)
    against the same level, the human in the same seat or, with ``swap``, in
    the other side's seat (A for B, C for D).  The solver's choices are drawn
    afresh."""
    human = swapped_seat(game) if swap else game.human_side
    if game.seed is not None:
        return game_create(
            player=player,
            seed=int(game.seed),
            variant=game.variant,
            human=human,
            level=game.level,
            rematch_of=game,
        )
    return game_create(player=player, position=game.start_position, human=human, level=game.level, rematch_of=game)
