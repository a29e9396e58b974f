"""``{% social_relation user %}``: another player's online dot, live game and
the reader's Follow/Block buttons (on the profile page);
``{% online_dot user %}``: the dot alone, where the site lists a player."""

from __future__ import annotations

from typing import Any

from django import template

from puzzles.accounts.players import Player

from .. import presentation, selectors

register = template.Library()


@register.inclusion_tag("social/_relation.html", takes_context=True)
def social_relation(context: dict[str, Any], other: Any) -> dict[str, Any]:
    request = context.get("request")
    player = Player.of(request) if request is not None else Player(None, "")
    mine = player.user is not None and player.user.pk == other.pk
    return {
        "relation": presentation.relation(player, other),
        "show_buttons": player.user is not None and not mine,
        "csrf_token": context.get("csrf_token"),
    }


@register.inclusion_tag("social/_online.html")
def online_dot(other: Any) -> dict[str, Any]:
    pk = selectors.user_id(other)
    return {"online": pk is not None and bool(selectors.online({pk}) or selectors.playing({pk}))}
