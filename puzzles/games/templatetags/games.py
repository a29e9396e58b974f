"""``{% your_games games %}``: the player's games with their variant, side,
opponent, result and score (the home page and the new-game page).  It only
reads: the view passes the games in."""
from __future__ import annotations

from typing import Any

from django import template

from ..models import Game
from ..presentation import game_rows

register = template.Library()


@register.inclusion_tag("games/_your_games.html")
def your_games(games: list[Game]) -> dict[str, Any]:
    return {"rows": game_rows(list(games))}
