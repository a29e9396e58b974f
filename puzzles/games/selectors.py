"""Reads of practice games (no writes here)."""
from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, NamedTuple

from django.db import connection
from django.db.models import QuerySet
from django.db.transaction import TransactionManagementError
from django.http import Http404

from puzzles.accounts.players import Player
from puzzles.core.queries import Prepared
from solver import GameRecord, Position, RecordError

from .models import Game, GameMove

# The reads of every move and poll (puzzles.core.queries): a user's game, a
# guest's game, a game by id, its version, and its moves in order.
_USERS_GAME: Prepared[Game] = Prepared(lambda owner, pk: Game.objects.filter(owner_id=owner, pk=pk)[:1], -1, -2)
_GUESTS_GAME: Prepared[Game] = Prepared(
    lambda pk, token: Game.objects.filter(owner__isnull=True, pk=pk, session_key=token)[:1], -1, "?token"
)
_GAME: Prepared[Game] = Prepared(lambda pk: Game.objects.filter(pk=pk)[:1], -1)
_LOCKED: Prepared[Game] = Prepared(lambda pk: Game.objects.select_for_update().filter(pk=pk)[:1], -1)
_VERSION: Prepared[Game] = Prepared(lambda pk: Game.objects.filter(pk=pk).values_list("version")[:1], -1)
# The columns a game's state shows of each move (``MoveRow``), as plain rows:
# model instances and their column converters were a third of a game's state.
_MOVE_COLUMNS = (
    "ply", "side", "by", "move", "position_before", "value", "best_value", "best_moves", "grade", "points_lost",
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


def games_for_player(player: Player) -> QuerySet[Game]:
    return player.rows(Game.objects.all())


LATEST_GAMES = 10


def latest_games(player: Player) -> tuple[list[Game], bool]:
    """The player's latest games for a page's short list, and whether there
    are more (the list then links to all of them)."""
    games = list(games_for_player(player)[:LATEST_GAMES + 1])
    return games[:LATEST_GAMES], len(games) > LATEST_GAMES


def game_get_for_player(player: Player, game_id: int) -> Game:
    """The game if it belongs to this player; else 404 (another player's
    game is as good as missing)."""
    game = _game_of(player, game_id)
    if game is None:
        raise Http404("no such game")
    return game


def _game_of(player: Player, game_id: int) -> Game | None:
    if player.user is not None:
        found = _USERS_GAME.objects(player.user.pk, game_id)
    elif player.token:
        found = _GUESTS_GAME.objects(game_id, player.token)
    else:
        return None
    return found[0] if found else None


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


def game_version_for_player(player: Player, game_id: int) -> int | None:
    """The game's version if it is this player's game, else None."""
    game = _game_of(player, game_id)
    return None if game is None else game.version


def game_version(game_id: int) -> int | None:
    found = _VERSION.rows(game_id)
    return found[0][0] if found else None


def game_record(game: Game) -> GameRecord:
    """A practice game as a game record (its deal's Seed tag when it has one):
    what the player downloads, and what a game analysis of it grades."""
    moves = list(game.moves.order_by("ply").values_list("move", flat=True))
    start = Position.parse(game.start_position)
    tags = [("Event", "Practice game"), ("Site", "Open domino trainer")]
    tags += [(seat, "human" if seat == game.human_side else f"solver ({game.level})") for seat in start.variant.seats]
    if game.seed is not None:
        try:
            return GameRecord(start, tuple(moves), (*tags, ("Seed", str(game.seed))))
        except RecordError:  # a deal of that seed with the seats changed round: no Seed tag
            pass
    return GameRecord(start, tuple(moves), tuple(tags))
