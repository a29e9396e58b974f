"""Reads of the daily deal (never a write).

A finished game's result is written into its entry by the game's end
(``services.entry_on_game_finished``) or, when a grade came after the end
(or the signal was lost), by the beat's sweep (``services.entries_settle``,
every ``OD_REQUEUE_EVERY`` seconds). Until then a reader's own entry is
shown as it will be recorded: ``entry_seen`` works its result out from the
stored moves, in memory, and the field counts it in (``field``)."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any, overload

from django.db.models import Count, Q, QuerySet
from django.http import Http404
from django.utils import timezone

from puzzles.accounts.players import Player
from puzzles.core.contract import DAY_PATTERN
from puzzles.core.queries import Prepared
from puzzles.games import dealing
from puzzles.games.models import Game, GameMove
from puzzles.games.moves import RESIGNED
from solver import Position
from solver import deal as dealt
from solver.variant import LEWICKI

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


def deal_choice(day: date) -> dict[str, Any]:
    """The fields of the deal of ``day`` (see ``services``' docstring): worked
    out from the date and the site's deal secret, the same in every process."""
    label = f"daily {day.isoformat()}"
    seed = dealing.secret_seed(label)
    committed = dealing.commitment_fields(seed, str(LEWICKI), salt=dealing.secret_salt(label))
    return {
        "variant": str(LEWICKI),
        "seed": str(seed),
        "rng_seed": dealing.secret_seed(f"{label} solver"),
        "human_side": "AB"[dealing.secret_seed(f"{label} seat") & 1],
        "start_position": str(dealt(seed, LEWICKI)),
        "salt": committed["deal_salt"],
        "commitment": committed["deal_commitment"],
    }


def deal_seen(day: date | None = None) -> DailyDeal:
    """The deal of ``day`` (today, UTC) as a reader sees it: the stored one,
    or today's not stored yet (the beat's ``daily_deal_task`` makes it within
    a minute of midnight; a start makes it at once) as it will be stored,
    unsaved (``pk`` None: nobody has an entry of it, its field is empty).
    404 for a past day with no deal and a day still to come."""
    today = utc_today()
    day = day or today
    if day != today:
        return deal_of_day(day)
    return deal_on(day) or _unstored(day)


def _unstored(day: date) -> DailyDeal:
    """The deal of ``day`` as it will be stored, unsaved."""
    return DailyDeal(day=day, **deal_choice(day))


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
    if not player.known or deal.pk is None:  # ``deal_seen``'s deal not stored yet: nobody's
        return None
    return entries_of_player(player).filter(deal=deal).select_related("game").first()


# The letter of each grade in ``DailyEntry.grades``; ``f``: a forced move (no choice).
GRADE_LETTERS = {"best": "b", "inaccuracy": "i", "mistake": "m", "blunder": "u"}
FORCED = "f"


def _has_choice(move: GameMove) -> bool:
    return len(Position.parse(move.position_before).legal_moves()) > 1


def entry_result(entry: DailyEntry) -> dict[str, Any] | None:
    """The fields the entry's record takes (points lost, accuracy, grades,
    why it is not ranked), worked out from its game and the human's moves;
    None while the game is not over or a move of the human's is ungraded."""
    game = Game.objects.filter(pk=entry.game_id, status=Game.Status.OVER).first()
    if game is None:
        return None
    moves = list(game.moves.filter(by=GameMove.By.HUMAN).order_by("ply"))
    if any(m.graded_at is None for m in moves):
        return None
    letters = [GRADE_LETTERS[m.grade or "best"] if _has_choice(m) else FORCED for m in moves]
    chosen = [letter for letter in letters if letter != FORCED]
    accuracy = round(100 * chosen.count("b") / len(chosen), 1) if chosen else None
    excluded: str
    if not entry.on_the_day or (moves and past_grace(entry.deal, moves[-1].created_at)):
        # Started after its day, or its last move played more than the grace after it.
        excluded = DailyEntry.Excluded.LATE
    elif game.hints_used:
        excluded = DailyEntry.Excluded.HINTS
    elif (game.result or {}).get("reason") == RESIGNED:
        excluded = DailyEntry.Excluded.RESIGNED
    else:
        excluded = ""
    return {
        "points_lost": sum(m.points_lost or 0 for m in moves),
        "accuracy": accuracy,
        "grades": "".join(letters),
        "excluded": excluded,
    }


@overload
def entry_seen(entry: DailyEntry) -> DailyEntry: ...
@overload
def entry_seen(entry: None) -> None: ...
def entry_seen(entry: DailyEntry | None) -> DailyEntry | None:
    """``entry`` as its player sees it: a finished game whose every move is
    graded but whose result the sweep has not written yet is given that
    result here, in memory (``result_unstored``; nothing is saved)."""
    if entry is None or entry.recorded_at is not None or entry.game.status != Game.Status.OVER:
        return entry
    result = entry_result(entry)
    if result is None:
        return entry
    for name, value in result.items():
        setattr(entry, name, value)
    entry.recorded_at = timezone.now()
    entry.result_unstored = True
    return entry


def unstored_points(entry: DailyEntry | None) -> int | None:
    """The points lost of a ranked result ``entry_seen`` worked out and the
    field does not hold yet (None: none such), to count it in."""
    if entry is None or not entry.result_unstored or not entry.ranked:
        return None
    return entry.points_lost or 0


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
    which): today's (stored or not, ``deal_seen``) and, during its grace,
    yesterday's (one query), and
    those of the player's unfinished games, whatever the day (one query
    through the entry's owner index; none without a player)."""
    today = utc_today()
    deals = _OPEN_DEALS.objects(open_since().isoformat(), today.isoformat())
    if not any(d.day == today for d in deals):  # not stored yet (the beat's first minute): withheld all the same
        deals.append(_unstored(today))
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
    if deal.pk is None:  # ``deal_seen``'s deal not stored yet
        return DailyEntry.objects.none()
    return DailyEntry.objects.filter(deal=deal, excluded="", points_lost__isnull=False)


@dataclass(frozen=True)
class Field:
    players: int
    histogram: list[int]  # counts in ``ranking.BINS``
    median: float | None


def players(deal: DailyDeal, seen: DailyEntry | None = None) -> int:
    """How many ranked results the deal has, the reader's ``seen`` entry counted in if not stored yet."""
    return ranked(deal).count() + (unstored_points(seen) is not None)


def field(deal: DailyDeal, seen: DailyEntry | None = None) -> Field:
    """How many ranked players, how many in each bin of points lost, the
    median; the reader's ``seen`` entry counted in if its result is not stored
    yet (``unstored_points``)."""
    bins = {
        f"bin{i}": Count("pk", filter=Q(points_lost__gte=low) & (Q(points_lost__lte=high) if high is not None else Q()))
        for i, (low, high) in enumerate(ranking.BINS)
    }
    counts = ranked(deal).aggregate(players=Count("pk"), **bins)
    stored = counts["players"]
    histogram = [counts[f"bin{i}"] for i in range(len(ranking.BINS))]
    extra = unstored_points(seen)
    if extra is None:
        return Field(players=stored, histogram=histogram, median=_median(ranked(deal), stored))
    histogram[ranking.bin_index(extra)] += 1
    return Field(players=stored + 1, histogram=histogram, median=_median_with(ranked(deal), stored, extra))


def _median(rows: QuerySet[DailyEntry], players: int) -> float | None:
    """The median points lost of ``rows`` (``players`` of them): the middle
    one, or the mean of the middle two."""
    if not players:
        return None
    ordered = rows.order_by("points_lost").values_list("points_lost", flat=True)
    middle = [points or 0 for points in ordered[(players - 1) // 2 : players // 2 + 1]]
    return (middle[0] + middle[-1]) / 2


def _median_with(rows: QuerySet[DailyEntry], players: int, extra: int) -> float:
    """The median points lost of ``rows`` (``players`` of them) and one more
    result, ``extra``. In the list with ``extra`` put in, place ``i`` holds
    the middle one of the stored list's places ``i - 1`` and ``i`` and
    ``extra``: at most three rows are read."""
    size = players + 1
    low, high = (size - 1) // 2, size // 2
    start = max(low - 1, 0)
    ordered = rows.order_by("points_lost").values_list("points_lost", flat=True)
    window = [points or 0 for points in ordered[start : high + 1]]

    def stored(place: int) -> float:
        if place < 0:
            return -math.inf
        return window[place - start] if place < players else math.inf

    def merged(place: int) -> float:
        return sorted([stored(place - 1), extra, stored(place)])[1]

    return (merged(low) + merged(high)) / 2


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
