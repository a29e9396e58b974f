"""``{% your_games games %}``: the player's games with their variant, side,
opponent, result and score (the home page and the new-game page).  It only
reads: the view passes the games in, and the player, whose seat a game
between people shows."""

from __future__ import annotations

from typing import Any

from django import template

from puzzles.accounts.players import Player

from ..models import Game
from ..presentation import game_rows

register = template.Library()


@register.inclusion_tag("games/_your_games.html", takes_context=True)
def your_games(context: dict[str, Any], games: list[Game]) -> dict[str, Any]:
    request = context.get("request")
    player = Player.of(request) if request is not None else None
    return {"rows": game_rows(list(games), player)}
