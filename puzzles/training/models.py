"""Puzzle training: puzzles found and verified by the solver, the daily
puzzle (a date on the puzzle), attempts, and the players' ratings and streaks.

Positions are normalised position strings (docs/rules.md section 2.2); the answer (``line``,
``themes``, ``value``, ``start_moves``) is stored here and never sent to a
player before their attempt is over (see ``presentation``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from puzzles.core.models import PlayerOwned, Versioned, owner_key
from puzzles.core.vocabulary import SIDE_CHOICES
from puzzles.ratings.glicko2 import DEFAULT_RATING, DEFAULT_RD, DEFAULT_VOLATILITY
from puzzles.ratings.models import Glicko2Rated


class Puzzle(models.Model):
    """A start position whose side to move (``side``) solves it."""

    class Kind(models.TextChoices):
        WIN = "win", _("find the only winning move")
        MOST = "most", _("find the move that wins the most")

    position = models.CharField(_("position"), max_length=200, unique=True)
    side = models.CharField(_("side"), max_length=1, choices=SIDE_CHOICES)
    kind = models.CharField(_("kind"), max_length=4, choices=Kind.choices)
    # The stored solution: the solving side's moves alternating with the
    # defender's most resistant replies (passes included), from ``position``.
    line = models.JSONField(_("line"))
    solver_moves = models.PositiveSmallIntegerField(_("moves to find"))
    themes = models.JSONField(_("themes"), default=list, blank=True)
    # Every legal move of the start position with its value and grade (best first).
    start_moves = models.JSONField(_("moves of the start"), default=list, blank=True)
    value = models.IntegerField(_("value"), help_text=_("For the solving side, with perfect play."))
    rating = models.FloatField(_("rating"), default=DEFAULT_RATING, db_index=True)
    rd = models.FloatField(_("rating deviation"), default=DEFAULT_RD)
    volatility = models.FloatField(_("volatility"), default=DEFAULT_VOLATILITY)
    initial_rating = models.FloatField(_("first estimate"), default=DEFAULT_RATING)
    seed = models.CharField(_("deal seed"), max_length=20)
    ply = models.PositiveIntegerField(_("ply in the deal"))
    # The UTC day this puzzle was (or is) the daily puzzle; null while unused.
    daily_on = models.DateField(_("daily puzzle on"), null=True, blank=True, unique=True)
    attempts_count = models.PositiveIntegerField(_("attempts"), default=0)
    solved_count = models.PositiveIntegerField(_("solved"), default=0)
    # How good a puzzle it is, from solver facts (``mining.quality_facts``,
    # ``mining.quality_score``: 0 to 100), and with the players' votes
    # (``score``: what the daily puzzle is chosen by).
    quality_facts = models.JSONField(_("quality facts"), default=dict, blank=True)
    quality = models.FloatField(_("quality"), default=0)
    votes_up = models.PositiveIntegerField(_("votes up"), default=0)
    votes_down = models.PositiveIntegerField(_("votes down"), default=0)
    score = models.FloatField(_("score"), default=0, db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "puzzles_puzzle"
        verbose_name = _("puzzle")
        verbose_name_plural = _("puzzles")
        ordering = ["id"]
        indexes = [models.Index(fields=["daily_on", "rating"], name="puzzle_daily_rating")]

    def __str__(self) -> str:
        return f"puzzle {self.pk} ({self.kind}, {round(self.rating)})"


class PuzzleSeed(models.Model):
    """The deal seeds already mined (each seed is mined once)."""

    seed = models.CharField(_("deal seed"), max_length=20, unique=True)
    accepted = models.PositiveIntegerField(_("puzzles stored"), default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "puzzles_puzzleseed"
        verbose_name = _("mined deal")
        verbose_name_plural = _("mined deals")

    def __str__(self) -> str:
        return self.seed


class PuzzleRating(Glicko2Rated):
    """A player's puzzle rating (Glicko-2: ``rating``, ``rd``, ``volatility``)
    and daily streak: one row per account, or per anonymous session
    (``session_key``, the guest's token: ``accounts.players``)."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="puzzle_rating"
    )
    session_key = models.CharField(_("anonymous player"), max_length=64, blank=True, default="")
    rated_count = models.PositiveIntegerField(_("rated attempts"), default=0)
    streak = models.PositiveIntegerField(_("daily streak"), default=0)
    best_streak = models.PositiveIntegerField(_("best daily streak"), default=0)
    streak_day = models.DateField(_("last daily solved"), null=True, blank=True)

    class Difficulty(models.TextChoices):
        EASIEST = "easiest", _("easiest")
        EASIER = "easier", _("easier")
        NORMAL = "normal", _("normal")
        HARDER = "harder", _("harder")
        HARDEST = "hardest", _("hardest")

    # The training difficulty the player chose: an offset from their rating (days.DIFFICULTIES).
    difficulty = models.CharField(_("difficulty"), max_length=8, choices=Difficulty.choices, default=Difficulty.NORMAL)
    best_puzzle_streak = models.PositiveIntegerField(_("best puzzle streak"), default=0)
    best_timed_score = models.PositiveIntegerField(_("best timed score"), default=0)
    # The player asked for the puzzles they fail to come back on a spaced
    # schedule (the coach's, which reads this).
    replay_failed = models.BooleanField(_("replay failed puzzles"), default=False)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "puzzles_playerrating"
        verbose_name = _("puzzle rating")
        verbose_name_plural = _("puzzle ratings")
        constraints = [
            models.UniqueConstraint(
                fields=["session_key"],
                condition=Q(user__isnull=True) & ~Q(session_key=""),
                name="unique_anonymous_puzzle_rating",
            ),
        ]

    def __str__(self) -> str:
        who = self.user_id or self.session_key[:8]
        return f"{who}: {round(self.rating)}"


class PuzzleAttempt(PlayerOwned, Versioned):
    """One try at a puzzle, shaped like a game: the player moves, the solver
    replies (a task), until the puzzle is solved or failed (a move that loses
    value, or giving up).  ``moves`` holds every move played, with grades."""

    class Status(models.TextChoices):
        YOUR_MOVE = "your-move", _("your move")
        THINKING = "thinking", _("thinking")
        SOLVED = "solved", _("solved")
        FAILED = "failed", _("failed")

    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="attempts")
    user = owner_key("puzzle_attempts")
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.YOUR_MOVE)
    position = models.CharField(_("current position"), max_length=200)
    # [{"ply", "side", "by": "player"|"solver", "move", "position_before",
    #   "value", "best_value", "grade", "points_lost", "correct"}]
    moves = models.JSONField(_("moves"), default=list, blank=True)
    found = models.PositiveSmallIntegerField(_("moves found"), default=0)
    gave_up = models.BooleanField(_("gave up"), default=False)
    rated = models.BooleanField(_("rated"), default=False, help_text=_("The player's first attempt at this puzzle."))
    # Why a first attempt is not rated after all: "analysed" (its player asked
    # the site for the analysis of one of its positions while solving it).
    unrated_because = models.CharField(_("not rated because"), max_length=16, blank=True, default="")
    daily_on = models.DateField(_("daily puzzle of"), null=True, blank=True)
    rating_before = models.FloatField(_("rating before"), null=True, blank=True)
    rating_after = models.FloatField(_("rating after"), null=True, blank=True)
    puzzle_rating_before = models.FloatField(_("puzzle rating before"), null=True, blank=True)
    puzzle_rating_after = models.FloatField(_("puzzle rating after"), null=True, blank=True)
    # The streak or timed run this attempt is a puzzle of (unrated), if any.
    run = models.ForeignKey(
        "PuzzleRun", null=True, blank=True, on_delete=models.SET_NULL, related_name="attempts", verbose_name=_("run")
    )
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "puzzles_puzzleattempt"
        verbose_name = _("puzzle attempt")
        verbose_name_plural = _("puzzle attempts")
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "updated_at"], name="attempt_status_updated")]

    def __str__(self) -> str:
        return f"attempt {self.pk} at puzzle {self.puzzle_id} ({self.status})"

    @property
    def finished(self) -> bool:
        return self.status in (self.Status.SOLVED, self.Status.FAILED)


class PuzzleVote(models.Model):
    """A player's thumbs up or down for a puzzle, after an attempt at it
    (one vote per player and puzzle; voting again changes it)."""

    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="votes")
    user = owner_key("puzzle_votes")
    session_key = models.CharField(_("anonymous player"), max_length=64, blank=True, default="")
    up = models.BooleanField(_("thumbs up"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("puzzle vote")
        verbose_name_plural = _("puzzle votes")
        constraints = [
            models.UniqueConstraint(
                fields=["puzzle", "user"], condition=Q(user__isnull=False), name="unique_vote_user"
            ),
            models.UniqueConstraint(
                fields=["puzzle", "session_key"], condition=Q(user__isnull=True), name="unique_vote_session"
            ),
        ]

    def __str__(self) -> str:
        return f"{'+' if self.up else '-'} puzzle {self.puzzle_id}"


class PuzzleRun(PlayerOwned):
    """A streak or a timed run: unrated puzzles one after another, judged on
    the server.  Each puzzle of the run is a ``PuzzleAttempt`` (``run``); the
    newest is the one under way.

    Streak: the puzzles' ratings go up, the first wrong move ends the run.
    Timed: ``duration`` seconds from ``started_at``; a wrong move takes
    ``PENALTY`` seconds off (``deadline`` moves earlier); the run ends at the
    deadline.  The score is the number of puzzles solved."""

    class Mode(models.TextChoices):
        STREAK = "streak", _("streak")
        TIMED = "timed", _("timed")

    class Status(models.TextChoices):
        ACTIVE = "active", _("under way")
        OVER = "over", _("over")

    class EndReason(models.TextChoices):
        WRONG_MOVE = "wrong-move", _("a wrong move")
        TIME = "time", _("time ran out")
        STOPPED = "stopped", _("stopped")
        EXHAUSTED = "exhausted", _("no puzzle left")

    mode = models.CharField(_("mode"), max_length=8, choices=Mode.choices)
    user = owner_key("puzzle_runs")
    status = models.CharField(_("status"), max_length=8, choices=Status.choices, default=Status.ACTIVE)
    end_reason = models.CharField(_("why it ended"), max_length=12, choices=EndReason.choices, blank=True, default="")
    score = models.PositiveIntegerField(_("puzzles solved"), default=0)
    mistakes = models.PositiveIntegerField(_("wrong moves"), default=0)
    skips = models.PositiveSmallIntegerField(_("puzzles skipped"), default=0)
    duration = models.PositiveIntegerField(_("seconds on the clock"), default=0)
    penalty_seconds = models.PositiveIntegerField(_("penalty seconds"), default=0)
    started_at = models.DateTimeField(_("started at"))
    # Timed runs: the moment the clock reaches zero (moved earlier by each penalty).
    deadline = models.DateTimeField(_("deadline"), null=True, blank=True)
    # When the server last accepted a move of the run (a move accepted in time counts).
    last_move_at = models.DateTimeField(_("last move at"), null=True, blank=True)
    best_before = models.PositiveIntegerField(_("personal best before"), default=0)
    finished_at = models.DateTimeField(null=True, blank=True)
    version = models.PositiveIntegerField(default=0)

    class Meta:
        verbose_name = _("puzzle run")
        verbose_name_plural = _("puzzle runs")
        ordering = ["-started_at", "-id"]
        indexes = [models.Index(fields=["status", "deadline"], name="run_status_deadline")]
        # One run under way a player (an account, or a guest's session).
        constraints = [
            models.UniqueConstraint(
                fields=["user"], condition=Q(status="active", user__isnull=False), name="run_one_active_per_user"
            ),
            models.UniqueConstraint(
                fields=["session_key"], condition=Q(status="active", user__isnull=True), name="run_one_active_per_guest"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.mode} run {self.pk} ({self.status}, {self.score})"
