"""Matches between people (docs/rules.md section 5): a challenge with a
target score (1 to 500; 100 or 200 are usual) or a number of won deals (1 to
15) is played deal after deal, every person in the same seat, each deal a
game between people of its own.

When a deal's game is over (``games.signals.game_finished``),
``match_deal_record`` counts it and, in the same transaction, ends the match
when a side has reached the target (the last deal may take it past; a drawn
deal adds nothing) or starts the next deal and makes it the challenge's
``game``.  An aborted deal (a player who never made a first move, or called
the deal off) ends the match with no winner: otherwise a match left by its
players would be dealt a new game every minute for ever, and a player could
call off every deal they did not like the look of until a better one came.
But in a rated match, a deal after the first that is aborted before the side
to move has made its first move (it let the first move lapse, or its
opponent called the deal off once the rated wait had passed) is forfeited by
that side (``forfeit_of``): scored as a loss on time, the other side scoring
the pips in its hands, and the match goes on or is won as usual.  Else a
player losing a rated match could let the next deal lapse and have the match
called off instead of lost.  The first deal of a match is called off as a
single game would be (the match never began), and so is a deal nobody could
play (``unplayable``) or a deal of a casual match.  The write is conditional
on the deal not being recorded yet and ``(challenge, number)`` is unique, so
a deal counts once however often its end is told; ``deals_settle`` (the
beat's sweep, never a read) records a deal whose signal was lost.

Deal ``n`` of the match with seed ``S`` is dealt from the first 8 bytes of
``SHA-256("open-domino people match <S> deal <n>")``, big-endian, shifted
right by 11 bits.  A rated match's deals are rated games (their abort rule
is a rated game's) but change no rating one by one: the match is rated as a
whole once a side has won it (``ratings.match_rate``).  A deal that ends
before each player has moved twice is scored as played (a resignation scores
as one), not aborted as a single rated game would be, nor counted among its
players' early ends of the day.  A match won with every deal ended so (each
given up at once) is counted instead, as one early end of each account of
the losing side on the UTC day of its first deal: not rated while they have
early ends of the day left, else rated as the loss it is
(``farming.match_escapes_spent``, ``ratings.match_rate``).
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from typing import Any

from django.conf import settings
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from puzzles.accounts.players import Player
from puzzles.core import events
from puzzles.core.errors import ApplicationError
from puzzles.games import deals
from puzzles.games.early import ABORTED
from puzzles.games.models import Game, GameMove
from puzzles.games.people_start import RANDOM_SEED_BOUND, game_start_people
from solver import Position

from . import duplicate_matches
from .models import Challenge, ChallengeDeal, ChallengeSeat

log = logging.getLogger(__name__)

TARGET_POINTS_RANGE = (1, 500)
TARGET_WINS_RANGE = (1, 15)
MATCH_TARGET_ERROR = _(
    "give one target for a match: a score (target_points), a number of won deals (target_wins)"
    " or a number of duplicate deals (duplicate_deals)"
)
# A deal's ``reason`` when the side to move forfeited it by not making its first move.
FORFEIT = "forfeit"


def deal_seed(match_seed: int, number: int) -> int:
    digest = hashlib.sha256(f"open-domino people match {match_seed} deal {number}".encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big") >> 11


def check_targets(
    target_points: Any, target_wins: Any, duplicate_deals: Any = None
) -> tuple[int | None, int | None, int | None]:
    """The match's target: at most one of the three, each in its range; else 400."""
    if sum(value is not None for value in (target_points, target_wins, duplicate_deals)) > 1:
        raise ApplicationError(str(MATCH_TARGET_ERROR))
    for name, value, (low, high) in (
        ("target_points", target_points, TARGET_POINTS_RANGE),
        ("target_wins", target_wins, TARGET_WINS_RANGE),
        ("duplicate_deals", duplicate_deals, duplicate_matches.DUPLICATE_DEALS_RANGE),
    ):
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high):
            raise ApplicationError(f"{name} is a whole number from {low} to {high}, not {value!r}")
    return target_points, target_wins, duplicate_deals


def seat_holders(rows: list[ChallengeSeat]) -> dict[str, Player | str]:
    return {
        row.seat: row.level if row.level else Player(row.owner, "" if row.owner_id else row.session_key) for row in rows
    }


def start_deal(challenge: Challenge, seats: list[ChallengeSeat], number: int) -> Game:
    """Deal ``number`` of the challenge's match (or its one game), the same
    people in the same seats (in a duplicate match, every second game's
    seats swapped, its deal the one before's: ``duplicate_matches``).  A
    deal after the first has its first moves
    timed from when its players have all opened it, at the latest
    OD_NEXT_DEAL_GRACE_SECONDS after the dealing (``games.presence``)."""
    if challenge.is_match and not challenge.match_seed:
        challenge.match_seed = str(secrets.randbelow(RANDOM_SEED_BOUND))
        Challenge.objects.filter(pk=challenge.pk).update(match_seed=challenge.match_seed)
    clock = (challenge.clock_initial, challenge.clock_increment) if challenge.days is None else None
    holders, dealt = seat_holders(seats), number
    duplicate = challenge.duplicate_deals is not None
    if duplicate:
        holders, dealt = duplicate_matches.seats_for(holders, number), duplicate_matches.deal_of(number)
    game = game_start_people(  # past the pair's daily limit: played, but not rated
        variant=challenge.variant,
        seats=holders,
        rated=challenge.rated and not challenge.unrated_because,
        clock=clock,  # type: ignore[arg-type]
        days=challenge.days,
        seed=deal_seed(int(challenge.match_seed), dealt) if challenge.is_match else None,
        # a next deal is dealt while its players read the last one's result: its first moves wait for them
        first_move_grace=settings.OD_NEXT_DEAL_GRACE_SECONDS if challenge.is_match and number > 1 else None,
    )
    if challenge.is_match:
        ChallengeDeal.objects.create(challenge=challenge, number=number, game=game)
    if duplicate:
        duplicate_matches.conceal(game, number)
    return game


def is_match_deal(game: Game) -> bool:
    """Whether ``game`` is a deal of a match between people (its early end
    is scored as played: ``games.early.register_scored_as_played``)."""
    return ChallengeDeal.objects.filter(game_id=game.pk).exists()


def lapse_forfeits(game: Game) -> bool:
    """Whether ``game`` is a deal after the first of a rated match, whose
    first move not made in time forfeits it (``forfeit_of``): the opponent
    may not call it off sooner (``games.early.register_lapse_forfeits``)."""
    return ChallengeDeal.objects.filter(game_id=game.pk, number__gt=1, challenge__rated=True).exists()


def _winner(challenge: Challenge) -> str:
    if challenge.duplicate_deals is not None:
        return duplicate_matches.winner(challenge)
    scores = {
        challenge.sides[0]: (challenge.score_a, challenge.wins_a),
        challenge.sides[1]: (challenge.score_b, challenge.wins_b),
    }
    for side, (points, wins) in scores.items():
        if challenge.target_points is not None and points >= challenge.target_points:
            return side
        if challenge.target_wins is not None and wins >= challenge.target_wins:
            return side
    return ""


def forfeit_of(deal: ChallengeDeal, result: dict[str, Any]) -> dict[str, Any]:
    """The result a deal of a match counts with: ``result``, or when the
    side to move forfeited the deal of a rated match by not making its first
    move, that side's loss (the other side scores the pips in its hands, as
    a loss on time)."""
    if result.get("reason") != ABORTED or result.get("unplayable") or result.get("ended") or deal.number <= 1:
        return result
    game = Game.objects.filter(pk=deal.game_id).only("rated", "variant", "people", "current_position").first()
    if game is None or not game.rated:
        return result  # a casual deal (or one past the pair's daily limit) may be called off at will
    position = Position.parse(game.current_position)
    seat = position.side
    if seat not in game.people or GameMove.objects.filter(game_id=game.pk, side=seat, by=GameMove.By.HUMAN).exists():
        return result
    loser = position.variant.team_of(seat)
    return {
        "winner": position.variant.team_name(1 - loser),
        "points": position.team_pips(loser),
        "reason": FORFEIT,
        "forfeited": seat,
    }


def _judged(deal: ChallengeDeal, result: dict[str, Any]) -> dict[str, Any]:
    """A deal's result as its match counts it: a forfeit judged, and in a
    duplicate match, the winner named by the match's sides."""
    result = forfeit_of(deal, result)
    if deal.challenge.duplicate_deals is None:
        return result
    return duplicate_matches.for_sides(deal.number, result)


def match_deal_record(*, game_id: int) -> bool:
    """Count the finished game ``game_id`` in its match between people (if it
    is a deal of one): the totals, the end of the match or the next deal.
    True if this call recorded it."""
    recorded = deals.deal_record(
        ChallengeDeal.objects.all(), game_id=game_id, series="challenge", settle=_deal_recorded, judge=_judged
    )
    if recorded is None:
        return False
    deal, result = recorded
    log.info("people match %s: deal %s recorded (%s)", deal.challenge_id, deal.number, result)
    return True


def _deal_recorded(challenge: Challenge, deal: ChallengeDeal, result: dict[str, Any]) -> None:
    """What follows a deal counted in the match ``challenge`` (its totals
    counted): its winner, else the next deal unless the deal was called off
    (the match ends there, with no winner); in the recording transaction.
    A duplicate match counts its won deals from the deals played both ways,
    and shows each deal's first game once its second is over or will not be."""
    if challenge.duplicate_deals is not None:
        duplicate_matches.tally_wins(challenge)
    challenge.match_winner = _winner(challenge)
    fields: dict[str, Any] = {}
    called_off = result.get("reason") == ABORTED
    going_on = not challenge.match_winner and not called_off
    if going_on and not challenge.deals.filter(number__gt=deal.number).exists():
        seats = [row for row in challenge.seats.select_related("owner").order_by("seat")]
        fields["game"] = start_deal(challenge, seats, deal.number + 1)
    if challenge.duplicate_deals is not None:
        # concealed still: the deal's first game while its second is to come (this one's, or the next deal's)
        duplicate_matches.unconceal(
            challenge, (deal.number if deal.number % 2 else deal.number + 1) if going_on else None
        )
    Challenge.objects.filter(pk=challenge.pk).update(
        score_a=challenge.score_a,
        score_b=challenge.score_b,
        wins_a=challenge.wins_a,
        wins_b=challenge.wins_b,
        match_winner=challenge.match_winner,
        version=F("version") + 1,
        updated_at=timezone.now(),
        **fields,
    )
    events.notify_on_commit(events.channel("challenge", challenge.pk))


def deals_settle(*, limit: int = 100) -> int:
    """Record the finished deals of matches between people that no match has
    counted (their ``game_finished`` was lost), oldest first, at most
    ``limit``, each in its own transaction (``match_deal_record``); how many
    this call recorded.  The beat's sweep calls it (``upkeep.people_settle``)."""
    pending = (
        ChallengeDeal.objects.filter(recorded_at__isnull=True, game__status=Game.Status.OVER)
        .order_by("pk")
        .values_list("game_id", flat=True)[:limit]
    )
    return sum(1 for game_id in list(pending) if match_deal_record(game_id=game_id))
