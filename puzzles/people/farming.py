"""Rating farming: the same two accounts playing rated games against each
other over and over, one giving the other the points.

``PAIR_DAILY_LIMIT``: of the rated games (or matches) two accounts on
opposite sides start in one UTC day, the first ``PAIR_DAILY_LIMIT`` may
change their ratings; a game past it is played all the same but rated by
nobody (``Challenge.unrated_because`` ``pair-limit``, said on the challenge
and on the game from its start).  Games that ended unrated (aborted, or over
before each player had moved twice) do not count towards the limit.  The
count is read when the game starts, so two games of a pair started at the
same instant may both count as under it.

``FARMING_RULE``: two accounts are flagged for the admin when they started
``FARMING_GAMES`` or more rated games against each other within
``FARMING_WINDOW``, with how many of those were won by the same account
(one-sided), short (fewer than ``SHORT_PLIES`` moves in all) or given up
early (resigned or aborted before each had moved twice).  The flag is a line
in the admin's report (``FarmingFlag``), never a ban: the admin looks at the
games and marks it reviewed.
"""
from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from typing import Any

from django.utils import timezone

from puzzles.games.models import Game

from .models import Challenge, ChallengeSeat, FarmingFlag, Unrated

log = logging.getLogger(__name__)

# Rated games a UTC day between the same two accounts that change their ratings.
PAIR_DAILY_LIMIT = 5
# The farming report: this many rated games of one pair within the window.
FARMING_GAMES = 10
FARMING_WINDOW = timedelta(hours=24)
# A game with fewer moves than this, all players together, is short.
SHORT_PLIES = 10
FARMING_RULE = (
    f"at least {FARMING_GAMES} rated games between the same two accounts "
    f"within {FARMING_WINDOW.total_seconds() / 3600:g} hours"
)
# Unrated ends that do not count towards a pair's daily limit.
_NOT_COUNTED = (Unrated.EARLY, Unrated.ABORTED, Unrated.PAIR_LIMIT)


def opposing_pairs(challenge: Challenge, seats: Iterable[ChallengeSeat]) -> list[tuple[int, int]]:
    """The pairs of accounts on opposite sides of the challenge (ids, smaller first)."""
    rules = challenge.rules
    owners = {row.seat: row.owner_id for row in seats if row.owner_id is not None and not row.level}
    pairs = set()
    for seat, user in owners.items():
        for other, theirs in owners.items():
            if rules.team_of(seat) != rules.team_of(other) and user != theirs:
                pairs.add((min(user, theirs), max(user, theirs)))
    return sorted(pairs)


def _between(first: int, second: int) -> Any:
    """The rated challenges both accounts took a seat in."""
    return (
        Challenge.objects.filter(rated=True, started_at__isnull=False)
        .filter(seats__owner_id=first).filter(seats__owner_id=second)
    )


def _day_start(at: datetime) -> datetime:
    """The start of ``at``'s UTC day."""
    return at.astimezone(UTC).replace(hour=0, minute=0, second=0, microsecond=0)


def pair_limit_reached(challenge: Challenge, seats: Iterable[ChallengeSeat], at: datetime | None = None) -> bool:
    """Whether a pair of opposing accounts of the rated ``challenge`` has
    started ``PAIR_DAILY_LIMIT`` counted rated games today (UTC)."""
    since = _day_start(at or timezone.now())
    for first, second in opposing_pairs(challenge, seats):
        counted = (
            _between(first, second).filter(started_at__gte=since).exclude(pk=challenge.pk)
            .exclude(unrated_because__in=_NOT_COUNTED).distinct().count()
        )
        if counted >= PAIR_DAILY_LIMIT:
            return True
    return False


def _figures(challenges: list[Challenge], first: int, second: int) -> dict[str, Any]:
    """The report's figures of a pair's rated challenges."""
    games = [c.game for c in challenges if c.game is not None and c.game.status == Game.Status.OVER]
    ply_counts = {g.pk: g.ply_count for g in games}
    winners: Counter[int] = Counter()
    short = resigned_early = 0
    for challenge in challenges:
        game = challenge.game
        if game is None or game.status != Game.Status.OVER or not game.result:
            continue
        result = game.result
        if ply_counts[game.pk] < SHORT_PLIES:
            short += 1
        if result.get("unrated") == Unrated.EARLY or (result.get("reason") == "resigned" and ply_counts[game.pk] < SHORT_PLIES):
            resigned_early += 1
        seat = result.get("resigned") or result.get("flagged") or result.get("aborted")
        winner_team = result.get("winner")
        if winner_team is None and seat is not None and result.get("ended") in ("resigned", "time"):
            winner_team = challenge.rules.team_name(1 - challenge.rules.team_of(seat))
        if winner_team is None:
            continue
        for row in challenge.seats.all():
            if row.owner_id in (first, second) and challenge.rules.team_name(challenge.rules.team_of(row.seat)) == winner_team:
                winners[row.owner_id] += 1
    return {
        "games": len(challenges),
        "one_sided": max(winners.values(), default=0),
        "short": short,
        "resigned_early": resigned_early,
        "games_ids": [c.game_id for c in challenges if c.game_id is not None],
        "first_at": min(c.started_at for c in challenges if c.started_at is not None),
        "last_at": max(c.started_at for c in challenges if c.started_at is not None),
    }


def farming_check(*, challenge: Challenge, at: datetime | None = None) -> list[FarmingFlag]:
    """Flag each opposing pair of accounts of the rated ``challenge`` that
    ``FARMING_RULE`` holds for (or update its figures); a flag stays until
    the admin deals with it."""
    if not challenge.rated:
        return []
    since = (at or timezone.now()) - FARMING_WINDOW
    flags = []
    for first, second in opposing_pairs(challenge, challenge.seats.all()):
        recent = list(
            _between(first, second).filter(started_at__gte=since).distinct()
            .select_related("game").prefetch_related("seats").order_by("started_at")
        )
        if len(recent) < FARMING_GAMES:
            continue
        flag, created = FarmingFlag.objects.update_or_create(
            user_a_id=first, user_b_id=second, defaults=_figures(recent, first, second),
        )
        if created:
            log.warning("farming: accounts %s and %s flagged (%d rated games)", first, second, flag.games)
        flags.append(flag)
    return flags

