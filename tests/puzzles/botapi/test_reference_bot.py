"""The reference bot's own parts, without a site: its move at each level is
one of the site's legal moves (at ``perfect`` a best one), and which
challenges it accepts."""

from __future__ import annotations

import random

from bots.bot import Rules
from bots.choice import choose
from solver import analyse, deal


def test_each_level_plays_a_legal_move_and_perfect_a_best_one():
    for seed in range(6):
        position = deal(seed)
        legal = [str(m) for m in position.legal_moves()]
        analysis = analyse(position)
        best = max(m.value for m in analysis.moves)
        best_moves = {str(m.move) for m in analysis.moves if m.value == best}
        for level in ("perfect", "strong", "casual", "random"):
            assert choose(str(position), level, legal, random.Random(seed)) in legal
        assert choose(str(position), "perfect", legal, random.Random(seed)) in best_moves
    assert choose(str(deal(1)), "perfect", ["pass"], random.Random(1)) == "pass"  # the only move


def challenge(**fields) -> dict:
    return {"variant": "lewicki", "time_class": "live", "rated": False, "match": None, **fields}


def test_the_challenges_it_accepts():
    anything = Rules()
    assert anything.refusal(challenge(), playing=0) is None
    assert anything.refusal(challenge(match={"target_points": 100}), playing=0) == "a match"
    assert anything.refusal(challenge(), playing=4) == "4 games at once"
    blocks = Rules(variants={"block"}, time_classes={"live"}, rated=False)
    assert blocks.refusal(challenge(variant="block+doubles"), playing=0) is None
    assert blocks.refusal(challenge(), playing=0) == "variant lewicki"
    assert blocks.refusal(challenge(variant="block", time_class="correspondence"), playing=0)
    assert blocks.refusal(challenge(variant="block", rated=True), playing=0) == "rated"
