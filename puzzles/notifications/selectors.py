"""Reads of a player's notices, their settings and subscriptions (never a write)."""

from __future__ import annotations

from typing import Any

from django.db.models import Q, QuerySet

from puzzles.core import events
from puzzles.people.models import Challenge

from .models import CHANNELS, KINDS, Notice, NoticeBox, PushSubscription

SHOWN = 20  # the newest notices the list shows


def box_version(user: Any) -> int:
    """The version of ``user``'s notices (0 for a reader without an account)."""
    if not getattr(user, "is_authenticated", False):
        return 0
    return NoticeBox.objects.filter(user=user).values_list("version", flat=True).first() or 0


def box_channel(user: Any) -> str:
    """The change channel of ``user``'s notices (a reader without an account: one no change comes to)."""
    if not getattr(user, "is_authenticated", False):
        return events.channel("notices", "nobody")
    return events.channel("notices", f"u{user.pk}")


def switched_off(user: Any) -> set[str]:
    """The "kind:channel" pairs ``user`` switched off."""
    return set(NoticeBox.objects.filter(user=user).values_list("off", flat=True).first() or [])


def switches(user: Any) -> dict[str, dict[str, bool]]:
    """Each kind's channels, on or off."""
    off = switched_off(user)
    return {kind: {channel: f"{kind}:{channel}" not in off for channel in CHANNELS} for kind in KINDS}


def unread(user: Any) -> QuerySet[Notice]:
    return Notice.objects.filter(user=user, shown=True, read_at__isnull=True)


def unread_of_game(user: Any, game_id: int) -> QuerySet[Notice]:
    """``user``'s unread notices of one game: its turns and its end, and the
    challenge that made it (whose notice names the challenge, not the game)."""
    challenges = list(Challenge.objects.filter(game_id=game_id).values_list("pk", flat=True))
    named = Q(data__game=game_id)
    if challenges:
        named |= Q(kind=Notice.Kind.CHALLENGE, data__challenge__in=challenges)
    return unread(user).filter(named)


def latest(user: Any) -> list[Notice]:
    return list(Notice.objects.filter(user=user, shown=True)[:SHOWN])


def subscriptions(user: Any) -> list[PushSubscription]:
    return list(PushSubscription.objects.filter(user=user))
