"""Scoring duplicate events: everyone plays the same deals and is compared
with the others who held the same stones, so the luck of the deal cancels.

Two event shapes use it.  In a *duplicate daylong* every entrant plays the
same deals, from the same seat, against the solver; each result is scored
in matchpoints against the field (``score_event``, ``totals``,
``standings``, ``traveller``) and in points against the deal's exact par.
In a *head-to-head duplicate match* two people play each deal twice with
the seats swapped (``match_score``).

Signs: a result is the deal's points from the entrant's seat, the way the
solver signs a value (docs/rules.md sections 1.9, 3.1 and 3.2): ``+s`` for a
deal won by ``s`` points, ``-s`` for a deal lost by ``s``, ``0`` for a draw;
in ``partnership`` the points of the seat's team (section 4.4).  The par is
the same number under perfect play (``par_for``); this module takes it as input
and only ``par_for``, ``best_line`` and ``deal_points`` ask the solver anything.

Pure Python over the ``solver`` package: no Django.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from solver import Position, analyse
from solver import deal as solver_deal

HALF = Fraction(1, 2)  # the share of the top a lone result scores


# ----------------------------------------------------------------- the deals


@dataclass(frozen=True, slots=True, order=True)
class Deal:
    """One deal of an event: the solver's seeded deal ``seed`` of ``variant``
    (docs/rules.md section 4.9), the same stones for every entrant."""

    seed: int
    variant: str = "lewicki"

    def start(self) -> Position:
        """The deal's opening position."""
        return solver_deal(self.seed, self.variant)

    def __str__(self) -> str:
        return f"{self.variant} #{self.seed}"


def _team_sign(position: Position, seat: str) -> int:
    """+1 when ``seat`` is on the team of the side to move, else -1: a value
    is seen from the side to move (docs/rules.md section 3.2)."""
    return 1 if position.variant.same_team(seat, position.side) else -1


def par_for(position: Position, seat: str) -> int:
    """The exact value of ``position`` for ``seat``: the points ``seat`` ends
    the deal with when both sides play perfectly.  ``analyse(position).value``
    is seen from the side to move, so it is turned round for the other side."""
    return _team_sign(position, seat) * analyse(position).value


def deal_points(end: Position, seat: str) -> int:
    """The points of a finished deal for ``seat``: what an entrant's result is
    (docs/rules.md section 1.9).  ``ValueError`` while the deal goes on."""
    value = end.final_value()
    if value is None:
        raise ValueError(f"the deal is not over: {end}")
    return _team_sign(end, seat) * value


def best_line(position: Position | str, engine: str = "core") -> tuple[str, ...]:
    """One optimal line from ``position`` to the end of the deal, in the
    solver's notation (docs/rules.md section 2.5): the analysis's main line,
    the first best move at each step."""
    return tuple(str(move) for move in analyse(position, engine).pv)


# ----------------------------------------------------- matchpoints of a deal


def matchpoints(points: Sequence[int]) -> list[int]:
    """The matchpoints of each result on one deal, in the order given: 2 for
    every other result it beats and 1 for every one it ties (the bridge
    convention, so the top is ``2 * (len(points) - 1)``)."""
    counts = Counter(points)
    below: dict[int, int] = {}
    seen = 0
    for value in sorted(counts):
        below[value] = seen
        seen += counts[value]
    return [2 * below[value] + counts[value] - 1 for value in points]


def share(marks: int, top: int) -> Fraction:
    """Matchpoints ``marks`` as a fraction of the top.  A lone result (top 0) has
    nobody to be compared with and takes the average, 1/2, as bridge does."""
    return Fraction(marks, top) if top else HALF


def _percent(fraction: Fraction) -> float:
    return float(100 * fraction)


@dataclass(frozen=True, slots=True)
class Entry:
    """One result: ``points`` is the deal's points from ``entrant``'s seat."""

    entrant: str
    deal: Deal
    points: int


@dataclass(frozen=True, slots=True)
class Scored:
    """A result scored: its matchpoints out of ``top`` and its points
    against the deal's par (``points - par``: 0 is perfect play, below 0
    the points given away; above 0 when the solver's level let some in)."""

    entrant: str
    deal: Deal
    points: int
    matchpoints: int
    top: int
    vs_par: int

    @property
    def share(self) -> Fraction:
        return share(self.matchpoints, self.top)

    @property
    def percent(self) -> float:
        return _percent(self.share)


def _by_deal(entries: Iterable[Entry]) -> dict[Deal, list[Entry]]:
    """The entries grouped by deal; an entrant with two results on one deal is refused."""
    grouped: dict[Deal, list[Entry]] = defaultdict(list)
    seen: set[tuple[str, Deal]] = set()
    for entry in entries:
        key = (entry.entrant, entry.deal)
        if key in seen:
            raise ValueError(f"{entry.entrant} has two results on {entry.deal}")
        seen.add(key)
        grouped[entry.deal].append(entry)
    return grouped


def score_deal(entries: Sequence[Entry], par: int) -> list[Scored]:
    """Every result on one deal scored against the others on it, best first
    (ties by entrant).  ``par`` is the deal's exact value from the seat the
    entrants played."""
    marks = matchpoints([entry.points for entry in entries])
    top = 2 * (len(entries) - 1)
    scored = [
        Scored(entry.entrant, entry.deal, entry.points, mark, top, entry.points - par)
        for entry, mark in zip(entries, marks, strict=True)
    ]
    return sorted(scored, key=lambda s: (-s.points, s.entrant))


def score_event(entries: Iterable[Entry], pars: Mapping[Deal, int]) -> list[Scored]:
    """Every result of a daylong scored, deal by deal (deals in ``pars``
    order, each best first).  An entrant who did not play a deal simply has
    no result on it: the field of a deal is whoever played it.  A result on
    a deal without a par raises ``ValueError``."""
    grouped = _by_deal(entries)
    unknown = [deal for deal in grouped if deal not in pars]
    if unknown:
        raise ValueError(f"no par for {', '.join(map(str, sorted(unknown)))}")
    return [scored for deal, par in pars.items() for scored in score_deal(grouped.get(deal, []), par)]


# ------------------------------------------------------ totals and standings


@dataclass(frozen=True, slots=True)
class Total:
    """An entrant's event score over the ``deals`` they played: the sum of
    their matchpoints (out of the sum of their tops), the mean of their
    percentages (``share``, exact; a missed deal counts neither way) and the
    sum of their points against par."""

    entrant: str
    deals: int
    matchpoints: int
    top: int
    share: Fraction
    vs_par: int

    @property
    def percent(self) -> float:
        return _percent(self.share)


def totals(scored: Iterable[Scored]) -> list[Total]:
    """Each entrant's event score, by entrant."""
    results: dict[str, list[Scored]] = defaultdict(list)
    for one in scored:
        results[one.entrant].append(one)
    return [
        Total(
            entrant,
            len(mine),
            sum(s.matchpoints for s in mine),
            sum(s.top for s in mine),
            sum((s.share for s in mine), Fraction(0)) / len(mine),
            sum(s.vs_par for s in mine),
        )
        for entrant, mine in sorted(results.items())
    ]


@dataclass(frozen=True, slots=True)
class Standing:
    """A place in the standings: entrants tied exactly share a rank."""

    rank: int
    total: Total


def _order(total: Total) -> tuple[int, int, Fraction]:
    """What the standings compare, larger first."""
    return (total.matchpoints, total.vs_par, total.share)


def standings(event: Iterable[Total]) -> list[Standing]:
    """The daylong's standings: by total matchpoints, then total points
    against par, then mean percentage.  Entrants equal on all three share a
    rank (1, 1, 3: competition ranking) and are listed by name."""
    ranked = sorted(event, key=lambda t: (tuple(-x for x in _order(t)), t.entrant))
    places: list[Standing] = []
    for index, total in enumerate(ranked):
        tied = bool(places) and _order(places[-1].total) == _order(total)
        places.append(Standing(places[-1].rank if tied else index + 1, total))
    return places


# --------------------------------------------------------------- traveller


@dataclass(frozen=True, slots=True)
class Traveller:
    """Everything played on one deal, as bridge's travelling score slip
    shows it: the results best first, the par and one line that reaches it."""

    deal: Deal
    par: int
    line: tuple[str, ...]
    results: tuple[Scored, ...]


def traveller(deal: Deal, scored: Iterable[Scored], par: int, line: Sequence[str]) -> Traveller:
    """The traveller of ``deal`` from an event's scored results (the other
    deals' are left out).  ``line`` is an optimal line, e.g. ``best_line(deal.start())``."""
    mine = sorted((s for s in scored if s.deal == deal), key=lambda s: (-s.points, s.entrant))
    return Traveller(deal, par, tuple(line), tuple(mine))


# ------------------------------------------------------- head-to-head match


@dataclass(frozen=True, slots=True)
class Game:
    """One game of a head-to-head match: ``a`` sat ``A``, ``b`` sat ``B``,
    and ``points`` is the deal's points from ``A``'s side."""

    deal: Deal
    a: str
    b: str
    points: int


@dataclass(frozen=True, slots=True)
class DealNet:
    """One deal of a head-to-head match, from player 1's side: the points
    they made sitting ``A`` and sitting ``B``, and ``net``, their sum.  The
    game is zero-sum, so player 2's total on the deal is ``-net`` (player 1's
    total minus player 2's would be ``2 * net``: the same sign, half the
    scale kept so that ``net`` is in the deal's own points).  The two pars
    cancel (``par`` from ``A`` is minus ``par`` from ``B``), so ``net`` is
    also player 1's points against par on the deal."""

    deal: Deal
    as_a: int
    as_b: int

    @property
    def net(self) -> int:
        return self.as_a + self.as_b


@dataclass(frozen=True, slots=True)
class MatchScore:
    """A head-to-head duplicate match from player 1's side: the deals played
    both ways, how many player 1 won (``net > 0``), drew and lost, and the
    sum of the nets.  ``pending`` holds the deals of which only one game is
    in yet: they count for nobody until the second is."""

    player1: str
    player2: str
    deals: tuple[DealNet, ...]
    pending: tuple[Deal, ...]

    @property
    def won(self) -> int:
        return sum(1 for d in self.deals if d.net > 0)

    @property
    def drawn(self) -> int:
        return sum(1 for d in self.deals if d.net == 0)

    @property
    def lost(self) -> int:
        return sum(1 for d in self.deals if d.net < 0)

    @property
    def points(self) -> int:
        return sum(d.net for d in self.deals)


def _seat_points(game: Game, player1: str, player2: str) -> tuple[str, int]:
    """``("A", points)`` or ``("B", points)``: player 1's seat and points in ``game``."""
    if (game.a, game.b) == (player1, player2):
        return "A", game.points
    if (game.a, game.b) == (player2, player1):
        return "B", -game.points
    raise ValueError(f"{game.a} against {game.b} on {game.deal} is not a game of {player1} against {player2}")


def match_score(player1: str, player2: str, games: Iterable[Game]) -> MatchScore:
    """Score the match between ``player1`` and ``player2``: each deal's two
    games (one with each player at ``A``) are summed from player 1's side.
    Deals keep the order of their first game; a seat played twice on one deal
    raises ``ValueError``."""
    if player1 == player2:
        raise ValueError(f"{player1} cannot play a match against themselves")
    seats: dict[Deal, dict[str, int]] = {}
    for game in games:
        seat, points = _seat_points(game, player1, player2)
        played = seats.setdefault(game.deal, {})
        if seat in played:
            raise ValueError(f"{player1} sat {seat} twice on {game.deal}")
        played[seat] = points
    done = tuple(DealNet(deal, s["A"], s["B"]) for deal, s in seats.items() if len(s) == 2)
    pending = tuple(deal for deal, s in seats.items() if len(s) < 2)
    return MatchScore(player1, player2, done, pending)
