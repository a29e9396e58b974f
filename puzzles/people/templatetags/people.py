"""``{% your_turn %}``: the player's games with people where it is their
move (correspondence and live), the nearest deadline first (the home page);
``{% challenges_for_you %}``: the open challenges that keep a seat for the
player, to accept or decline (the home page and the lobby).  They only read."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from puzzles.accounts.players import Player
from puzzles.games import selectors as game_selectors
from puzzles.games.presentation import variant_label

from .. import selectors
from ..models import Challenge
from ..presentation import person_text, seek_row

register = template.Library()
SHOWN = 10


def _player(context: dict[str, Any]) -> Player | None:
    """The page's player, if one whose rows can be found."""
    request = context.get("request")
    player = Player.of(request) if request is not None else None
    return player if player is not None and player.known else None


@register.inclusion_tag("people/_your_turn.html", takes_context=True)
def your_turn(context: dict[str, Any]) -> dict[str, Any]:
    player = _player(context)
    if player is None:
        return {"rows": []}
    games = game_selectors.people_games_to_move(player)[:SHOWN]
    in_progress = game_selectors.people_games_in_progress(player).count()
    challenges = {c.game_id: c for c in Challenge.objects.filter(game__in=games).prefetch_related("seats__owner")}
    rows = []
    for game in games:
        challenge = challenges.get(game.pk)
        opponents = ""
        control = ""
        if challenge is not None:
            control = challenge.control_code
            rules = challenge.rules
            seats = list(challenge.seats.all())
            mine = next(
                (
                    s
                    for s in seats
                    if s.is_person
                    and (
                        (player.user is not None and s.owner_id == player.user.pk)
                        or (player.user is None and s.owner_id is None and s.session_key == player.token)
                    )
                ),
                None,
            )
            if mine is not None:
                opponents = ", ".join(
                    person_text(s) if s.is_person else s.get_level_display()
                    for s in seats
                    if rules.team_of(s.seat) != rules.team_of(mine.seat)
                )
        rows.append(
            {
                "game": game.pk,
                "url": reverse("games:play-game", args=[game.pk]),
                "variant": variant_label(game.variant),
                "control": control,
                "opponents": opponents,
                "deadline": game.deadline,
            }
        )
    return {"rows": rows, "waiting": max(0, in_progress - len(rows))}


@register.inclusion_tag("people/_for_you.html", takes_context=True)
def challenges_for_you(context: dict[str, Any]) -> dict[str, Any]:
    player = _player(context)
    if player is None:
        return {"rows": []}
    waiting = list(selectors.challenges_waiting_for(player).prefetch_related("seats__owner", "deals")[:SHOWN])
    ratings = selectors.ratings_of_users({row.owner_id for c in waiting for row in c.seats.all() if row.owner_id})
    return {"rows": [seek_row(c, player, ratings) for c in waiting], "csrf_token": context.get("csrf_token")}
