"""The daily deal and each player's game of it.

``DailyDeal`` is the deal of one UTC day: its seed, variant, the seat the
human plays and the solver's random seed, the same for everyone (drawn from
the date and the site's deal secret, see ``services.deal_choice``), with the
commitment to its seed that anyone can check once the seed is out.  ``DailyEntry`` ties one player (an
account, or a guest's token) to their one game of that deal; once the game is
over and every move of the human's is graded, the entry records the points
lost, the accuracy and the grades, and whether the result counts in the
day's ranking (``excluded``: why not).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from puzzles.games.models import POSITION_LENGTH, SEAT_CHOICES, Game
from solver.variant import LEWICKI_NAME


class DailyDeal(models.Model):
    day = models.DateField(_("day"), unique=True)
    variant = models.CharField(_("variant"), max_length=24, default=LEWICKI_NAME)
    # 0 <= seed < 2**53, stored as its decimal digits (as games.Game.seed).
    seed = models.CharField(_("deal seed"), max_length=20)
    rng_seed = models.BigIntegerField(_("opponent's random seed"))
    human_side = models.CharField(_("human side"), max_length=1, choices=SEAT_CHOICES, default="A")
    start_position = models.CharField(_("start position"), max_length=POSITION_LENGTH)
    # The commitment to the seed shown from the start of the day, and its salt,
    # revealed with the seed (games.dealing); empty for a deal made before them.
    salt = models.CharField(_("deal salt"), max_length=32, blank=True, default="")
    commitment = models.CharField(_("deal commitment"), max_length=64, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("daily deal")
        verbose_name_plural = _("daily deals")
        ordering = ["-day"]

    def __str__(self) -> str:
        return f"daily deal {self.day.isoformat()} (seed {self.seed}, {self.human_side})"


class DailyEntry(models.Model):
    """One player's game of a daily deal (one per player and deal)."""

    class Excluded(models.TextChoices):
        LATE = "late", _("played after its day")
        HINTS = "hints", _("hints taken")
        RESIGNED = "resigned", _("resigned")

    deal = models.ForeignKey(DailyDeal, on_delete=models.CASCADE, related_name="entries")
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="daily_entry")
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="daily_entries"
    )
    # The guest's token (see accounts.players.Player), handed over at log-in.
    session_key = models.CharField(_("anonymous player"), max_length=64, blank=True, default="", db_index=True)
    # Started on the deal's own UTC day: only those games can be ranked.
    on_the_day = models.BooleanField(_("started on its day"), default=True)
    # Filled once the game is over and every human move is graded (all at
    # once, with ``recorded_at``: ``points_lost`` is null until then).
    points_lost = models.PositiveIntegerField(_("points lost"), null=True, blank=True)
    accuracy = models.FloatField(_("accuracy"), null=True, blank=True)
    # One letter per human move in playing order: b(est), i(naccuracy), m(istake),
    # u (blunder), f (forced: no choice).
    grades = models.CharField(_("grades"), max_length=64, blank=True, default="")
    excluded = models.CharField(_("not ranked"), max_length=8, choices=Excluded.choices, blank=True, default="")
    recorded_at = models.DateTimeField(_("recorded"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    # Not a column: True on an entry whose result ``selectors.entry_seen``
    # worked out from the stored moves for its reader, the sweep not having
    # written it yet (nothing saves such an entry).
    result_unstored = False

    class Meta:
        verbose_name = _("daily deal game")
        verbose_name_plural = _("daily deal games")
        ordering = ["deal", "created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["deal", "owner"], condition=models.Q(owner__isnull=False), name="daily_one_entry_per_user"
            ),
            models.UniqueConstraint(
                fields=["deal", "session_key"],
                condition=models.Q(owner__isnull=True),
                name="daily_one_entry_per_guest",
            ),
        ]
        # The field of a deal is counted through this index (selectors.ranked): never loaded row by row.
        # ... and the beat's sweep (services.entries_settle) finds the games still to record through the
        # second, which holds only those.
        indexes = [
            models.Index(fields=["deal", "excluded", "points_lost"], name="daily_entry_field"),
            models.Index(
                fields=["created_at"], condition=models.Q(recorded_at__isnull=True), name="daily_entry_unrecorded"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.deal} game {self.game_id}"

    @property
    def ranked(self) -> bool:
        """Recorded and counted in the day's ranking."""
        return self.recorded_at is not None and not self.excluded
