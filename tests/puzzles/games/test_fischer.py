"""The clock's arithmetic (``games.fischer``), with no Django: a move costs
its turn up to its arrival less the outages in it, the increment is added,
and the deadline moves on by every outage that begins before the flag falls."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from puzzles.games.fischer import Clock, merged, overlap_ms

T0 = datetime(2024, 5, 1, 12, 0, 0, tzinfo=UTC)


def at(seconds: float) -> datetime:
    return T0 + timedelta(seconds=seconds)


def test_a_move_costs_its_turn_up_to_its_arrival_and_earns_the_increment():
    clock = Clock(10_000, 2_000)
    assert clock.thinking_ms(at(0), at(3.5)) == 3_500
    assert clock.after_move(at(0), at(3.5)) == Clock(8_500, 2_000)
    assert clock.after_move(at(0), at(12)).left_ms == 2_000  # run out: 0, then the increment
    assert clock.thinking_ms(at(5), at(4)) == 0  # an arrival before the turn's start costs nothing


def test_the_outages_in_a_turn_are_not_charged_and_count_once():
    outages = [(at(1), at(4)), (at(2), at(5)), (at(-10), at(-5)), (at(20), None)]
    assert merged(outages, now=at(30)) == [(at(-10), at(-5)), (at(1), at(5)), (at(20), at(30))]
    assert overlap_ms(outages, at(0), at(6)) == 4_000
    clock = Clock(10_000)
    assert clock.thinking_ms(at(0), at(6), outages) == 2_000
    assert clock.left_at(at(0), at(6), outages) == 8_000
    # an outage still going on counts up to the arrival
    assert clock.thinking_ms(at(19), at(22), [(at(20), None)]) == 1_000


def test_the_deadline_moves_on_by_the_outages_before_it_falls():
    clock = Clock(4_000)
    assert clock.deadline(at(0)) == at(4)
    assert clock.deadline(at(0), [(at(1), at(11))]) == at(14)
    assert clock.deadline(at(0), [(at(-3), at(1))]) == at(5)  # only the part inside the turn
    assert clock.deadline(at(0), [(at(1), at(3)), (at(5), at(6))]) == at(7)  # the first pushes it past the second
    assert clock.deadline(at(0), [(at(9), at(20))]) == at(4)  # after the flag fell: nothing
    assert clock.deadline(at(0), [(at(2), None)], now=at(30)) == at(32)  # ongoing: up to now
    # a move arriving just before the pushed deadline still has time
    outages = [(at(1), at(11))]
    assert clock.left_at(at(0), at(13.9), outages) == 100
