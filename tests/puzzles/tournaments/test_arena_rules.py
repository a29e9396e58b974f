"""The arena's rules: streak points worked out by hand, standings with shared
ranks and the podium, the pairing of waiting players (with a property test
against brute force) and team battles."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzles.tournaments.arena_rules import (
    Entry,
    Pair,
    Result,
    Standing,
    Waiting,
    competition_ranks,
    may_meet,
    pair_waiting,
    podium,
    score,
    seated,
    standings,
    team_standings,
)

W, D, L, A = Result.WIN, Result.DRAW, Result.LOSS, Result.ABORTED
START = datetime(2025, 3, 1, 18, 0, tzinfo=UTC)


def at(seconds: int) -> datetime:
    return START + timedelta(seconds=seconds)


def points(results: list[Result]) -> list[int]:
    return [game.points for game in score(results).games]


# ------------------------------------------------------------------- points


def test_streak_catches_fire_and_goes_out():
    # W 2 (1 win in a row), W 2 (2 in a row: on fire from the next game),
    # W 4 (doubled), D 2 (a draw doubled, and the fire goes out),
    # W 2, W 2 (on fire again), W 4, L 0 (doubled nothing, fire out).
    sheet = score([W, W, W, D, W, W, W, L])
    assert [game.points for game in sheet.games] == [2, 2, 4, 2, 2, 2, 4, 0]
    assert [game.on_fire for game in sheet.games] == [False, False, True, True, False, False, True, True]
    assert sheet.total == 18  # 2 + 2 + 4 + 2 + 2 + 2 + 4 + 0
    assert sheet.played == 8
    assert not sheet.on_fire


def test_a_long_run_of_wins_stays_doubled():
    # 2, 2, then every further win 4: 2 + 2 + 4 + 4 + 4 = 16, still on fire.
    sheet = score([W, W, W, W, W])
    assert [game.points for game in sheet.games] == [2, 2, 4, 4, 4]
    assert sheet.total == 16
    assert sheet.on_fire


def test_two_wins_light_the_fire_for_the_next_game():
    assert score([W, W]).on_fire
    assert not score([W]).on_fire
    assert not score([W, D, W]).on_fire


def test_draws_and_losses_without_fire():
    # A draw 1, a loss 0; a draw between wins breaks the run: W 2, D 1, W 2, W 2, D 2 (on fire).
    assert points([D, L, D]) == [1, 0, 1]
    assert points([W, D, W, W, D]) == [2, 1, 2, 2, 2]
    assert points([L, W, W, L, W]) == [0, 2, 2, 0, 2]


def test_an_aborted_game_scores_nothing_and_breaks_nothing():
    # W 2, W 2 (on fire), aborted 0 (the fire stays), W 4.
    assert points([W, W, A, W]) == [2, 2, 0, 4]
    # W 2, aborted 0 (the run of one win stays), W 2 (two in a row), W 4.
    assert points([W, A, W, W]) == [2, 0, 2, 4]
    # Aborted games do not extend a run either: A, A, W 2, then still only one win in a row.
    sheet = score([A, A, W])
    assert [game.points for game in sheet.games] == [0, 0, 2]
    assert not sheet.on_fire
    assert sheet.played == 1


def test_an_aborted_game_on_fire_keeps_the_fire():
    # W 2, W 2, aborted 0 (on fire but nothing to double), L 0 puts the fire out.
    sheet = score([W, W, A, L])
    assert [game.on_fire for game in sheet.games] == [False, False, True, True]
    assert sheet.total == 4
    assert sheet.played == 3
    assert not sheet.on_fire
    assert score([W, W, A]).on_fire


def test_no_games():
    sheet = score([])
    assert (sheet.games, sheet.total, sheet.played, sheet.on_fire) == ((), 0, 0, False)


def test_results_come_from_their_stored_names():
    assert [Result(name) for name in ("win", "draw", "loss", "aborted")] == [W, D, L, A]


# ---------------------------------------------------------------- standings


def entry(player: int, results: list[Result], rating: int = 1500, joined: int = 0, team: int | None = None) -> Entry:
    return Entry(player, tuple(results), rating, at(joined), team)


def ranked(rows: tuple[Standing, ...]) -> list[tuple[int, int]]:
    return [(row.rank, row.player) for row in rows]


def test_standings_by_score():
    rows = standings([entry(1, [L, L]), entry(2, [W, W, W]), entry(3, [W, D])])
    assert ranked(rows) == [(1, 2), (2, 3), (3, 1)]
    assert [row.score for row in rows] == [8, 3, 0]
    assert rows[0].on_fire


def test_ties_go_to_fewer_games_then_rating_then_the_earlier_join():
    rows = standings(
        [
            entry(1, [W, L], rating=1800),  # 2 points in 2 games
            entry(2, [W], rating=1400),  # 2 points in 1 game: the better rate
            entry(3, [L, W], rating=1900, joined=60),  # 2 in 2, higher rated than 1
            entry(4, [D, D], rating=1900, joined=30),  # 2 in 2, as rated as 3, joined earlier
        ]
    )
    assert ranked(rows) == [(1, 2), (2, 4), (3, 3), (4, 1)]


def test_equal_on_everything_shares_the_rank():
    rows = standings(
        [
            entry(5, [W, W]),
            entry(9, [W, L]),
            entry(7, [L, W]),
            entry(8, [L, L]),
        ]
    )
    assert ranked(rows) == [(1, 5), (2, 7), (2, 9), (4, 8)]


def test_competition_ranks():
    assert competition_ranks([]) == []
    assert competition_ranks([9, 7, 7, 7, 3, 3, 1]) == [1, 2, 2, 2, 5, 5, 7]


def test_aborted_games_do_not_count_as_played():
    rows = standings([entry(1, [W, A, A]), entry(2, [W, L])])
    assert ranked(rows) == [(1, 1), (2, 2)]
    assert rows[0].played == 1


def test_a_player_listed_twice_is_refused():
    with pytest.raises(ValueError, match="twice"):
        standings([entry(1, [W]), entry(1, [L])])


def test_podium_is_the_top_three():
    rows = standings([entry(player, [W] * player) for player in range(1, 6)])
    assert [row.player for row in podium(rows)] == [5, 4, 3]


def test_podium_with_shared_ranks_and_players_who_never_played():
    rows = standings(
        [
            entry(1, [W, W, W]),
            entry(2, [W]),
            entry(3, [W], joined=0),
            entry(4, [D, D]),
            entry(5, []),
        ]
    )
    # 1 alone first; 2 and 3 share second (same score, games, rating and join); 4 is 4th.
    assert ranked(podium(rows)) == [(1, 1), (2, 2), (2, 3)]
    nobody_played = standings([entry(1, []), entry(2, [A])])
    assert podium(nobody_played) == ()


# ------------------------------------------------------------------ pairing


def waiting(
    player: int,
    points: int = 0,
    rating: int = 1500,
    since: int = 0,
    last: int | None = None,
    a_seats: int = 0,
    b_seats: int = 0,
) -> Waiting:
    return Waiting(player, points, rating, at(since), last, a_seats, b_seats)


def partners(pairs: tuple[Pair, ...]) -> set[frozenset[int]]:
    return {frozenset((pair.a, pair.b)) for pair in pairs}


def test_pairs_the_nearest_in_score():
    pairs = pair_waiting([waiting(1, 20), waiting(2, 3), waiting(3, 18), waiting(4, 4)])
    assert partners(pairs) == {frozenset((1, 3)), frozenset((2, 4))}
    assert [pair.a in (1, 3) for pair in pairs] == [True, False]  # the top of the table first


def test_equal_scores_pair_by_rating():
    pairs = pair_waiting(
        [waiting(1, rating=1200), waiting(2, rating=2000), waiting(3, rating=1250), waiting(4, rating=1950)]
    )
    assert partners(pairs) == {frozenset((2, 4)), frozenset((1, 3))}


def test_never_pairs_last_opponents():
    # In the line 1, 2, 3, 4 the neighbours 1-2 and 3-4 just played each other.
    line = [waiting(1, 10, last=2), waiting(2, 9, last=1), waiting(3, 8, last=4), waiting(4, 7, last=3)]
    assert partners(pair_waiting(line)) == {frozenset((1, 3)), frozenset((2, 4))}


def test_a_one_sided_last_opponent_still_forbids_the_pair():
    # 2 last played 1, though 1 has played someone else since.
    assert pair_waiting([waiting(1, last=9), waiting(2, last=1)]) == ()


def test_last_opponents_alone_both_wait():
    assert pair_waiting([waiting(1, last=2), waiting(2, last=1)]) == ()


def test_the_only_possible_partner_being_the_last_opponent_leaves_one_waiting():
    # 1 and 2 just played; 3 can take only one of them.
    pairs = pair_waiting([waiting(1, 5, last=2), waiting(2, 4, last=1), waiting(3, 4)])
    assert partners(pairs) == {frozenset((2, 3))}


def test_the_odd_one_out_is_the_newest_arrival():
    pairs = pair_waiting(
        [waiting(1, since=5), waiting(2, since=1), waiting(3, since=9), waiting(4, since=2), waiting(5)]
    )
    assert {pair.a for pair in pairs} | {pair.b for pair in pairs} == {1, 2, 4, 5}


def test_the_odd_one_out_by_score():
    # 10 and 9 meet; 2 is far from both and waits.
    assert partners(pair_waiting([waiting(1, 10), waiting(2, 2), waiting(3, 9)])) == {frozenset((1, 3))}


def test_nobody_or_one_player_waiting():
    assert pair_waiting([]) == ()
    assert pair_waiting([waiting(1)]) == ()


def test_seat_a_goes_to_who_had_it_less():
    assert seated(waiting(1, a_seats=3, b_seats=1), waiting(2, a_seats=1, b_seats=2)) == Pair(2, 1)
    assert seated(waiting(1, a_seats=1, b_seats=2), waiting(2, a_seats=3, b_seats=1)) == Pair(1, 2)
    # Equal balance: fewer A seats, then the lower rated, then the lower id.
    assert seated(waiting(1, a_seats=2, b_seats=2), waiting(2, a_seats=1, b_seats=1)) == Pair(2, 1)
    assert seated(waiting(1, rating=1700), waiting(2, rating=1600)) == Pair(2, 1)
    assert seated(waiting(8), waiting(3)) == Pair(3, 8)


def test_pairing_seats_by_balance():
    pairs = pair_waiting([waiting(1, 10, a_seats=4, b_seats=2), waiting(2, 10, a_seats=2, b_seats=4)])
    assert pairs == (Pair(2, 1),)


def test_duplicates_and_a_reach_below_one_are_refused():
    with pytest.raises(ValueError, match="twice"):
        pair_waiting([waiting(1), waiting(1)])
    with pytest.raises(ValueError, match="reach"):
        pair_waiting([waiting(1), waiting(2)], reach=0)


def test_a_thousand_waiting_players_are_all_paired():
    """(How fast is the bench's to say, not a test's: the machines are shared.)"""
    line = [
        waiting(player, (player * 7) % 41, 1000 + (player * 13) % 1500, player % 30, (player + 1) % 1000)
        for player in range(1000)
    ]
    pairs = pair_waiting(line)
    assert len(pairs) == 500
    by_id = {player.player: player for player in line}
    assert all(may_meet(by_id[pair.a], by_id[pair.b]) for pair in pairs)


# ---------------------------------------------------------- pairing property

REACH = 3


def line_order(players: list[Waiting]) -> list[Waiting]:
    return sorted(players, key=lambda p: (-p.score, -p.rating, p.since, p.player))


def most_pairs(players: list[Waiting], reach: int | None) -> int:
    """The most pairs by brute force, of players at most ``reach`` apart in the line (any, when None)."""
    line = line_order(players)

    def best(left: tuple[int, ...]) -> int:
        if len(left) < 2:
            return 0
        first, rest = left[0], left[1:]
        found = best(rest)
        for other in rest:
            if (reach is None or other - first <= reach) and may_meet(line[first], line[other]):
                found = max(found, 1 + best(tuple(index for index in rest if index != other)))
        return found

    return best(tuple(range(len(line))))


@st.composite
def waiting_players(draw: st.DrawFn, mutual: bool) -> list[Waiting]:
    count = draw(st.integers(0, 9))
    ids = draw(st.permutations(range(count)))
    last: dict[int, int] = {}
    if mutual:  # the usual case: two players who just met each other
        for x, y in zip(ids[0::2], ids[1::2], strict=False):
            if draw(st.booleans()):
                last[x], last[y] = y, x
    else:
        for player in ids:
            opponent = draw(st.none() | st.integers(0, max(count - 1, 0)))
            if opponent is not None and opponent != player:
                last[player] = opponent
    return [
        waiting(player, draw(st.integers(0, 4)), draw(st.integers(0, 2)), draw(st.integers(0, 3)), last.get(player))
        for player in ids
    ]


@settings(max_examples=300, deadline=None)
@given(waiting_players(mutual=False))
def test_pairing_properties(players: list[Waiting]):
    pairs = pair_waiting(players, reach=REACH)
    seats = [pair.a for pair in pairs] + [pair.b for pair in pairs]
    assert len(seats) == len(set(seats)), "someone is in two games"
    by_id = {player.player: player for player in players}
    assert all(may_meet(by_id[pair.a], by_id[pair.b]) for pair in pairs), "last opponents met again"
    position = {player.player: index for index, player in enumerate(line_order(players))}
    assert all(abs(position[pair.a] - position[pair.b]) <= REACH for pair in pairs)
    assert len(pairs) == most_pairs(players, REACH)


@settings(max_examples=300, deadline=None)
@given(waiting_players(mutual=True))
def test_with_mutual_last_opponents_the_reach_loses_no_pair(players: list[Waiting]):
    assert len(pair_waiting(players)) == most_pairs(players, None)


# ------------------------------------------------------------- team battles


def test_a_team_scores_its_best_players():
    rows = standings(
        [
            entry(1, [W, W, W], team=10),  # 8
            entry(2, [W], team=10),  # 2
            entry(3, [D], team=10),  # 1, beyond the top two
            entry(4, [W, W], team=20),  # 4
            entry(5, [W, D], team=20),  # 3
            entry(6, [W, W, W, W], team=None),  # 12, no team
        ]
    )
    table = team_standings(rows, top=2)
    assert [(team.rank, team.team, team.score, team.leaders) for team in table] == [
        (1, 10, 10, (1, 2)),
        (2, 20, 7, (4, 5)),
    ]


def test_equal_teams_share_a_rank_and_empty_teams_score_nothing():
    rows = standings([entry(1, [W], team=3), entry(2, [W], team=1), entry(3, [D, D], team=2), entry(4, [L], team=4)])
    table = team_standings(rows, top=1, teams=[1, 2, 3, 4, 5])
    assert [(team.rank, team.team, team.score) for team in table] == [
        (1, 1, 2),
        (1, 2, 2),
        (1, 3, 2),
        (4, 4, 0),
        (4, 5, 0),
    ]
    assert table[-1].leaders == ()


def test_team_top_must_be_positive():
    with pytest.raises(ValueError, match="top"):
        team_standings([], top=0)
