"""The Swiss rules (``puzzles.tournaments.swiss``) checked against the rules
themselves: a scripted 6-round event of 16 players (one withdraws after
round 3, so byes follow) is checked after every round by brute force on the
small field, and its final standings against a recomputation written here."""

from __future__ import annotations

from fractions import Fraction
from functools import cache

import pytest

from puzzles.tournaments import swiss
from puzzles.tournaments.swiss import Entrant, Game, NoPairing, RoundResult

# Ratings 1960, 1927, 1894, ... all distinct, player 1 the strongest.
RATINGS = {player: float(2000 - 33 * player - (player % 2)) for player in range(1, 17)}
WITHDRAWN, LAST_ROUND = 5, 3  # player 5 leaves after round 3


def scripted_points(number: int, a: int, b: int) -> float:
    """Seat A's points: the higher rating wins, but a fixed rule on the round
    and the ids makes about one game in ten a draw and one an upset."""
    rule = (7 * a + 13 * b + 5 * number) % 10
    if rule == 0:
        return 0.5
    stronger_wins = 1.0 if RATINGS[a] > RATINGS[b] else 0.0
    return 1.0 - stronger_wins if rule == 1 else stronger_wins


class Ledger:
    """The event as the test keeps it, apart from the module: a list of
    ``(round, seat A, seat B, seat A's points)`` rows and the byes by round."""

    def __init__(self) -> None:
        self.rows: list[tuple[int, int, int, Fraction]] = []
        self.byes: dict[int, int] = {}

    def points(self, player: int) -> Fraction:
        won = sum((p if a == player else 1 - p) for _, a, b, p in self.rows if player in (a, b))
        return Fraction(won) + sum(1 for bye in self.byes.values() if bye == player)

    def met(self, x: int, y: int) -> bool:
        return any({a, b} == {x, y} for _, a, b, _ in self.rows)

    def seats(self, player: int) -> list[str]:
        return ["A" if a == player else "B" for _, a, b, _ in sorted(self.rows) if player in (a, b)]


Profile = tuple[int, int, int]


@cache
def best_profile(players: frozenset[int], scores: tuple, met: frozenset, lasts: tuple) -> Profile | None:
    """The best of every repeat-free pairing of all ``players`` by the
    pairing's priorities, by trying every partner of the smallest id: the
    most equal-score pairs, then the least sum of squared score gaps (in half
    points), then the fewest forced third seats running (both players had
    the same seat twice running, the same one); None if there is no pairing."""
    if not players:
        return (0, 0, 0)
    first = min(players)
    score, last = dict(scores), dict(lasts)
    best = None
    for other in players - {first}:
        if frozenset((first, other)) in met:
            continue
        rest = best_profile(players - {first, other}, scores, met, lasts)
        if rest is not None:
            gap = int(2 * (score[first] - score[other])) ** 2
            third = last[first] in ("AA", "BB") and last[first] == last[other]
            candidate = (rest[0] + (gap == 0), rest[1] - gap, rest[2] - third)
            best = candidate if best is None else max(best, candidate)
    return best


def check_round(ledger: Ledger, number: int, active: list[int], pairing: swiss.Pairing) -> None:
    """The round's pairing against the rules, each checked by brute force."""
    scores = {player: ledger.points(player) for player in active}
    met = frozenset(frozenset((a, b)) for _, a, b, _ in ledger.rows)
    table = tuple(sorted(scores.items()))
    lasts = tuple((player, "".join(ledger.seats(player)[-2:])) for player in sorted(active))

    def profile(players: frozenset[int]) -> Profile | None:
        return best_profile(players, table, met, lasts)

    paired = [player for pair in pairing.pairs for player in pair]
    assert sorted(paired + ([pairing.bye] if pairing.bye else [])) == sorted(active)
    assert not any(frozenset(pair) in met for pair in pairing.pairs), "a repeat"

    if len(active) % 2:
        assert pairing.bye not in ledger.byes.values(), "a second bye"
        eligible = sorted((p for p in active if p not in ledger.byes.values()), key=lambda p: (scores[p], RATINGS[p]))
        expected = next(p for p in eligible if profile(frozenset(active) - {p}) is not None)
        assert pairing.bye == expected, f"round {number}: the bye went to {pairing.bye}, not {expected}"
    else:
        assert pairing.bye is None

    # Equal scores first, then the smallest gaps, then no third seat running unless forced.
    field = frozenset(paired)
    gaps = [int(2 * (scores[a] - scores[b])) ** 2 for a, b in pairing.pairs]
    thirds = [
        (a, b) for a, b in pairing.pairs if ledger.seats(a)[-2:] == ["A", "A"] or ledger.seats(b)[-2:] == ["B", "B"]
    ]
    assert (gaps.count(0), -sum(gaps), -len(thirds)) == profile(field), f"round {number}: a better pairing exists"
    for score in set(scores[p] for p in field):
        group = frozenset(p for p in field if scores[p] == score)
        within, others = profile(group), profile(field - group)
        if within is not None and within[0] == len(group) / 2 and others is not None:
            mixed = [pair for pair in pairing.pairs if len(group & set(pair)) == 1]
            assert not mixed, f"round {number}: score group {score} could pair within itself: {mixed}"
    for a, b in thirds:  # forced: the opponent had the other seat twice running
        assert ledger.seats(a)[-2:] == ledger.seats(b)[-2:], (number, a, b)


def play_event() -> tuple[Ledger, list[RoundResult], list[swiss.Pairing]]:
    ledger = Ledger()
    rounds: list[RoundResult] = []
    pairings = []
    for number in range(1, 7):
        active = [p for p in RATINGS if p != WITHDRAWN or number <= LAST_ROUND]
        entrants = swiss.entrants_after(rounds, RATINGS, active)
        for entrant in entrants:
            assert entrant.score == ledger.points(entrant.id)
            assert list(entrant.seats) == ledger.seats(entrant.id)
            assert entrant.had_bye == (entrant.id in ledger.byes.values())
        pairing = swiss.pair_round(entrants)
        check_round(ledger, number, active, pairing)
        games = tuple(Game(a, b, scripted_points(number, a, b)) for a, b in pairing.pairs)
        ledger.rows.extend((number, g.a, g.b, Fraction(g.a_points)) for g in games)
        if pairing.bye is not None:
            ledger.byes[number] = pairing.bye
        rounds.append(RoundResult(games, pairing.bye))
        pairings.append(pairing)
    return ledger, rounds, pairings


def test_the_scripted_event_follows_the_rules_round_by_round():
    ledger, _, pairings = play_event()
    # Round 1: one score group, the top half against the bottom half (1-9,
    # 2-10, ...), the higher-ranked in seat A on odd boards, in B on even ones.
    assert pairings[0].pairs == ((1, 9), (10, 2), (3, 11), (12, 4), (5, 13), (14, 6), (7, 15), (16, 8))
    assert [p.bye is None for p in pairings] == [True, True, True, False, False, False]
    assert len(set(ledger.byes.values())) == 3
    assert all(WITHDRAWN not in (a, b) for number, a, b, _ in ledger.rows if number > LAST_ROUND)
    assert sum(p == Fraction(1, 2) for *_, p in ledger.rows) >= 2, "the script has draws"
    for player in RATINGS:
        seats = "".join(ledger.seats(player))
        # An imbalance of two can be forced (two winners of round 1 who both had A meet in round 2).
        assert abs(seats.count("A") - seats.count("B")) <= 2, (player, seats)


def recount(ledger: Ledger) -> dict[int, tuple[Fraction, Fraction, Fraction]]:
    """Score, Buchholz and Sonneborn-Berger from a crosstable: per player, per
    round, the opponent (None for a bye or no game) and the points."""
    cross: dict[int, dict[int, tuple[int | None, Fraction]]] = {p: {} for p in RATINGS}
    for number, a, b, p in ledger.rows:
        cross[a][number] = (b, p)
        cross[b][number] = (a, 1 - p)
    for number, player in ledger.byes.items():
        cross[player][number] = (None, Fraction(1))
    final = {p: sum((points for _, points in cross[p].values()), Fraction(0)) for p in RATINGS}
    out = {}
    for player, line in cross.items():
        opponents = [(o, pts) for o, pts in line.values() if o is not None]
        buchholz = sum((final[o] for o, _ in opponents), Fraction(0))
        berger = sum((final[o] * pts for o, pts in opponents), Fraction(0))
        out[player] = (final[player], buchholz, berger)
    return out


def test_the_scripted_events_standings_match_a_recount():
    ledger, rounds, _ = play_event()
    table = swiss.standings(rounds, RATINGS)
    expected = recount(ledger)
    assert sorted(line.player for line in table) == sorted(RATINGS)
    for line in table:
        assert (line.score, line.buchholz, line.sonneborn_berger) == expected[line.player], line
    keys = [(-line.score, -line.buchholz, -line.sonneborn_berger, -line.rating) for line in table]
    assert keys == sorted(keys)
    assert [line.rank for line in table] == list(range(1, 17))  # no two players equal on everything

    # By hand, from the event's games: each opponent's final score in
    # brackets, W/D/L the player's result; Buchholz sums the brackets (a bye
    # adds nothing), Sonneborn-Berger sums the brackets of wins and half of
    # those of draws.
    #
    #  player  r1        r2        r3         r4        r5        r6        score  Buchholz               SB
    #  1       W 9(2.5)  W 10(3)   W 5(2)     W 3(5)    W 7(3)    D 11(4)   5.5    2.5+3+2+5+3+4 = 19.5   15.5 + 2 = 17.5
    #  3       W 11(4)   W 12(2)   W 7(3)     L 1(5.5)  W 16(2.5) W 4(3)    5      4+2+3+5.5+2.5+3 = 20   20 - 5.5 = 14.5
    #  11      L 3(5)    W 4(3)    D 16(2.5)  W 14(2.5) W 9(2.5)  D 1(5.5)  4      21                     3+1.25+2.5+2.5+2.75 = 12
    #  5       W 13(2)   W 14(2.5) L 1(5.5)   (withdrawn)                   2      10                     4.5
    #  8       L 16(2.5) L 15(2)   L 4(3)     bye       W 6(2)    W 12(2)   3      2.5+2+3+2+2 = 11.5     4
    #  6       L 14(2.5) L 13(2)   L 2(4)     W 12(2)   L 8(3)    bye       2      13.5                   2
    #  14      W 6(2)    L 5(2)    D 9(2.5)   L 11(4)   L 13(2)   W 16(2.5) 2.5    15                     2 + 1.25 + 2.5 = 5.75
    by_hand = {
        1: (5.5, 19.5, 17.5),
        3: (5.0, 20.0, 14.5),
        11: (4.0, 21.0, 12.0),
        5: (2.0, 10.0, 4.5),
        8: (3.0, 11.5, 4.0),
        6: (2.0, 13.5, 2.0),
        14: (2.5, 15.0, 5.75),
    }
    lines = {line.player: line for line in table}
    for player, values in by_hand.items():
        assert (lines[player].score, lines[player].buchholz, lines[player].sonneborn_berger) == values, player
    # 11 and 2 both have 4 points: Buchholz 21 against 14.5 puts 11 first.
    assert [line.player for line in table[:4]] == [1, 3, 11, 2]


# ------------------------------------------------------------- edge cases


def test_two_players_meet_once():
    first = swiss.pair_round([Entrant(1, 1500.0), Entrant(2, 1600.0)])
    assert first == swiss.Pairing(((2, 1),), None)
    rounds = [RoundResult((Game(2, 1, 1.0),))]
    with pytest.raises(NoPairing):
        swiss.pair_round(swiss.entrants_after(rounds, {1: 1500.0, 2: 1600.0}, [1, 2]))


def test_three_players_take_turns_with_the_bye_then_cannot_go_on():
    ratings = {1: 1700.0, 2: 1600.0, 3: 1500.0}
    rounds: list[RoundResult] = []
    byes = []
    for _ in range(3):
        pairing = swiss.pair_round(swiss.entrants_after(rounds, ratings, ratings))
        byes.append(pairing.bye)
        rounds.append(RoundResult(tuple(Game(a, b, 1.0) for a, b in pairing.pairs), pairing.bye))
    # Round 1: the lowest rating; round 2: 1 and 3 both have 1 point, 2 has 0
    # but met 1 already, so the lowest-ranked who leaves a pairing (2 then 1).
    assert byes[0] == 3
    assert sorted(byes) == [1, 2, 3]
    with pytest.raises(NoPairing, match="second bye"):
        swiss.pair_round(swiss.entrants_after(rounds, ratings, ratings))
    assert {frozenset((g.a, g.b)) for played in rounds for g in played.games} == {
        frozenset(pair) for pair in ((1, 2), (1, 3), (2, 3))
    }
    assert sum(line.score for line in swiss.standings(rounds, ratings)) == 6.0  # three games, three byes


def test_a_bye_is_a_win_and_adds_nothing_to_buchholz():
    ratings = {1: 1500.0, 2: 1400.0, 3: 1300.0}
    rounds = [RoundResult((Game(1, 2, 0.5),), bye=3)]
    table = {line.player: line for line in swiss.standings(rounds, ratings)}
    assert table[3].score == 1.0
    assert table[3].buchholz == 0.0
    assert table[1].buchholz == 0.5
    assert table[1].sonneborn_berger == 0.25


def test_all_draws_share_the_score_and_the_rating_breaks_the_tie():
    ratings = {1: 1500.0, 2: 1500.0, 3: 1500.0, 4: 1400.0}
    rounds: list[RoundResult] = []
    for _ in range(3):
        pairing = swiss.pair_round(swiss.entrants_after(rounds, ratings, ratings))
        assert pairing.bye is None
        assert len(pairing.pairs) == 2
        rounds.append(RoundResult(tuple(Game(a, b, 0.5) for a, b in pairing.pairs)))
    table = swiss.standings(rounds, ratings)
    # Everyone met everyone: 1.5 points each, Buchholz 3 x 1.5, SB 3 x 0.75.
    assert [(line.score, line.buchholz, line.sonneborn_berger) for line in table] == [(1.5, 4.5, 2.25)] * 4
    assert [(line.player, line.rank) for line in table] == [(1, 1), (2, 1), (3, 1), (4, 4)]
    with pytest.raises(NoPairing):
        swiss.pair_round(swiss.entrants_after(rounds, ratings, ratings))


def test_shared_ranks_skip_the_places_they_take():
    ratings = {1: 1500.0, 2: 1500.0, 3: 1500.0, 4: 1500.0}
    rounds = [RoundResult((Game(1, 2, 1.0), Game(3, 4, 1.0))), RoundResult((Game(1, 3, 1.0), Game(2, 4, 1.0)))]
    table = swiss.standings(rounds, ratings)
    # 1: 2 pts; 2 and 3: 1 pt, Buchholz 2 + 0 (2 met 1 and 4; 3 met 4 and 1), SB 0; 4: 0 pts.
    assert [(line.rank, line.player, line.score) for line in table] == [
        (1, 1, 2.0),
        (2, 2, 1.0),
        (2, 3, 1.0),
        (4, 4, 0.0),
    ]


def test_a_player_with_a_bye_who_withdraws_still_counts_for_their_opponents():
    ratings = {1: 1800.0, 2: 1700.0, 3: 1600.0, 4: 1500.0, 5: 1400.0}
    first = swiss.pair_round(swiss.entrants_after([], ratings, ratings))
    assert first.bye == 5
    rounds = [RoundResult(tuple(Game(a, b, 1.0) for a, b in first.pairs), first.bye)]
    second = swiss.pair_round(swiss.entrants_after(rounds, ratings, ratings))
    assert second.bye not in (None, 5)
    rounds.append(RoundResult(tuple(Game(a, b, 1.0) for a, b in second.pairs), second.bye))
    opponent_of_5 = next(a if b == 5 else b for a, b in second.pairs if 5 in (a, b))
    # 5 withdraws: round 3 pairs the four others, with no bye.
    third = swiss.pair_round(swiss.entrants_after(rounds, ratings, [1, 2, 3, 4]))
    assert third.bye is None
    assert all(5 not in pair for pair in third.pairs)
    rounds.append(RoundResult(tuple(Game(a, b, 0.5) for a, b in third.pairs)))
    table = {line.player: line for line in swiss.standings(rounds, ratings)}
    seat_a_won = next(a for a, b in second.pairs if 5 in (a, b)) == 5  # every game so far: seat A won
    assert table[5].score == 1.0 + (1.0 if seat_a_won else 0.0)  # the bye, then the one game
    assert table[5].buchholz == table[opponent_of_5].score  # the bye adds nothing
    assert table[5].sonneborn_berger == (table[opponent_of_5].score if seat_a_won else 0.0)
    # 5's final score counts in the opponent's Buchholz like anyone's.
    others = [
        next(g.b if g.a == opponent_of_5 else g.a for g in r.games if opponent_of_5 in (g.a, g.b)) for r in rounds[::2]
    ]
    assert table[opponent_of_5].buchholz == table[5].score + sum(table[o].score for o in others)


def test_no_pairing_without_a_repeat_raises():
    met = {1: {2, 3}, 2: {1, 4}, 3: {1, 4}, 4: {2, 3}}
    players = [Entrant(p, 1500.0, 1.0, frozenset(opponents), ("A", "B")) for p, opponents in met.items()]
    # 1 can only meet 4, which leaves 2 and 3, who have not met either: possible.
    assert sorted(map(sorted, swiss.pair_round(players).pairs)) == [[1, 4], [2, 3]]
    # 1, 2 and 3 have each met 4, 5 and 6 (nobody has met everyone): three
    # players would have to pair among themselves.
    blocked = [Entrant(p, 1500.0, 1.5, frozenset({4, 5, 6} if p < 4 else {1, 2, 3})) for p in range(1, 7)]
    with pytest.raises(NoPairing, match=r"\[1, 2, 3, 4, 5, 6\]"):
        swiss.pair_round(blocked)


def test_floaters_who_met_are_paired_by_the_whole_field_matching():
    # 1 (2 points) has met 3 and 4: the group of 1 point must leave 2 to 1.
    players = [
        Entrant(1, 1500.0, 2.0, frozenset({3, 4})),
        Entrant(2, 1500.0, 1.0),
        Entrant(3, 1600.0, 1.0, frozenset({1})),
        Entrant(4, 1400.0, 1.0, frozenset({1})),
    ]
    assert sorted(map(sorted, swiss.pair_round(players).pairs)) == [[1, 2], [3, 4]]
    # The same with a wider group and a narrow reach: the whole field's candidates are weighed.
    wider = [
        Entrant(1, 1500.0, 2.0, frozenset({3, 4, 5, 6})),
        *(Entrant(p, 1500.0 + 10 * p, 1.0, frozenset({1} if p > 2 else set())) for p in range(2, 7)),
    ]
    pairs = swiss.pair_round(wider, reach=1).pairs
    assert [1, 2] in [sorted(pair) for pair in pairs]
    assert len(pairs) == 3


def test_a_narrow_reach_widens_until_everyone_is_paired():
    ratings = {p: 2000.0 - 10 * p for p in range(1, 41)}
    rounds: list[RoundResult] = []
    seen: set[frozenset[int]] = set()
    for number in range(1, 6):
        pairing = swiss.pair_round(swiss.entrants_after(rounds, ratings, ratings), reach=1)
        assert len(pairing.pairs) == 20
        assert pairing.bye is None
        pairs = {frozenset(pair) for pair in pairing.pairs}
        assert not pairs & seen
        seen |= pairs
        games = tuple(Game(a, b, 0.5 if (a + b + number) % 5 == 0 else float(a < b)) for a, b in pairing.pairs)
        rounds.append(RoundResult(games))


def test_bad_input_is_refused_with_the_value_quoted():
    with pytest.raises(swiss.InvalidEntrant, match="0.3"):
        Entrant(1, 1500.0, 0.3)
    with pytest.raises(swiss.InvalidEntrant, match="'C'"):
        Entrant(1, 1500.0, seats=("A", "C"))  # type: ignore[arg-type]
    with pytest.raises(swiss.InvalidEntrant, match=r"\[2\]"):
        swiss.pair_round([Entrant(2, 1500.0), Entrant(2, 1400.0)])
    with pytest.raises(swiss.InvalidResult, match="0.25"):
        Game(1, 2, 0.25)
    with pytest.raises(swiss.InvalidResult, match=r"\[2\]"):
        RoundResult((Game(1, 2, 1.0), Game(2, 3, 0.0)))
    with pytest.raises(swiss.InvalidEntrant, match="9"):
        swiss.entrants_after([], {1: 1500.0}, [1, 9])
    with pytest.raises(swiss.InvalidResult, match=r"\[7\]"):
        swiss.standings([RoundResult((Game(1, 7, 1.0),))], {1: 1500.0})
    with pytest.raises(ValueError, match="0"):
        swiss.pair_round([], reach=0)
    assert issubclass(NoPairing, ValueError)
