"""Reads of practice games (no writes here)."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from datetime import timedelta
from typing import Any, NamedTuple

from django.db import connection
from django.db.models import Q, QuerySet
from django.db.transaction import TransactionManagementError
from django.http import Http404
from django.utils import timezone

from puzzles.accounts.players import Player
from puzzles.core.queries import Prepared
from solver import GameRecord, Position, RecordError

from . import clock
from .models import Game, GameMove, GameSeat

# The reads of every move and poll (puzzles.core.queries): a game by id, its version, and its moves in order.
_GAME: Prepared[Game] = Prepared(lambda pk: Game.objects.filter(pk=pk)[:1], -1)
_LOCKED: Prepared[Game] = Prepared(lambda pk: Game.objects.select_for_update().filter(pk=pk)[:1], -1)
_VERSION: Prepared[Game] = Prepared(lambda pk: Game.objects.filter(pk=pk).values_list("version")[:1], -1)
# The columns a game's state shows of each move (``MoveRow``), as plain rows:
# model instances and their column converters were a third of a game's state.
_MOVE_COLUMNS = (
    "ply",
    "side",
    "by",
    "move",
    "position_before",
    "value",
    "best_value",
    "best_moves",
    "grade",
    "points_lost",
    "graded_at",
)
_MOVES: Prepared[GameMove] = Prepared(
    lambda game: GameMove.objects.filter(game_id=game).order_by("ply").values_list(*_MOVE_COLUMNS), -1
)


class MoveRow(NamedTuple):
    """A move as a game's state shows it: ``GameMove``'s columns of that name.
    ``graded_at`` is as the database gives it (only whether it is set counts)."""

    ply: int
    side: str
    by: str
    move: str
    position_before: str
    value: int | None
    best_value: int | None
    best_moves: list[str] | None
    grade: str | None
    points_lost: int | None
    graded_at: Any


def _move_row(row: Sequence[Any]) -> MoveRow:
    ply, side, by, move, before, value, best_value, best, grade, lost, graded_at = row
    if isinstance(best, str | bytes):  # a JSON column read without Django's converter
        best = json.loads(best)
    return MoveRow(ply, side, by, move, before, value, best_value, best, grade, lost, graded_at)


def move_row_of(move: GameMove) -> MoveRow:
    """A move just made, as ``game_moves`` would read it back."""
    return _move_row([getattr(move, column) for column in _MOVE_COLUMNS])


class GameAfter(NamedTuple):
    """A game and its moves as a change has just left them (its transaction
    committed, nothing read again): what the change's notice is drawn from."""

    game: Game
    moves: list[MoveRow]


def games_for_player(player: Player) -> QuerySet[Game]:
    """The player's practice games."""
    return player.rows(Game.objects.all())


# ------------------------------------------------------- games between people


def people_games(player: Player) -> QuerySet[Game]:
    """The games between people in which ``player`` has a seat, newest first."""
    seats = player.rows(GameSeat.objects.filter(level=""))
    return Game.objects.filter(kind=Game.Kind.PEOPLE, pk__in=seats.values("game_id"))


def games_played_by(player: Player) -> QuerySet[Game]:
    """Every game ``player`` played a seat of: their practice games and their games between people."""
    if not player.known:
        return Game.objects.none()
    seats = player.rows(GameSeat.objects.filter(level=""))
    return Game.objects.filter(
        Q(pk__in=player.rows(Game.objects.all()).values("pk")) | Q(pk__in=seats.values("game_id"))
    )


def game_people(game: Game) -> dict[str, Player]:
    """The person playing each seat people play (a practice game: its human's seat)."""
    return {seat: p for seat, p in game_players(game).items() if isinstance(p, Player)}


def people_games_in_progress(player: Player) -> QuerySet[Game]:
    """The player's games between people not over yet."""
    return people_games(player).exclude(status=Game.Status.OVER)


def people_games_to_move(player: Player) -> list[Game]:
    """The player's games between people where it is the player's move
    (a "your turn" list), the nearest deadline first."""
    seats = dict(player.rows(GameSeat.objects.filter(level="")).values_list("game_id", "seat"))
    games = [
        g
        for g in Game.objects.filter(pk__in=list(seats), kind=Game.Kind.PEOPLE, status=Game.Status.YOUR_MOVE)
        if Position.parse(g.current_position).side == seats[g.pk]
    ]
    far = timezone.now() + timedelta(days=365)
    return sorted(games, key=lambda g: (g.deadline or far, g.pk))


def game_players(game: Game) -> dict[str, Player | str]:
    """Who plays each seat of a game between people: a ``Player``, or the
    solver's level (a practice game: its human's seat and the solver's levels)."""
    if not game.is_people:
        owner = Player.owning(game)
        return {s: owner if s == game.human_side else lookahead_level(game, s) for s in game.rules.seats}
    out: dict[str, Player | str] = {}
    for row in GameSeat.objects.filter(game=game).select_related("owner"):
        out[row.seat] = row.level or (
            Player(row.owner, "") if row.owner_id is not None else Player(None, row.session_key)
        )
    return out


def lookahead_level(game: Game, seat: str) -> str:
    return Game.Level.PERFECT if game.role_of(seat) == "partner" else game.level


LATEST_GAMES = 10


def latest_games(player: Player) -> tuple[list[Game], bool]:
    """The player's latest games for a page's short list, and whether there
    are more (the list then links to all of them)."""
    games = list(games_for_player(player)[: LATEST_GAMES + 1])
    return games[:LATEST_GAMES], len(games) > LATEST_GAMES


def latest_games_played(player: Player) -> tuple[list[Game], bool]:
    """``latest_games`` with the player's games between people among them."""
    games = list(games_played_by(player).order_by("-created_at", "-id")[: LATEST_GAMES + 1])
    return games[:LATEST_GAMES], len(games) > LATEST_GAMES


def game_get_for_player(player: Player, game_id: int) -> Game:
    """The game if it belongs to this player; else 404 (another player's
    game is as good as missing)."""
    game = game_of(player, game_id)
    if game is None:
        raise Http404("no such game")
    return game


def game_of(player: Player, game_id: int) -> Game | None:
    """A practice game of the player's, or a game between people (anyone
    may watch, but a concealed one only its players): one read by id, whose
    the game is checked on the row.  This is where every read of a game is
    decided: its page, API, long poll, socket, spectators, record, review."""
    found = _GAME.objects(game_id)
    if not found:
        return None
    game = found[0]
    if game.kind == Game.Kind.PEOPLE:
        return game if people_readable(game, player) else None
    if player.user is not None:
        return game if game.owner_id == player.user.pk else None
    if player.token and game.owner_id is None and game.session_key == player.token:
        return game
    return None


def people_readable(game: Game, player: Player) -> bool:
    """Whether ``player`` may read a game between people: anyone, but a
    concealed game (an event's deal whose values are withheld, played at
    several tables at once) only its own players while it is concealed, so
    that a team-mate at another table cannot watch it or read its moves.
    A game refused so is answered as one that does not exist."""
    if not game.concealed:
        return True
    return player.rows(GameSeat.objects.filter(game_id=game.pk, level="")).exists()


def game_by_id(game_id: int) -> Game | None:
    """The game as it is now in the database (``None`` if there is none)."""
    found = _GAME.objects(game_id)
    return found[0] if found else None


def game_locked(game_id: int) -> Game:
    """The game, locked until the transaction ends (``select_for_update``;
    SQLite locks the whole database for the transaction's first write)."""
    if connection.get_autocommit():  # as Django refuses select_for_update outside a transaction
        raise TransactionManagementError("game_locked is for inside a transaction")
    found = _LOCKED.objects(game_id)
    if not found:
        raise Game.DoesNotExist(f"no game {game_id}")
    return found[0]


def game_moves(game: Game) -> list[MoveRow]:
    """The game's moves in order."""
    return [_move_row(row) for row in _MOVES.rows(game.pk)]


# What a long poll is told of a game between people whose deadline has
# passed: a version no client holds.
DEADLINE_PASSED = -1


def game_version_for_player(player: Player, game_id: int) -> int | None:
    """The game's version if it is this player's game (or a game between
    people, which anyone may watch), else None.  A game between people whose
    deadline has passed gives ``DEADLINE_PASSED``: a long poll of it goes to
    the view at once, which ends the game (``deadlines.game_check_deadline``),
    instead of being held until its timeout, again and again, while no worker
    runs the deadline's task."""
    game = game_of(player, game_id)
    if game is None:
        return None
    if clock.deadline_passed(game):
        return DEADLINE_PASSED
    return game.version


def game_version(game_id: int) -> int | None:
    found = _VERSION.rows(game_id)
    return found[0][0] if found else None


def game_record(game: Game, reader_seat: str | None = None) -> GameRecord:
    """A game as a game record (its deal's Seed tag when it has one): what
    the player downloads, and what a game analysis of it grades.  A practice
    game's names its human and the solver; a game between people's its
    players as the site names them, its time control, and ``reader_seat``
    (the downloading player's seat) as the ``You`` tag, which tells the coach
    whose mistakes an analysis of it holds."""
    moves = list(game.moves.order_by("ply").values_list("move", flat=True))
    start = Position.parse(game.start_position)
    if game.is_people:
        tags = people_record_tags(game, start.variant.seats)
        if reader_seat is not None:
            tags.append(("You", reader_seat))
    else:
        tags = [("Event", "Practice game"), ("Site", "Open domino trainer")]
        tags += [
            (seat, "human" if seat == game.human_side else f"solver ({game.level})") for seat in start.variant.seats
        ]
    if game.seed is not None and (not game.deal_commitment or game.status == Game.Status.OVER):
        try:  # (a committed deal's seed is told once the game is over: games.dealing)
            return GameRecord(start, tuple(moves), (*tags, ("Seed", str(game.seed))))
        except RecordError:  # a deal of that seed with the seats changed round: no Seed tag
            pass
    return GameRecord(start, tuple(moves), tuple(tags))


def people_record_tags(game: Game, seats: Sequence[str]) -> list[tuple[str, str]]:
    """The tags of a game between people: rated or casual, each seat's
    player (an account's name, a guest's "Guest" tag as the pages show it,
    the solver at its level), the time control (``300+3`` seconds and
    increment; ``3d`` days a move)."""
    rows = {row.seat: row for row in GameSeat.objects.filter(game=game).select_related("owner")}
    tags = [
        ("Event", "Rated game between people" if game.rated else "Casual game between people"),
        ("Site", "Open domino trainer"),
    ]
    for seat in seats:
        row = rows.get(seat)
        if row is None:
            continue
        if row.level:
            name = f"solver ({row.level})"
        elif row.owner is not None:
            name = str(row.owner)
        else:
            name = f"Guest {guest_tag(row.session_key)}"
        tags.append((seat, name))
    if game.days:
        tags.append(("TimeControl", f"{game.days}d"))
    elif game.clock_initial is not None:
        tags.append(("TimeControl", f"{game.clock_initial}+{game.clock_increment or 0}"))
    return tags


def guest_tag(session_key: str) -> str:
    """The four characters that tell a guest apart on the pages ("Guest 1a2b"):
    drawn from their token, never the token itself (which is their key)."""
    return hashlib.sha256(session_key.encode()).hexdigest()[:4]
