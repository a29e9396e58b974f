"""A player's progress through the course: per lesson, how many of its
positions are solved (they are played in order), when it was finished, and
how many tries it took.  The lessons themselves are code (``lessons``)."""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class LessonProgress(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="lesson_progress"
    )
    session_key = models.CharField(_("anonymous player"), max_length=64, blank=True, default="", db_index=True)
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
            models.UniqueConstraint(fields=["user", "lesson"], condition=models.Q(user__isnull=False),
                                    name="unique_lesson_user"),
            models.UniqueConstraint(fields=["session_key", "lesson"], condition=models.Q(user__isnull=True),
                                    name="unique_lesson_guest"),
        ]

    def __str__(self) -> str:
        return f"{self.lesson}: {self.steps_done} ({self.user_id or self.session_key})"
