"""The compiled core against the reference solver in every variant (at least
200 positions each: fresh deals where the reference can finish, middlegames,
endgames, forced passes, blocked ends, a seat moving again after a double),
perft against the Python rules, and analyses of variants as JSON."""

from __future__ import annotations

import json
import sys
from itertools import pairwise

import pytest
from corpus import assert_main_line_optimal, assert_same, corpus, moves_again, random_game

from solver import PASS, Analysis, analyse, deal
from solver.analysis import perft
from solver.reference import ReferenceSolver

sys.setrecursionlimit(10_000)

# (variant, games, first ply): the reference is plain Python, so the corpus of
# the big variants starts later in the game (an early ply of partnership costs
# the reference minutes); block's starts at the deal.
PLAN = [
    ("block", 24, 0),
    ("block+doubles", 24, 0),
    ("lewicki9", 18, 5),
    ("lewicki9+doubles", 18, 5),
    ("partnership", 16, 10),
    ("partnership+doubles", 18, 10),
    ("lewicki+doubles", 16, 7),
]
MIN_POSITIONS = 200


def variant_corpus(variant: str, games: int, first_ply: int) -> list[tuple[int, list]]:
    out = []
    for seed, positions in corpus(games, first_ply, 1, variant, first_seed=30_000, extras_from=first_ply):
        # most stones first: the reference's memo then answers the later positions at once
        out.append((seed, sorted(positions, key=lambda p: -sum(h.count for h in p.hands))))
    return out


CORPORA = {variant: variant_corpus(variant, games, first) for variant, games, first in PLAN}


@pytest.mark.parametrize("variant", list(CORPORA))
def test_core_agrees_with_reference_in_every_variant(variant):
    checked = 0
    for _, positions in CORPORA[variant]:
        solver = ReferenceSolver()  # shared along one game
        for position in positions:
            assert_same(analyse(position), analyse(position, engine="reference", reference_solver=solver))
            checked += 1
    assert checked >= MIN_POSITIONS


@pytest.mark.parametrize("variant", list(CORPORA))
def test_variant_corpus_covers_the_cases(variant):
    games = [random_game(30_000 + seed, variant) for seed, _ in CORPORA[variant]]
    positions = [p for _, ps in CORPORA[variant] for p in ps]
    assert len(positions) >= MIN_POSITIONS
    assert sum(p.legal_moves() == [PASS] for p in positions) >= 10
    assert sum(p.is_blocked() for p in positions) >= 2
    # random double-nine games seldom end in domino: most end blocked
    assert sum(p.is_domino() for p in positions) >= (1 if variant.startswith("lewicki9") else 5)
    if variant.startswith("block"):
        assert sum(p.ends is None for p in positions) >= 20  # fresh deals
    if "+doubles" in variant:
        again = [after for game in games for before, after in pairwise(game) if moves_again(before, after)]
        chosen = set(positions)
        assert sum(p in chosen for p in again) >= 10


def test_core_agrees_with_reference_on_a_fresh_double_nine_deal():
    position = deal(7, "lewicki9")
    assert_same(analyse(position), analyse(position, engine="reference"))


VARIANT_NAMES = [
    "lewicki",
    "lewicki+doubles",
    "lewicki9",
    "lewicki9+doubles",
    "block",
    "block+doubles",
    "partnership",
    "partnership+doubles",
]


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_perft_core_matches_python_rules(variant):
    for seed in (1, 2):
        game = random_game(seed, variant)
        plies = [0, len(game) // 3, len(game) // 2]
        for ply, depth in zip(plies, (4, 5, 6), strict=True):
            assert perft(game[ply], depth) == perft(game[ply], depth, engine="reference"), str(game[ply])
        assert perft(game[-1], 3) == 1


def test_table_survives_switching_variants():
    # the same stones in other variants must not share the table's values
    first = {name: analyse(deal(5, name)).to_json() for name in VARIANT_NAMES}
    for name in reversed(VARIANT_NAMES):
        analyse(random_game(5, name)[3])
    assert {name: analyse(deal(5, name)).to_json() for name in VARIANT_NAMES} == first


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_main_line_is_optimal_and_ends_the_deal(variant):
    for seed in range(3):
        assert_main_line_optimal(deal(seed, variant))


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_variant_analysis_json_round_trip(variant):
    positions = [p for seed in range(6) for p in random_game(40_000 + seed, variant)]
    for position in positions:
        analysis = analyse(position)
        again = Analysis.from_json(json.dumps(analysis.to_json()))
        assert again == analysis
        assert again.to_json() == analysis.to_json()
        assert Analysis.from_stored(analysis.to_json()) == analysis  # double-nine stones too
        assert again.to_json()["position"] == str(position)
