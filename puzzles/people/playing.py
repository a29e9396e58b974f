"""Who is playing now, for the social app's online indicator and Following
list (``social.selectors.register_playing``): an account seated in a live
game between people in progress (a clock, not correspondence), with that
game's page."""

from __future__ import annotations

from django.urls import reverse

from puzzles.games.models import Game, GameSeat


def playing(user_ids: set[int]) -> dict[int, str]:
    """The accounts among ``user_ids`` seated in a live game in progress, to its page."""
    rows = (
        GameSeat.objects.filter(
            owner_id__in=user_ids,
            game__kind=Game.Kind.PEOPLE,
            game__clock_initial__isnull=False,
        )
        .exclude(game__status=Game.Status.OVER)
        .order_by("-game_id")
        .values_list("owner_id", "game_id")
    )
    found: dict[int, str] = {}
    for owner_id, game_id in rows:
        if owner_id is not None and owner_id not in found:
            found[owner_id] = reverse("games:play-game", args=[game_id])
    return found
