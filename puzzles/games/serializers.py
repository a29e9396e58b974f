"""Input and output shapes of the API (the output ones document the JSON that
``presentation`` builds, for the OpenAPI schema, and render it)."""
from __future__ import annotations

from rest_framework import serializers

from puzzles.analyses.serializers import AnalysisOutputSerializer
from puzzles.core.vocabulary import GRADES, OUTCOMES, REASONS, SIDES

from .models import Game

# ------------------------------------------------------------------- input

class GameCreateInputSerializer(serializers.Serializer):
    position = serializers.CharField(
        max_length=200, required=False, allow_blank=True,
        help_text="Start from this position; leave out for a fresh deal.",
    )
    seed = serializers.CharField(
        max_length=24, required=False, allow_null=True,
        help_text="The deal's seed, 0 <= seed < 2**64 (a number or a string of digits); random when left out.",
    )
    human = serializers.ChoiceField(choices=list(SIDES), default="A", help_text="The side the human plays.")
    level = serializers.ChoiceField(choices=Game.Level.values, default=Game.Level.STRONG)
    rng_seed = serializers.IntegerField(
        required=False, min_value=0, max_value=(1 << 63) - 1,
        help_text="Seed of the solver's random choices (to replay a game); random when left out.",
    )

    def to_internal_value(self, data):
        # Accept a JSON number for the seed as well as a string.
        if isinstance(data, dict) and isinstance(data.get("seed"), int) and not isinstance(data.get("seed"), bool):
            data = {**data, "seed": str(data["seed"])}
        return super().to_internal_value(data)


class HintInputSerializer(serializers.Serializer):
    level = serializers.ChoiceField(
        choices=[1, 2, 3],
        help_text="1: the outcome with perfect play; 2: which available stones keep the best result; 3: the best move.",
    )


# ------------------------------------------------------------------ output

class GameMoveOutputSerializer(serializers.Serializer):
    ply = serializers.IntegerField(help_text="0 for the first move of the game.")
    side = serializers.ChoiceField(choices=list(SIDES))
    by = serializers.ChoiceField(choices=["human", "solver"])
    move = serializers.CharField()
    value = serializers.IntegerField(allow_null=True, help_text="For the mover; null until graded.")
    best_value = serializers.IntegerField(allow_null=True)
    best_moves = serializers.ListField(child=serializers.CharField(), allow_null=True)
    grade = serializers.ChoiceField(choices=list(GRADES), allow_null=True)
    points_lost = serializers.IntegerField(allow_null=True)
    position_before = serializers.CharField()


class HintOutputSerializer(serializers.Serializer):
    ply = serializers.IntegerField()
    level = serializers.IntegerField()
    content = serializers.JSONField(
        help_text="1: {value, outcome}; 2: {value, stones}; 3: {value, move, moves} (values for the human)."
    )
    text = serializers.CharField(help_text="The hint in words, in the request's language.")


class ResultOutputSerializer(serializers.Serializer):
    winner = serializers.ChoiceField(choices=list(SIDES), allow_null=True)
    points = serializers.IntegerField()
    reason = serializers.ChoiceField(choices=list(REASONS))
    outcome = serializers.ChoiceField(choices=list(OUTCOMES), help_text="For the human.")
    human_points = serializers.IntegerField(help_text="The human's score: +points, -points or 0.")
    text = serializers.CharField()


class GameOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    start = serializers.CharField()
    position = serializers.CharField(help_text="The current position.")
    human = serializers.ChoiceField(choices=list(SIDES))
    solver = serializers.ChoiceField(choices=list(SIDES))
    level = serializers.ChoiceField(choices=Game.Level.values)
    seed = serializers.IntegerField(allow_null=True, help_text="The deal's seed (null when started from a position).")
    rng_seed = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Game.Status.values)
    to_move = serializers.ChoiceField(choices=list(SIDES), allow_null=True)
    legal_moves = serializers.ListField(
        child=serializers.CharField(),
        help_text="The human's legal moves when it is their move (['pass'] when forced), else [].",
    )
    moves = GameMoveOutputSerializer(many=True)
    ungraded = serializers.IntegerField(help_text="How many moves still wait for their grade.")
    result = ResultOutputSerializer(allow_null=True)
    hints = HintOutputSerializer(many=True)
    hints_used = serializers.IntegerField()
    ply = serializers.IntegerField(help_text="Moves played so far.")
    version = serializers.IntegerField(help_text="Changes with every move, grade and hint: long-poll with ?wait=.")
    board = serializers.JSONField(help_text="Position.to_json(): what the board draws, the line in played order.")
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    urls = serializers.DictField(child=serializers.CharField())


class HintResponseSerializer(serializers.Serializer):
    status = serializers.ChoiceField(choices=["done", "pending"])
    hint = HintOutputSerializer(allow_null=True)
    analysis = AnalysisOutputSerializer(allow_null=True, help_text="Set while the analysis is pending.")
    game = GameOutputSerializer(allow_null=True)
