"""Reads of the course: a lesson by key, a player's progress."""

from __future__ import annotations

from django.http import Http404

from puzzles.accounts.players import Player

from .lessons import LESSON_KEYS, LESSONS, Lesson
from .models import LessonProgress


def lesson_get(key: str) -> Lesson:
    lesson = LESSONS.get(key)
    if lesson is None:
        raise Http404("no such lesson")
    return lesson


def progress_for_player(player: Player) -> dict[str, LessonProgress]:
    """The player's progress rows, by lesson key."""
    rows = player.rows(LessonProgress.objects.filter(lesson__in=LESSON_KEYS), "user")
    return {row.lesson: row for row in rows}


def steps_done(progress: dict[str, LessonProgress], key: str) -> int:
    row = progress.get(key)
    return min(row.steps_done, len(LESSONS[key].steps)) if row is not None else 0


def is_done(progress: dict[str, LessonProgress], key: str) -> bool:
    return steps_done(progress, key) >= len(LESSONS[key].steps)


def is_unlocked(progress: dict[str, LessonProgress], key: str) -> bool:
    """The first lesson is open; each next one once the one before it is finished."""
    index = LESSON_KEYS.index(key)
    return index == 0 or is_done(progress, LESSON_KEYS[index - 1])


def next_lesson_key(progress: dict[str, LessonProgress]) -> str | None:
    """The first lesson not finished (``None`` once the course is done)."""
    return next((key for key in LESSON_KEYS if not is_done(progress, key)), None)
