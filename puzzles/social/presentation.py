"""The JSON of the social API and pages: a player's relation to another, and
the Following list."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from . import selectors


def relation(player: Any, other: Any) -> dict[str, Any]:
    """What ``player`` is to ``other``: following, blocking, and ``other``
    online or playing.  ``blocked`` (no follow, challenge or chat between
    them) is said only to the player who blocked: a blocked player is never
    told, and sees the same buttons as anyone."""
    other_id = selectors.user_id(other)
    games = selectors.playing({other_id}) if other_id is not None else {}
    blocking = other_id in selectors.blocks(player)
    return {
        "username": other.username,
        "following": selectors.follows(player, other),
        "blocking": blocking,
        "blocked": blocking,
        "online": other_id is not None and (bool(selectors.online({other_id})) or other_id in games),
        "playing": other_id in games,
        # None too for a game nobody but its players may read (a concealed one): playing, with no link.
        "game_url": games.get(other_id) if other_id is not None else None,
    }


def following(player: Any) -> list[dict[str, Any]]:
    """The Following list's rows: name, profile address, online, playing, live
    game's address (None when not playing, or at a game nobody else may watch)."""
    return [
        {
            "username": row["user"].username,
            "profile_url": reverse("people:profile", args=[row["user"].username]),
            "online": row["online"],
            "playing": row["playing"],
            "game_url": row["game_url"],
        }
        for row in selectors.following_list(player)
    ]
