"""``challenge_inbox`` on every page: the open challenges that keep a seat
for the reader (their count, the newest's ids, and where the page's script
long-polls for more), for the notice in the site's header.  Read only when a
page shows it, and only for a reader the site knows (a session of its own)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.urls import reverse
from django.utils.functional import SimpleLazyObject

from puzzles.accounts.players import Player

from . import selectors
from .presentation import FOR_YOU_SHOWN


def inbox(request: HttpRequest) -> dict[str, Any]:
    if not hasattr(request, "session"):  # a page drawn before the middlewares (an early error page)
        return {}
    player = Player.of(request)
    if not player.known:
        return {}

    def read() -> dict[str, Any]:
        version = selectors.inbox_version(player)
        ids = list(selectors.challenges_waiting_for(player).values_list("pk", flat=True)[:FOR_YOU_SHOWN])
        return {
            "count": len(ids),
            "ids": ",".join(str(pk) for pk in ids),
            "version": version,
            "api": reverse("people:api-for-you", args=[1]),
            "lobby": reverse("people:lobby"),
        }

    return {"challenge_inbox": SimpleLazyObject(read)}
