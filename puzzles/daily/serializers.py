"""Input and output shapes of the daily deal's API (the output ones document
the JSON that ``presentation`` builds, for the OpenAPI schema)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from puzzles.games.serializers import VARIANT_NAMES, DealCommitmentSerializer
from solver.variant import SEATS

from .models import DailyEntry

STATUSES = ["new", "playing", "grading", "over"]
GRADES_SHOWN = ["best", "inaccuracy", "mistake", "blunder", "forced"]
STATUS_HELP = (
    "Your game of the deal: 'new' (not started), 'playing', 'grading' (over, a grade still on its way: "
    "ask again) or 'over' (your result is recorded)."
)


class StartInputSerializer(serializers.Serializer[Any]):
    date = serializers.DateField(
        required=False,
        allow_null=True,
        help_text="The day of the deal, YYYY-MM-DD (default today, UTC). A past day's deal can be played late: not ranked.",
    )


class YourResultSerializer(serializers.Serializer[Any]):
    points_lost = serializers.IntegerField(help_text="The sum of the points lost by your moves.")
    accuracy = serializers.FloatField(
        allow_null=True,
        help_text="Percentage of your moves with a choice that kept the best value; null with no choice.",
    )
    grades = serializers.ListField(
        child=serializers.ChoiceField(choices=GRADES_SHOWN), help_text="The grade of each of your moves, in order."
    )
    ranked = serializers.BooleanField(help_text="Counted in the day's ranking.")
    excluded = serializers.ChoiceField(
        choices=DailyEntry.Excluded.values,
        allow_null=True,
        help_text="Why not ranked: 'late' (started after its day), 'hints', 'resigned'.",
    )
    excluded_text = serializers.CharField(allow_blank=True, help_text="Why not ranked, in words; empty when ranked.")
    rank = serializers.IntegerField(help_text="1 + the ranked players who lost strictly fewer points.")
    percentile = serializers.FloatField(
        help_text="Share of the other results that lost strictly more points, ties counted half (alone: 100)."
    )
    top = serializers.IntegerField(help_text="100 * rank / field, rounded up: 'top 30%' for rank 3 of 10.")
    field = serializers.IntegerField(help_text="How many results you are compared with, yours included.")
    share = serializers.CharField(help_text="Your result to share: no move of the deal in it.")


class DailyDealOutputSerializer(serializers.Serializer[Any]):
    date = serializers.DateField()
    variant = serializers.ChoiceField(choices=VARIANT_NAMES)
    seed = serializers.IntegerField(
        allow_null=True, help_text="The deal's seed; null on its day until your game of it is over."
    )
    human = serializers.ChoiceField(choices=list(SEATS), help_text="The seat everyone plays.")
    level = serializers.CharField(help_text="The solver's level: perfect.")
    start_position = serializers.CharField(
        allow_null=True, help_text="The deal's start; null on its day until your game of it is over."
    )
    deal = DealCommitmentSerializer(
        allow_null=True,
        help_text="The commitment to the deal's seed, from the start of its day; its salt and seed with the seed "
        "above (docs/rules.md section 4.11).",
    )
    players = serializers.IntegerField(help_text="Ranked players so far.")
    status = serializers.ChoiceField(choices=STATUSES, help_text=STATUS_HELP)
    game = serializers.IntegerField(
        allow_null=True, help_text="Your game of the deal (play it through /api/games/<id>/)."
    )
    on_the_day = serializers.BooleanField(help_text="Your game is (or would be) started on the deal's day.")
    you = YourResultSerializer(allow_null=True)
    urls = serializers.DictField(child=serializers.CharField())


class HistogramBinSerializer(serializers.Serializer[Any]):
    low = serializers.IntegerField()
    high = serializers.IntegerField(allow_null=True, help_text="Null: no upper bound.")
    text = serializers.CharField(help_text="The bin as the chart labels it: '0', '1–4', '50+'.")
    count = serializers.IntegerField()


class BestLineMoveSerializer(serializers.Serializer[Any]):
    side = serializers.ChoiceField(choices=list(SEATS))
    move = serializers.CharField()
    human = serializers.BooleanField(help_text="A move of the seat the players play.")


class BestLineSerializer(serializers.Serializer[Any]):
    value = serializers.IntegerField(help_text="The start's value for the side to move.")
    moves = BestLineMoveSerializer(many=True)
    analysis_url = serializers.CharField()


class RankingOutputSerializer(serializers.Serializer[Any]):
    date = serializers.DateField()
    today = serializers.BooleanField()
    players = serializers.IntegerField(help_text="Ranked players: games started on the day, over and graded.")
    median_points_lost = serializers.FloatField(allow_null=True)
    histogram = HistogramBinSerializer(many=True)
    chart = serializers.JSONField(help_text="The histogram's bars as the page draws them.")
    status = serializers.ChoiceField(choices=STATUSES, help_text=STATUS_HELP)
    you = YourResultSerializer(allow_null=True)
    best_line = BestLineSerializer(
        allow_null=True,
        help_text="The solver's main line from the start; only once your game is over (null while analysed).",
    )
    urls = serializers.DictField(child=serializers.CharField())
