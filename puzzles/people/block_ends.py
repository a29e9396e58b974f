"""A block between two accounts (``social.signals.player_blocked``) ends
their open challenges to each other (kept apart from ``blocks``, which the
challenges' services read)."""

from __future__ import annotations

import contextlib
from typing import Any

from django.contrib.auth import get_user_model

from puzzles.accounts.players import Player
from puzzles.core.errors import ApplicationError

from .models import Challenge, ChallengeSeat
from .services import challenge_cancel


def on_blocked(sender: Any, *, blocker_id: int, blocked_id: int, **kwargs: Any) -> None:
    """``social.signals.player_blocked``: cancel the open challenges either
    of the two posted that keep or give a seat to the other (a named
    challenge, a rematch offered, a link the other already sat at)."""
    pair = {blocker_id, blocked_id}
    open_ids = Challenge.objects.filter(status=Challenge.Status.OPEN, creator_id__in=pair).values_list("pk", flat=True)
    seated = ChallengeSeat.objects.filter(challenge_id__in=list(open_ids), owner_id__in=pair)
    for challenge_id, creator_id in (
        Challenge.objects.filter(pk__in=seated.values("challenge_id")).values_list("pk", "creator_id").order_by("pk")
    ):
        if not seated.filter(challenge_id=challenge_id).exclude(owner_id=creator_id).exists():
            continue  # only the creator sits there
        creator = get_user_model().objects.get(pk=creator_id)
        with contextlib.suppress(ApplicationError):  # closed meanwhile
            challenge_cancel(player=Player(creator, ""), challenge_id=challenge_id)
