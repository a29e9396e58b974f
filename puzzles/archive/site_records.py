"""The site's games as game records with every tag (docs/records.md): the
event and its round, the day and time, the players with their ratings,
rating changes and titles, the time control, how a game ended that its moves
do not finish, the game's id, and each person's clock after each move.

Reads only.  Games are read in batches of ``BATCH``: the moves, seats,
rating changes and tournament pairings of a batch in one query each,
whatever the number of games, so that an export of every game a player has
played, or of a month of the site's games, is written as it is read.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from datetime import UTC
from itertools import islice
from typing import Any

from django.db.models import QuerySet
from django.utils import translation

from puzzles.botaccounts.selectors import bots_among
from puzzles.games.models import Game, GameMove, GameSeat
from puzzles.games.selectors import guest_tag
from puzzles.people.models import RatingChange
from puzzles.tournaments.models import Pairing, Tournament
from puzzles.tournaments.presentation import name_of
from solver import GameRecord, Position, RecordError
from solver.movetext import Note

from .clocks import Timed, move_clocks

BATCH = 200
SITE = "Open domino trainer"
ENDED_BY_MOVES = ("domino", "blocked")
# the events whose pairings have a round: a Swiss's round, a duplicate event's or a team match's deal
ROUNDED_KINDS = (Tournament.Kind.SWISS, Tournament.Kind.DUPLICATE, Tournament.Kind.TEAM)


@dataclass
class _Batch:
    """What a batch of games needs beside the games themselves."""

    moves: dict[int, list[tuple[str, str, str, Any]]] = field(default_factory=lambda: defaultdict(list))
    seats: dict[int, dict[str, GameSeat]] = field(default_factory=lambda: defaultdict(dict))
    changes: dict[tuple[int, int], tuple[float, float]] = field(default_factory=dict)
    pairings: dict[int, Pairing] = field(default_factory=dict)
    bots: set[int] = field(default_factory=set)


def _batch(games: list[Game]) -> _Batch:
    ids = [game.pk for game in games]
    out = _Batch()
    rows = GameMove.objects.filter(game_id__in=ids).order_by("game_id", "ply")
    for game_id, move, side, by, at in rows.values_list("game_id", "move", "side", "by", "created_at"):
        out.moves[game_id].append((move, side, by, at))
    for pairing in Pairing.objects.filter(game_id__in=ids).select_related("tournament"):
        out.pairings[pairing.game_id] = pairing  # type: ignore[index]
    people = [game.pk for game in games if game.is_people]
    if not people:
        return out
    for seat in GameSeat.objects.filter(game_id__in=people).select_related("owner"):
        out.seats[seat.game_id][seat.seat] = seat
    changes = RatingChange.objects.filter(game_id__in=people)
    for game_id, user_id, before, after in changes.values_list("game_id", "user_id", "rating_before", "rating_after"):
        out.changes[(game_id, user_id)] = (before, after)
    owners = {seat.owner_id for seats in out.seats.values() for seat in seats.values() if seat.owner_id}
    out.bots = bots_among(owners)
    return out


def _event(game: Game, pairing: Pairing | None) -> list[tuple[str, str]]:
    """The event: a public tournament's name and round (a private event's
    name is not told), else what the game was."""
    tournament = pairing.tournament if pairing is not None else None
    if tournament is None or tournament.private:
        if not game.is_people:
            return [("Event", "Practice game")]
        return [("Event", "Rated game between people" if game.rated else "Casual game between people")]
    with translation.override("en"):
        tags = [("Event", name_of(tournament))]
    if tournament.kind in ROUNDED_KINDS and pairing is not None and pairing.round:
        tags.append(("Round", str(pairing.round)))
    return tags


def _when(game: Game) -> list[tuple[str, str]]:
    started = game.created_at.astimezone(UTC)
    return [("Date", started.strftime("%Y-%m-%d")), ("Time", started.strftime("%H:%M:%S"))]


def _signed(number: int) -> str:
    return f"+{number}" if number > 0 else str(number)


def _players(game: Game, seats: list[str], batch: _Batch) -> list[tuple[str, str]]:
    """Each seat's player, then their ratings, changes and titles."""
    if not game.is_people:
        return [(seat, "human" if seat == game.human_side else f"solver ({game.level})") for seat in seats]
    rows = batch.seats.get(game.pk, {})
    names, ratings, diffs, titles = [], [], [], []
    for seat in seats:
        row = rows.get(seat)
        if row is None:
            continue
        if row.level:
            names.append((seat, f"solver ({row.level})"))
        elif row.owner is not None:
            names.append((seat, str(row.owner)))
        else:
            names.append((seat, f"Guest {guest_tag(row.session_key)}"))
        change = batch.changes.get((game.pk, row.owner_id or 0))
        if change is not None:
            before, after = round(change[0]), round(change[1])
            ratings.append((f"{seat}Rating", str(before)))
            diffs.append((f"{seat}RatingDiff", _signed(after - before)))
        if row.owner_id in batch.bots:
            titles.append((f"{seat}Title", "BOT"))
    return names + ratings + diffs + titles


def _control(game: Game) -> list[tuple[str, str]]:
    if not game.is_people:
        return []
    if game.days:
        return [("TimeControl", f"{game.days}d")]
    if game.clock_initial is not None:
        return [("TimeControl", f"{game.clock_initial}+{game.clock_increment or 0}")]
    return [("TimeControl", "-")]


def _termination(game: Game) -> list[tuple[str, str]]:
    """How a game over that its moves do not finish ended."""
    result = game.result or {}
    reason = result.get("reason")
    if game.status != Game.Status.OVER or not reason or reason in ENDED_BY_MOVES:
        return []
    if reason == "aborted" or not result.get("winner"):
        return [("Termination", "aborted")]
    return [("Termination", f"{result['winner']} {int(result.get('points') or 0)} {reason}")]


def _notes(game: Game, moves: list[tuple[str, str, str, Any]]) -> list[Note | None]:
    if not game.is_people:
        return []
    people = set(game.people)
    timed = [Timed(side, by == GameMove.By.HUMAN and side in people, at) for _move, side, by, at in moves]
    clocks = move_clocks(
        timed,
        game.first_moves_from or game.created_at,
        initial=game.clock_initial,
        increment=game.clock_increment,
        days=game.days,
    )
    return [None if ms is None else Note(ms) for ms in clocks]


def _record(game: Game, batch: _Batch, reader_seat: str | None) -> GameRecord:
    start = Position.parse(game.start_position)
    moves = batch.moves.get(game.pk, [])
    tags = _event(game, batch.pairings.get(game.pk))
    tags[1:1] = [("Site", SITE), *_when(game)]  # after Event, before Round
    tags += _players(game, list(start.variant.seats), batch) + _control(game) + _termination(game)
    tags.append(("GameId", str(game.pk)))
    if reader_seat is not None:
        tags.append(("You", reader_seat))
    played, notes = [move for move, *_ in moves], _notes(game, moves)
    if game.seed is not None and (not game.deal_commitment or game.status == Game.Status.OVER):
        try:  # (a committed deal's seed is told once the game is over: games.dealing)
            return GameRecord(start, played, [*tags, ("Seed", str(game.seed))], notes)
        except RecordError:  # a deal of that seed with the seats changed round: no Seed tag
            pass
    return GameRecord(start, played, tags, notes)


def records_of(
    games: QuerySet[Game] | Iterable[Game], reader_seat: Callable[[Game], str | None] | None = None
) -> Iterator[GameRecord]:
    """The records of ``games`` in their order, read a batch at a time;
    ``reader_seat(game)``: the seat of the player the records are for (the
    ``You`` tag), if any."""
    rows = games.iterator(chunk_size=BATCH) if isinstance(games, QuerySet) else iter(games)
    while chunk := list(islice(rows, BATCH)):
        batch = _batch(chunk)
        for game in chunk:
            yield _record(game, batch, reader_seat(game) if reader_seat is not None else None)
