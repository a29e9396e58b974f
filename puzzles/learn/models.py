"""A player's progress through the course: per lesson, how many of its
positions are solved (they are played in order), when it was finished, and
how many tries it took.  The lessons themselves are code (``lessons``)."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from puzzles.core.models import PlayerOwned, owner_key


class LessonProgress(PlayerOwned):
    user = owner_key("lesson_progress")
    lesson = models.CharField(_("lesson"), max_length=32)
    steps_done = models.PositiveSmallIntegerField(_("positions solved"), default=0)
    tries = models.PositiveIntegerField(_("tries"), default=0)
    wrong_tries = models.PositiveIntegerField(_("wrong tries"), default=0)
    completed_at = models.DateTimeField(_("finished"), null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("lesson progress")
        verbose_name_plural = _("lesson progress")
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "lesson"], condition=models.Q(user__isnull=False), name="unique_lesson_user"
            ),
            models.UniqueConstraint(
                fields=["session_key", "lesson"], condition=models.Q(user__isnull=True), name="unique_lesson_guest"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.lesson}: {self.steps_done} ({self.user_id or self.session_key})"
