"""Reproducible test positions: fresh deals, and positions reached by playing
seeded random games (middlegames, endgames, forced passes, blocked ends, and
with ``+doubles`` the positions where a seat moves again after a double), in
any variant."""

from __future__ import annotations

import random
from itertools import pairwise

from solver import PASS, Move, Position, Variant, analyse, deal


def random_game(seed: int, variant: Variant | str | None = None) -> list[Position]:
    """Every position of a game from deal ``seed`` played with seeded random legal moves."""
    rng = random.Random(seed)
    positions = [deal(seed, variant)]
    while moves := positions[-1].legal_moves():
        positions.append(positions[-1].play(rng.choice(moves)))
    return positions


def corpus(
    games: int,
    first_ply: int = 6,
    every: int = 3,
    variant: Variant | str | None = None,
    first_seed: int = 10_000,
    extras_from: int = 0,
) -> list[tuple[int, list[Position]]]:
    """For each of ``games`` seeded games, the positions from ``first_ply`` on, every
    ``every`` plies, plus every forced pass and every position where the same seat
    moves again (from ply ``extras_from`` on), and the final (terminal) position."""
    out = []
    for seed in range(games):
        game = random_game(first_seed + seed, variant)
        chosen = [p for i, p in enumerate(game) if i >= first_ply and (i - first_ply) % every == 0]
        chosen += [p for p in game[extras_from:] if p.legal_moves() == [PASS]]
        chosen += [after for before, after in pairwise(game[extras_from:]) if moves_again(before, after)]
        chosen.append(game[-1])
        unique = list(dict.fromkeys(chosen))
        out.append((seed, unique))
    return out


def moves_again(before: Position, after: Position) -> bool:
    """Did the seat that moved in ``before`` move again in ``after`` (a double, with ``+doubles``)?"""
    return after.side == before.side and not after.is_over() and before.legal_moves() != [PASS]


def move_with_mistakes(position: Position, made: dict[str, str], count: int) -> Move:
    """A scripted player's move that makes ``count`` mistakes in all: the first
    mistake or blunder of ``position`` while fewer than ``count`` are in
    ``made`` (where it is noted, by the position before it), else a best move."""
    from solver import analyse

    analysis = analyse(position)
    bad = [m for m in analysis.moves if m.grade in ("mistake", "blunder")]
    if bad and len(made) < count:
        made[str(position)] = str(bad[0].move)
        return bad[0].move
    return analysis.best_moves[0]


def record_with_mistakes(seed: int = 7, count: int = 2) -> tuple[str, dict[str, str]]:
    """A game record of deal ``seed`` in which A (the tags say it is you) makes
    ``count`` mistakes, B playing best; and those mistakes by position."""
    from solver import GameRecord, analyse

    position, moves, mistakes = deal(seed), [], {}
    while not position.is_over():
        move = (
            move_with_mistakes(position, mistakes, count) if position.side == "A" else analyse(position).best_moves[0]
        )
        moves.append(str(move))
        position = position.play(move)
    assert len(mistakes) == count
    return str(GameRecord(deal(seed), moves, (("You", "A"), ("Seed", str(seed))))), mistakes


def assert_same(core, ref) -> None:
    """Two analyses of one position (the C core's and the reference's) agree:
    value, every move's value, grade and points lost, and principal variation."""
    assert core.value == ref.value, str(core.position)
    assert [(str(m.move), m.value, m.grade, m.points_lost) for m in core.moves] == [
        (str(m.move), m.value, m.grade, m.points_lost) for m in ref.moves
    ], str(core.position)
    assert core.pv == ref.pv, str(core.position)


def assert_main_line_optimal(start: Position) -> None:
    """Every move of the analysis' main line from ``start`` keeps the value of
    the position it is played in, and the line ends the deal with the value
    the analysis gave (for the side, or its team, that moved first)."""
    analysis = analyse(start)
    position = start
    for move in analysis.pv:
        entry = analyse(position)
        assert entry.move_value(move).value == entry.value
        position = position.push(move)
    assert position.is_over()
    final = position.final_value()
    same = start.variant.same_team(position.side, start.side)
    assert (final if same else -final) == analysis.value
