"""Reads of the daily deal (never a write)."""
from __future__ import annotations

import re
from collections import defaultdict
from datetime import UTC, date

from django.db.models import QuerySet
from django.http import Http404
from django.utils import timezone

from puzzles.accounts.players import Player

from .models import DailyDeal, DailyEntry

ARCHIVE_DAYS = 366
DAY_PATTERN = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def utc_today() -> date:
    """The day the deal changes by: UTC's, the same for every player."""
    return timezone.now().astimezone(UTC).date()


def parse_day(text: str) -> date | None:
    """A day written ``YYYY-MM-DD`` (only that: the addresses are canonical), else None."""
    if not DAY_PATTERN.fullmatch(text):
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:  # 2026-02-30
        return None


def deal_on(day: date) -> DailyDeal | None:
    return DailyDeal.objects.filter(day=day).first()


def deal_of_day(day: date) -> DailyDeal:
    """The deal of a past day or of today (404: none was made that day, or a day still to come)."""
    if day > utc_today():
        raise Http404("that day's deal is not out yet")
    found = deal_on(day)
    if found is None:
        raise Http404("there was no daily deal that day")
    return found


def entries_of_player(player: Player) -> QuerySet[DailyEntry]:
    return player.rows(DailyEntry.objects.all())


def entry_for_player(player: Player, deal: DailyDeal) -> DailyEntry | None:
    if not player.known:
        return None
    return entries_of_player(player).filter(deal=deal).select_related("game").first()


def field(deal: DailyDeal) -> list[tuple[int, int]]:
    """The ranked results of the deal: (entry id, points lost)."""
    rows = DailyEntry.objects.filter(deal=deal, recorded_at__isnull=False, excluded="").values_list(
        "pk", "points_lost"
    )
    return [(pk, points or 0) for pk, points in rows]


def archive(limit: int = ARCHIVE_DAYS) -> list[DailyDeal]:
    """The deals of today and the days before, newest first."""
    return list(DailyDeal.objects.filter(day__lte=utc_today()).order_by("-day")[:limit])


def fields_of(deals: list[DailyDeal]) -> dict[int, list[int]]:
    """The ranked points lost of each of ``deals``, by deal id (one query)."""
    out: dict[int, list[int]] = defaultdict(list)
    rows = DailyEntry.objects.filter(
        deal__in=deals, recorded_at__isnull=False, excluded=""
    ).values_list("deal_id", "points_lost")
    for deal_id, points in rows:
        out[deal_id].append(points or 0)
    return out
