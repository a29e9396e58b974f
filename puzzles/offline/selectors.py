"""Reads of offline puzzles: the player's next puzzles with their keys, and the keys a player holds."""
from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db.models import Exists, F, OuterRef, Q, QuerySet
from django.db.models.functions import Abs
from django.utils import timezone

from puzzles.accounts.players import Player
from puzzles.training import days
from puzzles.training import selectors as training_selectors
from puzzles.training.glicko2 import DEFAULT_RATING
from puzzles.training.models import Puzzle

from .models import KeyHeld, OfflineKey, OfflineResult

# A key asked for this long ago and still not built is asked for again (its task was lost).
KEY_RETRY_AFTER = timedelta(minutes=2)


def player_target(player: Player) -> float:
    """The rating the player trains at: their rating moved by their difficulty."""
    rating = training_selectors.player_rating(player)
    offset = days.difficulty_offset(rating.difficulty if rating else None)
    return (rating.rating if rating else DEFAULT_RATING) + offset


def puzzles_next(player: Player, count: int) -> list[Puzzle]:
    """The player's next ``count`` puzzles to solve offline, nearest their
    target first: never tried, never a daily, and not known to be unusable
    offline.  Those whose keys the player holds already come before new
    ones: a key given is withheld from rated training for good
    (``KeyHeld``), so the pack gives the same keys again rather than new
    ones as the player's rating moves, and rated training keeps the rest of
    the pool."""
    tried = training_selectors.attempts_for_player(player).values_list("puzzle_id", flat=True)
    held = Exists(keys_held_by(player).filter(puzzle=OuterRef("pk")))
    queryset = (
        Puzzle.objects.filter(daily_on__isnull=True).exclude(pk__in=tried).exclude(offline_key__usable=False)
        .annotate(distance=Abs(F("rating") - player_target(player)), held=held)
        .order_by("-held", "distance", "id")
    )
    chosen = list(queryset.select_related("offline_key")[:count])
    return sorted(chosen, key=lambda p: (p.distance, p.pk))  # type: ignore[attr-defined]


def keys_held_by(player: Player) -> QuerySet[KeyHeld]:
    return player.rows(KeyHeld.objects.all(), "user")


def puzzles_held_by(player: Player) -> QuerySet[Any]:
    """The ids of the puzzles whose keys ``player`` has been given."""
    return keys_held_by(player).values_list("puzzle_id", flat=True)


def puzzles_held_by_anyone() -> QuerySet[Any]:
    """The ids of the puzzles whose keys someone has been given."""
    return KeyHeld.objects.values_list("puzzle_id", flat=True)


def key_of(puzzle: Puzzle) -> OfflineKey | None:
    # The reverse one-to-one's "does not exist" is an AttributeError too.
    key = getattr(puzzle, "offline_key", None)
    return key if isinstance(key, OfflineKey) else None


def keys_to_request(puzzles: list[Puzzle], now=None) -> list[int]:
    """The puzzles among ``puzzles`` whose key is neither built nor asked for lately."""
    now = now or timezone.now()
    out = []
    for puzzle in puzzles:
        key = key_of(puzzle)
        if key is None or (key.tree is None and key.usable and key.requested_at < now - KEY_RETRY_AFTER):
            out.append(puzzle.pk)
    return out


def keys_missing(limit: int, now=None) -> list[int]:
    """Training puzzles with no key, or whose key was asked for long ago and never built."""
    now = now or timezone.now()
    lost = Q(offline_key__tree__isnull=True, offline_key__usable=True,
             offline_key__requested_at__lt=now - KEY_RETRY_AFTER)
    queryset = Puzzle.objects.filter(daily_on__isnull=True).filter(Q(offline_key__isnull=True) | lost)
    return list(queryset.order_by("id").values_list("pk", flat=True)[:limit])


def result_for_player(player: Player, client_id: str) -> OfflineResult | None:
    return player.rows(OfflineResult.objects.all(), "user").select_related("attempt").filter(
        client_id=client_id).first()
