"""Rating farming: the same two accounts playing rated games against each
other over and over, one giving the other the points.

``PAIR_DAILY_LIMIT``: of the rated games (or matches) two accounts on
opposite sides start in one UTC day, the first ``PAIR_DAILY_LIMIT`` may
change their ratings; a game past it is played all the same but rated by
nobody (``Challenge.unrated_because`` ``pair-limit``, said on the challenge
and on the game from its start).  Games that ended unrated (aborted, or over
before each player had moved twice) do not count towards the limit.  The
count is read when the game starts, the pair's accounts locked until the
game's start is written (``limits.accounts_lock``): two games of a pair
started at the same instant take turns, and the second counts the first.

``FARMING_RULE``: two accounts are flagged for the admin when they started
``FARMING_GAMES`` or more rated games against each other within
``FARMING_WINDOW``, with how many of those were won by the same account
(one-sided), short (fewer than ``SHORT_PLIES`` moves in all) or given up
early (resigned or aborted before each had moved twice).  The flag is a line
in the admin's report (``FarmingFlag``), never a ban: the admin looks at the
games and marks it reviewed.

``EARLY_ESCAPES_A_DAY``: every stone is seen before the first move, and a
rated game ended before each player has moved twice is an abort, unrated
(``games.early``): a player could so escape every bad rated deal.  Of the
rated games an account starts in one UTC day, it may end
``EARLY_ESCAPES_A_DAY`` so by its own doing (its resignation, its loss on
time; not a first move never made, as ``early.RATED_EARLY`` says); past
them, its next early end of the day
is rated as the loss it is (``early.RATED_EARLY`` in the result, said in the
game's text).  An opponent's early end is not the account's own: a player
who resigns at once feeds nobody a rating until their own escapes are spent.
Deals of a match are not counted one by one (a match is judged as a whole):
a rated match won by a side whose every deal ended so (given up deal after
deal at once) is one early end of each account of the losing side, on the
UTC day its first deal started (``match_escapes_spent``): left unrated while
they have early ends of the day left, else rated as the loss it is
(``Challenge.rated_early``, said on the challenge).  Games and matches are
counted together, each account locked while its early ends are counted and
the decision written (``limits.accounts_lock``), so that ends at the same
instant count each other.  The report counts them per account and day
(``EarlyEscape``; a match by its last deal's game).  A match ended with no
winner (an aborted deal) is not counted.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Iterable
from datetime import UTC, date, datetime, timedelta
from typing import Any

from django.db.models import Q
from django.utils import timezone

from puzzles.games import early
from puzzles.games.models import Game, GameSeat

from . import limits
from .models import MATCH_DRAWN, Challenge, ChallengeDeal, ChallengeSeat, EarlyEscape, FarmingFlag, Unrated

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
# Rated games (and matches, as a whole) an account may end early by its own doing a UTC day, unrated.
EARLY_ESCAPES_A_DAY = 3
EARLY_ESCAPE_RULE = (
    f"rated games an account ended itself before each player had moved twice (a match: lost with every deal "
    f"so), by UTC day: past {EARLY_ESCAPES_A_DAY}, rated as losses"
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
        .filter(seats__owner_id=first)
        .filter(seats__owner_id=second)
    )


def _day_start(at: datetime) -> datetime:
    """The start of ``at``'s UTC day."""
    return at.astimezone(UTC).replace(hour=0, minute=0, second=0, microsecond=0)


def pair_limit_reached(challenge: Challenge, seats: Iterable[ChallengeSeat], at: datetime | None = None) -> bool:
    """Whether a pair of opposing accounts of the rated ``challenge`` has
    started ``PAIR_DAILY_LIMIT`` counted rated games today (UTC).  Called in
    the transaction that starts the game: the accounts stay locked until it
    ends, so that the next start of the pair counts this one."""
    pairs = opposing_pairs(challenge, seats)
    limits.accounts_lock(user for pair in pairs for user in pair)
    since = _day_start(at or timezone.now())
    for first, second in pairs:
        counted = (
            _between(first, second)
            .filter(started_at__gte=since)
            .exclude(pk=challenge.pk)
            .exclude(unrated_because__in=_NOT_COUNTED)
            .distinct()
            .count()
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
        if result.get("unrated") == Unrated.EARLY or (
            result.get("reason") == "resigned" and ply_counts[game.pk] < SHORT_PLIES
        ):
            resigned_early += 1
        seat = result.get("resigned") or result.get("flagged") or result.get("aborted")
        winner_team = result.get("winner")
        if winner_team is None and seat is not None and result.get("ended") in ("resigned", "time"):
            winner_team = challenge.rules.team_name(1 - challenge.rules.team_of(seat))
        if winner_team is None:
            continue
        for row in challenge.seats.all():
            if (
                row.owner_id in (first, second)
                and challenge.rules.team_name(challenge.rules.team_of(row.seat)) == winner_team
            ):
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
            _between(first, second)
            .filter(started_at__gte=since)
            .distinct()
            .select_related("game")
            .prefetch_related("seats")
            .order_by("started_at")
        )
        if len(recent) < FARMING_GAMES:
            continue
        flag, created = FarmingFlag.objects.update_or_create(
            user_a_id=first,
            user_b_id=second,
            defaults=_figures(recent, first, second),
        )
        if created:
            log.warning("farming: accounts %s and %s flagged (%d rated games)", first, second, flag.games)
        flags.append(flag)
    return flags


def _own_early_end(game: Game) -> tuple[str, bool] | None:
    """The seat whose own doing ended the rated ``game`` early (a resignation,
    a loss on time) and whether it was rated as a loss
    (``early.RATED_EARLY``); None for any other end (a first move never made
    is not counted: ``early.RATED_EARLY``'s text says why)."""
    result = game.result or {}
    if result.get(early.RATED_EARLY) is not None:
        return str(result.get("resigned") or result.get("flagged")), True
    if result.get("reason") == early.ABORTED and result.get("unrated") == early.EARLY:
        return (str(result.get("aborted")), False) if result.get("ended") in ("resigned", "time") else None
    return None


def _losing_accounts(challenge: Challenge, seats: Iterable[ChallengeSeat]) -> list[int]:
    """The accounts in the seats of the side that did not win the match ``challenge``."""
    rules = challenge.rules
    return sorted(
        {
            row.owner_id
            for row in seats
            if row.owner_id is not None
            and not row.level
            and rules.team_name(rules.team_of(row.seat)) != challenge.match_winner
        }
    )


def _match_day(challenge: Challenge) -> date | None:
    """The UTC day the match started: its first deal's game's."""
    at = (
        Game.objects.filter(challenge_deal__challenge_id=challenge.pk, challenge_deal__number=1)
        .values_list("created_at", flat=True)
        .first()
    )
    return at.astimezone(UTC).date() if at is not None else None


def _match_early_ends(user_id: int, start: datetime) -> list[tuple[int, bool]]:
    """The rated matches whose first deal started in the UTC day from
    ``start``, lost by the account's side with every deal ended early, and
    counted so (left unrated, or rated past the day's early ends): (the last
    deal's game id, rated as a loss)."""
    won = (
        Challenge.objects.filter(
            rated=True,
            seats__owner_id=user_id,
            deals__number=1,
            deals__game__created_at__gte=start,
            deals__game__created_at__lt=start + timedelta(days=1),
        )
        .exclude(match_winner__in=("", MATCH_DRAWN))  # a level duplicate match has no losing side
        .filter(Q(unrated_because=Unrated.EARLY) | Q(rated_early__isnull=False))
        .distinct()
        .prefetch_related("seats")
    )
    return [
        (match.game_id, match.rated_early is not None)
        for match in won
        if match.game_id is not None and user_id in _losing_accounts(match, match.seats.all())
    ]


def _early_ends(user_id: int, day: date) -> list[tuple[int, bool]]:
    """The rated games (not deals of a match) the account started on the UTC
    ``day`` and ended early itself, and its rated matches of the day counted
    as early ends (by their last deal's game): (game id, rated as a loss)."""
    start = datetime(day.year, day.month, day.day, tzinfo=UTC)
    seats = (
        GameSeat.objects.filter(
            owner_id=user_id,
            level="",
            game__kind=Game.Kind.PEOPLE,
            game__rated=True,
            game__status=Game.Status.OVER,
            game__created_at__gte=start,
            game__created_at__lt=start + timedelta(days=1),
            game__challenge_deal__isnull=True,
        )
        .select_related("game")
        .order_by("game_id")
    )
    ends = []
    for row in seats:
        own = _own_early_end(row.game)
        if own is not None and own[0] == row.seat:
            ends.append((row.game_id, own[1]))
    return sorted(ends + _match_early_ends(user_id, start))


def _owner(game: Game, seat: str) -> int | None:
    return GameSeat.objects.filter(game_id=game.pk, seat=seat, level="").values_list("owner_id", flat=True).first()


def escapes_spent(game: Game, seat: str) -> int | None:
    """The account's early ends of the day left unrated (the day the rated
    ``game`` started) when they are ``EARLY_ESCAPES_A_DAY`` or more, else
    None (``early.register_escapes_spent``)."""
    owner = _owner(game, seat)
    if owner is None or not game.rated:
        return None
    # in the ending transaction: the account's other games ending at once wait, and count this one
    limits.accounts_lock([owner])
    escapes = sum(
        1 for pk, rated in _early_ends(owner, game.created_at.astimezone(UTC).date()) if not rated and pk != game.pk
    )
    return escapes if escapes >= EARLY_ESCAPES_A_DAY else None


def match_escapes_spent(challenge: Challenge) -> int | None:
    """The early ends the losing side's accounts of the won rated match
    ``challenge`` (every deal ended early) had spent on the UTC day it
    started, the most of them, when ``EARLY_ESCAPES_A_DAY`` or more (the
    match is then rated as the loss it is), else None.  Called in the
    transaction that writes the decision: the accounts stay locked until it
    ends, so that their games and matches ending at once count this one."""
    day = _match_day(challenge)
    owners = _losing_accounts(challenge, challenge.seats.all())
    if day is None or not owners or challenge.match_winner in ("", MATCH_DRAWN):
        return None
    limits.accounts_lock(owners)
    spent = max(
        sum(1 for pk, rated in _early_ends(owner, day) if not rated and pk != challenge.game_id) for owner in owners
    )
    return spent if spent >= EARLY_ESCAPES_A_DAY else None


def _escape_line(owner: int, day: date) -> EarlyEscape:
    """The account's line of the report for the UTC ``day``, counted afresh."""
    ends = _early_ends(owner, day)
    row, _created = EarlyEscape.objects.update_or_create(
        user_id=owner,
        day=day,
        defaults={
            "escapes": sum(1 for _pk, rated in ends if not rated),
            "rated_losses": sum(1 for _pk, rated in ends if rated),
            "games_ids": [pk for pk, _rated in ends],
        },
    )
    return row


def match_escape_record(challenge: Challenge) -> list[EarlyEscape]:
    """Count the rated match in the lines of its losing side's accounts if
    it was counted as their early end (left unrated for it, or rated past
    the day's early ends)."""
    if not challenge.is_match or not challenge.rated or challenge.match_winner in ("", MATCH_DRAWN):
        return []
    if challenge.unrated_because != Unrated.EARLY and challenge.rated_early is None:
        return []
    day = _match_day(challenge)
    if day is None:
        return []
    return [_escape_line(owner, day) for owner in _losing_accounts(challenge, challenge.seats.all())]


def escape_record(game: Game) -> EarlyEscape | None:
    """Count the finished ``game`` in its account's line of the report if the
    account ended it early itself (the line's figures counted afresh)."""
    if not game.is_people or not game.rated or ChallengeDeal.objects.filter(game_id=game.pk).exists():
        return None  # a deal of a match is judged with its match (``match_escape_record``)
    own = _own_early_end(game)
    owner = _owner(game, own[0]) if own is not None else None
    if owner is None:
        return None
    return _escape_line(owner, game.created_at.astimezone(UTC).date())
