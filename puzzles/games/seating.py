"""Who sits where in a game between people: each game's seats, read once a
request (``game_seats``), a player's seat
(``seat_of``), who a reader is to a game (``game_reader``), and the seats
whose person has moved (``moved_seats``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from puzzles.accounts.players import Player
from puzzles.core.queries import Prepared

from . import selectors
from .models import Game, GameMove, GameSeat
from .selectors import MoveRow


def game_seats(game: Game) -> list[GameSeat]:
    """The game's seats in the variant's order (none for a practice game),
    read once for this instance of the game (a request's)."""
    if not game.is_people:
        return []
    cached = getattr(game, "_seats_cache", None)
    if cached is not None:
        return cast("list[GameSeat]", cached)
    order = game.rules.seats
    cached = sorted(GameSeat.objects.filter(game=game).select_related("owner"), key=lambda s: order.index(s.seat))
    game._seats_cache = cached  # type: ignore[attr-defined]
    return cached


def keep_seats(fresh: Game, read: Game) -> None:
    """Give ``fresh``, the same game read again, the seats read with ``read``."""
    cached = getattr(read, "_seats_cache", None)
    if cached is not None and fresh.pk == read.pk:
        fresh._seats_cache = cached  # type: ignore[attr-defined]


def seat_of(game: Game, player: Player) -> str | None:
    """The seat ``player`` plays in a game between people, or ``None`` (a spectator)."""
    return _seat_in(game_seats(game), player)


def _seat_in(seats: list[GameSeat], player: Player) -> str | None:
    for row in seats:
        if row.is_person and (
            (player.user is not None and row.owner_id == player.user.pk)
            or (player.user is None and player.token and row.owner_id is None and row.session_key == player.token)
        ):
            return row.seat
    return None


def game_reader(player: Player, game_id: int) -> tuple[int, str | None] | None:
    """The game's version and the player's seat in it (None: a spectator, or
    a practice game's owner), if the player may read the game; else None."""
    game = selectors.game_of(player, game_id)
    if game is None:
        return None
    return game.version, seat_of(game, player) if game.is_people else None


def seat_player(row: GameSeat) -> Player | None:
    """The person playing a seat (``None``: the solver's seat)."""
    if not row.is_person:
        return None
    return Player(row.owner, "") if row.owner_id is not None else Player(None, row.session_key)


# The seats whose person has moved: read on every move and every read of a
# game between people (its SQL built once; the model's ordering left out, as
# DISTINCT over it would give every move rather than every side).
_MOVED_SIDES: Prepared[GameMove] = Prepared(
    lambda game, by: GameMove.objects.filter(game_id=game).filter(by=by).order_by().values_list("side").distinct(),
    -1,
    "?by",
)


def moved_seats(game: Game) -> set[str]:
    """The seats whose person has made at least one move."""
    return {row[0] for row in _MOVED_SIDES.rows(game.pk, GameMove.By.HUMAN.value)}


def moved_seats_in(moves: Sequence[GameMove | MoveRow]) -> set[str]:
    """``moved_seats`` from the game's moves, read already."""
    return {move.side for move in moves if move.by == GameMove.By.HUMAN}
