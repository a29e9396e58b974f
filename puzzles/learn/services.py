"""Writes of the course: a try at a lesson's position, judged at once from
the lesson's accepted moves (checked by the solver in the tests: no search
here), and a guest's progress handed to the account they log in to."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.http import Http404
from django.utils import timezone

from puzzles.accounts.players import Player
from puzzles.core.errors import ApplicationError, ConflictError
from solver import DominoError, IllegalMoveError, Move, Position

from . import selectors
from .explain import why_wrong
from .lessons import LESSON_KEYS, Lesson, previous_lesson
from .models import LessonProgress


@dataclass(frozen=True)
class TryResult:
    lesson: Lesson
    step: int
    move: str
    correct: bool
    reason: dict[str, Any] | None
    after: Position | None  # the position after a legal move
    progress: dict[str, LessonProgress]  # the player's progress after the try, by lesson


def _parse(position: Position, move: Any) -> Move:
    if not isinstance(move, str):
        raise ApplicationError(f"a move is a string such as '36', '36R' or 'pass', not {move!r}")
    try:
        return Move.parse(move.strip(), position.variant.highest)
    except DominoError as exc:
        raise ApplicationError(str(exc)) from None


def _row(player: Player, key: str) -> LessonProgress:
    """The player's progress row of a lesson, locked (made if missing)."""
    mine = player.rows(LessonProgress.objects.select_for_update(), "user").filter(lesson=key)
    row = mine.first()
    if row is None:
        try:
            with transaction.atomic():
                LessonProgress.objects.create(**player.owner_fields("user"), lesson=key)
        except IntegrityError:  # made meanwhile by the player's other request
            pass
        row = mine.get()
    return row


def lesson_try(*, player: Player, key: str, step: int, move: Any) -> TryResult:
    """Judge a move at position ``step`` (from 1) of lesson ``key``: right when
    the lesson accepts it, else wrong with the reason.  A lesson is open once
    the one before it is finished, and its positions come in order (409
    otherwise); a position already solved can be played again, as practice.
    404 for no such lesson or position, 400 for a move that is no move."""
    if not player.known:
        raise ApplicationError("no player: the session has no guest token")
    lesson = selectors.lesson_get(key)
    if not 1 <= step <= len(lesson.steps):
        raise Http404("no such position in this lesson")
    position = Position.parse(lesson.steps[step - 1].position)
    parsed = _parse(position, move)
    try:
        played: Move | None = position.normalise_move(parsed)
    except IllegalMoveError:
        played = None
    text = str(played if played is not None else parsed)
    correct = played is not None and text in lesson.steps[step - 1].accepted
    with transaction.atomic():
        progress = selectors.progress_for_player(player)
        before = previous_lesson(key)
        if not selectors.is_unlocked(progress, key):
            assert before is not None
            raise ConflictError(f"finish the lesson {before.key!r} first")
        row = _row(player, key)
        if step > row.steps_done + 1:
            raise ConflictError(f"solve position {row.steps_done + 1} of this lesson first")
        fields: dict[str, Any] = {"tries": F("tries") + 1}
        if not correct:
            fields["wrong_tries"] = F("wrong_tries") + 1
        elif step == row.steps_done + 1:
            fields["steps_done"] = step
            if step == len(lesson.steps):
                fields["completed_at"] = timezone.now()
        LessonProgress.objects.filter(pk=row.pk).update(**fields)
        row.refresh_from_db()
        progress[key] = row
    reason = None if correct else why_wrong(position, parsed if played is None else played, lesson.reasons)
    if reason is not None and played is not None and lesson.hint is not None:
        reason = {**reason, "hint": str(lesson.hint)}  # a legal move: the lesson's advice too
    after = position.play(played) if played is not None else None
    return TryResult(lesson, step, text, correct, reason, after, progress)


def learn_claim(*, user: Any, session_key: str, **kwargs: Any) -> int:
    """Hand a guest's progress to the account they logged in to (a receiver of
    ``accounts.signals.guest_claimed``); where both have a lesson, the
    further progress and the earlier finish win, and the tries add up."""
    moved = 0
    with transaction.atomic():
        guest = LessonProgress.objects.filter(user__isnull=True, session_key=session_key, lesson__in=LESSON_KEYS)
        for row in guest:
            mine = LessonProgress.objects.filter(user=user, lesson=row.lesson).first()
            if mine is None:
                LessonProgress.objects.filter(pk=row.pk).update(user=user, session_key="")
                moved += 1
                continue
            mine.steps_done = max(mine.steps_done, row.steps_done)
            finished = [t for t in (mine.completed_at, row.completed_at) if t is not None]
            mine.completed_at = min(finished) if finished else None
            mine.tries += row.tries
            mine.wrong_tries += row.wrong_tries
            mine.save(update_fields=["steps_done", "completed_at", "tries", "wrong_tries", "updated_at"])
            row.delete()
            moved += 1
    return moved
