"""Puzzles withheld from a player's rated training, for reasons kept by apps
above training, which training does not know by name (offline puzzles: the
puzzles whose keys, every accepted move and the defender's replies, a player
has been given).  Such an app registers a ``Source`` in its
``AppConfig.ready``.

For the player a source names a puzzle for:

- rated training never chooses it (``selectors.puzzle_next``, the rated
  attempt under way; not a run's puzzles, which are unrated);
- an attempt at it is unrated, its ``unrated_because`` the source's reason:
  set when it starts (``services.attempt_start``) and checked again when it
  ends (``lifecycle.attempt_finish``), so that a key given while the attempt
  was under way unrates it too; neither the player's rating nor the puzzle's
  moves, and a daily puzzle solved so does not count for the streak.

A puzzle withheld from anyone is chosen as the daily puzzle only when no
other is left (``pool.daily_ensure``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from puzzles.accounts.players import Player

from .models import Puzzle


@dataclass(frozen=True)
class Source:
    """``reason`` (at most 16 characters) is stored as the attempt's
    ``unrated_because``; ``held_by`` gives the ids of the puzzles withheld
    from a player, ``held_by_anyone`` those withheld from someone (each a
    ``values_list(..., flat=True)`` queryset, used as a subquery)."""

    reason: str
    held_by: Callable[[Player], QuerySet[Any]]
    held_by_anyone: Callable[[], QuerySet[Any]]


_sources: dict[str, Source] = {}


def register(source: Source) -> None:
    if len(source.reason) > 16:
        raise ValueError(f"a reason of at most 16 characters, not {source.reason!r}")
    _sources[source.reason] = source


def exclude_for(queryset: QuerySet[Puzzle], player: Player) -> QuerySet[Puzzle]:
    """``queryset`` (of puzzles) without those withheld from ``player``; a
    visitor not known yet, without those withheld from anyone (their first
    attempt makes them a guest, whom those may concern)."""
    for source in _sources.values():
        held = source.held_by(player) if player.known else source.held_by_anyone()
        queryset = queryset.exclude(pk__in=held)
    return queryset


def exclude_any(queryset: QuerySet[Puzzle]) -> QuerySet[Puzzle]:
    """``queryset`` (of puzzles) without those withheld from anyone."""
    for source in _sources.values():
        queryset = queryset.exclude(pk__in=source.held_by_anyone())
    return queryset


def reason_for(player: Player, puzzle_id: int) -> str:
    """Why ``puzzle_id`` is withheld from ``player`` ("" when it is not)."""
    if not player.known:
        return ""
    for source in _sources.values():
        if Puzzle.objects.filter(pk=puzzle_id, pk__in=source.held_by(player)).exists():
            return source.reason
    return ""


def reasons() -> set[str]:
    """The reasons of the registered sources."""
    return set(_sources)
