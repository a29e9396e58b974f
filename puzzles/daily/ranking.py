"""The field's arithmetic (pure functions, no Django): where a result stands
among the day's ranked results, the histogram of points lost, the median.

Definitions (the pages and the API use these, and the tests count them
again directly):

- A result is the points a player lost over the deal: the sum of
  ``points_lost`` of their moves (docs/rules.md section 3.3). Fewer is better.
- The **field** is every ranked result of the day (games started on the day,
  over, every human move graded, no hint taken, not resigned).
- **Rank**: 1 + the number of other results in the field that lost strictly
  fewer points (equal results share a rank: 1, 2, 2, 4...).
- **Percentile**: the share of the other results that lost strictly more
  points, ties counted half: ``100 * (more + equal / 2) / others``, where
  ``more`` and ``equal`` count the other results. The best result stands at
  100 (a player alone too: nobody did better), the worst at 0.
- **Top**: the share of the field, the player included, ranked as well or
  better: ``100 * rank / field``, rounded up to a whole percent: rank 3 of
  10 is "top 30%". The pages say "best result" for rank 1 instead.
- A result outside the field (a late game, one with a hint) is placed the
  same way against the field, as if it were in it, and shown as not ranked.
- **Histogram**: the field counted in ``BINS`` of points lost.
- **Median**: the middle result of the field, or the mean of the middle two.

The counts come from the database (``selectors.field``, ``field_around``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

# Bins of points lost: (lowest, highest) included; ``None``: no upper bound.
BINS: tuple[tuple[int, int | None], ...] = ((0, 0), (1, 4), (5, 9), (10, 19), (20, 29), (30, 49), (50, None))


@dataclass(frozen=True)
class Standing:
    rank: int
    percentile: float
    top: int
    field: int  # the number of results compared, the player's included


def standing(fewer: int, equal: int, more: int) -> Standing:
    """Where a result stands among the others of the field (itself left
    out): ``fewer``, ``equal`` and ``more`` count those that lost fewer, as
    many and more points."""
    others = fewer + equal + more
    total = others + 1
    percentile = 100 * (more + equal / 2) / others if others else 100.0
    rank = fewer + 1
    top = math.ceil(round(100 * rank / total, 9))
    return Standing(rank=rank, percentile=round(percentile, 1), top=top, field=total)


def bin_index(points: int) -> int:
    for index, (low, high) in enumerate(BINS):
        if points >= low and (high is None or points <= high):
            return index
    raise ValueError(f"points lost are 0 or more, not {points}")
