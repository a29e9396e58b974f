"""Seeded, reproducible deals (docs/rules.md sections 1.3 and 4.9).

The method, exactly (so that any implementation can reproduce a deal):

1. The deck starts in the variant's set in ascending order: 00, 01, ..., 06,
   11, 12, ..., 66 (28 stones; double-nine: 00, ..., 09, 11, ..., 99, 55 stones).
2. A SplitMix64 generator is seeded with ``seed`` (an integer 0 <= seed < 2**64):
   each call adds 0x9E3779B97F4A7C15 to the state (mod 2**64) and returns
   ``z ^ (z >> 31)`` where ``z = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9``,
   ``z = (z ^ (z >> 27)) * 0x94D049BB133111EB`` (all mod 2**64), ``x`` the new state.
3. Fisher-Yates from the top: for ``i`` from ``len(deck) - 1`` down to 1, draw
   ``j`` uniform in ``0..i`` by rejection (take ``r`` from the generator, reject
   it while ``r >= 2**64 - 2**64 % (i + 1)``, then ``j = r % (i + 1)``) and swap
   ``deck[i]`` and ``deck[j]``.
4. The shuffled deck is the draw order: the seats draw in turn, A first (A
   draws ``deck[0]``, B ``deck[1]``, then A again, or C and D in
   ``partnership``), one stone at a time, until each holds its share; a
   seat's draws 0..6 are its front row (columns 0..6; in a variant without
   rows, its slots 0..6) and 7..13 its back row.  The stones left are out.
"""

from __future__ import annotations

from .errors import SeedError
from .position import Position
from .stones import Stone
from .variant import Variant, as_variant

MASK = (1 << 64) - 1


class SplitMix64:
    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform in ``0..n-1``, by rejection."""
        limit = (1 << 64) - (1 << 64) % n
        while True:
            r = self.next()
            if r < limit:
                return r % n


def check_seed(seed: object) -> int:
    if isinstance(seed, str) and seed.isascii() and seed.isdigit():
        seed = int(seed)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise SeedError(f"a seed is a whole number 0 <= seed < 2**64, not {seed!r}")
    if not 0 <= seed < 1 << 64:
        raise SeedError(f"a seed is a whole number 0 <= seed < 2**64, not {seed!r}")
    return seed


def draw_order(seed: int, variant: Variant | str | None = None) -> list[Stone]:
    """The variant's set shuffled by deal ``seed``: the order the stones are drawn in."""
    rng = SplitMix64(check_seed(seed))
    deck = list(as_variant(variant).stones)
    for i in range(len(deck) - 1, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal(seed: int, variant: Variant | str | None = None) -> Position:
    """The opening position of deal number ``seed`` of ``variant`` (a
    ``Variant`` or its name; the standard game by default).  The ``+doubles``
    option does not change the deal."""
    chosen = as_variant(variant)
    return Position.from_draws(draw_order(seed, chosen), chosen)
