"""A team match's scoring by hand (``team_match``, no database): the first
team in seat A at odd tables and B at even ones; a deal's net is each team's
points against par summed over its tables, so with as many tables each way
it is the points won less the points lost, and with an odd number the table
more one way is measured against par."""

from __future__ import annotations

from puzzles.tournaments.team_match import DealResult, first_team_seat, match_score, team_points


def test_seats_alternate_by_table():
    assert [first_team_seat(t) for t in range(1, 6)] == ["A", "B", "A", "B", "A"]


def test_two_tables_the_pars_cancel():
    # seat A made 20 at table 1 (the first team's) and 8 at table 2 (the second team's); par 12 for A
    deal = DealResult(1, 12, {1: 20, 2: 8})
    assert team_points(20, 12, 1) == (8, -8)
    assert team_points(8, 12, 2) == (4, -4)  # the first team, in seat B, held A to 4 below par
    assert deal.net == (12, -12) == (20 - 8, -(20 - 8))
    # whatever the par, the same net
    assert DealResult(1, -30, {1: 20, 2: 8}).net == deal.net


def test_three_tables_the_odd_one_is_measured_against_par():
    # tables 1 and 3 the first team in A, table 2 in B; every table at par: nobody gains
    assert DealResult(1, 10, {1: 10, 2: 10, 3: 10}).net == (0, 0)
    # the raw difference would be 10 - 10 + 10 = 10 for the first team, the par's luck alone
    assert DealResult(1, 10, {1: 14, 2: 10, 3: 10}).net == (4, -4)


def test_the_match_sums_the_nets_and_counts_the_deals_won():
    score = match_score(
        [DealResult(1, 0, {1: 6, 2: 2}), DealResult(2, 5, {1: 1, 2: 9}), DealResult(3, 0, {1: 3, 2: 3})]
    )
    assert score.score == (4 - 8 + 0, 8 - 4 - 0)
    assert score.won == (1, 1)
    assert score.deals == 3
