"""The JSON of the course that the API returns and the pages embed, with its
words (translated) and URLs.  A step's accepted moves are sent only in the
answer to a right try."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from solver import Position

from . import selectors
from .lessons import LESSON_KEYS, LESSONS, Lesson, lesson_number, next_lesson, previous_lesson
from .models import LessonProgress
from .services import TryResult

Progress = dict[str, LessonProgress]


def _urls(key: str) -> dict[str, str]:
    return {"page": reverse("learn:lesson", args=[key]), "api": reverse("learn:api-lesson", args=[key])}


def lesson_summary(lesson: Lesson, progress: Progress) -> dict[str, Any]:
    done = selectors.steps_done(progress, lesson.key)
    return {
        "key": lesson.key,
        "number": lesson_number(lesson.key),
        "title": str(lesson.title),
        "steps": len(lesson.steps),
        "steps_done": done,
        "done": done >= len(lesson.steps),
        "unlocked": selectors.is_unlocked(progress, lesson.key),
        "urls": _urls(lesson.key),
    }


def course_state(progress: Progress) -> dict[str, Any]:
    lessons = [lesson_summary(LESSONS[key], progress) for key in LESSON_KEYS]
    upcoming = selectors.next_lesson_key(progress)
    return {
        "lessons": lessons,
        "done": sum(1 for item in lessons if item["done"]),
        "total": len(lessons),
        "next": lessons[LESSON_KEYS.index(upcoming)] if upcoming is not None else None,
    }


def step_state(lesson: Lesson, number: int, done: bool) -> dict[str, Any]:
    step = lesson.steps[number - 1]
    board = Position.parse(step.position).to_json()
    return {
        "number": number,
        "prompt": str(step.prompt),
        "position": step.position,
        "side": board["side"],
        "board": board,
        "done": done,
        "urls": {"tries": reverse("learn:api-tries", args=[lesson.key, number])},
    }


def lesson_state(lesson: Lesson, progress: Progress) -> dict[str, Any]:
    done = selectors.steps_done(progress, lesson.key)
    before, after = previous_lesson(lesson.key), next_lesson(lesson.key)
    return {
        **lesson_summary(lesson, progress),
        "intro": str(lesson.intro),
        "positions": [step_state(lesson, n, n <= done) for n in range(1, len(lesson.steps) + 1)],
        "current": done + 1 if done < len(lesson.steps) else None,
        "previous": lesson_summary(before, progress) if before is not None else None,
        "next": lesson_summary(after, progress) if after is not None else None,
        "course_url": reverse("learn:index"),
    }


def try_state(result: TryResult) -> dict[str, Any]:
    return {
        "lesson": result.lesson.key,
        "step": result.step,
        "move": result.move,
        "correct": result.correct,
        "reason": result.reason,
        "accepted": list(result.lesson.steps[result.step - 1].accepted) if result.correct else [],
        "board_after": result.after.to_json() if result.after is not None else None,
        "state": lesson_state(result.lesson, result.progress),
    }
