"""Reads of offline puzzles: the player's next puzzles with their keys, and the keys a player holds."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.db.models import Exists, F, OuterRef, Q, QuerySet
from django.db.models.functions import Abs
from django.utils import timezone

from puzzles.accounts.players import Player
from puzzles.ratings.glicko2 import DEFAULT_RATING
from puzzles.training import days
from puzzles.training import selectors as training_selectors
from puzzles.training.models import Puzzle

from .models import KeyHeld, OfflineKey, OfflineResult

# A key asked for this long ago and still not built is asked for again (its task was lost).
KEY_RETRY_AFTER = timedelta(minutes=2)
# The offline pool (puzzles whose keys anyone holds, withheld from everyone's
# rated training) grows to this share of the training puzzles, at least to
# OFFLINE_MIN but never past OFFLINE_MAX_SHARE of them (a small pool stays a
# rated one); beyond it the packs give only puzzles of the pool.
OFFLINE_SHARE = 0.2
OFFLINE_MIN = 60
OFFLINE_MAX_SHARE = 0.5


def player_target(player: Player) -> float:
    """The rating the player trains at: their rating moved by their difficulty."""
    rating = training_selectors.player_rating(player)
    offset = days.difficulty_offset(rating.difficulty if rating else None)
    return (rating.rating if rating else DEFAULT_RATING) + offset


def offline_room() -> int:
    """How many more puzzles the packs may give out before the offline pool is
    full: ``OFFLINE_SHARE`` of the training puzzles, at least ``OFFLINE_MIN``
    and at most ``OFFLINE_MAX_SHARE`` of them, less those whose keys anyone
    holds already (withheld from everyone's rated training)."""
    training = Puzzle.objects.filter(daily_on__isnull=True).count()
    held = Puzzle.objects.filter(daily_on__isnull=True, pk__in=puzzles_held_by_anyone()).count()
    size = min(max(OFFLINE_MIN, int(training * OFFLINE_SHARE)), int(training * OFFLINE_MAX_SHARE))
    return max(0, size - held)


def puzzles_next(player: Player, count: int) -> list[Puzzle]:
    """The player's next ``count`` puzzles to solve offline, nearest their
    target first: never tried, never a daily, and not known to be unusable
    offline.  The keys the player holds come first (the pack gives them
    again as the player's rating moves), then puzzles whose keys anyone
    holds (the offline pool, withheld from everyone's rated training) within
    ``days.DIFFICULTY_BAND`` of the target; new ones only while the offline
    pool has room (``offline_room``), so that packs do not spend the rated
    pool; then the rest of the offline pool, nearest first."""
    tried = training_selectors.attempts_for_player(player).values_list("puzzle_id", flat=True)
    target = player_target(player)
    held = Exists(KeyHeld.objects.filter(puzzle=OuterRef("pk")))
    queryset = (
        Puzzle.objects.filter(daily_on__isnull=True)
        .exclude(pk__in=tried)
        .exclude(offline_key__usable=False)
        .annotate(distance=Abs(F("rating") - target), held=held)
        .order_by("distance", "id")
        .select_related("offline_key")
    )
    mine = Exists(keys_held_by(player).filter(puzzle=OuterRef("pk")))
    pooled = list(queryset.filter(held=True).annotate(mine=mine).order_by("-mine", "distance", "id")[:count])
    room = min(count, offline_room())
    fresh = list(queryset.filter(held=False)[:room]) if room else []
    near = [p for p in pooled if p.mine or p.distance <= days.DIFFICULTY_BAND]  # type: ignore[attr-defined]
    rest = sorted([p for p in pooled if p not in near] + fresh, key=lambda p: (p.distance, p.pk))  # type: ignore[attr-defined]
    chosen = (near + rest)[:count]
    return sorted(chosen, key=lambda p: (p.distance, p.pk))  # type: ignore[attr-defined]


def keys_held_by(player: Player) -> QuerySet[KeyHeld]:
    return player.rows(KeyHeld.objects.all(), "user")


def puzzles_held_by(player: Player) -> QuerySet[Any]:
    """The ids of the puzzles whose keys ``player`` has been given."""
    return keys_held_by(player).values_list("puzzle_id", flat=True)


def puzzles_withheld_from(player: Player) -> QuerySet[Any]:
    """The ids of the puzzles withheld from ``player``'s rated training: every
    puzzle whose key anyone holds, since one person may hold keys under
    several identities (a guest token, an account)."""
    return puzzles_held_by_anyone()


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
    lost = Q(
        offline_key__tree__isnull=True, offline_key__usable=True, offline_key__requested_at__lt=now - KEY_RETRY_AFTER
    )
    queryset = Puzzle.objects.filter(daily_on__isnull=True).filter(Q(offline_key__isnull=True) | lost)
    return list(queryset.order_by("id").values_list("pk", flat=True)[:limit])


def result_for_player(player: Player, client_id: str) -> OfflineResult | None:
    return (
        player.rows(OfflineResult.objects.all(), "user").select_related("attempt").filter(client_id=client_id).first()
    )
