"""What of games between people is withheld from the solver's view while
they are played: the checks this app registers with ``core.fairness``.

- ``positions_refusal``: a position that could come from the deal of a game
  between people in progress, whoever asks (``from_deals``): each hand a
  part of one seat's hand at that deal's start, whatever order its columns
  or slots are written in, the seats called or the variant named.  A
  position of many stones may also be one stone off (``TOLERANCE``): a stone
  the game has played put back in a hand, in place of one still there, is a
  position whose best move is most often the live one's.
- ``seated_refusal``: a player who holds a seat in a live game between
  people (one on a clock) gets no solver view of any position until it is
  over: no spelling, no near position and no practice game can reach what
  their own game shows, and a live game is minutes long.  A correspondence
  game, days long, withholds its own deal only.

Endgames with few stones in hand are never withheld: any deal may come to
them, and their play is plain to see."""

from __future__ import annotations

import contextlib
from collections import Counter
from typing import Any

from django.utils.translation import gettext as _

from puzzles.core import fairness
from puzzles.core.queries import Prepared
from solver import DominoError, Position

from .models import Game, GameSeat

# A position with fewer stones in hand than this is too common to be told
# apart from the games in progress (and its play is plain to see): in rows
# (a stone's place in them is part of the position), and in hands whose
# stones all lie open (only the stones themselves tell the deal).
FAIRNESS_MIN_STONES_ROWS = 4
FAIRNESS_MIN_STONES_OPEN = 8
# From this many stones in hand, a position one entry off a live deal (a
# stone in a hand that its seat did not hold there, or not in that place)
# is withheld too.
TOLERANCE, TOLERANT_FROM = 1, 8
_BACK = "back"
_owners: dict[str, dict[Any, str]] = {}


def _entries(hand: Any) -> set[Any]:
    """A hand's stones as the fairness check compares them, whatever order
    its columns or slots are written in: in rows a front stone with the back
    stone it covers and a back stone as such (a stone in the other row, or
    over another stone, is another position), in an open hand the stones
    alone."""
    if hand.is_rows:
        fronts = {(front, back) for front, back in zip(hand.front, hand.back, strict=True) if front is not None}
        return fronts | {(back, _BACK) for back in hand.back if back is not None}
    return {(stone, None) for stone in hand.stones()}


def _stone_owners(start: str) -> dict[Any, str]:
    """Which seat held each stone at the start of a deal (remembered: starts do not change)."""
    found = _owners.get(start)
    if found is None:
        position = Position.parse(start)
        found = {entry: seat for seat in position.seats for entry in _entries(position.hand_of(seat))}
        if len(_owners) > 2000:
            _owners.clear()
        _owners[start] = found
    return found


# The stones of sets of deals (those in progress, today's daily deal):
# stone -> {(start, seat)}, for the few sets asked for last.
_indexes: dict[frozenset[str], dict[Any, set[tuple[str, str]]]] = {}


def _stone_index(starts: frozenset[str]) -> dict[Any, set[tuple[str, str]]]:
    """Where each stone lay at the start of each of the deals ``starts`` (kept while they are asked for)."""
    index = _indexes.get(starts)
    if index is None:
        index = {}
        for start in starts:
            for stone, seat in _stone_owners(start).items():
                index.setdefault(stone, set()).add((start, seat))
        if len(_indexes) >= 4:
            _indexes.clear()
        _indexes[starts] = index
    return index


def _misses(hands: list[set[Any]], owners: dict[Any, str]) -> int:
    """How many entries keep the hands from each being a part of a different
    seat's hand at the deal's start: each hand is given the seat that held
    most of it."""
    misses, seats = 0, []
    for hand in hands:
        held = Counter(owners.get(entry) for entry in hand)
        held.pop(None, None)
        seat, count = held.most_common(1)[0] if held else (None, 0)
        misses += len(hand) - count
        seats.append(seat)
    return misses if len(seats) == len(set(seats)) else len(owners)


def _tolerance(hands: list[set[Any]]) -> int:
    return TOLERANCE if sum(map(len, hands)) >= TOLERANT_FROM else 0


def _comparable(texts: list[str]) -> list[list[set[Any]]]:
    """The hands of each of ``texts`` that parses and holds enough stones to
    be told from the endgames any deal may come to."""
    parsed = []
    for text in texts:
        try:
            position = Position.parse(text)
        except DominoError:
            continue
        hands = [h for h in (_entries(position.hand_of(seat)) for seat in position.seats) if h]
        rows = position.hand_of(position.seats[0]).is_rows
        if sum(map(len, hands)) >= (FAIRNESS_MIN_STONES_ROWS if rows else FAIRNESS_MIN_STONES_OPEN):
            parsed.append(hands)
    return parsed


def from_deals(texts: list[str], starts: frozenset[str]) -> bool:
    """Whether one of ``texts`` could come from one of the deals ``starts``
    (or, with many stones in hand, is one entry off such a position).  The
    deals' stones are indexed, so that a position is compared with the few
    deals that hold its first hand, but for the tolerated entry."""
    return _any_from_deals(_comparable(texts), starts)


def _any_from_deals(parsed: list[list[set[Any]]], starts: frozenset[str]) -> bool:
    """``from_deals`` of positions read by ``_comparable``."""
    if not parsed or not starts:
        return False
    index = _stone_index(starts)
    for hands in parsed:
        tolerance = _tolerance(hands)
        first = hands[0]
        held = Counter(start for entry in first for start in {start for start, _seat in index.get(entry, ())})
        candidates = [start for start, count in held.items() if count >= len(first) - tolerance]
        if any(_misses(hands, _stone_owners(start)) <= tolerance for start in candidates):
            return True
    return False


def positions_refusal(texts: list[str]) -> str | None:
    """``core.fairness``'s check: a position that could come from a game
    between people in progress is not to be analysed until the game is over
    (``from_deals``)."""
    parsed = _comparable(texts)
    if not parsed:
        return None
    starts = frozenset(start for (start,) in _LIVE_STARTS.rows(Game.Kind.PEOPLE.value, Game.Status.OVER.value))
    if _any_from_deals(parsed, starts):
        return _(
            "This position comes from a game between people in progress: "
            "the solver's view of it is shown when the game is over."
        )
    return None


def seated_refusal(texts: list[str], player: Any) -> str | None:
    """``core.fairness``'s player check: a player seated in a live game
    between people in progress gets no solver view of any position."""
    if player is None or not player.known:
        return None
    kind, over = Game.Kind.PEOPLE.value, Game.Status.OVER.value
    if player.user is not None:
        seated = _SEATED_ACCOUNT.rows(kind, player.user.pk, over)
    else:
        seated = _SEATED_GUEST.rows(kind, player.token, over)
    if seated:
        return _(
            "You are playing a live game between people: the solver's view of any position "
            "is shown again when it is over."
        )
    return None


def refuse_walk(game: Game, move: str, player: Any) -> None:
    """Raise ``ApplicationError`` (403) when a practice game's move would be
    played from, or lead to, a position withheld now from ``player``: its
    start passed the checks, but a start one stone off a live deal (or off
    today's daily deal) walks into that deal's positions, where every move
    is graded against the solver's and the solver replies."""
    texts = [game.current_position]
    with contextlib.suppress(DominoError):  # a bad move is said by the move's own checks
        texts.append(str(Position.parse(game.current_position).push(move)))
    with fairness.allowing_deal(game.start_position):
        fairness.refuse(*texts, player=player)


# The reads of every practice move and every analysis asked for: their SQL
# built once (``Prepared``).
_LIVE_STARTS: Prepared[Game] = Prepared(
    lambda kind, over: Game.objects.filter(kind=kind).exclude(status=over).values_list("start_position"),
    "?kind",
    "?over",
)


_SEATED_ACCOUNT: Prepared[GameSeat] = Prepared(
    lambda kind, owner, over: (
        GameSeat.objects.filter(owner_id=owner, game__kind=kind, game__clock_initial__isnull=False)
        .exclude(game__status=over)
        .values_list("pk")[:1]
    ),
    "?kind",
    -1,
    "?over",  # the order Django puts them in
)
_SEATED_GUEST: Prepared[GameSeat] = Prepared(
    lambda kind, token, over: (
        GameSeat.objects.filter(
            owner__isnull=True,
            session_key=token,
            game__kind=kind,
            game__clock_initial__isnull=False,
        )
        .exclude(game__status=over)
        .values_list("pk")[:1]
    ),
    "?kind",
    "?token",
    "?over",  # the order Django puts them in
)
