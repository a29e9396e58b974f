"""Analyses cached by position (the normalised position string of docs/rules.md
section 2.2), found too by the canonical form shared by every spelling of the
same game."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _


class Analysis(models.Model):
    """The exact analysis of one position, computed once however many players
    reach it.  ``result`` is ``solver.Analysis.to_json()``
    (``{"position", "value", "moves": [{"move", "value", "grade"}], "pv"}``)."""

    class Status(models.TextChoices):
        PENDING = "pending", _("pending")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

    # The longest position string (a double-nine deal with 27 stones out) is under 200 characters.
    position = models.CharField(_("position"), max_length=200, unique=True)
    # The position's canonical form (``solver.canonical_key``): another
    # spelling of the same game is answered from this row's analysis.
    canonical = models.CharField(_("canonical form"), max_length=200, db_index=True, default="")
    status = models.CharField(_("status"), max_length=8, choices=Status.choices, default=Status.PENDING)
    result = models.JSONField(_("result"), null=True, blank=True)
    error = models.TextField(_("error"), blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    computed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "puzzles_analysis"
        verbose_name = _("analysis")
        verbose_name_plural = _("analyses")
        indexes = [models.Index(fields=["status", "updated_at"])]

    def __str__(self) -> str:
        return f"{self.position} ({self.status})"
