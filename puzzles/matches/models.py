"""Matches and their deals.

A match is a series of practice games (``games.Game``) between the human and
the solver at one level, to a target score or to a number of won deals
(RULES.md section 5).  Each deal is one ordinary game; ``MatchDeal`` ties it
to its match and, once the game is over, holds its result as the match
counted it.  The running totals are kept on the match, written in the same
transaction as the deal's result.
"""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from puzzles.core.vocabulary import REASON_CHOICES, SIDE_CHOICES
from puzzles.games.models import Game


class Match(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing", _("playing")
        OVER = "over", _("over")

    # Exactly one of the two targets is set.
    target_points = models.PositiveIntegerField(_("target score"), null=True, blank=True)
    target_wins = models.PositiveIntegerField(_("target of won deals"), null=True, blank=True)
    level = models.CharField(_("level"), max_length=8, choices=Game.Level.choices, default=Game.Level.STRONG)
    human_side = models.CharField(_("human side"), max_length=1, choices=SIDE_CHOICES, default="A")
    # 0 <= seed < 2**64, stored as its decimal digits (as games.Game.seed).
    seed = models.CharField(_("match seed"), max_length=20)
    status = models.CharField(_("status"), max_length=8, choices=Status.choices, default=Status.PLAYING)
    score_a = models.PositiveIntegerField(_("A's score"), default=0)
    score_b = models.PositiveIntegerField(_("B's score"), default=0)
    wins_a = models.PositiveIntegerField(_("A's won deals"), default=0)
    wins_b = models.PositiveIntegerField(_("B's won deals"), default=0)
    winner = models.CharField(_("winner"), max_length=1, choices=SIDE_CHOICES, blank=True, default="")
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="matches"
    )
    # The guest's token (see accounts.players.Player), handed over at log-in.
    session_key = models.CharField(_("anonymous player"), max_length=64, blank=True, default="", db_index=True)
    # Bumped by every change (a deal recorded, a deal started): clients wait on it.
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "puzzles_match"
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=(
                    models.Q(target_points__isnull=False, target_wins__isnull=True)
                    | models.Q(target_points__isnull=True, target_wins__isnull=False)
                ),
                name="match_one_target",
            )
        ]

    def __str__(self) -> str:
        target = f"{self.target_points} points" if self.target_points else f"{self.target_wins} wins"
        return f"match {self.pk} to {target} ({self.human_side}, {self.level}, {self.status})"

    @property
    def solver_side(self) -> str:
        return "B" if self.human_side == "A" else "A"

    def score(self, side: str) -> int:
        return self.score_a if side == "A" else self.score_b

    def wins(self, side: str) -> int:
        return self.wins_a if side == "A" else self.wins_b


class MatchDeal(models.Model):
    """Deal ``number`` (from 1) of a match: its game, and once the game is
    over its result (``recorded_at`` set when the match counted it)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveIntegerField(_("deal number"))
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="match_deal")
    seed = models.CharField(_("deal seed"), max_length=20)
    winner = models.CharField(_("winner"), max_length=1, choices=SIDE_CHOICES, blank=True, default="")
    points = models.PositiveIntegerField(_("points"), null=True, blank=True)
    reason = models.CharField(_("how it ended"), max_length=8, choices=REASON_CHOICES, blank=True, default="")
    recorded_at = models.DateTimeField(_("recorded"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "puzzles_matchdeal"
        verbose_name = _("deal of a match")
        verbose_name_plural = _("deals of matches")
        ordering = ["match", "number"]
        constraints = [models.UniqueConstraint(fields=["match", "number"], name="unique_match_deal_number")]

    def __str__(self) -> str:
        return f"match {self.match_id} deal {self.number} (game {self.game_id})"
