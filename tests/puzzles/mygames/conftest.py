"""Helpers of the "My games" tests: accounts, games made as the site stores them."""

from __future__ import annotations

import itertools

from puzzles.games.models import Game, GameMove, GameSeat
from solver import Variant
from solver.deal import deal

_seeds = itertools.count(11)


def stored_game(seats: dict, *, variant: str = "lewicki", result: dict | None = None, moves: int = 0, **fields) -> Game:
    """A game between people as the site stores it: ``seats`` maps a seat to
    its account (or a guest's token), ``result`` over (None: still played),
    its first ``moves`` moves (each the first legal one) stored."""
    seed = next(_seeds)
    position = deal(seed, Variant.parse(variant))
    game = Game.objects.create(
        kind=Game.Kind.PEOPLE,
        variant=variant,
        start_position=str(position),
        current_position=str(position),
        status=Game.Status.OVER if result else Game.Status.YOUR_MOVE,
        result=result,
        people="".join(seats),
        rng_seed=seed,
        seed=str(seed),
        **{"clock_initial": 300, "clock_increment": 3, **fields},
    )
    for seat, who in seats.items():
        owner = {"session_key": who} if isinstance(who, str) else {"owner": who}
        GameSeat.objects.create(game=game, seat=seat, **owner)
    for ply in range(moves):
        move = position.legal_moves()[0]
        after = position.play(move)
        GameMove.objects.create(
            game=game,
            ply=ply,
            side=position.side,
            by="human",
            move=str(move),
            position_before=str(position),
            position_after=str(after),
        )
        position = after
    if moves:
        Game.objects.filter(pk=game.pk).update(current_position=str(position), ply_count=moves)
    return game
