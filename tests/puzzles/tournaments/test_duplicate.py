"""Duplicate scoring: matchpoints against the field, points against par, the
traveller, standings, the head-to-head match and the solver's best line.
No database: the module is pure Python."""

from __future__ import annotations

from fractions import Fraction

import pytest

from puzzles.tournaments.duplicate import (
    Deal,
    DealNet,
    Entry,
    Game,
    best_line,
    deal_points,
    match_score,
    matchpoints,
    par_for,
    score_deal,
    score_event,
    share,
    standings,
    totals,
    traveller,
)
from solver import analyse

PLAYERS = ("ann", "bob", "cyd", "dee", "eve", "fay", "gus", "hal", "ida", "jo")

# Four standard deals played from seat A; their pars for A are the solver's
# (test_the_pars_are_the_solvers checks them).
DEALS = (Deal(0), Deal(1), Deal(5), Deal(7))
PARS = {Deal(0): 22, Deal(1): -10, Deal(5): 10, Deal(7): 14}

# Each player's points on each deal, in the order of PLAYERS.
POINTS = {
    # sorted: 25 22 22 15 10 10 0 -5 -5 -30; ann is above par (the solver's level let 3 in)
    Deal(0): (25, 22, 22, 10, -5, 0, -30, 10, 15, -5),
    Deal(1): (-10, -10, -10, -10, -10, -25, 0, -40, -10, -18),
    # everyone on par but jo
    Deal(5): (10, 10, 10, 10, 10, 10, 10, 10, 10, -3),
    Deal(7): (14, -6, 14, 2, 20, 14, -14, 0, 8, 14),
}


def daylong() -> list[Entry]:
    return [Entry(player, deal, points) for deal in DEALS for player, points in zip(PLAYERS, POINTS[deal], strict=True)]


def counted(entries: list[Entry]) -> dict[tuple[str, Deal], int]:
    """Matchpoints counted directly: every result against every other result on its deal."""
    marks = {}
    for mine in entries:
        mark = 0
        for theirs in entries:
            if theirs.deal != mine.deal or theirs.entrant == mine.entrant:
                continue
            if mine.points > theirs.points:
                mark += 2
            elif mine.points == theirs.points:
                mark += 1
        marks[(mine.entrant, mine.deal)] = mark
    return marks


def test_matchpoints_of_a_daylong_agree_with_a_direct_count():
    entries = daylong()
    expected = counted(entries)
    scored = score_event(entries, PARS)
    assert len(scored) == 40
    for one in scored:
        assert one.matchpoints == expected[(one.entrant, one.deal)]
        assert one.top == 18
        assert one.percent == pytest.approx(100 * expected[(one.entrant, one.deal)] / 18)
        assert one.vs_par == one.points - PARS[one.deal]
    by_key = {(s.entrant, s.deal): s for s in scored}
    # Worked by hand.  Deal 0: ann's 25 beats all nine others: 18 of 18, 100%.
    assert by_key[("ann", Deal(0))].matchpoints == 18
    assert by_key[("ann", Deal(0))].percent == 100.0
    assert by_key[("ann", Deal(0))].vs_par == 3
    # bob's 22 beats seven (15 10 10 0 -5 -5 -30) and ties cyd: 15, 83.33%.
    assert by_key[("bob", Deal(0))].matchpoints == 15
    assert by_key[("bob", Deal(0))].percent == pytest.approx(83.333, abs=1e-3)
    # eve's -5 beats gus and ties jo: 3.
    assert by_key[("eve", Deal(0))].matchpoints == 3
    # Deal 5: nine on par tie eight others and beat jo: 8 + 2 = 10; jo scores 0.
    assert by_key[("dee", Deal(5))].matchpoints == 10
    assert by_key[("jo", Deal(5))].matchpoints == 0
    # Deal 1: hal's -40 is 30 under par.
    assert by_key[("hal", Deal(1))].vs_par == -30


def test_totals_sum_the_deals_and_average_the_percentages():
    entries = daylong()
    expected = counted(entries)
    event = {t.entrant: t for t in totals(score_event(entries, PARS))}
    assert sorted(event) == sorted(PLAYERS)
    for player in PLAYERS:
        total = event[player]
        marks = [expected[(player, deal)] for deal in DEALS]
        assert total.deals == 4
        assert total.matchpoints == sum(marks)
        assert total.top == 72
        assert total.percent == pytest.approx(sum(100 * m / 18 for m in marks) / 4)
        column = PLAYERS.index(player)
        assert total.vs_par == sum(POINTS[deal][column] - PARS[deal] for deal in DEALS)
    # ann: 18 (deal 0) + 11 (deal 1: beats fay, hal and jo, ties five, loses to gus)
    # + 10 (deal 5) + 13 (deal 7: beats five, ties three, loses to eve) = 52 of 72.
    assert event["ann"].matchpoints == 52
    assert event["ann"].share == Fraction(18 + 11 + 10 + 13, 4 * 18)
    # ann against par: +3, 0, 0, 0.
    assert event["ann"].vs_par == 3


def test_standings_of_the_daylong_follow_matchpoints_then_par():
    marks = counted(daylong())
    key = {}
    for column, player in enumerate(PLAYERS):
        mine = [marks[(player, deal)] for deal in DEALS]
        vs_par = sum(POINTS[deal][column] - PARS[deal] for deal in DEALS)
        key[player] = (sum(mine), vs_par, Fraction(sum(mine), 4 * 18))
    # a player's rank is one more than the number of players strictly ahead
    expected = {p: 1 + sum(key[q] > key[p] for q in PLAYERS) for p in PLAYERS}
    table = standings(totals(score_event(daylong(), PARS)))
    assert {s.total.entrant: s.rank for s in table} == expected
    assert [s.rank for s in table] == sorted(expected.values())
    assert table[0].total.entrant == "ann"


def test_exact_ties_share_a_rank_and_par_breaks_equal_matchpoints():
    x, y = Deal(10), Deal(11)
    # Everyone scores 4 of 8 and is on par in total: all three share first place.
    tied = [Entry("p", x, 5), Entry("q", x, 0), Entry("r", x, -5)]
    tied += [Entry("p", y, -5), Entry("q", y, 0), Entry("r", y, 5)]
    table = standings(totals(score_event(tied, {x: 0, y: 0})))
    assert [(s.rank, s.total.entrant) for s in table] == [(1, "p"), (1, "q"), (1, "r")]
    # Again 4 each, but against par q is +1, r 0 and p -10.
    split = [Entry("p", x, 10), Entry("q", x, 1), Entry("r", x, -5)]
    split += [Entry("p", y, -20), Entry("q", y, 0), Entry("r", y, 5)]
    table = standings(totals(score_event(split, {x: 0, y: 0})))
    assert [(s.rank, s.total.entrant, s.total.matchpoints) for s in table] == [(1, "q", 4), (2, "r", 4), (3, "p", 4)]
    # A tie below the top: the rank after two seconds is the fourth.
    more = [*split, Entry("s", x, 1), Entry("s", y, 0), Entry("t", x, 1), Entry("t", y, 0)]
    ranks = [(s.rank, s.total.entrant) for s in standings(totals(score_event(more, {x: 0, y: 0})))]
    assert ranks == [(1, "q"), (1, "s"), (1, "t"), (4, "r"), (5, "p")]


def test_matchpoints_count_two_a_win_and_one_a_tie():
    assert matchpoints([]) == []
    assert matchpoints([7]) == [0]
    assert matchpoints([3, 3]) == [1, 1]
    assert matchpoints([-4, 10, 3, 3]) == [0, 6, 3, 3]


def test_a_lone_result_scores_half_the_top():
    lone = score_deal([Entry("ann", Deal(3), -60)], par=-49)
    assert [(s.matchpoints, s.top, s.share, s.percent, s.vs_par) for s in lone] == [(0, 0, Fraction(1, 2), 50.0, -11)]
    assert share(0, 0) == Fraction(1, 2)


def test_a_missed_deal_counts_neither_way():
    a, b, c = Deal(1), Deal(2), Deal(3)
    entries = [Entry("ann", a, 5), Entry("bob", a, 0), Entry("cyd", a, 0)]
    entries += [Entry("ann", b, 1), Entry("bob", b, 2)]  # cyd missed b
    entries += [Entry("cyd", c, -1)]  # cyd alone on c
    event = {t.entrant: t for t in totals(score_event(entries, {a: 0, b: 0, c: 0}))}
    # ann: 4/4 on a, 0/2 on b: (100 + 0) / 2 = 50%.
    assert (event["ann"].deals, event["ann"].matchpoints, event["ann"].top, event["ann"].percent) == (2, 4, 6, 50.0)
    # bob: 1/4 on a, 2/2 on b: (25 + 100) / 2.
    assert event["bob"].percent == 62.5
    # cyd: 1/4 on a and a lone 50% on c, b not counted: (25 + 50) / 2.
    assert (event["cyd"].deals, event["cyd"].matchpoints, event["cyd"].top) == (2, 1, 4)
    assert event["cyd"].percent == 37.5
    assert event["cyd"].vs_par == -1


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="two results"):
        score_event([Entry("ann", Deal(0), 1), Entry("ann", Deal(0), 2)], {Deal(0): 0})
    with pytest.raises(ValueError, match="no par"):
        score_event([Entry("ann", Deal(9), 1)], {Deal(0): 0})


def test_the_traveller_lists_the_results_best_first():
    scored = score_event(daylong(), PARS)
    slip = traveller(Deal(7), scored, PARS[Deal(7)], ["11", "12R"])
    assert slip.par == 14
    assert slip.line == ("11", "12R")
    assert [(s.entrant, s.points) for s in slip.results] == [
        ("eve", 20),
        ("ann", 14),
        ("cyd", 14),
        ("fay", 14),
        ("jo", 14),
        ("ida", 8),
        ("dee", 2),
        ("hal", 0),
        ("bob", -6),
        ("gus", -14),
    ]
    assert [s.matchpoints for s in slip.results] == [18, 13, 13, 13, 13, 8, 6, 4, 2, 0]
    assert [s.vs_par for s in slip.results][:2] == [6, 0]
    assert {s.deal for s in slip.results} == {Deal(7)}


def test_a_head_to_head_match_sums_both_seats_of_each_deal():
    one, two, three, four = Deal(0), Deal(1), Deal(2), Deal(3)
    games = [
        Game(one, "ann", "bob", 22),  # ann as A makes +22
        Game(one, "bob", "ann", 10),  # bob as A makes +10, so ann as B -10: ann nets +12
        Game(two, "ann", "bob", -10),
        Game(two, "bob", "ann", -10),  # ann as B +10: nets 0
        Game(three, "bob", "ann", 82),  # ann as B -82
        Game(three, "ann", "bob", 70),  # ann as A +70: nets -12
        Game(four, "ann", "bob", 5),  # the second game of four is not in yet
    ]
    match = match_score("ann", "bob", games)
    assert match.deals == (DealNet(one, 22, -10), DealNet(two, -10, 10), DealNet(three, 70, -82))
    assert [d.net for d in match.deals] == [12, 0, -12]
    assert (match.won, match.drawn, match.lost, match.points) == (1, 1, 1, 0)
    assert match.pending == (four,)
    # from bob's side everything turns round
    mirror = match_score("bob", "ann", games)
    assert [d.net for d in mirror.deals] == [-12, 0, 12]
    assert (mirror.won, mirror.drawn, mirror.lost, mirror.points) == (1, 1, 1, 0)


def test_a_head_to_head_match_refuses_strangers_and_repeated_seats():
    with pytest.raises(ValueError, match="not a game of"):
        match_score("ann", "bob", [Game(Deal(0), "ann", "cyd", 3)])
    with pytest.raises(ValueError, match="twice"):
        match_score("ann", "bob", [Game(Deal(0), "ann", "bob", 3), Game(Deal(0), "ann", "bob", 4)])
    with pytest.raises(ValueError, match="themselves"):
        match_score("ann", "ann", [])


def test_the_pars_are_the_solvers():
    for deal, par in PARS.items():
        start = deal.start()
        value = analyse(start).value  # from the side to move's view
        assert par == (value if start.side == "A" else -value)
        assert par_for(start, "A") == par
        assert par_for(start, "B") == -par


def test_partners_share_a_par():
    start = Deal(0, "partnership").start()
    assert par_for(start, "A") == par_for(start, "C") == -par_for(start, "B") == -par_for(start, "D")


@pytest.mark.parametrize("deal", [Deal(0), Deal(5), Deal(0, "block"), Deal(7, "lewicki+doubles")], ids=str)
def test_the_best_line_reaches_the_par(deal):
    start = deal.start()
    line = best_line(start)
    *_, end = start.line(list(line))
    assert end.is_over()
    for seat in ("A", "B"):
        assert deal_points(end, seat) == par_for(start, seat)
    result = end.result()
    assert result is not None
    expected = 0 if result.winner is None else result.points if result.winner == "A" else -result.points
    assert deal_points(end, "A") == expected


def test_deal_points_refuses_an_unfinished_deal():
    with pytest.raises(ValueError, match="not over"):
        deal_points(Deal(0).start(), "A")
