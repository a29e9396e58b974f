"""Puzzle mining: kinds, lines and themes, checked with the reference solver."""

from __future__ import annotations

import sys

import pytest

from puzzles.training.mining import (
    MOST,
    MOST_MARGIN,
    THEMES,
    WIN,
    classify,
    describe,
    is_real_choice,
    mine_deal,
    play_imperfect_game,
)
from solver import PASS, Position, analyse
from solver.reference import ReferenceSolver

sys.setrecursionlimit(10_000)


@pytest.fixture(scope="module")
def candidates():
    found = []
    for seed in range(40):
        found += mine_deal(seed)
    return found


def test_mining_finds_both_kinds_with_themes(candidates):
    assert len(candidates) >= 60
    kinds = {c.kind for c in candidates}
    assert kinds == {WIN, MOST}
    assert len({str(c.position) for c in candidates}) == len(candidates)
    assert sum(bool(c.themes) for c in candidates) >= len(candidates) // 2


def reference_values(solver, position):
    return {str(m): v for m, v in solver.move_values(position)}


def test_every_puzzle_is_of_its_kind_and_its_line_optimal_by_the_reference(candidates):
    # The reference solver is independent of the compiled core; positions from
    # ply 6 on keep it quick.
    checked = 0
    for c in candidates:
        if c.ply < 6:
            continue
        solver = ReferenceSolver()
        values = reference_values(solver, c.position)
        ordered = sorted(values.values(), reverse=True)
        assert len(ordered) >= 2
        if c.kind == WIN:
            assert ordered[0] > 0, str(c.position)
            assert ordered[1] <= 0, str(c.position)
        else:
            assert ordered[-1] > 0, str(c.position)
            assert ordered[1] <= ordered[0] - MOST_MARGIN, str(c.position)
        position = c.position
        for i, move in enumerate(c.line.moves):
            values = reference_values(solver, position)
            assert values[str(move)] == max(values.values()), (str(c.position), i, str(move))
            position = position.play(move)
        checked += 1
    assert checked >= 30


def test_lines_start_and_end_with_the_solving_side(candidates):
    for c in candidates:
        position, movers = c.position, []
        for move in c.line.moves:
            movers.append(position.side)
            position = position.play(move)
        assert movers[0] == movers[-1] == c.position.side
        assert sum(m == c.position.side for m in movers) == c.line.solver_moves
        if c.line.solver_moves >= 2:
            # each later step was a real choice for the solving side
            position = c.position
            for move, mover in zip(c.line.moves, movers, strict=False):
                if mover == c.position.side and position != c.position:
                    assert is_real_choice(analyse(position))
                position = position.play(move)


def test_forced_positions_are_no_puzzles():
    for seed in range(10):
        for position in play_imperfect_game(seed):
            if len(position.legal_moves()) == 1:
                assert classify(analyse(position)) is None
                assert describe(position) is None


def _example(candidates, name, present=True):
    for c in candidates:
        if (name in c.themes) == present:
            return c
    pytest.fail(f"no mined puzzle {'with' if present else 'without'} theme {name}")


def test_at_least_eight_themes_each_seen_on_real_positions(candidates):
    assert len(THEMES) >= 8
    seen = {t for c in candidates for t in c.themes}
    assert len(seen) >= 8


def test_theme_block(candidates):
    c = _example(candidates, "block")
    assert c.position.play(c.line.moves[0]).legal_moves() == [PASS]
    c = _example(candidates, "block", present=False)
    assert c.position.play(c.line.moves[0]).legal_moves() != [PASS]


def test_theme_starve(candidates):
    c = _example(candidates, "starve")
    after = c.position.play(c.line.moves[0])
    opponent = [s for s in after.hand.stones()]
    assert any(all(end not in (s.low, s.high) for s in opponent) for end in after.ends)


def test_theme_double_and_back_row(candidates):
    c = _example(candidates, "double")
    assert c.line.moves[0].stone.low == c.line.moves[0].stone.high
    c = _example(candidates, "back-row")
    key = c.line.moves[0].stone
    assert key in c.position.hand.back
    assert key not in c.position.hand.front


def test_theme_unlock(candidates):
    c = _example(candidates, "unlock")
    hand, key = c.position.hand, c.line.moves[0].stone
    col = hand.front.index(key)
    assert hand.back[col] in [m.stone for m in c.line.moves]


def test_theme_domino_and_count(candidates):
    c = _example(candidates, "domino")
    position = c.position
    for move in list(c.line.moves) + list(analyse(c.line.end).pv):
        position = position.play(move)
    assert position.hand_of(c.position.side).count == 0
    c = _example(candidates, "count")
    position = c.position
    for move in list(c.line.moves) + list(analyse(c.line.end).pv):
        position = position.play(move)
    assert position.is_blocked()
    mine, theirs = position.hand_of(c.position.side).pips, position.hand_of("AB".replace(c.position.side, "")).pips
    assert mine < theirs


def test_theme_not_heaviest_and_long_line(candidates):
    c = _example(candidates, "not-heaviest")
    key = c.line.moves[0].stone
    heaviest = max(m.stone.pips for m in c.position.legal_moves())
    assert key.pips < heaviest
    c = _example(candidates, "long-line")
    assert c.line.solver_moves >= 3


def test_theme_lockdown(candidates):
    c = _example(candidates, "lockdown")
    assert sum(m.is_pass for m in c.line.moves) >= 2


def test_rating_is_harder_for_longer_lines(candidates):
    short = [c.rating for c in candidates if c.line.solver_moves == 1]
    long = [c.rating for c in candidates if c.line.solver_moves >= 4]
    assert short
    assert long
    assert sum(long) / len(long) > sum(short) / len(short)
    assert all(600 <= c.rating <= 2600 for c in candidates)


def test_a_known_position_is_a_win_puzzle():
    # From the independent reference data: A to move, only 11 wins (+31).
    position = Position.parse("14.13.34.56.11.06.25/02.01.33.46.44.00.03 35.16.24.36.05.23.66/22.04.12.45.55.15.26 - A")
    c = describe(position)
    assert c is not None
    assert c.kind == WIN
    assert str(c.line.moves[0]) == "11"
