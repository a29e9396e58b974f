"""The games' upkeep: a guest's games handed to their account, and the beat's
look for work left waiting (ungraded moves, solver turns, analyses, passed
deadlines of games between people)."""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.utils import timezone
from django.utils.translation import ngettext

from puzzles.analyses.services import requeue_stale_analyses
from puzzles.core import tasking

from . import aborts, deadlines
from .models import Game, GameMove, GameSeat
from .tasks import grade_game_task, grade_move_task, solver_turn_task

log = logging.getLogger(__name__)


def games_claim(*, user: Any, session_key: str, request: Any = None, **kwargs: Any) -> int:
    """Hand a guest's games to the account they just logged in to
    (a receiver of ``accounts.signals.guest_claimed``).  A seat of a game
    between people in which the account holds another seat is not handed
    over (one account never sits twice in a game): it stays the guest's, and
    a game still going on is aborted, as nobody could play that seat; the
    player is told (the game's result, and a message on the next page)."""
    guest = GameSeat.objects.filter(owner__isnull=True, session_key=session_key)
    clashing = list(
        guest.filter(game_id__in=GameSeat.objects.filter(owner=user).values("game_id")).values_list("game_id", "seat")
    )
    aborted = [
        game_id
        for game_id, seat in clashing
        if aborts.game_abort_unplayable(game_id=game_id, seat=seat, why=aborts.SAME_ACCOUNT)
    ]
    guest.exclude(game_id__in=[game_id for game_id, _seat in clashing]).update(owner=user, session_key="")
    if aborted:
        log.info("games %s aborted at log-in: %s would hold two seats", aborted, user)
        if request is not None and hasattr(request, "_messages"):
            messages.warning(
                request,
                ngettext(
                    "Your guest seat in %(count)d game is in a game against this same account: "
                    "one account cannot play both seats, so the game was aborted.",
                    "Your guest seats in %(count)d games are in games against this same account: "
                    "one account cannot play both seats, so the games were aborted.",
                    len(aborted),
                )
                % {"count": len(aborted)},
            )
    return Game.objects.filter(owner__isnull=True, session_key=session_key).update(owner=user, session_key="")


def requeue_stale_work(*, stale_after: float | None = None, limit: int = 500) -> dict[str, list[int]]:
    """Queue again whatever has waited too long: ungraded moves, solver turns
    not played, analyses still pending.  Every task is idempotent, so a
    duplicate costs nothing."""
    stale_after = settings.OD_STALE_AFTER_SECONDS if stale_after is None else stale_after
    cutoff = timezone.now() - timedelta(seconds=stale_after)
    # A game between people is graded when it ends (``grade_game_task``), not move by move.
    moves = list(
        GameMove.objects.filter(graded_at__isnull=True, created_at__lt=cutoff)
        .exclude(game__kind=Game.Kind.PEOPLE)
        .values_list("pk", flat=True)[:limit]
    )
    finished = list(
        Game.objects.filter(
            kind=Game.Kind.PEOPLE,
            status=Game.Status.OVER,
            updated_at__lt=cutoff,
            moves__graded_at__isnull=True,
        )
        .values_list("pk", flat=True)
        .distinct()[:limit]
    )
    games = list(
        Game.objects.filter(status=Game.Status.THINKING, updated_at__lt=cutoff).values_list("pk", flat=True)[:limit]
    )
    analyses = requeue_stale_analyses(cutoff=cutoff, limit=limit)
    deadlines.games_check_deadlines(limit=limit)  # deadlines whose task was lost
    for pk in moves:
        tasking.send(grade_move_task, pk)
    for pk in games:
        tasking.send(solver_turn_task, pk)
    for pk in finished:
        tasking.send(grade_game_task, pk)
    if moves or games or analyses:
        log.info("requeued %d moves, %d solver turns, %d analyses", len(moves), len(games), len(analyses))
    return {"moves": moves, "games": games, "analyses": analyses}
