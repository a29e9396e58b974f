"""Reads of practice games (no writes here)."""
from __future__ import annotations

from django.db.models import QuerySet
from django.http import Http404

from puzzles.accounts.players import Player

from .models import Game


def games_for_player(player: Player) -> QuerySet[Game]:
    return player.rows(Game.objects.all())


def game_get_for_player(player: Player, game_id: int) -> Game:
    """The game if it belongs to this player; else 404 (another player's
    game is as good as missing)."""
    game = games_for_player(player).filter(pk=game_id).first()
    if game is None:
        raise Http404("no such game")
    return game


def game_version_for_player(player: Player, game_id: int) -> int | None:
    """The game's version if it is this player's game, else None."""
    return games_for_player(player).filter(pk=game_id).values_list("version", flat=True).first()


def game_version(game_id: int) -> int | None:
    return Game.objects.filter(pk=game_id).values_list("version", flat=True).first()
