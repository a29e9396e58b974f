"""The clock's arithmetic (``games.fischer``), with no Django: a move costs
its turn up to its arrival less the outages in it, the increment is added,
and the deadline moves on by every outage that begins before the flag falls."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from puzzles.games.fischer import Clock, GameClock, merged, overlap_ms

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


def test_a_game_clock_charges_the_running_seat_and_starts_the_next_turn():
    live = GameClock.of({"A": 10_000, "B": 10_000}, 2_000, 60_000, moved=frozenset({"A", "B"}))
    turn = live.start("A", at(0))
    assert turn.allowance_ms() == 10_000
    assert turn.deadline() == at(10)
    assert turn.left_at(at(4)) == {"A": 6_000, "B": 10_000}
    after = turn.charge(at(3.5))
    assert after.as_dict() == {"A": 8_500, "B": 10_000}  # 3.5 s taken, 2 s earned
    assert after.running is None
    assert after.deadline() is None
    nxt = after.start("B", at(3.5))
    assert nxt.deadline() == at(13.5)
    assert nxt.charge(at(20)).left_ms("B") == 2_000  # run out: 0, then the increment


def test_a_first_move_is_untimed_but_has_its_own_window():
    live = GameClock.of({"A": 5_000, "B": 5_000}, 1_000, 60_000).start("A", at(0))
    assert live.allowance_ms() == 60_000
    assert live.deadline() == at(60)
    assert live.left_at(at(30)) == {"A": 5_000, "B": 5_000}  # its clock has not started
    moved = live.charge(at(30))
    assert moved.as_dict() == {"A": 5_000, "B": 5_000}  # nothing taken, nothing earned
    assert moved.moved == frozenset({"A"})
    assert moved.start("A", at(31)).deadline() == at(36)  # the next turn runs on its clock


def test_a_game_clock_gives_back_the_outages_in_the_turn():
    outages = [(at(1), at(4))]
    live = GameClock.of({"A": 10_000}, 0, 60_000, moved=frozenset({"A"})).start("A", at(0))
    assert live.deadline(outages) == at(13)
    assert live.left_at(at(6), outages) == {"A": 7_000}
    assert live.charge(at(6), outages).left_ms("A") == 7_000
    assert live.charge(at(6)).left_ms("A") == 4_000  # without them: the whole turn


def test_a_game_clock_is_a_value():
    live = GameClock.of({"B": 1_000, "A": 2_000})
    assert live == GameClock.of({"A": 2_000, "B": 1_000})
    assert live.start("A", at(0)) != live
    assert live.charge(at(1)) == live  # no turn running: nothing to charge
    assert hash(live.start("A", at(0)))
