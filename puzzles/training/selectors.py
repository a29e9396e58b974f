"""Reads of puzzle training: finding puzzles, attempts and ratings for a
player (no writes here; the JSON the API returns is in ``presentation``)."""
from __future__ import annotations

import random
from typing import Any

from django.db.models import F, QuerySet
from django.db.models.functions import Abs
from django.http import Http404

from puzzles.accounts.players import Player

from . import days
from .glicko2 import DEFAULT_RATING
from .models import PlayerRating, Puzzle, PuzzleAttempt

# ---------------------------------------------------------------- players

def player_rating(player: Player) -> PlayerRating | None:
    if player.user is not None:
        return PlayerRating.objects.filter(user=player.user).first()
    if not player.token:
        return None
    return PlayerRating.objects.filter(user=None, session_key=player.token).first()


def attempts_for_player(player: Player) -> QuerySet[PuzzleAttempt]:
    return player.rows(PuzzleAttempt.objects.all(), "user")


def attempt_get_for_player(player: Player, attempt_id: int) -> PuzzleAttempt:
    attempt = attempts_for_player(player).select_related("puzzle").filter(pk=attempt_id).first()
    if attempt is None:
        raise Http404("no such attempt")
    return attempt


# ---------------------------------------------------------------- puzzles

def puzzle_get(puzzle_id: int) -> Puzzle:
    puzzle = Puzzle.objects.filter(pk=puzzle_id).first()
    if puzzle is None:
        raise Http404("no such puzzle")
    if puzzle.daily_on is not None and puzzle.daily_on > days.utc_today():
        raise Http404("no such puzzle")  # a future daily is not out yet
    return puzzle


def daily_puzzle(day=None) -> Puzzle | None:
    return Puzzle.objects.filter(daily_on=day or days.utc_today()).first()


def daily_archive(limit: int = 366):
    return Puzzle.objects.filter(daily_on__isnull=False, daily_on__lte=days.utc_today()).order_by("-daily_on")[:limit]


def puzzle_next(player: Player, theme: str | None = None) -> Puzzle | None:
    """A training puzzle near the player's rating that they have not tried:
    one of the few nearest (at random), never a daily puzzle."""
    rating = player_rating(player)
    target = rating.rating if rating else DEFAULT_RATING
    tried = attempts_for_player(player).values_list("puzzle_id", flat=True)
    queryset = Puzzle.objects.filter(daily_on__isnull=True).exclude(pk__in=tried)
    if theme:
        queryset = queryset.filter(themes__icontains=f'"{theme}"')
    nearest = list(
        queryset.annotate(distance=Abs(F("rating") - target)).order_by("distance", "id").values_list("pk", flat=True)[:8]
    )
    if not nearest:
        return None
    return Puzzle.objects.get(pk=random.choice(nearest))


# --------------------------------------------------------------- attempts

def attempt_version_for_player(player: Player, attempt_id: int) -> int | None:
    """The attempt's version if it is this player's attempt, else None."""
    return attempts_for_player(player).filter(pk=attempt_id).values_list("version", flat=True).first()


def attempt_version(attempt_id: int) -> int | None:
    return PuzzleAttempt.objects.filter(pk=attempt_id).values_list("version", flat=True).first()


def history(player: Player, limit: int = 200) -> list[dict[str, Any]]:
    """The player's finished attempts, oldest first, with the rating after each."""
    rows = attempts_for_player(player).filter(finished_at__isnull=False).select_related("puzzle").order_by("finished_at", "id")
    out = []
    for a in list(rows)[-limit:]:
        out.append({
            "attempt": a.pk,
            "puzzle": a.puzzle_id,
            "puzzle_rating": round(a.puzzle_rating_before if a.puzzle_rating_before is not None else a.puzzle.rating),
            "kind": a.puzzle.kind,
            "status": a.status,
            "solved": a.status == PuzzleAttempt.Status.SOLVED,
            "gave_up": a.gave_up,
            "rated": a.rated,
            "daily_on": a.daily_on,
            "rating_before": None if a.rating_before is None else round(a.rating_before),
            "rating_after": None if a.rating_after is None else round(a.rating_after),
            "finished_at": a.finished_at,
        })
    return out


