"""``manage.py check_lessons``: the solver's check of every lesson of the
course (``learn.checks``); exits with an error naming what is wrong."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError

from puzzles.learn.checks import check_lesson
from puzzles.learn.lessons import LESSONS


class Command(BaseCommand):
    help = "Check every lesson's positions and accepted moves with the solver."

    def handle(self, *args: Any, **options: Any) -> None:
        problems = [p for lesson in LESSONS.values() for p in check_lesson(lesson)]
        if problems:
            raise CommandError("\n".join(problems))
        steps = sum(len(lesson.steps) for lesson in LESSONS.values())
        self.stdout.write(f"{len(LESSONS)} lessons, {steps} positions: the solver agrees with every one.")
