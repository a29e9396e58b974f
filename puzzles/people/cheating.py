"""Cheat detection from exact values: how many points a player of a given
rating is expected to lose a move, fitted on the site's own games, and how
far an account's recent play falls below that, with the pace it plays at.

Pure functions over plain numbers (no Django); ``cheating_report`` reads the
moves and stores what comes out of here.

The moves counted are graded moves with a choice (more than one legal move)
made by a person in a finished rated game between people, each with the
mover's rating before the game (its ``RatingChange``; a match is rated as a
whole, so each of its deals has the rating before the match).

**The fit** (``fit``): the moves' points lost in rating bands of
``BAND_WIDTH`` (1500 holds 1500 to 1599), each band's mean and spread
(sample standard deviation).  A band with fewer than ``MIN_BAND_MOVES``
moves is too thin to trust: its rating is given the least-squares line of
points lost on rating through all moves, and the spread about that line.
With fewer than ``MIN_FIT_MOVES`` moves in all the fit says nothing.  The
fit is kept as sums (count, sums of ratings, points lost, their squares and
product) per band and over all moves, so that an account's own moves can be
taken out of it (``Fit.without``): each account is compared with everybody
else, and a cheat who fills a thin top band does not set its figure.

**The score** (``verdict``) of an account's recent moves:

- accuracy: ``z = (expected - actual) / sqrt(sum of variances)``, where the
  expected points lost and the variance of each move are its band's (or the
  line's) at the mover's rating then; ``z`` > 0 means fewer points lost than
  the rating predicts, in standard errors.  Fewer than ``MIN_MOVES`` moves:
  no verdict.
- even pace: the coefficient of variation (spread / mean) of the seconds
  taken over the timed moves (live games; a seat's first move is free and
  not counted); people think longer on some moves than others, a player
  relaying an engine keeps a steady rhythm.  ``even_pace`` is 0 at
  ``HUMAN_CV`` or more, 1 at a perfectly even pace.
- difficulty ignored: the rank correlation (Spearman) of the seconds taken
  with how hard the position is: the number of legal moves, and how close
  the best and second-best values are (the closer, the harder); the larger
  of the two counts.  ``ignores_difficulty`` is 0 at ``HUMAN_CORRELATION``
  or more, 1 at none or less.
  Both timing parts need ``MIN_TIMED`` timed moves, else they are unknown
  (counted as 0).
- ``score = max(z, 0) * (1 + (even_pace + ignores_difficulty) / 2)``: the
  accuracy's evidence, made up to twice as strong by a machine-like pace.
  Timing alone never raises an account (an even pace with human accuracy
  is just a fast player).  ``SCORE_LOOK`` and above is worth a look.

**Suspects left out** (``report``): the accounts scoring ``SCORE_LOOK`` or
more against the fit of every move are then taken out of it, and every
account is scored again against that clean fit (an engine's best moves
would otherwise pull its band's figure down, and the honest players in it
would look worse than they are).  Once, not until nothing changes.

``RULE`` says this in a line for the admin.  A score is a reason to look
at the games, never a verdict on its own: a player much better than their
rating (a new account of a strong player, one improving fast) scores high
too until the rating catches up.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

BAND_WIDTH = 100
MIN_BAND_MOVES = 200
MIN_FIT_MOVES = 500
MIN_MOVES = 60
MIN_TIMED = 30
# A move's spread is never taken below this (a band of nothing but best moves).
SD_FLOOR = 1.0
HUMAN_CV = 0.5
HUMAN_CORRELATION = 0.3
SCORE_LOOK = 5.0
RULE = (
    f"z of points lost below the rating's expectation over at least {MIN_MOVES} moves with a choice, "
    f"times up to 2 for an even pace that ignores difficulty; {SCORE_LOOK:g} or more is worth a look"
)


@dataclass(frozen=True, slots=True)
class Move:
    """One graded move with a choice by a person in a rated game."""

    rating: float
    lost: float
    legal: int = 2
    # The best value less the second best (None: no stored analysis).
    gap: int | None = None
    # Seconds the move took (None: untimed).
    seconds: float | None = None
    game_id: int = 0


@dataclass(frozen=True, slots=True)
class Sums:
    """Sufficient statistics of (rating, points lost) pairs."""

    n: int = 0
    x: float = 0.0
    y: float = 0.0
    xx: float = 0.0
    xy: float = 0.0
    yy: float = 0.0

    @classmethod
    def of(cls, moves: Iterable[Move]) -> Sums:
        total = cls()
        for m in moves:
            total = total + cls(1, m.rating, m.lost, m.rating * m.rating, m.rating * m.lost, m.lost * m.lost)
        return total

    def __add__(self, other: Sums) -> Sums:
        return Sums(
            self.n + other.n,
            self.x + other.x,
            self.y + other.y,
            self.xx + other.xx,
            self.xy + other.xy,
            self.yy + other.yy,
        )

    def __sub__(self, other: Sums) -> Sums:
        return Sums(
            self.n - other.n,
            self.x - other.x,
            self.y - other.y,
            self.xx - other.xx,
            self.xy - other.xy,
            self.yy - other.yy,
        )

    @property
    def mean(self) -> float:
        return self.y / self.n if self.n else 0.0

    @property
    def sd(self) -> float:
        """The sample standard deviation of points lost."""
        if self.n < 2:
            return 0.0
        return math.sqrt(max(0.0, (self.yy - self.y * self.y / self.n) / (self.n - 1)))

    def line(self) -> tuple[float, float, float]:
        """Least squares of points lost on rating: intercept, slope, and the spread about the line."""
        if self.n < 3:
            return self.mean, 0.0, self.sd
        sxx = self.xx - self.x * self.x / self.n
        sxy = self.xy - self.x * self.y / self.n
        syy = self.yy - self.y * self.y / self.n
        slope = sxy / sxx if sxx > 1e-9 else 0.0
        intercept = (self.y - slope * self.x) / self.n
        residual = math.sqrt(max(0.0, (syy - slope * sxy) / (self.n - 2)))
        return intercept, slope, residual

    def to_json(self) -> list[float]:
        return [self.n, self.x, self.y, self.xx, self.xy, self.yy]

    @classmethod
    def from_json(cls, data: Sequence[float]) -> Sums:
        n, x, y, xx, xy, yy = data
        return cls(int(n), x, y, xx, xy, yy)


def band_of(rating: float, width: int = BAND_WIDTH) -> int:
    """The band a rating falls in, named by its lowest rating."""
    return int(math.floor(rating / width)) * width


@dataclass(frozen=True)
class Fit:
    """Points lost a move by rating: sums per band and over all moves."""

    bands: dict[int, Sums] = field(default_factory=dict)
    total: Sums = field(default_factory=Sums)
    width: int = BAND_WIDTH

    @property
    def usable(self) -> bool:
        return self.total.n >= MIN_FIT_MOVES

    def expected(self, rating: float) -> tuple[float, float] | None:
        """The mean and spread of points lost a move at ``rating`` (None: too few moves to say)."""
        if not self.usable:
            return None
        band = self.bands.get(band_of(rating, self.width))
        if band is not None and band.n >= MIN_BAND_MOVES:
            return band.mean, max(SD_FLOOR, band.sd)
        intercept, slope, residual = self.total.line()
        return max(0.0, intercept + slope * rating), max(SD_FLOOR, residual)

    def without(self, moves: Sequence[Move]) -> Fit:
        """This fit with ``moves`` taken out (they must have been in it)."""
        bands = dict(self.bands)
        for band, own in _by_band(moves, self.width).items():
            if band in bands:
                bands[band] = bands[band] - own
        return Fit(bands, self.total - Sums.of(moves), self.width)

    def table(self) -> list[dict[str, Any]]:
        """Each band's figures as used: its own, or the line's for a thin band."""
        rows = []
        for band in sorted(self.bands):
            sums = self.bands[band]
            found = self.expected(band + self.width / 2)
            rows.append(
                {
                    "band": band,
                    "moves": sums.n,
                    "mean": round(sums.mean, 2),
                    "sd": round(sums.sd, 2),
                    "own": sums.n >= MIN_BAND_MOVES,
                    "expected": round(found[0], 2) if found else None,
                    "spread": round(found[1], 2) if found else None,
                }
            )
        return rows

    def to_json(self) -> dict[str, Any]:
        intercept, slope, residual = self.total.line()
        return {
            "width": self.width,
            "total": self.total.to_json(),
            "bands": {str(band): sums.to_json() for band, sums in sorted(self.bands.items())},
            "line": {"intercept": round(intercept, 4), "slope": round(slope, 6), "spread": round(residual, 4)},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Fit:
        bands = {int(band): Sums.from_json(sums) for band, sums in data.get("bands", {}).items()}
        return cls(bands, Sums.from_json(data["total"]), int(data.get("width", BAND_WIDTH)))


def _by_band(moves: Iterable[Move], width: int) -> dict[int, Sums]:
    grouped: dict[int, list[Move]] = {}
    for m in moves:
        grouped.setdefault(band_of(m.rating, width), []).append(m)
    return {band: Sums.of(rows) for band, rows in grouped.items()}


def fit(moves: Sequence[Move], width: int = BAND_WIDTH) -> Fit:
    """The fit of points lost a move by rating over ``moves``."""
    return Fit(_by_band(moves, width), Sums.of(moves), width)


def _ranks(values: Sequence[float]) -> list[float]:
    """Ranks from 1, ties sharing their mean rank."""
    order = sorted(range(len(values)), key=lambda i: values[i])
    ranks = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return ranks


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Spearman's rank correlation, None when either side does not vary."""
    if len(xs) < 3:
        return None
    rx, ry = _ranks(xs), _ranks(ys)
    mx, my = sum(rx) / len(rx), sum(ry) / len(ry)
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    if sxx == 0 or syy == 0:
        return None
    return sxy / math.sqrt(sxx * syy)


def _clamp01(value: float) -> float:
    return min(1.0, max(0.0, value))


@dataclass(frozen=True)
class Timing:
    """The pace of an account's timed moves."""

    timed: int = 0
    mean_seconds: float | None = None
    cv: float | None = None
    vs_difficulty: float | None = None

    @property
    def even_pace(self) -> float | None:
        return None if self.cv is None else _clamp01(1 - self.cv / HUMAN_CV)

    @property
    def ignores_difficulty(self) -> float | None:
        if self.vs_difficulty is None:
            return None
        return _clamp01(1 - self.vs_difficulty / HUMAN_CORRELATION)


def timing(moves: Sequence[Move]) -> Timing:
    """The pace of the timed ``moves``: its evenness and whether it follows difficulty."""
    timed = [m for m in moves if m.seconds is not None and m.seconds >= 0]
    if len(timed) < MIN_TIMED:
        return Timing(len(timed))
    seconds = [m.seconds or 0.0 for m in timed]
    mean = sum(seconds) / len(seconds)
    spread = math.sqrt(sum((s - mean) ** 2 for s in seconds) / len(seconds))
    cv = spread / mean if mean > 0 else 0.0
    by_options = spearman([float(m.legal) for m in timed], seconds)
    with_gap = [m for m in timed if m.gap is not None]
    by_closeness = None
    if len(with_gap) >= MIN_TIMED:
        by_closeness = spearman([-float(m.gap or 0) for m in with_gap], [m.seconds or 0.0 for m in with_gap])
    known = [c for c in (by_options, by_closeness) if c is not None]
    return Timing(len(timed), round(mean, 2), round(cv, 3), round(max(known), 3) if known else None)


@dataclass(frozen=True)
class Verdict:
    """An account's score and its parts (``score`` and ``z`` None: no verdict)."""

    moves: int
    games: int
    actual: float
    expected: float | None = None
    z: float | None = None
    timing: Timing = field(default_factory=Timing)
    score: float | None = None

    @property
    def actual_per_move(self) -> float | None:
        return round(self.actual / self.moves, 2) if self.moves else None

    @property
    def expected_per_move(self) -> float | None:
        return round(self.expected / self.moves, 2) if self.moves and self.expected is not None else None


def verdict(overall: Fit, moves: Sequence[Move], *, leave_out: bool = True) -> Verdict:
    """The score of one account's ``moves`` against ``overall`` (with their
    own moves taken out of it first, unless ``leave_out`` is false)."""
    games = len({m.game_id for m in moves})
    actual = float(sum(m.lost for m in moves))
    pace = timing(moves)
    if len(moves) < MIN_MOVES:
        return Verdict(len(moves), games, actual, timing=pace)
    others = overall.without(moves) if leave_out else overall
    figures = [others.expected(m.rating) for m in moves]
    if any(f is None for f in figures):
        return Verdict(len(moves), games, actual, timing=pace)
    expected = sum(f[0] for f in figures if f is not None)
    variance = sum(f[1] ** 2 for f in figures if f is not None)
    z = (expected - actual) / math.sqrt(variance)
    boost = 1 + ((pace.even_pace or 0.0) + (pace.ignores_difficulty or 0.0)) / 2
    return Verdict(len(moves), games, actual, round(expected, 1), round(z, 2), pace, round(max(z, 0.0) * boost, 2))


K = TypeVar("K")


def report(
    every: Mapping[K, Sequence[Move]], recent: Mapping[K, Sequence[Move]]
) -> tuple[Fit, dict[K, Verdict], set[K]]:
    """Fit on ``every`` account's moves, score each on its ``recent`` ones
    (a subset of its moves in ``every``), then fit again without the
    suspects (``SCORE_LOOK`` or more) and score everyone against that: the
    clean fit, the verdicts and the suspects left out of it."""
    first = fit([m for moves in every.values() for m in moves])
    verdicts = {key: verdict(first, recent.get(key, ())) for key in every}
    suspects = {key for key, found in verdicts.items() if (found.score or 0) >= SCORE_LOOK}
    if not suspects:
        return first, verdicts, suspects
    clean = first.without([m for key in suspects for m in every[key]])
    verdicts = {key: verdict(clean, recent.get(key, ()), leave_out=key not in suspects) for key in every}
    return clean, verdicts, suspects
