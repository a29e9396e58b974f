"""A record's clocks worked out from the moves' times (``archive.clocks``):
a seat's first move free, later ones charged and given the increment, the
solver's moves and untimed games without a clock, a correspondence move's
time to its deadline."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from puzzles.archive.clocks import Timed, move_clocks

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def test_a_live_games_clocks():
    moves = [Timed("A", True, at(5)), Timed("B", True, at(9)), Timed("A", True, at(19.5)), Timed("B", True, at(20))]
    assert move_clocks(moves, T0, initial=60, increment=2, days=None) == [60_000, 60_000, 51_500, 61_500]


def test_a_clock_never_goes_below_nothing_and_the_solver_has_none():
    moves = [Timed("A", True, at(1)), Timed("B", False, at(2)), Timed("A", True, at(500))]
    assert move_clocks(moves, T0, initial=60, increment=0, days=None) == [60_000, None, 0]


def test_untimed_and_correspondence_games():
    moves = [Timed("A", True, at(3600)), Timed("B", True, at(3600 * 5))]
    assert move_clocks(moves, T0, initial=None, increment=None, days=None) == [None, None]
    day = 86_400_000
    assert move_clocks(moves, T0, initial=None, increment=None, days=2) == [2 * day - 3_600_000, 2 * day - 14_400_000]
