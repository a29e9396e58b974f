"""Per-game exact accuracy of every person in a people game, and the
fairness report built on it.

Accuracy is computed as the game review and the match review count it: the
share of best moves among a player's graded moves that had a choice (forced
moves and forced passes left out).  It is recorded once every move of the
player is graded (grading runs on the workers, once a game is over, and
``game_graded`` records it there; the beat's sweep, ``upkeep.people_settle``,
records what is missing; reads never write).

``FLAG_RULE``: an account is flagged for the admin when its last
``FLAG_GAMES`` rated people games that each had at least ``MIN_CHOICES``
moves with a choice have a mean accuracy of ``FLAG_THRESHOLD`` percent or
more (fewer such games: never flagged).  Exact play over that many real
decisions, game after game, is what a player copying the solver shows; a
strong human drops a best move now and then.  The flag is a line in the
admin's report (``FairnessFlag``), never a ban: the admin looks at the games
and marks it reviewed.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, Q

from puzzles.botaccounts.selectors import is_bot_stored
from puzzles.games.models import Game, GameMove
from solver import Position

from .models import Challenge, FairnessFlag, GameAccuracy

log = logging.getLogger(__name__)

FLAG_GAMES = 10
MIN_CHOICES = 5
FLAG_THRESHOLD = 95.0
FLAG_RULE = (
    f"mean accuracy >= {FLAG_THRESHOLD:g}% over the last {FLAG_GAMES} rated people games "
    f"with at least {MIN_CHOICES} moves with a choice each"
)


def _has_choice(move: GameMove) -> bool:
    return len(Position.parse(move.position_before).legal_moves()) > 1


def seat_accuracy(moves: list[GameMove]) -> dict[str, Any] | None:
    """A player's accuracy from their moves of one game, or None while a
    move is ungraded."""
    if any(m.grade is None for m in moves):
        return None
    chosen = [m for m in moves if _has_choice(m)]
    best = sum(1 for m in chosen if m.grade == "best")
    return {
        "choices": len(chosen),
        "best": best,
        "accuracy": round(100 * best / len(chosen), 1) if chosen else None,
        "points_lost": sum(m.points_lost or 0 for m in moves),
    }


def accuracy_record(*, game_id: int) -> bool | None:
    """Record each person's accuracy in the finished people game ``game_id``.
    True if recorded (now or before), None while moves are being graded,
    False if it is no finished people game."""
    if not Game.objects.filter(pk=game_id, status=Game.Status.OVER).exists():
        return False
    challenge = Challenge.objects.filter(Q(game_id=game_id) | Q(deals__game_id=game_id)).distinct().first()
    if challenge is None:
        return False
    people = [row for row in challenge.seats.select_related("owner") if row.level == "" and row.joined_at is not None]
    if GameAccuracy.objects.filter(game_id=game_id).count() >= len(people):
        return True
    moves = list(GameMove.objects.filter(game_id=game_id).exclude(by=GameMove.By.SOLVER).order_by("ply"))
    found = {row.seat: seat_accuracy([m for m in moves if m.side == row.seat]) for row in people}
    if any(v is None for v in found.values()):
        return None
    flagged_users = []
    try:
        with transaction.atomic():
            for row in people:
                value = found[row.seat]
                assert value is not None
                GameAccuracy.objects.get_or_create(
                    game_id=game_id,
                    seat=row.seat,
                    defaults={
                        "user": row.owner,
                        "session_key": "" if row.owner_id else row.session_key,
                        "rated": challenge.rated,
                        **value,
                    },
                )
                if challenge.rated and row.owner_id:
                    flagged_users.append(row.owner)
    except IntegrityError:  # recorded by another process meanwhile
        return True
    for user in flagged_users:
        fairness_check(user=user)
    return True


def accuracies_settle(*, limit: int = 100) -> int:
    """Record the accuracies of finished people games (a challenge's game or
    a match's deal) that have none yet, at most ``limit``.  A game whose
    people's moves are not all graded yet is left for a later sweep (its
    grading records it when done), so games that wait for grading, however
    many, never keep the sweep from the others."""
    no_accuracy = ~Exists(GameAccuracy.objects.filter(game_id=OuterRef("pk")))
    ungraded = Exists(
        GameMove.objects.filter(game_id=OuterRef("pk"), grade__isnull=True).exclude(by=GameMove.By.SOLVER)
    )
    missing = (
        Game.objects.filter(status=Game.Status.OVER)
        .filter(Q(challenge__isnull=False) | Q(challenge_deal__isnull=False))
        .filter(no_accuracy)
        .exclude(ungraded)
        .values_list("pk", flat=True)[:limit]
    )
    return sum(1 for game_id in list(missing) if accuracy_record(game_id=game_id))


def fairness_check(*, user: Any) -> FairnessFlag | None:
    """Flag ``user`` when ``FLAG_RULE`` holds (or update the flag's figures);
    the flag stays until the admin deals with it.  A bot is a program by
    its own declaration: its exact play is no one's cheating."""
    if is_bot_stored(user):
        return None
    rows = list(
        GameAccuracy.objects.filter(user=user, rated=True, choices__gte=MIN_CHOICES, accuracy__isnull=False).order_by(
            "-created_at", "-pk"
        )[:FLAG_GAMES]
    )
    if len(rows) < FLAG_GAMES:
        return None
    mean = sum(r.accuracy or 0.0 for r in rows) / len(rows)
    if mean < FLAG_THRESHOLD:
        return None
    flag, created = FairnessFlag.objects.update_or_create(
        user=user,
        defaults={"mean_accuracy": round(mean, 1), "games": len(rows), "games_ids": [r.game_id for r in rows]},
    )
    if created:
        log.warning("fairness: %s flagged (%.1f%% over %d rated games)", user, mean, len(rows))
    return flag
