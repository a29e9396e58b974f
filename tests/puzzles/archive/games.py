"""Games between people stored as the site stores them, many at once: each
with its seats, its first moves (each the first legal one) made two seconds
apart, and its rating changes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from puzzles.games.models import Game, GameMove, GameSeat
from puzzles.people.models import RatingChange
from solver import Variant
from solver.deal import deal

T0 = datetime(2026, 10, 14, 18, 30, 5, tzinfo=UTC)
STEP = timedelta(seconds=2)


def many_games(
    seats: dict,
    count: int,
    *,
    moves: int = 6,
    at: datetime = T0,
    result: dict | None = None,
    ratings: dict | None = None,
    first_seed: int = 100,
    **fields,
) -> list[Game]:
    """``count`` games over (``result``, by default A wins by resignation)
    between the accounts of ``seats``; ``ratings`` maps a seat to its
    (before, after) rating; every game begun at ``at``, its row last
    changed (its end) ``moves`` steps later."""
    result = result or {"winner": "A", "points": 20, "reason": "resigned", "resigned": "B"}
    variant = fields.pop("variant", "lewicki")
    rows, lines = [], []
    for n in range(count):
        start = deal(first_seed + n, Variant.parse(variant))
        position, line = start, []
        for _ in range(moves):
            if position.is_over():
                break
            move = position.legal_moves()[0]
            line.append((position, move))
            position = position.play(move)
        lines.append(line)
        ended = position.result() if position.is_over() else None
        rows.append(
            Game(
                kind=Game.Kind.PEOPLE,
                variant=variant,
                start_position=str(start),
                current_position=str(position),
                status=Game.Status.OVER,
                result=result
                if ended is None
                else {"winner": ended.winner, "points": ended.points, "reason": ended.reason},
                people="".join(seats),
                rng_seed=n,
                seed=str(first_seed + n),
                ply_count=len(line),
                **{"rated": True, "clock_initial": 300, "clock_increment": 3, **fields},
            )
        )
    games = Game.objects.bulk_create(rows)
    GameSeat.objects.bulk_create(
        [GameSeat(game=game, seat=seat, owner=user) for game in games for seat, user in seats.items()]
    )
    GameMove.objects.bulk_create(
        [
            GameMove(
                game=game,
                ply=ply,
                side=before.side,
                by="human",
                move=str(move),
                position_before=str(before),
                position_after=str(before.play(move)),
            )
            for game, line in zip(games, lines, strict=True)
            for ply, (before, move) in enumerate(line)
        ]
    )
    for ply in range(moves):
        GameMove.objects.filter(game__in=games, ply=ply).update(created_at=at + (ply + 1) * STEP)
    ids = [game.pk for game in games]
    Game.objects.filter(pk__in=ids).update(created_at=at, updated_at=at + (moves + 1) * STEP)
    if ratings:
        RatingChange.objects.bulk_create(
            [
                RatingChange(
                    user=seats[seat],
                    game=game,
                    time_class="live",
                    family="lewicki",
                    rating_before=before,
                    rating_after=after,
                    rd_after=60.0,
                    score=1.0,
                )
                for game in games
                for seat, (before, after) in ratings.items()
            ]
        )
    return list(Game.objects.filter(pk__in=ids).order_by("pk"))


def expected_clocks(sides: list[str], initial_ms: int = 300_000, increment_ms: int = 3000) -> list[int]:
    """What each move's clock is for moves two seconds apart: a seat's first
    move free, each later one costing 2 s and earning the increment."""
    left: dict[str, int] = {}
    out = []
    for side in sides:
        left[side] = initial_ms if side not in left else left[side] - 2000 + increment_ms
        out.append(left[side])
    return out
