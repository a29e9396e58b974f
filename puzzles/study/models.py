"""Study: game analyses, and the endgame library (chapters, endgames, the
players' progress).

Endgame texts are never stored as sentences: ``Endgame.facts`` holds solver
facts (values, moves, which idea a move shows) and ``selectors`` words
them with gettext at render time, in the reader's language.  Only the
curator's ``title`` and ``intro`` are free text (blank: a generated title).
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from puzzles.core.models import PlayerOwned, owner_key

from .ideas import IDEA_CHOICES


class GameAnalysis(PlayerOwned):
    """A game record graded move by move by a task (``progress`` of ``total``
    plies done).  ``record`` is the normalised record text (``str(GameRecord)``);
    ``result`` is ``solver.review.grade_record``'s JSON once done."""

    class Status(models.TextChoices):
        PENDING = "pending", _("pending")
        RUNNING = "running", _("running")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

    class Source(models.TextChoices):
        PASTE = "paste", _("pasted")
        UPLOAD = "upload", _("uploaded")
        GAME = "game", _("practice game")

    record = models.TextField(_("game record"))
    source = models.CharField(_("source"), max_length=8, choices=Source.choices, default=Source.PASTE)
    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    owner = owner_key("game_analyses")
    status = models.CharField(_("status"), max_length=8, choices=Status.choices, default=Status.PENDING)
    progress = models.PositiveIntegerField(_("plies graded"), default=0)
    total = models.PositiveIntegerField(_("plies"), default=0)
    result = models.JSONField(_("result"), null=True, blank=True)
    error = models.TextField(_("error"), blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "puzzles_gameanalysis"
        verbose_name = _("game analysis")
        verbose_name_plural = _("game analyses")
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "updated_at"])]

    def __str__(self) -> str:
        return f"game analysis {self.pk} ({self.status}, {self.progress}/{self.total})"


class Chapter(models.Model):
    """A chapter of the endgame library: one idea."""

    idea = models.CharField(_("idea"), max_length=12, choices=IDEA_CHOICES, unique=True)
    order = models.PositiveIntegerField(_("order"), default=0)
    title = models.CharField(
        _("title"),
        max_length=200,
        blank=True,
        default="",
        help_text=_("Leave blank for the translated standard title."),
    )
    intro = models.TextField(
        _("introduction"), blank=True, default="", help_text=_("Leave blank for the translated standard introduction.")
    )

    class Meta:
        db_table = "puzzles_chapter"
        verbose_name = _("chapter")
        verbose_name_plural = _("chapters")
        ordering = ["order", "pk"]

    def __str__(self) -> str:
        return self.title or self.get_idea_display()


class Endgame(models.Model):
    """An annotated endgame: a position, its chapter and difficulty (1..5), and
    ``facts``: the main line with, per move, the solver facts its text is
    built from (see ``facts.endgame_facts``)."""

    position = models.CharField(_("position"), max_length=200, unique=True)
    chapter = models.ForeignKey(Chapter, on_delete=models.CASCADE, related_name="endgames")
    order = models.PositiveIntegerField(_("order"), default=0)
    difficulty = models.PositiveSmallIntegerField(
        _("difficulty"), default=1, choices=[(i, str(i)) for i in range(1, 6)]
    )
    hidden = models.BooleanField(_("hidden"), default=False)
    title = models.CharField(
        _("title"),
        max_length=200,
        blank=True,
        default="",
        help_text=_("Leave blank for a title generated from the facts."),
    )
    intro = models.TextField(
        _("introduction"),
        blank=True,
        default="",
        help_text=_("Leave blank for an introduction generated from the facts."),
    )
    facts = models.JSONField(_("facts"))
    seed = models.CharField(_("deal seed"), max_length=20, blank=True, default="")
    ply = models.PositiveIntegerField(_("ply in the source game"), default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "puzzles_endgame"
        verbose_name = _("endgame")
        verbose_name_plural = _("endgames")
        ordering = ["chapter__order", "order", "pk"]

    def __str__(self) -> str:
        return f"endgame {self.pk} ({self.chapter.idea}, {self.difficulty})"


class EndgameProgress(PlayerOwned):
    """A player's progress on one endgame (a user, or an anonymous session)."""

    endgame = models.ForeignKey(Endgame, on_delete=models.CASCADE, related_name="progress")
    owner = owner_key("endgame_progress")
    studied_at = models.DateTimeField(_("studied"), null=True, blank=True)
    mastered_at = models.DateTimeField(_("mastered"), null=True, blank=True)

    class Meta:
        db_table = "puzzles_endgameprogress"
        verbose_name = _("endgame progress")
        verbose_name_plural = _("endgame progress")
        constraints = [
            models.UniqueConstraint(
                fields=["endgame", "owner"], condition=models.Q(owner__isnull=False), name="unique_endgame_owner"
            ),
            models.UniqueConstraint(
                fields=["endgame", "session_key"], condition=models.Q(owner__isnull=True), name="unique_endgame_session"
            ),
        ]

    def __str__(self) -> str:
        return f"progress {self.endgame_id} {self.owner_id or self.session_key}"
