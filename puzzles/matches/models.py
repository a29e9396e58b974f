"""Matches and their deals.

A match is a series of practice games (``games.Game``) between the human and
the solver at one level, to a target score or to a number of won deals
(docs/rules.md section 5).  Each deal is one ordinary game; ``MatchDeal`` ties it
to its match and, once the game is over, holds its result as the match
counted it.  The running totals are kept on the match, written in the same
transaction as the deal's result.

A match is of one variant (docs/rules.md section 4) and the human keeps the same
seat, so the same team, all match long (section 5).  The two sides are A's
(``A``, or the team ``A+C``) and B's (``B`` or ``B+D``): ``score_a`` and
``wins_a`` are the first's, ``score_b`` and ``wins_b`` the second's; a winner
is written as a ``Result`` names it.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from puzzles.core.models import PlayerOwned, Versioned, owner_key
from puzzles.core.vocabulary import REASON_CHOICES
from puzzles.games.models import SEAT_CHOICES, Game
from solver import Variant
from solver.variant import LEWICKI_NAME

# A side as a result names it: a seat, or a team of partnership.
WINNER_CHOICES = [(w, w) for w in ("A", "B", "A+C", "B+D")]
# How a deal ended: the rules' two ways, or the human resigned.
DEAL_REASON_CHOICES = [*REASON_CHOICES, ("resigned", _("resigned"))]


class Match(PlayerOwned, Versioned):
    class Status(models.TextChoices):
        PLAYING = "playing", _("playing")
        OVER = "over", _("over")

    # Exactly one of the two targets is set.
    target_points = models.PositiveIntegerField(_("target score"), null=True, blank=True)
    target_wins = models.PositiveIntegerField(_("target of won deals"), null=True, blank=True)
    variant = models.CharField(_("variant"), max_length=24, default=LEWICKI_NAME)
    level = models.CharField(_("level"), max_length=8, choices=Game.Level.choices, default=Game.Level.STRONG)
    human_side = models.CharField(_("human side"), max_length=1, choices=SEAT_CHOICES, default="A")
    # 0 <= seed < 2**64, stored as its decimal digits (as games.Game.seed).
    seed = models.CharField(_("match seed"), max_length=20)
    status = models.CharField(_("status"), max_length=8, choices=Status.choices, default=Status.PLAYING)
    score_a = models.PositiveIntegerField(_("A's score"), default=0)
    score_b = models.PositiveIntegerField(_("B's score"), default=0)
    wins_a = models.PositiveIntegerField(_("A's won deals"), default=0)
    wins_b = models.PositiveIntegerField(_("B's won deals"), default=0)
    winner = models.CharField(_("winner"), max_length=3, choices=WINNER_CHOICES, blank=True, default="")
    owner = owner_key("matches")

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
    def rules(self) -> Variant:
        return Variant.parse(self.variant)

    @property
    def sides(self) -> tuple[str, str]:
        """The two sides as results name them: ``("A", "B")`` or ``("A+C", "B+D")``."""
        rules = self.rules
        return (rules.team_name(0), rules.team_name(1))

    @property
    def human_team(self) -> str:
        return self.sides[self.rules.team_of(self.human_side)]

    @property
    def solver_side(self) -> str:
        """The side the solver plays against the human."""
        return self.sides[1 - self.rules.team_of(self.human_side)]

    def score(self, side: str) -> int:
        """The score of ``side`` (a side's name, or any seat of it)."""
        return self.score_a if side[0] in "AC" else self.score_b

    def wins(self, side: str) -> int:
        return self.wins_a if side[0] in "AC" else self.wins_b


class MatchDeal(models.Model):
    """Deal ``number`` (from 1) of a match: its game, and once the game is
    over its result (``recorded_at`` set when the match counted it)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveIntegerField(_("deal number"))
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="match_deal")
    seed = models.CharField(_("deal seed"), max_length=20)
    winner = models.CharField(_("winner"), max_length=3, choices=WINNER_CHOICES, blank=True, default="")
    points = models.PositiveIntegerField(_("points"), null=True, blank=True)
    reason = models.CharField(_("how it ended"), max_length=8, choices=DEAL_REASON_CHOICES, blank=True, default="")
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
