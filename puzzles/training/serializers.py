"""The puzzle API's shapes: what the views read (``*InputSerializer``) and
the JSON that ``presentation`` builds and the views return, for the OpenAPI
schema.  Nothing of a puzzle's answer is in a shape before the attempt is over."""

from __future__ import annotations

from rest_framework import serializers

from puzzles.core.api import MoveInputSerializer
from puzzles.core.vocabulary import GRADES, SIDES

from .days import DIFFICULTIES
from .mining import THEMES
from .models import PuzzleRun
from .selectors import DASHBOARD_PERIODS

# ------------------------------------------------------- query parameters


class ThemeQuerySerializer(serializers.Serializer):
    theme = serializers.ChoiceField(
        choices=list(THEMES),
        required=False,
        help_text="Keep to one theme (GET /api/puzzles/themes/).",
    )


class NextQuerySerializer(ThemeQuerySerializer):
    difficulty = serializers.ChoiceField(
        choices=list(DIFFICULTIES),
        required=False,
        help_text="Your training difficulty when left out.",
    )


class DashboardQuerySerializer(serializers.Serializer):
    days = serializers.ChoiceField(choices=list(DASHBOARD_PERIODS), default=30, help_text="The period, in days.")


class RunListQuerySerializer(serializers.Serializer):
    mode = serializers.ChoiceField(choices=PuzzleRun.Mode.values, required=False, help_text="Keep to one mode.")


class PuzzleOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    position = serializers.CharField(help_text="The start position; its side to move solves it.")
    side = serializers.ChoiceField(choices=list(SIDES), help_text="The side the player plays.")
    kind = serializers.ChoiceField(
        choices=["win", "most"],
        help_text="win: find the only winning move; most: every move wins, find the one that wins the most.",
    )
    rating = serializers.IntegerField()
    daily_on = serializers.DateField(allow_null=True, help_text="The UTC day it was the daily puzzle, if it was.")
    attempts = serializers.IntegerField()
    solved = serializers.IntegerField()
    board = serializers.JSONField(help_text="Position.to_json() of the start.")
    urls = serializers.DictField(child=serializers.CharField())


class PlayerOutputSerializer(serializers.Serializer):
    rating = serializers.IntegerField()
    rd = serializers.IntegerField()
    rated_count = serializers.IntegerField()
    streak = serializers.IntegerField(help_text="Consecutive UTC days with the daily puzzle solved on its day.")
    best_streak = serializers.IntegerField()
    solved_today = serializers.BooleanField()
    difficulty = serializers.ChoiceField(
        choices=["easiest", "easier", "normal", "harder", "hardest"],
        help_text="Your training difficulty (an offset from your rating).",
    )


class DailyOutputSerializer(PuzzleOutputSerializer):
    player = PlayerOutputSerializer()


class NextOutputSerializer(PuzzleOutputSerializer):
    player = PlayerOutputSerializer()


class AttemptMoveSerializer(serializers.Serializer):
    ply = serializers.IntegerField(help_text="0 for the first move of the attempt.")
    side = serializers.ChoiceField(choices=list(SIDES))
    by = serializers.ChoiceField(choices=["player", "solver"])
    move = serializers.CharField()
    value = serializers.IntegerField(allow_null=True, help_text="For the mover; null until graded.")
    best_value = serializers.IntegerField(allow_null=True)
    grade = serializers.ChoiceField(choices=list(GRADES), allow_null=True)
    points_lost = serializers.IntegerField(allow_null=True)
    correct = serializers.BooleanField(
        allow_null=True, help_text="The player's move kept the value (null: not yet graded)."
    )
    best_moves = serializers.ListField(
        child=serializers.CharField(), allow_null=True, help_text="Only once the attempt is over."
    )


class SolutionMoveSerializer(serializers.Serializer):
    move = serializers.CharField()
    side = serializers.ChoiceField(choices=list(SIDES))
    by = serializers.ChoiceField(choices=["solver-side", "defender"])
    value = serializers.IntegerField(help_text="For the mover.")
    grade = serializers.CharField()
    key = serializers.BooleanField(help_text="A move the solving side had to find.")


class ThemeSerializer(serializers.Serializer):
    name = serializers.CharField()
    label = serializers.CharField(help_text="The name in the request's language.")  # type: ignore[assignment]
    description = serializers.CharField()


class SolutionSerializer(serializers.Serializer):
    line = SolutionMoveSerializer(many=True)
    value = serializers.IntegerField(help_text="The start's value for the solving side.")
    kind = serializers.CharField()
    solver_moves = serializers.IntegerField()
    first_moves = serializers.JSONField(help_text="Every legal first move: {move, value, grade}, best first.")
    themes = ThemeSerializer(many=True)
    board_after = serializers.JSONField()
    source = serializers.DictField()  # type: ignore[assignment]
    quality = serializers.FloatField(help_text="0 to 100, from solver facts.")
    quality_facts = serializers.JSONField(
        help_text="Legal moves, failing moves, mean loss, natural moves that fail, depth."
    )
    vote_url = serializers.CharField()


class AttemptRatingSerializer(serializers.Serializer):
    before = serializers.IntegerField()
    after = serializers.IntegerField()
    change = serializers.IntegerField()
    puzzle_before = serializers.IntegerField()
    puzzle_after = serializers.IntegerField()


class AttemptOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    puzzle = PuzzleOutputSerializer()
    status = serializers.ChoiceField(choices=["your-move", "thinking", "solved", "failed"])
    gave_up = serializers.BooleanField()
    rated = serializers.BooleanField(help_text="Only the player's first attempt at a puzzle is rated.")
    unrated_because = serializers.ChoiceField(
        choices=["analysed", "skipped", "offline", "offline-key"],
        allow_null=True,
        help_text="Why a first attempt is not rated after all: 'analysed' (you asked for the analysis of one of "
        "its positions while solving it); 'skipped': a streak's puzzle you skipped; 'offline': solved offline "
        "(sent to POST /api/puzzles/offline/results/); 'offline-key': you were given the puzzle's key, its "
        "answers, for offline solving (GET /api/puzzles/offline/), so it is never rated for you.",
    )
    daily = serializers.BooleanField(help_text="Today's daily puzzle, on its day (counts for the streak).")
    start = serializers.CharField()
    position = serializers.CharField(help_text="The current position.")
    side = serializers.ChoiceField(choices=list(SIDES))
    to_move = serializers.ChoiceField(choices=list(SIDES), allow_null=True)
    legal_moves = serializers.ListField(child=serializers.CharField(), help_text="When it is your move, else [].")
    moves = AttemptMoveSerializer(many=True)
    last_move = serializers.CharField(allow_null=True)
    found = serializers.IntegerField(help_text="Moves found so far.")
    feedback = serializers.ChoiceField(
        choices=["correct", "incorrect"], allow_null=True, help_text="Of your last graded move."
    )
    board = serializers.JSONField()
    version = serializers.IntegerField(help_text="Changes with every step: long-poll with ?wait=.")
    rating = AttemptRatingSerializer(allow_null=True, help_text="A rated attempt's rating change, once over.")
    solution = SolutionSerializer(
        allow_null=True, help_text="Null until the attempt is solved or failed (a run's puzzle: until the run is over)."
    )
    run = serializers.IntegerField(allow_null=True, help_text="The streak or timed run this puzzle is part of.")
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    urls = serializers.DictField(child=serializers.CharField())


class HistoryRowSerializer(serializers.Serializer):
    attempt = serializers.IntegerField()
    puzzle = serializers.IntegerField()
    puzzle_rating = serializers.IntegerField()
    kind = serializers.CharField()
    status = serializers.CharField()
    solved = serializers.BooleanField()
    gave_up = serializers.BooleanField()
    rated = serializers.BooleanField()
    daily_on = serializers.DateField(allow_null=True)
    rating_before = serializers.IntegerField(allow_null=True)
    rating_after = serializers.IntegerField(allow_null=True)
    finished_at = serializers.DateTimeField()


class HistoryOutputSerializer(serializers.Serializer):
    player = PlayerOutputSerializer()
    attempts = HistoryRowSerializer(many=True)


class DashboardThemeSerializer(serializers.Serializer):
    theme = serializers.CharField()
    label = serializers.CharField()  # type: ignore[assignment]
    description = serializers.CharField()
    attempts = serializers.IntegerField()
    solved = serializers.IntegerField()
    failed = serializers.IntegerField()
    success_rate = serializers.FloatField(allow_null=True)
    performance = serializers.IntegerField(allow_null=True, help_text="Linear performance rating.")
    train_url = serializers.CharField()
    replay_url = serializers.CharField()


class DashboardTotalSerializer(serializers.Serializer):
    attempts = serializers.IntegerField()
    solved = serializers.IntegerField()
    failed = serializers.IntegerField()
    success_rate = serializers.FloatField(allow_null=True)
    performance = serializers.IntegerField(allow_null=True)


class DashboardOutputSerializer(serializers.Serializer):
    days = serializers.IntegerField()
    total = DashboardTotalSerializer()
    themes = DashboardThemeSerializer(many=True)
    strongest = ThemeSerializer(many=True)
    weakest = ThemeSerializer(many=True)
    train_weakest_url = serializers.CharField(allow_null=True)


class DifficultyInputSerializer(serializers.Serializer):
    difficulty = serializers.ChoiceField(choices=["easiest", "easier", "normal", "harder", "hardest"])


class VoteInputSerializer(serializers.Serializer):
    up = serializers.BooleanField(help_text="true: thumbs up; false: thumbs down.")


class VoteOutputSerializer(serializers.Serializer):
    up = serializers.IntegerField()
    down = serializers.IntegerField()
    yours = serializers.BooleanField(allow_null=True)
    url = serializers.CharField()


class RunStartInputSerializer(serializers.Serializer):
    mode = serializers.ChoiceField(
        choices=["streak", "timed"],
        help_text="streak: one wrong move ends it; timed: 3 minutes, a wrong move costs 10 s.",
    )


class RunMoveInputSerializer(MoveInputSerializer):
    attempt = serializers.IntegerField(
        required=False,
        help_text="The puzzle under way the move is meant for (its attempt id); 409 if the run has moved on.",
    )


class RunPuzzleSerializer(serializers.Serializer):
    index = serializers.IntegerField(help_text="1 for the run's first puzzle.")
    puzzle = serializers.IntegerField()
    attempt = serializers.IntegerField()
    rating = serializers.IntegerField(help_text="The puzzle's rating when it came.")
    side = serializers.ChoiceField(choices=list(SIDES))
    result = serializers.ChoiceField(choices=["solved", "failed", "skipped", "unfinished"])
    played = serializers.ListField(child=serializers.CharField(), help_text="Your moves in it.")
    solution = SolutionSerializer(allow_null=True, help_text="Null until the run is over.")
    urls = serializers.DictField(child=serializers.CharField())


class RunOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    mode = serializers.ChoiceField(choices=["streak", "timed"])
    status = serializers.ChoiceField(
        choices=["active", "over"],
        help_text="A timed run is over as soon as its clock reads zero (unless its last move, made in time, is "
        "still being graded).",
    )
    end_reason = serializers.ChoiceField(choices=["wrong-move", "time", "stopped", "exhausted"], allow_null=True)
    score = serializers.IntegerField(help_text="Puzzles solved.")
    mistakes = serializers.IntegerField(help_text="Timed: wrong moves (each cost the penalty).")
    skips_left = serializers.IntegerField(help_text="Streak: puzzles you may still skip (one per streak).")
    duration = serializers.IntegerField(allow_null=True, help_text="Timed: seconds on the clock at the start.")
    penalty_seconds = serializers.IntegerField()
    penalty_per_mistake = serializers.IntegerField(allow_null=True)
    time_left = serializers.FloatField(allow_null=True, help_text="Timed: seconds left, by the server's clock.")
    started_at = serializers.DateTimeField()
    deadline = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    best = serializers.IntegerField(help_text="Your best score in this mode.")
    best_before = serializers.IntegerField(help_text="Your best when this run started.")
    new_best = serializers.BooleanField()
    version = serializers.IntegerField()
    attempt = AttemptOutputSerializer(
        allow_null=True, help_text="The puzzle under way (without its answer); null once over."
    )
    ended_by = AttemptOutputSerializer(
        allow_null=True,
        help_text="Once a wrong move has ended the run: that puzzle's attempt, with its solution; else null.",
    )
    puzzles = RunPuzzleSerializer(many=True)
    urls = serializers.DictField(child=serializers.CharField())


class RunSummarySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    mode = serializers.CharField()
    status = serializers.CharField()
    score = serializers.IntegerField()
    mistakes = serializers.IntegerField()
    started_at = serializers.DateTimeField()
    end_reason = serializers.CharField(allow_null=True)
    page = serializers.CharField()


class RunListOutputSerializer(serializers.Serializer):
    best_streak = serializers.IntegerField(help_text="Your best puzzle streak.")
    best_timed = serializers.IntegerField(help_text="Your best timed score.")
    runs = RunSummarySerializer(many=True)
