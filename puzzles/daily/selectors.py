"""Reads of the daily deal (never a write)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta

from django.db.models import Count, Q, QuerySet
from django.http import Http404
from django.utils import timezone

from puzzles.accounts.players import Player
from puzzles.core.contract import DAY_PATTERN
from puzzles.core.queries import Prepared
from puzzles.games.models import Game

from . import ranking
from .models import DailyDeal, DailyEntry

_DAY = re.compile(DAY_PATTERN)  # the pattern the schema states

# A deal stays withheld from those who have not finished it, and a game of it
# can still be ranked, until this long after its day ends (a game begun just
# before midnight is finished after it).
GRACE = timedelta(hours=2)


def utc_today() -> date:
    """The day the deal changes by: UTC's, the same for every player."""
    return timezone.now().astimezone(UTC).date()


def parse_day(text: str) -> date | None:
    """A day written ``YYYY-MM-DD`` (only that: the addresses are canonical), else None."""
    if not _DAY.fullmatch(text):  # also refuses 2026-02-30
        return None
    return date.fromisoformat(text)


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


def open_since(now: datetime | None = None) -> date:
    """The first day whose deal is still withheld from anyone who has not
    finished it: today's, and yesterday's while its ``GRACE`` lasts."""
    return ((now or timezone.now()) - GRACE).astimezone(UTC).date()


def past_grace(deal: DailyDeal, moment: datetime) -> bool:
    """Whether ``moment`` is more than ``GRACE`` after the end of the deal's day."""
    return open_since(moment) > deal.day


def hidden(deal: DailyDeal, entry: DailyEntry | None) -> bool:
    """Whether the deal (its seed, its start) is withheld from the player of
    ``entry`` (``None``: one who has not started it): while their game of it
    is unfinished, whatever the day; with no game, until ``GRACE`` after its
    day (so that nobody studies it while games of it can still be ranked)."""
    if entry is not None:
        return entry.game.status != Game.Status.OVER
    return deal.day >= open_since()


def deal_hidden_from(deal: DailyDeal, player: Player | None) -> bool:
    """``hidden`` for ``player``'s entry of the deal (``None``: anyone who has not played it)."""
    return hidden(deal, entry_for_player(player, deal) if player is not None else None)


def deals_open(player: Player | None) -> list[DailyDeal]:
    """The deals that may be withheld from ``player`` now (``hidden`` says
    which): today's and, during its grace, yesterday's (one query), and
    those of the player's unfinished games, whatever the day (one query
    through the entry's owner index; none without a player)."""
    today = utc_today()
    deals = _OPEN_DEALS.objects(open_since().isoformat(), today.isoformat())
    if player is not None and player.known:
        seen = {d.pk for d in deals}
        if player.user is not None:
            playing = _PLAYING_ACCOUNT.objects(*_UNFINISHED, player.user.pk)
        else:
            playing = _PLAYING_GUEST.objects(*_UNFINISHED, player.token)
        deals += [d for d in playing if d.pk not in seen]
    return deals


# ``deals_open``'s reads, made by every practice move and every analysis
# asked for: their SQL built once (``Prepared``).
_OPEN_DEALS: Prepared[DailyDeal] = Prepared(
    lambda since, today: DailyDeal.objects.filter(day__gte=since, day__lte=today),
    "0001-01-01",
    "0001-01-02",
)
# (Django puts the statuses' values first: the arguments come in that order.)
_UNFINISHED = tuple(status for status in Game.Status.values if status != Game.Status.OVER)
_PLAYING_ACCOUNT: Prepared[DailyDeal] = Prepared(
    lambda *a: DailyDeal.objects.filter(entries__owner_id=a[-1], entries__game__status__in=a[:-1]),
    *(f"?{status}" for status in _UNFINISHED),
    -1,
)
_PLAYING_GUEST: Prepared[DailyDeal] = Prepared(
    lambda *a: DailyDeal.objects.filter(
        entries__owner__isnull=True,
        entries__session_key=a[-1],
        entries__game__status__in=a[:-1],
    ),
    *(f"?{status}" for status in _UNFINISHED),
    "?token",
)


def ranked(deal: DailyDeal) -> QuerySet[DailyEntry]:
    """The deal's field: recorded (``points_lost`` is set when an entry is
    recorded, never before) and not excluded. Read through the index on
    (deal, excluded, points_lost): counted in the database, never loaded."""
    return DailyEntry.objects.filter(deal=deal, excluded="", points_lost__isnull=False)


@dataclass(frozen=True)
class Field:
    players: int
    histogram: list[int]  # counts in ``ranking.BINS``
    median: float | None


def field(deal: DailyDeal) -> Field:
    """How many ranked players, how many in each bin of points lost, the median."""
    bins = {
        f"bin{i}": Count("pk", filter=Q(points_lost__gte=low) & (Q(points_lost__lte=high) if high is not None else Q()))
        for i, (low, high) in enumerate(ranking.BINS)
    }
    counts = ranked(deal).aggregate(players=Count("pk"), **bins)
    players = counts["players"]
    return Field(
        players=players,
        histogram=[counts[f"bin{i}"] for i in range(len(ranking.BINS))],
        median=_median(ranked(deal), players),
    )


def _median(rows: QuerySet[DailyEntry], players: int) -> float | None:
    """The median points lost of ``rows`` (``players`` of them): the middle
    one, or the mean of the middle two."""
    if not players:
        return None
    ordered = rows.order_by("points_lost").values_list("points_lost", flat=True)
    middle = [points or 0 for points in ordered[(players - 1) // 2 : players // 2 + 1]]
    return (middle[0] + middle[-1]) / 2


def field_around(deal: DailyDeal, points: int, entry: DailyEntry) -> tuple[int, int, int]:
    """How many results of the field, ``entry``'s left out, lost fewer, as
    many and more points than ``points``."""
    counts = (
        ranked(deal)
        .exclude(pk=entry.pk)
        .aggregate(
            fewer=Count("pk", filter=Q(points_lost__lt=points)),
            equal=Count("pk", filter=Q(points_lost=points)),
            more=Count("pk", filter=Q(points_lost__gt=points)),
        )
    )
    return counts["fewer"], counts["equal"], counts["more"]


def archive(day: date | None = None) -> QuerySet[DailyDeal]:
    """The deals of today (or ``day``) and the days before, newest first."""
    return DailyDeal.objects.filter(day__lte=day or utc_today()).order_by("-day")


def players_and_medians(deals: list[DailyDeal]) -> dict[int, tuple[int, float | None]]:
    """Each deal's number of ranked players and median points lost, by deal id."""
    counts = dict(
        DailyEntry.objects.filter(deal__in=deals, excluded="", points_lost__isnull=False)
        .values("deal_id")
        .annotate(players=Count("pk"))
        .values_list("deal_id", "players")
    )
    return {d.pk: (counts.get(d.pk, 0), _median(ranked(d), counts.get(d.pk, 0))) for d in deals}
