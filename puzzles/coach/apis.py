"""The coach API: a player's own mistakes as exercises (thin DRF views).
Errors are ``{"error": ...}``: 400 bad input, 404 missing.

Nothing in an exercise reveals its answer (the best moves, the best value,
any move's value); only the answer to a try, which ends it, has them."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.accounts.players import Player
from puzzles.core.api import error_response, validated
from puzzles.core.contract import query
from puzzles.core.ids import LARGEST
from puzzles.core.vocabulary import SIDES

from . import presentation, selectors, services

NOT_FOUND = error_response(404, "No such exercise (or another player's), or none due.")
BAD = error_response(400, "Malformed or illegal move.")
GAME_NOT_FOUND = error_response(404, "No such game or game analysis (or another player's).")


class ExerciseSourceSerializer(serializers.Serializer):
    kind = serializers.CharField(
        help_text="'game' (a practice game or a match deal) or 'analysis' (an analysed record)."
    )
    ply = serializers.IntegerField(help_text="The ply of the mistake in its game.")
    game = serializers.IntegerField(allow_null=True)
    game_analysis = serializers.IntegerField(allow_null=True)
    match = serializers.IntegerField(allow_null=True, help_text="The match, when the game is a deal of one.")
    url = serializers.CharField(allow_null=True, help_text="The game's review at the position, or the analysis.")
    mistakes_url = serializers.CharField(allow_null=True, help_text="'Learn from your mistakes' for that game.")


class ExerciseSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    position = serializers.CharField(help_text="The position before your mistake; its side to move is yours.")
    side = serializers.ChoiceField(choices=list(SIDES))
    board = serializers.JSONField()
    legal_moves = serializers.ListField(child=serializers.CharField())
    played = serializers.CharField(help_text="The move you played in the game.")
    grade = serializers.ChoiceField(choices=["mistake", "blunder"], help_text="Its grade.")
    source = ExerciseSourceSerializer()  # type: ignore[assignment]
    due = serializers.BooleanField()
    due_at = serializers.DateTimeField(help_text="When FSRS shows it next.")
    learnt = serializers.BooleanField(help_text="FSRS's stability has reached 21 days (it still comes back when due).")
    stability = serializers.FloatField(
        allow_null=True, help_text="FSRS's stability in days; null before the first review."
    )
    last_review_at = serializers.DateTimeField(allow_null=True, help_text="The last review; null before the first.")
    solved_count = serializers.IntegerField()
    failed_count = serializers.IntegerField()
    urls = serializers.DictField(child=serializers.CharField())


class CountsSerializer(serializers.Serializer):
    due = serializers.IntegerField()
    total = serializers.IntegerField()
    learnt = serializers.IntegerField()


class ExerciseListSerializer(serializers.Serializer):
    counts = CountsSerializer()
    exercises = ExerciseSerializer(many=True)


class ExerciseSolutionSerializer(serializers.Serializer):
    best_moves = serializers.ListField(child=serializers.CharField())
    best_value = serializers.IntegerField()
    played = serializers.CharField()
    played_value = serializers.IntegerField()
    points_lost = serializers.IntegerField()
    moves = serializers.JSONField(help_text="Every legal move {move, value, grade}, best first (when known).")


class ExerciseTrySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    move = serializers.CharField()
    correct = serializers.BooleanField(help_text="The move keeps the best value.")
    was_due = serializers.BooleanField(help_text="Tried on schedule (only then does the schedule move on).")
    value = serializers.IntegerField(allow_null=True)
    solution = ExerciseSolutionSerializer()
    exercise = ExerciseSerializer()


class TryInputSerializer(serializers.Serializer):
    move = serializers.CharField(max_length=16, trim_whitespace=True, help_text="A move: '36', '36R', 'pass'.")


def _player(request: Request) -> Player:
    return Player.of(request)


class ExerciseQuerySerializer(serializers.Serializer):
    due = serializers.BooleanField(default=False, help_text="Only the exercises due now.")
    game = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=LARGEST,
        help_text="One practice game's exercises.",
    )
    analysis = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=LARGEST,
        help_text="One game analysis's exercises.",
    )


class ExerciseListApi(APIView):
    @extend_schema(
        operation_id="exercises_list",
        summary="Your mistakes, as exercises",
        description="Every mistake and blunder of yours in a finished practice game or match deal, or in an "
        "analysed game record whose tags say your side, as a position to solve again. `?due=true`: only those "
        "due now; `?game=`/`?analysis=`: one game's, in the order played. A failed exercise is due again "
        "after 1, then 3, 7 and 21 days as long as it is solved on schedule.",
        parameters=[ExerciseQuerySerializer],
        responses={200: ExerciseListSerializer, **GAME_NOT_FOUND},
    )
    def get(self, request: Request) -> Response:
        player = _player(request)
        asked = query(ExerciseQuerySerializer, request)
        game, analysis = asked.get("game"), asked.get("analysis")
        if game is not None or analysis is not None:
            rows = selectors.exercises_of_own_game(player, game_id=game, analysis_id=analysis)
        elif asked["due"]:
            rows = list(selectors.exercises_due(player))
        else:
            rows = list(selectors.exercises_for_player(player))
        return Response(
            {
                "counts": selectors.exercise_counts(player),
                "exercises": [presentation.exercise_public(e) for e in rows],
            }
        )


class ExerciseNextApi(APIView):
    @extend_schema(summary="The next exercise due", responses={200: ExerciseSerializer, **NOT_FOUND})
    def get(self, request: Request) -> Response:
        exercise = selectors.exercises_due(_player(request)).first()
        if exercise is None:
            return Response({"error": "no exercise due"}, status=404)
        return Response(presentation.exercise_public(exercise))


class ExerciseDetailApi(APIView):
    @extend_schema(summary="An exercise (without its answer)", responses={200: ExerciseSerializer, **NOT_FOUND})
    def get(self, request: Request, exercise_id: int) -> Response:
        return Response(
            presentation.exercise_public(selectors.exercise_get_for_player(Player.of(request), exercise_id))
        )


class ExerciseTryApi(APIView):
    @extend_schema(
        summary="Try an exercise",
        description="One move: right when it keeps the best value (any such move). The answer has the "
        "solution. Tried when due, a right answer moves the exercise on to its next interval, a wrong one "
        "brings it back after 1 day; a try ahead of time is practice and changes no schedule unless wrong.",
        request=TryInputSerializer,
        responses={201: ExerciseTrySerializer, **BAD, **NOT_FOUND},
        examples=[OpenApiExample("A move", value={"move": "36R"}, request_only=True)],
    )
    def post(self, request: Request, exercise_id: int) -> Response:
        exercise = selectors.exercise_get_for_player(Player.of(request), exercise_id)
        data = validated(TryInputSerializer, request)
        exercise, attempt = services.exercise_try(exercise=exercise, move=data["move"])
        return Response(presentation.try_state(exercise, attempt), status=status.HTTP_201_CREATED)
