"""The rules of a Swiss tournament of open domino: pairing a round, the bye,
and the standings with their tie-breaks.  Pure Python (no database), so that
the rules can be tested and timed on their own.

Conventions, the same in every event:

* Seats: seat ``"A"`` moves first, an advantage like white in chess, so seats
  are balanced the way colours are: a player who has had ``A`` more often gets
  ``B``, and nobody gets the same seat three times running when it can be
  avoided (that comes before the imbalance when two claims clash).  In
  round 1 the better-ranked player of a pair has ``A`` on boards 1, 3, 5...
* Pairing: nobody meets the same opponent twice, nor a player they must
  not meet (``Entrant.avoid``: one of the two blocked the other), hard rules
  both: with no such pairing :class:`NoPairing` is raised and the event
  should end.  Then, in
  order of priority: everyone is paired; as many pairs as possible are of
  equal score (so the lone players of two odd score groups meet each other
  rather than pull someone out of a group between them that pairs within
  itself); the other pairs are as close in score as possible; seats are
  balanced; within a score group the top half meets the bottom half (the
  Dutch system's order: score, then rating, then the smaller id).
* Bye: with an odd number of active players, the lowest-ranked (lowest score,
  then lowest rating, then the larger id) of those who have had no bye yet
  sits out, provided the others can still be paired.  A bye is worth a win
  (1 point, as on Lichess), gives no seat and no opponent, and nobody gets two.
* Withdrawal: a withdrawn player is simply left out of the active players of
  the later rounds.  Their games stay in the results: their opponents keep the
  points, and the withdrawn player's final score (at withdrawal) counts in
  those opponents' tie-breaks.
* Tie-breaks: Buchholz is the sum of the final scores of the opponents
  actually played (a bye adds nothing); Sonneborn-Berger is the sum of the
  final scores of the opponents beaten plus half those of the opponents drawn.
  The standings rank by score, Buchholz, Sonneborn-Berger, then rating; players
  equal on all four share a rank (1, 2, 2, 4).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations, islice
from typing import Literal

import networkx as nx

Seat = Literal["A", "B"]
SEATS: tuple[Seat, Seat] = ("A", "B")
BYE_POINTS = 1.0
RESULT_POINTS = (0.0, 0.5, 1.0)
DEFAULT_REACH = 8
"""How many not-yet-met neighbours in the score order each player is first
connected to; doubled until everyone is paired (the whole graph past
``4 * reach`` players is too slow for the matching in Python)."""


class SwissError(ValueError):
    """Input the Swiss rules cannot work with."""


class InvalidEntrant(SwissError):
    """A player given for pairing is malformed, repeated or unknown."""


class InvalidResult(SwissError):
    """A game or a round's result is malformed."""


class NoPairing(SwissError):
    """No pairing of the active players avoids meeting an opponent twice (or
    giving someone a second bye): the event cannot go on."""


def _check_score(value: float, what: str) -> None:
    if value < 0 or (value * 2) != int(value * 2):
        raise InvalidEntrant(f"{what} must be a non-negative multiple of 0.5, not {value!r}")


@dataclass(frozen=True)
class Entrant:
    """A player as the pairing of the next round sees them: their id, rating,
    score so far, the ids of the opponents met, their seats in the order of
    the games played (a bye has none), whether they have had a bye and the
    ids of the players they must not meet (as if met: either says so for both)."""

    id: int
    rating: float
    score: float = 0.0
    opponents: frozenset[int] = frozenset()
    seats: tuple[Seat, ...] = ()
    had_bye: bool = False
    avoid: frozenset[int] = frozenset()

    def __post_init__(self) -> None:
        _check_score(self.score, f"the score of player {self.id!r}")
        if self.id in self.opponents:
            raise InvalidEntrant(f"player {self.id!r} is among their own opponents {sorted(self.opponents)!r}")
        if any(seat not in SEATS for seat in self.seats):
            raise InvalidEntrant(f"the seats of player {self.id!r} must be 'A' or 'B', not {self.seats!r}")


@dataclass(frozen=True)
class Pairing:
    """A round's pairing: ``(seat A, seat B)`` player ids in board order (the
    best-placed pair first), and the player with the bye, if any."""

    pairs: tuple[tuple[int, int], ...]
    bye: int | None = None


@dataclass(frozen=True)
class Game:
    """A game played: the players in seat A and seat B and seat A's points
    (1 a win, 0.5 a draw, 0 a loss)."""

    a: int
    b: int
    a_points: float

    def __post_init__(self) -> None:
        if self.a == self.b:
            raise InvalidResult(f"player {self.a!r} cannot play themselves")
        if self.a_points not in RESULT_POINTS:
            raise InvalidResult(f"seat A's points must be 1, 0.5 or 0, not {self.a_points!r}")

    @property
    def b_points(self) -> float:
        return 1.0 - self.a_points


@dataclass(frozen=True)
class RoundResult:
    """A round played: its games and the player who had the bye, if any."""

    games: tuple[Game, ...]
    bye: int | None = None

    def __post_init__(self) -> None:
        seen = [player for game in self.games for player in (game.a, game.b)]
        if self.bye is not None:
            seen.append(self.bye)
        twice = sorted({player for player in seen if seen.count(player) > 1})
        if twice:
            raise InvalidResult(f"players {twice!r} appear more than once in the round")


@dataclass(frozen=True)
class Standing:
    """A line of the standings; ``rank`` is shared by players equal on score,
    Buchholz, Sonneborn-Berger and rating."""

    rank: int
    player: int
    score: float
    buchholz: float
    sonneborn_berger: float
    rating: float


# ------------------------------------------------------------------ pairing


@dataclass(frozen=True)
class _Preference:
    """A player's claim to a seat: the seat (None: no claim), its strength
    (4 after the same seat twice running, 3 after an imbalance of two or
    more, 2 after an imbalance of one, 1 to alternate, 0 none) and the seat
    imbalance behind it."""

    seat: Seat | None
    strength: int
    imbalance: int


def _other(seat: Seat) -> Seat:
    return "B" if seat == "A" else "A"


def _preference(seats: tuple[Seat, ...]) -> _Preference:
    """The claim of a player who has had ``seats``: a third seat running is
    the thing avoided first, then a growing imbalance, then not alternating."""
    imbalance = seats.count("A") - seats.count("B")
    if len(seats) >= 2 and seats[-1] == seats[-2]:
        return _Preference(_other(seats[-1]), 4, abs(imbalance))
    if imbalance:
        return _Preference("B" if imbalance > 0 else "A", min(3, 1 + abs(imbalance)), abs(imbalance))
    if seats:
        return _Preference(_other(seats[-1]), 1, 0)
    return _Preference(None, 0, 0)


class _Field:
    """The players to pair, ranked, with what the edge weights need: score
    groups, seat preferences and the sizes of the weights' tiers.

    The weight of a pair is one integer whose tiers never overflow into each
    other: equal score (counted over the whole pairing) outweighs any sum of
    score differences, which outweighs any sum of seat costs, which outweighs
    any sum of the top-half-against-bottom-half deviations."""

    def __init__(self, ranked: Sequence[Entrant]) -> None:
        self.ranked = ranked
        self.halves = [round(p.score * 2) for p in ranked]
        self.prefs = [_preference(p.seats) for p in ranked]
        self.group_start: list[int] = []
        self.group_size: dict[int, int] = {}
        for i, halves in enumerate(self.halves):
            start = i if i == 0 or halves != self.halves[i - 1] else self.group_start[i - 1]
            self.group_start.append(start)
            self.group_size[start] = self.group_size.get(start, 0) + 1
        n = len(ranked)
        pairs = n // 2 + 1
        self.absolute = 3 * pairs + 1  # a third seat running outweighs all lesser seat costs
        self.w_seat = pairs * n + 1
        self.w_diff = self.w_seat * (pairs * self.absolute + 1)
        self.max_diff = (max(self.halves, default=0) - min(self.halves, default=0)) ** 2
        self.w_equal = self.w_diff * (pairs * self.max_diff + 1)
        # Whom each may not meet: the opponents met, and the players either of the two must not meet.
        shunned: dict[int, set[int]] = {}
        for p in ranked:
            for other in p.avoid:
                shunned.setdefault(other, set()).add(p.id)
        self.forbidden = [p.opponents | p.avoid | shunned.get(p.id, set()) for p in ranked]

    def met(self, i: int, j: int) -> bool:
        """Whether ranked players ``i`` and ``j`` may not be paired (met before, or to avoid)."""
        return self.ranked[j].id in self.forbidden[i]

    def seat_cost(self, i: int, seat: Seat) -> int:
        pref = self.prefs[i]
        if pref.seat is None or pref.seat == seat:
            return 0
        return self.absolute if pref.strength == 4 else pref.strength

    def pair_seat_cost(self, i: int, j: int) -> int:
        return min(
            self.seat_cost(i, "A") + self.seat_cost(j, "B"),
            self.seat_cost(j, "A") + self.seat_cost(i, "B"),
        )

    def weight(self, i: int, j: int) -> int:
        """The weight of pairing ranked players ``i < j`` (never negative)."""
        n = len(self.ranked)
        diff = (self.halves[i] - self.halves[j]) ** 2
        weight = self.w_diff * (self.max_diff - diff) + self.w_seat * (self.absolute - self.pair_seat_cost(i, j))
        if diff == 0:
            start = self.group_start[i]
            deviation = abs((j - i) - self.group_size[start] // 2)
            weight += self.w_equal + n - deviation
        return weight

    def seated(self, i: int, j: int, board: int) -> tuple[int, int]:
        """Who of ``i < j`` sits in A: the cheaper seating; on a tie the
        stronger claim (larger imbalance, then the higher rank); with no
        claim at all, the higher rank takes A on even boards, B on odd ones."""
        a_first = self.seat_cost(i, "A") + self.seat_cost(j, "B")
        b_first = self.seat_cost(j, "A") + self.seat_cost(i, "B")
        if a_first == b_first:
            pi, pj = self.prefs[i], self.prefs[j]
            if pi.seat is None and pj.seat is None:
                return (i, j) if board % 2 == 0 else (j, i)
            claimant, other = (j, i) if pj.imbalance > pi.imbalance else (i, j)
            return (claimant, other) if self.prefs[claimant].seat == "A" else (other, claimant)
        return (i, j) if a_first < b_first else (j, i)


def _ranked(players: Iterable[Entrant]) -> list[Entrant]:
    """The players in pairing order: score, then rating, highest first, then the smaller id."""
    ranked = sorted(players, key=lambda p: (-p.score, -p.rating, p.id))
    ids = [p.id for p in ranked]
    twice = sorted({i for i in ids if ids.count(i) > 1}) if len(set(ids)) != len(ids) else []
    if twice:
        raise InvalidEntrant(f"players {twice!r} are given more than once")
    return ranked


def _nearest(field: _Field, i: int, order: Iterable[int], reach: int) -> list[int]:
    """The first ``reach`` players of ``order`` that ``i`` has not met."""
    return list(islice((j for j in order if j != i and not field.met(i, j)), reach))


def _candidate_edges(field: _Field, lo: int, hi: int, reach: int) -> set[tuple[int, int]]:
    """The pairs among ranked players ``lo`` to ``hi - 1`` worth weighing: all
    of them in a small range; else each player's nearest unmet players in the
    score order, the unmet players around their Dutch partner (the same place
    in the other half of their score group), and the bottom of every score
    group against the top of every lower one (so that lone players of two
    score groups can meet across a group that pairs within itself)."""
    if hi - lo <= 4 * reach:
        return {(i, j) for i, j in combinations(range(lo, hi), 2) if not field.met(i, j)}
    edges: set[tuple[int, int]] = set()
    for i in range(lo, hi):
        edges.update((i, j) for j in _nearest(field, i, range(i + 1, hi), reach))
        start, size = field.group_start[i], field.group_size[field.group_start[i]]
        mirror = start + (i - start + size // 2) % size
        window = range(max(start, mirror - reach), min(start + size, mirror + reach + 1))
        edges.update((min(i, j), max(i, j)) for j in _nearest(field, i, window, 2 * reach + 1))
    starts = [start for start in sorted(field.group_size) if lo <= start < hi]
    for upper, lower in combinations(starts, 2):
        end, stop = upper + field.group_size[upper], lower + field.group_size[lower]
        for i in range(max(upper, end - reach), end):
            edges.update((i, j) for j in _nearest(field, i, range(lower, stop), reach))
        for j in range(lower, min(stop, lower + reach)):
            edges.update((i, j) for i in _nearest(field, j, range(end - 1, upper - 1, -1), reach))
    return edges


def _matching(field: _Field, edges: Iterable[tuple[int, int]], *, most_pairs: bool = True) -> set[tuple[int, int]]:
    """The maximum-weight matching (among those with the most pairs, if
    ``most_pairs``), as ranked index pairs ``(i < j)``."""
    graph = nx.Graph()
    graph.add_weighted_edges_from((i, j, field.weight(i, j)) for i, j in edges)
    return {(min(i, j), max(i, j)) for i, j in nx.max_weight_matching(graph, maxcardinality=most_pairs)}


def _widening(field: _Field, lo: int, hi: int, reach: int) -> set[tuple[int, int]]:
    """The matching of ranked players ``lo`` to ``hi - 1``, its candidates
    widened (``reach`` doubling) until it pairs everyone or takes in every pair."""
    while True:
        matched = _matching(field, _candidate_edges(field, lo, hi, reach))
        if 2 * len(matched) == hi - lo or hi - lo <= 4 * reach:
            return matched
        reach *= 2


def _group_step(field: _Field, carried: Sequence[int], start: int, reach: int) -> set[tuple[int, int]]:
    """The score group at ``start`` paired, with the players ``carried`` down
    from the groups above: its own pairs first (the weights put equal scores
    first), a carried player taking the one member it would leave over.  Its
    candidates widen until at most one member is left over."""
    stop = start + field.group_size[start]
    while True:
        edges = _candidate_edges(field, start, stop, reach)
        edges.update(
            (min(i, j), max(i, j))
            for i in carried
            for j in (*carried, *range(start, stop))
            if i != j and not field.met(i, j)
        )
        matched = _matching(field, edges, most_pairs=False)
        left = stop - start - sum(1 for pair in matched for i in pair if i >= start)
        if left <= 1 or stop - start <= 4 * reach:
            return matched
        reach *= 2


def _by_groups(field: _Field, reach: int) -> set[tuple[int, int]] | None:
    """The score groups paired one after another from the top, each player
    left over carried down to the next; None if someone is left at the
    bottom.  Each group keeps as many equal-score pairs as it can, and a lone
    player meets the nearest lone player below whom they have not met, as
    in one matching of the whole field, but far faster: the matching's time
    grows much faster than the number of players."""
    matched: set[tuple[int, int]] = set()
    carried: list[int] = []
    for start in sorted(field.group_size):
        pairs = _group_step(field, carried, start, reach)
        paired = {i for pair in pairs for i in pair}
        matched |= pairs
        carried = [i for i in (*carried, *range(start, start + field.group_size[start])) if i not in paired]
    return None if carried else matched


def _someone_has_met_everyone(field: _Field) -> bool:
    n = len(field.ranked)
    return any(all(field.met(i, j) for j in range(n) if j != i) for i in range(n))


def _pair_all(ranked: Sequence[Entrant], reach: int) -> tuple[tuple[int, int], ...] | None:
    """Every player paired as well as the weights say, in board order as
    ``(seat A id, seat B id)``; None if no pairing avoids a repeat.  Score
    groups are paired one by one first; the whole field is matched at once
    only when the players they leave over cannot all be paired."""
    field = _Field(ranked)
    n = len(ranked)
    if n > 1 and _someone_has_met_everyone(field):
        return None
    matched = _by_groups(field, reach)
    if matched is None:
        matched = _widening(field, 0, n, reach)
        if 2 * len(matched) != n:
            return None
    return tuple(
        (ranked[a].id, ranked[b].id)
        for board, (i, j) in enumerate(sorted(matched))
        for a, b in [field.seated(i, j, board)]
    )


def pair_round(players: Iterable[Entrant], *, reach: int = DEFAULT_REACH) -> Pairing:
    """Pair the next round of the active ``players`` (see the module's
    conventions).  ``reach`` is how many neighbours in the score order each
    player is first weighed against in a large field.  Raises
    :class:`NoPairing` when every pairing would repeat an opponent or give
    someone a second bye, :class:`InvalidEntrant` for a repeated id."""
    if reach < 1:
        raise ValueError(f"reach must be at least 1, not {reach!r}")
    ranked = _ranked(players)
    if len(ranked) % 2 == 0:
        pairs = _pair_all(ranked, reach)
        if pairs is None:
            raise NoPairing(f"players {sorted(p.id for p in ranked)!r} cannot all be paired without a repeat")
        return Pairing(pairs)
    for candidate in reversed(ranked):
        if candidate.had_bye:
            continue
        pairs = _pair_all([p for p in ranked if p is not candidate], reach)
        if pairs is not None:
            return Pairing(pairs, candidate.id)
    raise NoPairing(f"no bye lets players {sorted(p.id for p in ranked)!r} be paired without a repeat or a second bye")


# ----------------------------------------------------------------- results


@dataclass
class _Record:
    points: float = 0.0
    byes: int = 0


def _tally(
    rounds: Sequence[RoundResult],
) -> tuple[dict[int, _Record], dict[int, list[tuple[int, float]]], dict[int, list[Seat]]]:
    """Each player's points and byes, games (opponent, own points) and seats, in round order."""
    records: dict[int, _Record] = {}
    games: dict[int, list[tuple[int, float]]] = {}
    seats: dict[int, list[Seat]] = {}
    for played in rounds:
        for game in played.games:
            sides: tuple[tuple[int, int, float, Seat], ...] = (
                (game.a, game.b, game.a_points, "A"),
                (game.b, game.a, game.b_points, "B"),
            )
            for player, opponent, points, seat in sides:
                records.setdefault(player, _Record()).points += points
                games.setdefault(player, []).append((opponent, points))
                seats.setdefault(player, []).append(seat)
        if played.bye is not None:
            record = records.setdefault(played.bye, _Record())
            record.points += BYE_POINTS
            record.byes += 1
    return records, games, seats


def entrants_after(
    rounds: Sequence[RoundResult],
    ratings: Mapping[int, float],
    active: Iterable[int],
    avoid: Mapping[int, frozenset[int]] | None = None,
) -> list[Entrant]:
    """The ``active`` players as the next round's pairing sees them, from the
    results of the rounds played so far; ``ratings`` holds every player's,
    ``avoid`` whom each must not meet."""
    records, games, seats = _tally(rounds)
    entrants = []
    for player in active:
        if player not in ratings:
            raise InvalidEntrant(f"player {player!r} has no rating")
        record = records.get(player, _Record())
        entrants.append(
            Entrant(
                id=player,
                rating=ratings[player],
                score=record.points,
                opponents=frozenset(opponent for opponent, _ in games.get(player, [])),
                seats=tuple(seats.get(player, [])),
                had_bye=record.byes > 0,
                avoid=(avoid or {}).get(player, frozenset()),
            )
        )
    return entrants


def standings(rounds: Sequence[RoundResult], ratings: Mapping[int, float]) -> list[Standing]:
    """Every player of ``ratings`` (withdrawn ones too) ranked after ``rounds``:
    score, Buchholz, Sonneborn-Berger, rating; equals share a rank."""
    records, games, _ = _tally(rounds)
    unknown = sorted(set(records) - set(ratings))
    if unknown:
        raise InvalidResult(f"players {unknown!r} played but have no rating")
    final = {player: records.get(player, _Record()).points for player in ratings}
    lines = []
    for player, rating in ratings.items():
        played = games.get(player, [])
        buchholz = sum(final[opponent] for opponent, _ in played)
        berger = sum(final[opponent] * points for opponent, points in played)
        lines.append((final[player], buchholz, berger, rating, player))
    lines.sort(key=lambda line: (-line[0], -line[1], -line[2], -line[3], line[4]))
    table: list[Standing] = []
    for place, (score, buchholz, berger, rating, player) in enumerate(lines, start=1):
        rank = place
        if table and lines[place - 2][:4] == (score, buchholz, berger, rating):
            rank = table[-1].rank  # equal on everything: the rank above, shared
        table.append(Standing(rank, player, score, buchholz, berger, rating))
    return table
