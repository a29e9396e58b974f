"""The rules of an arena tournament: points with a winning streak, the
standings, the pairing of the players waiting for a game, and team battles.

An arena lasts a fixed time; players join and leave whenever they like, and
one whose game has ended waits a few seconds to be paired again.  Everything
here is a pure function of plain values (no Django, no clock, no database), so
the site's services decide when to call it and what to keep.

Conventions
-----------
* Points, as on Lichess: a win 2, a draw 1, a loss 0.  Two wins in a row put a
  player *on fire*: from the next game on every game's points are doubled
  (a win 4, a draw 2, a loss 0) until a game that is not a win, which still
  scores double but puts the fire out.
* An aborted game (over before each player has moved twice, or never played)
  scores 0, is not counted as played, and neither breaks nor extends a streak:
  the player's run of wins is what it was before it.
* Standings: the higher score first; then fewer games played (the same score
  from fewer games is the better rate: the nearest we have to Lichess's
  performance tie-break without the opponents' ratings); then the higher
  rating; then the earlier join.  Rows equal on all four share a rank
  (1, 2, 2, 4); the list shows them by player id.
* The podium is the rows ranked 1 to 3 (more than three when ranks are
  shared) among players who played at least one game.
* Team battles: a team's score is the sum of its best ``top`` players' scores;
  equal team scores share a rank.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime

PlayerId = int
TeamId = int


class Result(enum.StrEnum):
    """How one game ended for one player."""

    WIN = "win"
    DRAW = "draw"
    LOSS = "loss"
    ABORTED = "aborted"


BASE_POINTS: Mapping[Result, int] = {Result.WIN: 2, Result.DRAW: 1, Result.LOSS: 0, Result.ABORTED: 0}
WINS_TO_CATCH_FIRE = 2
FIRE_FACTOR = 2
PODIUM_RANKS = 3
PAIRING_REACH = 3


# ------------------------------------------------------------------- points


@dataclass(frozen=True)
class GamePoints:
    """One game's points; ``on_fire`` says the player went into it on fire,
    so that a win or a draw in it scored double."""

    result: Result
    points: int
    on_fire: bool


@dataclass(frozen=True)
class Score:
    """A player's score sheet: each game's points in order, their total, the
    games played (aborted ones left out) and whether the player is on fire now
    (so that their next game counts double)."""

    games: tuple[GamePoints, ...]
    total: int
    played: int
    on_fire: bool


def score(results: Iterable[Result]) -> Score:
    """Score a player's results, given in the order the games ended."""
    games: list[GamePoints] = []
    wins_in_a_row = 0
    for result in results:
        on_fire = wins_in_a_row >= WINS_TO_CATCH_FIRE
        factor = FIRE_FACTOR if on_fire else 1
        games.append(GamePoints(result, BASE_POINTS[result] * factor, on_fire))
        if result is Result.WIN:
            wins_in_a_row += 1
        elif result is not Result.ABORTED:
            wins_in_a_row = 0
    return Score(
        games=tuple(games),
        total=sum(game.points for game in games),
        played=sum(1 for game in games if game.result is not Result.ABORTED),
        on_fire=wins_in_a_row >= WINS_TO_CATCH_FIRE,
    )


# ---------------------------------------------------------------- standings


@dataclass(frozen=True)
class Entry:
    """A player in the arena: their results in order, their rating when they
    joined, when they joined, and their team in a team battle."""

    player: PlayerId
    results: tuple[Result, ...]
    rating: int
    joined: datetime
    team: TeamId | None = None


@dataclass(frozen=True)
class Standing:
    """One row of the standings: the player's shared rank and score sheet."""

    rank: int
    entry: Entry
    sheet: Score

    @property
    def player(self) -> PlayerId:
        return self.entry.player

    @property
    def team(self) -> TeamId | None:
        return self.entry.team

    @property
    def score(self) -> int:
        return self.sheet.total

    @property
    def played(self) -> int:
        return self.sheet.played

    @property
    def on_fire(self) -> bool:
        return self.sheet.on_fire


def competition_ranks(keys: Sequence[object]) -> list[int]:
    """The ranks of already ordered keys, equal neighbours sharing the better
    rank and the next one skipping as many places (1, 2, 2, 4)."""
    ranks: list[int] = []
    for index, key in enumerate(keys):
        ranks.append(ranks[-1] if index and key == keys[index - 1] else index + 1)
    return ranks


def _order_key(entry: Entry, sheet: Score) -> tuple[int, int, int, datetime]:
    return (-sheet.total, sheet.played, -entry.rating, entry.joined)


def _no_repeats(players: Iterable[PlayerId]) -> None:
    seen: set[PlayerId] = set()
    for player in players:
        if player in seen:
            raise ValueError(f"player {player} is listed twice")
        seen.add(player)


def standings(entries: Iterable[Entry]) -> tuple[Standing, ...]:
    """Rank the players (see the conventions above), best first."""
    entries = list(entries)
    _no_repeats(entry.player for entry in entries)
    scored = [(entry, score(entry.results)) for entry in entries]
    scored.sort(key=lambda pair: (_order_key(*pair), pair[0].player))
    ranks = competition_ranks([_order_key(entry, sheet) for entry, sheet in scored])
    return tuple(Standing(rank, entry, sheet) for rank, (entry, sheet) in zip(ranks, scored, strict=True))


def podium(rows: Iterable[Standing]) -> tuple[Standing, ...]:
    """The rows ranked 1 to 3 of players who played at least one game, in the
    order given (the standings' order)."""
    return tuple(row for row in rows if row.rank <= PODIUM_RANKS and row.played > 0)


# ------------------------------------------------------------------ pairing


@dataclass(frozen=True)
class Waiting:
    """A player waiting for a game: their arena score and rating (the pairing
    order), since when they wait, whom they last played, how often they
    have had each seat (A moves first, an advantage to share out) and whom
    they must never meet (``avoid``: one of the two blocked the other)."""

    player: PlayerId
    score: int
    rating: int
    since: datetime
    last_opponent: PlayerId | None = None
    a_seats: int = 0
    b_seats: int = 0
    avoid: frozenset[PlayerId] = frozenset()


@dataclass(frozen=True)
class Pair:
    """A game to start: ``a`` moves first."""

    a: PlayerId
    b: PlayerId


# What the pairing minimises, compared in this order: minus the pairs made,
# the sum of the squared score gaps within pairs, the cost of whom it leaves
# waiting (see _leave_out_costs), and the sum of the squared distances between
# partners in the line.  Squares make two small gaps better than one large one
# (10-8 and 9-7 rather than 10-7 and 9-8 when 10-9 and 8-7 may not meet),
# which plain sums would tie.
_Cost = tuple[int, int, int, int]
_NOTHING: _Cost = (0, 0, 0, 0)


def _add(x: _Cost, y: _Cost) -> _Cost:
    return (x[0] + y[0], x[1] + y[1], x[2] + y[2], x[3] + y[3])


def _line_key(player: Waiting) -> tuple[int, int, datetime, PlayerId]:
    return (-player.score, -player.rating, player.since, player.player)


def may_meet(x: Waiting, y: Waiting) -> bool:
    """Whether two waiting players may be paired: neither last played the
    other, and neither must avoid the other."""
    return (
        x.player != y.player
        and x.last_opponent != y.player
        and y.last_opponent != x.player
        and y.player not in x.avoid
        and x.player not in y.avoid
    )


def _leave_out_costs(line: Sequence[Waiting]) -> list[int]:
    """What leaving each player waiting costs: the longer they have waited the
    more (the longest waiter n, the newest 1), so that among pairings equal in
    pairs and score gaps the players who came last are the ones who wait."""
    by_patience = sorted(range(len(line)), key=lambda index: (line[index].since, line[index].player))
    costs = [0] * len(line)
    for order, index in enumerate(by_patience):
        costs[index] = len(line) - order
    return costs


def _step(
    line: Sequence[Waiting], i: int, mask: int, after: Sequence[_Cost], leave_cost: int, reach: int
) -> tuple[_Cost, int]:
    """The best choice for the player at ``i`` when ``mask`` marks which of
    the players at i, i+1, ... already have a partner: 0 to leave them (or
    pass them, already paired), k to pair them with the player at i+k."""
    if mask & 1:
        return after[mask >> 1], 0
    best, choice = _add(after[mask >> 1], (0, 0, leave_cost, 0)), 0
    for k in range(1, min(reach, len(line) - 1 - i) + 1):
        if mask >> k & 1 or not may_meet(line[i], line[i + k]):
            continue
        pairing = (-1, (line[i].score - line[i + k].score) ** 2, 0, k * k)
        candidate = _add(after[(mask | 1 << k) >> 1], pairing)
        if candidate < best:
            best, choice = candidate, k
    return best, choice


def _best_partners(line: Sequence[Waiting], reach: int) -> list[tuple[int, int]]:
    """The best pairs (see _Cost) of positions in the line at most ``reach``
    apart, by dynamic programming from its end: a state is a position and
    which of the next ``reach`` players are already taken."""
    states = 1 << reach
    leave_costs = _leave_out_costs(line)
    after: list[_Cost] = [_NOTHING] * states
    choices: list[list[int]] = [[]] * len(line)
    for i in range(len(line) - 1, -1, -1):
        steps = [_step(line, i, mask, after, leave_costs[i], reach) for mask in range(states)]
        after = [cost for cost, _ in steps]
        choices[i] = [choice for _, choice in steps]
    pairs: list[tuple[int, int]] = []
    mask = 0
    for i in range(len(line)):
        k = choices[i][mask]
        if k:
            pairs.append((i, i + k))
            mask |= 1 << k
        mask >>= 1
    return pairs


def _seat_key(player: Waiting) -> tuple[int, int, int, PlayerId]:
    return (player.a_seats - player.b_seats, player.a_seats, player.rating, player.player)


def seated(x: Waiting, y: Waiting) -> Pair:
    """Seat two players: A to the one with the lower balance of A seats minus
    B seats, then fewer A seats, then the lower rated (the first move makes up a
    little), then the lower player id."""
    first, second = sorted((x, y), key=_seat_key)
    return Pair(first.player, second.player)


def pair_waiting(waiting: Iterable[Waiting], reach: int = PAIRING_REACH) -> tuple[Pair, ...]:
    """Pair the players waiting now, top of the table first.

    The players stand in a line by score, then rating (higher first), then how
    long they have waited, and a player may only meet one at most ``reach``
    places away who is not their last opponent nor one they must avoid.  Among such pairings this
    makes the most pairs, then keeps the score gaps within pairs smallest (by
    their squares), then leaves the newest arrivals waiting, then keeps
    partners nearest in the line: a dynamic programme over the line in O(n * reach * 2**reach) after
    the O(n log n) sort.  Anyone it leaves out (an odd player, or one whose
    only possible partners are their last opponents) waits for the next call.
    A small reach keeps partners near; it may leave out a player a far one
    could have met, who is then paired a few seconds later.
    """
    if reach < 1:
        raise ValueError("reach must be at least 1")
    line = sorted(waiting, key=_line_key)
    _no_repeats(player.player for player in line)
    return tuple(seated(line[i], line[j]) for i, j in _best_partners(line, reach))


# ------------------------------------------------------------- team battles


@dataclass(frozen=True)
class TeamStanding:
    """A team's row: its shared rank, its score and the players whose scores
    made it, best first."""

    rank: int
    team: TeamId
    score: int
    leaders: tuple[PlayerId, ...]


def team_standings(rows: Iterable[Standing], top: int, teams: Iterable[TeamId] = ()) -> tuple[TeamStanding, ...]:
    """Rank the teams by the sum of their best ``top`` players' scores, equal
    sums sharing a rank (listed by team id).  ``rows`` are the players'
    standings (those without a team are ignored); ``teams`` adds teams with
    nobody in the arena yet, which score 0."""
    if top < 1:
        raise ValueError("top must be at least 1")
    members: dict[TeamId, list[Standing]] = {team: [] for team in teams}
    for row in sorted(rows, key=lambda row: (row.rank, row.player)):
        if row.team is not None:
            members.setdefault(row.team, []).append(row)
    totals = sorted(
        ((team, sum(row.score for row in group[:top]), tuple(row.player for row in group[:top])))
        for team, group in members.items()
    )
    totals.sort(key=lambda total: -total[1])
    ranks = competition_ranks([total[1] for total in totals])
    return tuple(
        TeamStanding(rank, team, points, leaders) for rank, (team, points, leaders) in zip(ranks, totals, strict=True)
    )
