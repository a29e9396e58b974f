"""The value charts of the review pages leave room for their scale: the first
point stands clear of the "+N"/"-N" labels drawn at the chart's left edge."""

from __future__ import annotations

import pytest

from puzzles.games.presentation import value_chart as game_chart
from puzzles.study.presentation import value_chart as record_chart

LABEL_X, LABEL_FONT, HOVER_RADIUS = 2, 11, 8


def label_end(bound: int) -> float:
    # a figure or sign of an 11 px label is at most about 0.6 of the size wide
    return LABEL_X + len(f"+{bound}") * LABEL_FONT * 0.6


@pytest.mark.parametrize("first", [-32, -7, 0, 41, -129])
def test_the_first_point_is_clear_of_the_scale(first):
    moves = [{"best_value_for_human": first, "value_for_human": first}, {"value_for_human": 3}]
    for chart in (game_chart(moves), record_chart([first, 3, -1])):
        bound = chart["top"]
        first_dot = chart["dots"][0]
        assert first_dot["x"] == chart["left"]
        assert first_dot["x"] - HOVER_RADIUS > label_end(bound), (chart["left"], bound)
        assert chart["dots"][-1]["x"] == chart["right"]
