"""Offline puzzles: the key that grades a puzzle in the player's browser, and
the results played offline that were sent back, and which keys each player
has been given (``KeyHeld``).

``OfflineKey.tree`` is built by a task (``services.keys_build``, it runs the
solver) from the puzzle's start, exactly as the server grades an attempt
(``training.services.attempt_settle``): at each of the solving side's steps
every legal move with its value, the moves that keep the best value each
followed by the defender's reply and the next step, or by the end.  Its shape
is ``keys.key_tree``'s.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from puzzles.training.models import Puzzle, PuzzleAttempt


class OfflineKey(models.Model):
    """The grading key of one puzzle; ``tree`` is null while it is being built,
    and ``usable`` false when the puzzle branches too much to be sent."""

    puzzle = models.OneToOneField(Puzzle, on_delete=models.CASCADE, related_name="offline_key")
    tree = models.JSONField(_("key"), null=True, blank=True)
    usable = models.BooleanField(_("usable offline"), default=True)
    requested_at = models.DateTimeField(_("requested at"))
    built_at = models.DateTimeField(_("built at"), null=True, blank=True)

    class Meta:
        verbose_name = _("offline key")
        verbose_name_plural = _("offline keys")

    def __str__(self) -> str:
        return f"offline key of puzzle {self.puzzle_id}"


class OfflineResult(models.Model):
    """A puzzle solved (or failed) offline and sent back: ``client_id`` is the
    browser's name for it, so that a result sent twice is recorded once."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="offline_results"
    )
    session_key = models.CharField(_("anonymous player"), max_length=64, blank=True, default="")
    client_id = models.CharField(_("client's id"), max_length=64)
    attempt = models.OneToOneField(PuzzleAttempt, on_delete=models.CASCADE, related_name="offline_result")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("offline result")
        verbose_name_plural = _("offline results")
        constraints = [
            models.UniqueConstraint(
                fields=["user", "client_id"], condition=Q(user__isnull=False), name="offline_result_once_user"
            ),
            models.UniqueConstraint(
                fields=["session_key", "client_id"], condition=Q(user__isnull=True), name="offline_result_once_guest"
            ),
        ]

    def __str__(self) -> str:
        return f"offline result {self.client_id} (attempt {self.attempt_id})"


class KeyHeld(models.Model):
    """The key of ``puzzle`` was given to a player (an account, or a guest by
    their token): they hold its answers, so it is withheld from their rated
    training for good (``training.withheld``; the key stays in their browser
    and may have been copied, so a key given long ago is held still)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="offline_keys_held"
    )
    session_key = models.CharField(_("anonymous player"), max_length=64, blank=True, default="")
    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="offline_keys_held")
    first_given_at = models.DateTimeField(_("first given at"))
    last_given_at = models.DateTimeField(_("last given at"))

    class Meta:
        verbose_name = _("offline key held")
        verbose_name_plural = _("offline keys held")
        constraints = [
            models.UniqueConstraint(
                fields=["user", "puzzle"], condition=Q(user__isnull=False), name="offline_key_held_once_user"
            ),
            models.UniqueConstraint(
                fields=["session_key", "puzzle"], condition=Q(user__isnull=True), name="offline_key_held_once_guest"
            ),
        ]

    def __str__(self) -> str:
        return f"offline key of puzzle {self.puzzle_id} held by {self.user_id or 'a guest'}"
