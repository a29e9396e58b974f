"""Writes: the grades of the people's moves (a move's value, the best
value and moves, its grade and the points it lost), each written once.

Grading is idempotent: a graded move is never graded again, and the write
is conditional on the move still being ungraded.  A practice move is graded
after it is stored (``human_move_settle``, on a grading worker, when its
request could not grade it by lookup); a game between people's moves all
at once when it is over (``game_grade_moves``), as nobody sees them before.
"""

from __future__ import annotations

import time

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.utils import timezone

from puzzles.analyses.services import analysis_record
from puzzles.core import tasking

from . import notices, opponent
from .models import Game, GameMove
from .signals import game_graded
from .tasks import solver_turn_task


def move_grade(*, move: GameMove) -> GameMove:
    """Fill in the value, best value, best moves, grade and points lost of a
    move.  A no-op if it is graded already."""
    if move.graded_at is not None:
        return move
    if settings.OD_GRADE_DELAY_SECONDS:  # crash tests: a window to kill the worker in
        time.sleep(settings.OD_GRADE_DELAY_SECONDS)
    # stored (the coach's exercises read the row), though usually found ready in Redis
    fields = opponent.grade_fields(analysis_record(move.position_before), move.move)
    with transaction.atomic():
        updated = GameMove.objects.filter(pk=move.pk, graded_at__isnull=True).update(graded_at=timezone.now(), **fields)
        # A grade changes what the game's readers see, except in a game
        # between people under way, whose grades nobody sees before its end:
        # there the version stays, and no long poll of its players and
        # spectators is woken for nothing (two a move, each asked again).
        if updated and Game.objects.filter(
            Q(kind=Game.Kind.PRACTICE) | Q(status=Game.Status.OVER),
            pk=move.game_id,
        ).update(version=F("version") + 1, updated_at=timezone.now()):
            notices.game_changed(move.game_id)
    move.refresh_from_db()
    return move


def game_grade_moves(*, game_id: int) -> int:
    """Grade every move of a finished game between people still ungraded,
    then bump the game's version once (its readers, the review among them,
    look again).  How many were graded.  Idempotent: the grades are worked
    out first (the solver may take a while, and no lock is held meanwhile),
    then written in one short transaction that only fills moves still
    ungraded, so that two runs at once bump the version once between them."""
    pending = list(GameMove.objects.filter(game_id=game_id, graded_at__isnull=True).order_by("ply"))
    fields = [(move.pk, opponent.grade_fields(analysis_record(move.position_before), move.move)) for move in pending]
    graded = 0
    with transaction.atomic():
        now = timezone.now()
        for pk, values in fields:
            graded += GameMove.objects.filter(pk=pk, graded_at__isnull=True).update(graded_at=now, **values)
        bumped = graded and Game.objects.filter(pk=game_id, status=Game.Status.OVER).update(
            version=F("version") + 1,
            updated_at=now,
        )
    if bumped:
        notices.game_changed(game_id)
        game_graded.send(sender=Game, game_id=game_id)
    return graded


def human_move_settle(*, move: GameMove) -> GameMove:
    """What follows a human's move: grade it (``move_grade``), then, if the
    solver is to move, queue its reply (``solver_turn_task``, on the general
    queue, so that the grading workers stay free for grades).  Idempotent."""
    move = move_grade(move=move)
    if Game.objects.filter(pk=move.game_id, status=Game.Status.THINKING).exists():
        tasking.enqueue(solver_turn_task, move.game_id)
    return move
