"""Writes of ratings: each finished rated people game updates its players'
Glicko-2 ratings (``ratings.glicko2``) in the pool of its time class and
variant family, once.

Each game is a rating period of its own, as on most game sites.  A player's
opponent is the other person in a two-seat game; in partnership it is the
other team, as one opponent whose rating is the mean of its two ratings and
whose deviation is the root mean square of their deviations.  A win scores
1, a draw 0.5, a loss 0; every player is updated from the ratings as they
were before the game, and deviations are kept within ``MIN_RD..MAX_RD``.

Idempotent: the game's challenge is marked rated (``rated_at``) by a
conditional update in the same transaction as the new ratings, so a game is
rated once however often ``game_finished`` comes; ``upkeep.people_settle``
(the beat's sweep, never a read) rates a finished game whose signal was lost.

A rated match between people (``matches``) is rated as a whole, not deal by
deal: once a side has reached the target, each player gets one result in the
match's pool (the winners 1, the losers 0), recorded against the match's last
deal; a match ended with no winner (an aborted deal) is not rated.

Not rated either (``Challenge.unrated_because``, said on the challenge and its
game): a game that ended before each person in it had made two moves (it
ends as an abort: ``games.early.early_end``; but past an account's early
ends of the day, ``farming.EARLY_ESCAPES_A_DAY``, its own is rated as the
loss it is), a match won with every deal
ended so (its deals are scored as played, the match judged as a whole: one
early end of the losing side's accounts, ``farming.match_escapes_spent``;
past their early ends of the day, rated as the loss it is and said so,
``Challenge.rated_early``), and a game past the daily limit of rated games
of the same two accounts (``farming.PAIR_DAILY_LIMIT``).
``upkeep.people_settle`` also counts a match's deals and rates it if its
signal was lost.
"""

from __future__ import annotations

import logging
import math
from typing import Any

from django.db import DatabaseError, transaction
from django.db.models import F, Q
from django.utils import timezone

from puzzles.core import events
from puzzles.games import early as game_early
from puzzles.games.models import Game
from puzzles.ratings import glicko2

from . import farming, matches
from .models import MATCH_DRAWN, ONE_GAME, Challenge, ChallengeDeal, GameRating, RatingChange, Unrated

log = logging.getLogger(__name__)

# A game that ended before anybody moved is not rated.
UNRATED_REASONS = frozenset({"aborted"})


def team_rating(ratings: list[glicko2.Rating]) -> glicko2.Rating:
    """A team as one opponent: the mean rating, the root mean square deviation."""
    n = len(ratings)
    return glicko2.Rating(
        sum(r.rating for r in ratings) / n,
        math.sqrt(sum(r.rd * r.rd for r in ratings) / n),
        sum(r.volatility for r in ratings) / n,
    )


def _score(result: dict[str, Any], team: str) -> float:
    winner = result.get("winner")
    if not winner:
        return 0.5
    return 1.0 if winner == team else 0.0


def _rate(challenge: Challenge, game: Game, winner: str | None) -> bool:
    """Rate the people of ``challenge`` for one result (``winner``: a side's
    name, None for a draw), the change recorded against ``game``; once (the
    challenge's ``rated_at``).  True if this call rated it."""
    rules = challenge.rules
    seats = {row.seat: row for row in challenge.seats.select_related("owner") if row.joined_at is not None}
    if any(seats.get(s) is None or seats[s].owner_id is None for s in rules.seats):
        return False  # a rated game has accounts in every seat (checked when it was made)
    time_class, family = challenge.time_class, challenge.family
    with transaction.atomic():
        if not Challenge.objects.filter(pk=challenge.pk, rated_at__isnull=True).update(rated_at=timezone.now()):
            return False  # rated by another process
        rows: dict[str, GameRating] = {}
        # locked in the accounts' order, not the seats': two games of the
        # same players ending at once, their seats swapped, would otherwise
        # each hold one player's row and wait for the other's (a deadlock on
        # PostgreSQL)
        for seat in sorted(rules.seats, key=lambda s: (seats[s].owner_id, s)):
            rows[seat], _created = GameRating.objects.select_for_update().get_or_create(
                user=seats[seat].owner, time_class=time_class, family=family
            )
        before = {s: r.glicko2_rating for s, r in rows.items()}
        for seat in rules.seats:
            team = rules.team_of(seat)
            opponents = [before[s] for s in rules.seats if rules.team_of(s) != team]
            score = _score({"winner": winner}, rules.team_name(team))
            row = rows[seat]
            after = row.rated_after([(team_rating(opponents), score)])
            RatingChange.objects.create(
                user=row.user,
                game=game,
                time_class=time_class,
                family=family,
                rating_before=row.rating,
                rating_after=after.rating,
                rd_after=after.rd,
                score=score,
            )
            GameRating.objects.filter(pk=row.pk).update(
                rating=after.rating,
                rd=after.rd,
                volatility=after.volatility,
                games=row.games + 1,
                updated_at=timezone.now(),
            )
    return True


def _unrated(challenge: Challenge, why: str) -> None:
    """Record why the rated ``challenge`` changes no rating (once), and tell its page."""
    if Challenge.objects.filter(pk=challenge.pk, rated_at__isnull=True, unrated_because="").update(
        unrated_because=why, version=F("version") + 1, updated_at=timezone.now()
    ):
        events.notify_on_commit(events.channel("challenge", challenge.pk))


def game_rate(*, game_id: int) -> bool:
    """Rate the finished game ``game_id`` if it is a rated people game not
    rated yet (one game: a match's deals are not rated one by one).  An
    aborted game, or one over before each person had moved twice, is not
    rated (and its challenge says why).  True if this call rated it."""
    challenge = Challenge.objects.filter(
        ONE_GAME, game_id=game_id, rated=True, rated_at__isnull=True, unrated_because=""
    ).first()
    if challenge is None:
        return False
    game = Game.objects.filter(pk=game_id, status=Game.Status.OVER).first()
    if game is None or not game.result:
        return False
    if game.result.get("unrated") == Unrated.EARLY or (
        game.result.get("reason") not in UNRATED_REASONS
        and game_early.unplayed_seats(game)
        and game.result.get(game_early.RATED_EARLY) is None  # past the day's early escapes: rated
    ):
        _unrated(challenge, Unrated.EARLY)
        return False
    if game.result.get("reason") in UNRATED_REASONS:
        _unrated(challenge, Unrated.ABORTED)
        return False
    if not _rate(challenge, game, game.result.get("winner")):
        return False
    log.info("game %s rated (%s, %s)", game_id, challenge.time_class, challenge.family)
    return True


def match_rate(*, challenge_id: int) -> bool:
    """Rate the rated match between people ``challenge_id`` once it has a
    winner: one result for each player (the winners 1, the losers 0; a
    duplicate match ended level, a draw for both), the change recorded
    against the match's last deal.  A match ended with no winner (an aborted
    deal) is not rated; one whose every deal ended early is an early end of
    its losing side (``_match_rate_early``), or if it ended level, not rated
    at all.  True if this call rated it."""
    challenge = (
        Challenge.objects.filter(pk=challenge_id, rated=True, rated_at__isnull=True, unrated_because="")
        .exclude(match_winner="")
        .first()
    )
    if challenge is None or not challenge.is_match or challenge.game is None:
        return False
    games = Game.objects.filter(challenge_deal__challenge=challenge)
    drawn = challenge.match_winner == MATCH_DRAWN
    if all(game_early.unplayed_seats(game) for game in games):
        if drawn:  # given up both ways at once: nobody lost, so nothing to count or rate
            _unrated(challenge, Unrated.EARLY)
            return False
        return _match_rate_early(challenge, challenge.game)
    if not _rate(challenge, challenge.game, None if drawn else challenge.match_winner):
        return False
    log.info("people match %s rated (%s, %s)", challenge_id, challenge.time_class, challenge.family)
    return True


def _match_rate_early(challenge: Challenge, last: Game) -> bool:
    """The won rated match whose every deal ended before each player had
    moved twice (given up deal after deal at once): one early end of the
    losing side's accounts.  Not rated while they have early ends of the day
    left; past them, rated as the loss it is (``Challenge.rated_early``).
    True if this call rated it."""
    with transaction.atomic():
        # the losing side's accounts locked until the decision is written: their games ending at once count it
        spent = farming.match_escapes_spent(challenge)
        if not Challenge.objects.filter(pk=challenge.pk, rated_at__isnull=True, unrated_because="").exists():
            return False  # decided by another process while this one waited for the accounts
        if spent is None:
            _unrated(challenge, Unrated.EARLY)  # not rated as a whole either, but counted
            rated = False
        else:
            rated = _rate(challenge, last, challenge.match_winner)
            if rated:
                Challenge.objects.filter(pk=challenge.pk).update(
                    rated_early=spent, version=F("version") + 1, updated_at=timezone.now()
                )
                events.notify_on_commit(events.channel("challenge", challenge.pk))
    challenge.refresh_from_db()
    try:  # the report's line, last: the match's own records above are what matter
        with transaction.atomic():
            farming.match_escape_record(challenge)
    except DatabaseError:  # another end of the account's wrote the line at once: it is counted afresh then
        log.warning("the early-escape lines of match %s were not written", challenge.pk, exc_info=True)
    if rated:
        log.info("people match %s rated past the early ends of the day (%s)", challenge.pk, spent)
    return rated


def people_on_game_finished(sender: Any, game: Game, **kwargs: Any) -> None:
    """Receiver of ``games.signals.game_finished``: the ratings, and in a
    match between people the deal's result and the next deal.  Each person's
    accuracy waits for the grades (``accuracy_on_game_graded``)."""
    if not Challenge.objects.filter(Q(game_id=game.pk) | Q(deals__game_id=game.pk)).exists():
        return
    game_rate(game_id=game.pk)
    if matches.match_deal_record(game_id=game.pk):
        deal = ChallengeDeal.objects.filter(game_id=game.pk).first()
        if deal is not None:
            match_rate(challenge_id=deal.challenge_id)
    finished_checks(game)


def finished_checks(game: Game) -> None:
    """The fair-play checks of a finished rated game between people: the
    farming flags of its accounts, and its line in the early-escape report
    when a player ended it early.  Both are counted afresh each time, so
    running them again (the beat's sweep after a lost signal) changes
    nothing twice."""
    challenge = Challenge.objects.filter(Q(game_id=game.pk) | Q(deals__game_id=game.pk), rated=True).first()
    if challenge is None:
        return
    farming.farming_check(challenge=challenge)
    try:  # the report's line, last: the game's own records above are what matter
        with transaction.atomic():
            farming.escape_record(game)
    except DatabaseError:  # another of the account's games ending at once wrote the line: it is counted afresh then
        log.warning("the early-escape line of game %s was not written", game.pk, exc_info=True)
