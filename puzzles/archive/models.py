"""Games imported from a file of records, and the monthly open data files."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from puzzles.core.models import PlayerOwned, owner_key


class ImportedGame(PlayerOwned):
    """One game of a file of records a player uploaded: its record as the
    versioned writer writes it, and what the list of imported games shows."""

    owner = owner_key("imported_games")
    source = models.CharField(_("file"), max_length=200, blank=True, default="")
    number = models.PositiveIntegerField(_("game in the file"))
    record = models.TextField(_("record"))
    event = models.CharField(_("event"), max_length=200, blank=True, default="")
    players = models.CharField(_("players"), max_length=400, blank=True, default="")
    date = models.CharField(_("date"), max_length=10, blank=True, default="")
    variant = models.CharField(_("variant"), max_length=24)
    result = models.CharField(_("result"), max_length=64)
    moves = models.PositiveIntegerField(_("moves"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("imported game")
        verbose_name_plural = _("imported games")
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["owner", "created_at"]),
            models.Index(fields=["session_key", "created_at"]),
        ]

    def __str__(self) -> str:
        return f"imported game {self.pk} ({self.source} #{self.number})"


class OpenDataFile(models.Model):
    """A month's file of rated games between people, written once into
    ``OD_OPEN_DATA_DIR`` (``services.open_data_write``)."""

    month = models.DateField(_("month"), unique=True)  # its first day
    name = models.CharField(_("file name"), max_length=100, unique=True)
    size = models.BigIntegerField(_("size (bytes)"))
    games = models.PositiveIntegerField(_("games"))
    sha256 = models.CharField(_("SHA-256 checksum"), max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("open data file")
        verbose_name_plural = _("open data files")
        ordering = ["-month"]

    def __str__(self) -> str:
        return self.name
