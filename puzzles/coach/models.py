"""Exercises: the positions before a player's own mistakes and blunders, to
solve again as puzzles (any move that keeps the best value is right), on a
spaced schedule (``schedule``: FSRS); and the cards of the failed puzzles a
player asked to replay, on the same schedule.

An exercise comes from a move of a practice game (matches are made of
practice games) or from a ply of an analysed game record whose tags say which
side the player was; a player has one exercise per mistake (a position and
the move played there), whichever game it was first met in.  The answer (``best_moves``, ``best_value``, ``moves``)
is stored here and never sent before a try at the exercise is over
(``presentation``).
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from puzzles.core.models import PlayerOwned, owner_key
from puzzles.core.vocabulary import GRADE_CHOICES, SIDE_CHOICES

from . import schedule


def card_of(row: Scheduled) -> schedule.CardState:
    """The FSRS card a row stores."""
    return schedule.CardState(
        state=row.card_state,
        step=row.step,
        stability=row.stability,
        difficulty=row.difficulty,
        due_at=row.due_at,
        last_review_at=row.last_review_at,
    )


def card_fields(card: schedule.CardState) -> dict[str, object]:
    """The model fields that store ``card``."""
    return {
        "card_state": card.state,
        "step": card.step,
        "stability": card.stability,
        "difficulty": card.difficulty,
        "due_at": card.due_at,
        "last_review_at": card.last_review_at,
    }


class Scheduled(models.Model):
    """A row on a player's FSRS schedule: the card (``schedule.CardState``)
    it stores, read as ``card`` and written with ``card_fields``."""

    card_state = models.PositiveSmallIntegerField(_("card state"), default=1)
    step = models.SmallIntegerField(_("learning step"), null=True, blank=True, default=0)
    stability = models.FloatField(_("stability (days)"), null=True, blank=True)
    difficulty = models.FloatField(_("difficulty"), null=True, blank=True)
    due_at = models.DateTimeField(_("due"), db_index=True)
    last_review_at = models.DateTimeField(_("last review"), null=True, blank=True)

    class Meta:
        abstract = True

    @property
    def card(self) -> schedule.CardState:
        return card_of(self)


class Exercise(PlayerOwned, Scheduled):
    class Source(models.TextChoices):
        GAME = "game", _("practice game")
        ANALYSIS = "analysis", _("analysed game record")

    user = owner_key("exercises")
    source = models.CharField(_("source"), max_length=8, choices=Source.choices)
    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    game_analysis = models.ForeignKey(
        "study.GameAnalysis", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    # The ply of the mistake in its game (0 for the first move of a practice
    # game; records count from 1, as their analysis does).
    ply = models.PositiveIntegerField(_("ply"))
    position = models.CharField(_("position"), max_length=200)
    side = models.CharField(_("side"), max_length=1, choices=SIDE_CHOICES)
    played = models.CharField(_("move played"), max_length=8)
    grade = models.CharField(_("grade"), max_length=10, choices=GRADE_CHOICES)
    points_lost = models.IntegerField(_("points lost"))
    # The answer: the moves that keep the best value, that value, and every
    # legal move with its value and grade (best first) when known.
    best_moves = models.JSONField(_("best moves"))
    best_value = models.IntegerField(_("best value"))
    moves = models.JSONField(_("moves"), default=list, blank=True)
    solved_count = models.PositiveIntegerField(_("solved"), default=0)
    failed_count = models.PositiveIntegerField(_("failed"), default=0)
    last_tried_at = models.DateTimeField(_("last tried"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("exercise")
        verbose_name_plural = _("exercises")
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "ply"], condition=models.Q(game__isnull=False), name="unique_exercise_game_ply"
            ),
            models.UniqueConstraint(
                fields=["game_analysis", "ply"],
                condition=models.Q(game_analysis__isnull=False),
                name="unique_exercise_analysis_ply",
            ),
            # One exercise per mistake of a player: the same move in the same
            # position, met again in another game, another analysis of the
            # same record or the record of a practice game, is not made twice.
            models.UniqueConstraint(
                fields=["user", "position", "played"],
                condition=models.Q(user__isnull=False),
                name="unique_exercise_user_mistake",
            ),
            models.UniqueConstraint(
                fields=["session_key", "position", "played"],
                condition=models.Q(user__isnull=True),
                name="unique_exercise_guest_mistake",
            ),
        ]

    def __str__(self) -> str:
        return f"exercise {self.pk} ({self.played}, {self.grade})"


class ExerciseTry(models.Model):
    """One try at an exercise: the move, whether it kept the best value, and
    whether the exercise was due then (a try on schedule moves it on)."""

    exercise = models.ForeignKey(Exercise, on_delete=models.CASCADE, related_name="tries")
    move = models.CharField(_("move"), max_length=8)
    correct = models.BooleanField(_("correct"))
    was_due = models.BooleanField(_("on schedule"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("exercise try")
        verbose_name_plural = _("exercise tries")
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"try {self.pk} at exercise {self.exercise_id}"


class PuzzleCard(PlayerOwned, Scheduled):
    """A failed puzzle on the player's FSRS schedule (for players who asked
    for it: ``training.PuzzleRating.replay_failed``).  Its first failed
    attempt is its first review (``Again``); every finished attempt at the
    puzzle after that is a try (``schedule.after_try``), read from the
    player's attempts in the order they ended (``last_attempt_at``: the end of
    the last one taken into account)."""

    user = owner_key("puzzle_cards")
    puzzle = models.ForeignKey("training.Puzzle", on_delete=models.CASCADE, related_name="+")
    last_attempt_at = models.DateTimeField(_("end of the last attempt taken into account"), null=True, blank=True)
    reviews = models.PositiveIntegerField(_("reviews"), default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("puzzle to replay")
        verbose_name_plural = _("puzzles to replay")
        ordering = ["due_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["user", "puzzle"], condition=models.Q(user__isnull=False), name="unique_puzzle_card_user"
            ),
            models.UniqueConstraint(
                fields=["session_key", "puzzle"], condition=models.Q(user__isnull=True), name="unique_puzzle_card_guest"
            ),
        ]

    def __str__(self) -> str:
        return f"puzzle card {self.pk} (puzzle {self.puzzle_id})"
