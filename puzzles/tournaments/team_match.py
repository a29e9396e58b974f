"""Scoring a duplicate team match (docs/tournaments.md): two teams of N
players sit at N tables, one player of each team at each, and every deal is
played at every table.  At odd tables the first team holds seat A, at even
tables seat B (bridge's teams-of-four: the same deal's two halves, the seats
swapped), so with an even N each deal is played as often each way.

A deal's *net* for a team is the sum over its tables of the team's points
there less the deal's par from the team's seat there (its exact value,
``duplicate.par_for``).  With as many tables each way the pars cancel and
the net is plainly the team's points won less its points lost on the deal;
with an odd N the one table more one way is measured against par, so a deal
good for one seat favours nobody.  The two teams' nets are opposite (the
game is zero-sum).  A team's score is the sum of its nets; a team wins a
deal whose net is above zero, and the match when its score is.

Pure Python: no Django."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

SEATS = ("A", "B")


def first_team_seat(table: int) -> str:
    """The seat the first team holds at ``table`` (from 1): A at odd tables, B at even."""
    return "A" if table % 2 == 1 else "B"


def team_points(points_a: int, par_a: int, table: int) -> tuple[int, int]:
    """One table's result on a deal for each team, against par: ``points_a``
    and ``par_a`` are the deal's points and par from seat A (positive: A won)."""
    against = points_a - par_a
    first = against if first_team_seat(table) == "A" else -against
    return first, -first


@dataclass(frozen=True, slots=True)
class DealResult:
    """One deal played at every table: seat A's points at each table (by table
    number) and the deal's par from seat A."""

    number: int
    par_a: int
    points_a: Mapping[int, int]

    @property
    def net(self) -> tuple[int, int]:
        """Each team's net on the deal."""
        first = sum(team_points(points, self.par_a, table)[0] for table, points in self.points_a.items())
        return first, -first


@dataclass(frozen=True, slots=True)
class Score:
    """The match so far: each team's score and the deals each won (the deals counted: ``deals``)."""

    score: tuple[int, int]
    won: tuple[int, int]
    deals: int


def match_score(deals: Iterable[DealResult]) -> Score:
    """Sum the nets of the deals played at every table."""
    first = won_first = won_second = count = 0
    for deal in deals:
        net = deal.net[0]
        first += net
        won_first += net > 0
        won_second += net < 0
        count += 1
    return Score((first, -first), (won_first, won_second), count)
