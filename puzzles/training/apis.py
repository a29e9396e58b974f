"""The puzzle API (issue 4): thin DRF views.  Errors are ``{"error": ...}``
(``apis.exception_handler``): 400 bad input, 404 missing, 409 not now.

Nothing that reveals a puzzle's answer (its line, themes, value, the values
of its moves) is in any answer before the attempt is solved or failed."""
from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView

from . import training_selectors as selectors
from . import training_services as services
from .apis import _validated, long_poll
from .serializers import ErrorSerializer, MoveInputSerializer

NOT_FOUND = {404: OpenApiResponse(ErrorSerializer, description="No such puzzle or attempt (or another player's).")}
BAD = {400: OpenApiResponse(ErrorSerializer, description="Malformed or illegal move.")}
CONFLICT = {409: OpenApiResponse(ErrorSerializer, description="Not now: the attempt is over, or the solver is replying.")}


# ------------------------------------------------------------- shapes

class PuzzleOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    position = serializers.CharField(help_text="The start position; its side to move solves it.")
    side = serializers.ChoiceField(choices=["A", "B"], help_text="The side the player plays.")
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


class DailyOutputSerializer(PuzzleOutputSerializer):
    player = PlayerOutputSerializer()


class NextOutputSerializer(PuzzleOutputSerializer):
    player = PlayerOutputSerializer()


class AttemptMoveSerializer(serializers.Serializer):
    ply = serializers.IntegerField(help_text="0 for the first move of the attempt.")
    side = serializers.ChoiceField(choices=["A", "B"])
    by = serializers.ChoiceField(choices=["player", "solver"])
    move = serializers.CharField()
    value = serializers.IntegerField(allow_null=True, help_text="For the mover; null until graded.")
    best_value = serializers.IntegerField(allow_null=True)
    grade = serializers.ChoiceField(choices=["best", "inaccuracy", "mistake", "blunder"], allow_null=True)
    points_lost = serializers.IntegerField(allow_null=True)
    correct = serializers.BooleanField(allow_null=True, help_text="The player's move kept the value (null: not yet graded).")
    best_moves = serializers.ListField(child=serializers.CharField(), allow_null=True, help_text="Only once the attempt is over.")


class SolutionMoveSerializer(serializers.Serializer):
    move = serializers.CharField()
    side = serializers.ChoiceField(choices=["A", "B"])
    by = serializers.ChoiceField(choices=["solver-side", "defender"])
    value = serializers.IntegerField(help_text="For the mover.")
    grade = serializers.CharField()
    key = serializers.BooleanField(help_text="A move the solving side had to find.")


class ThemeSerializer(serializers.Serializer):
    name = serializers.CharField()
    label = serializers.CharField(help_text="The name in the request's language.")
    description = serializers.CharField()


class SolutionSerializer(serializers.Serializer):
    line = SolutionMoveSerializer(many=True)
    value = serializers.IntegerField(help_text="The start's value for the solving side.")
    kind = serializers.CharField()
    solver_moves = serializers.IntegerField()
    first_moves = serializers.JSONField(help_text="Every legal first move: {move, value, grade}, best first.")
    themes = ThemeSerializer(many=True)
    board_after = serializers.JSONField()
    source = serializers.DictField()


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
    daily = serializers.BooleanField(help_text="Today's daily puzzle, on its day (counts for the streak).")
    start = serializers.CharField()
    position = serializers.CharField(help_text="The current position.")
    side = serializers.ChoiceField(choices=["A", "B"])
    to_move = serializers.ChoiceField(choices=["A", "B"], allow_null=True)
    legal_moves = serializers.ListField(child=serializers.CharField(), help_text="When it is your move, else [].")
    moves = AttemptMoveSerializer(many=True)
    last_move = serializers.CharField(allow_null=True)
    found = serializers.IntegerField(help_text="Moves found so far.")
    feedback = serializers.ChoiceField(choices=["correct", "incorrect"], allow_null=True, help_text="Of your last graded move.")
    board = serializers.JSONField()
    version = serializers.IntegerField(help_text="Changes with every step: long-poll with ?wait=.")
    rating = AttemptRatingSerializer(allow_null=True, help_text="A rated attempt's rating change, once over.")
    solution = SolutionSerializer(allow_null=True, help_text="Null until the attempt is solved or failed.")
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


# -------------------------------------------------------------- views

class DailyPuzzleApi(APIView):
    @extend_schema(
        summary="Today's daily puzzle",
        description="The same for everyone for the UTC day (chosen by a beat task; chosen at once if missing). "
        "404 while no puzzle exists yet.",
        responses={200: DailyOutputSerializer, **NOT_FOUND},
    )
    def get(self, request):
        puzzle = selectors.daily_puzzle() or services.daily_ensure()
        if puzzle is None:
            return Response({"error": "no puzzle yet: the generator is still filling the pool"}, status=404)
        return Response({**selectors.puzzle_public(puzzle), "player": selectors.player_state(request)})


class NextPuzzleApi(APIView):
    @extend_schema(
        summary="A training puzzle near your rating",
        description="One you have not tried, near your puzzle rating; `?theme=` keeps to one theme "
        "(GET /api/puzzles/themes/). 404 when none is left.",
        parameters=[OpenApiParameter("theme", OpenApiTypes.STR, description="A theme name.")],
        responses={200: NextOutputSerializer, **NOT_FOUND},
    )
    def get(self, request):
        theme = request.query_params.get("theme") or None
        if theme is not None and theme not in {t["name"] for t in selectors.themes()}:
            raise ValidationError({"theme": [f"no theme {theme!r}"]})
        puzzle = selectors.puzzle_next(request, theme)
        if puzzle is None:
            return Response({"error": "no puzzle left to try" + (f" with theme {theme}" if theme else "")}, status=404)
        return Response({**selectors.puzzle_public(puzzle), "player": selectors.player_state(request)})


class ThemeListApi(APIView):
    @extend_schema(summary="The puzzle themes", responses={200: ThemeSerializer(many=True)})
    def get(self, request):
        return Response(selectors.themes())


class PuzzleDetailApi(APIView):
    @extend_schema(summary="A puzzle (without its answer)", responses={200: PuzzleOutputSerializer, **NOT_FOUND})
    def get(self, request, puzzle_id: int):
        return Response(selectors.puzzle_public(selectors.puzzle_get(puzzle_id)))


class AttemptCreateApi(APIView):
    @extend_schema(
        summary="Start an attempt at a puzzle",
        description="Shaped like a game: status 'your-move', legal_moves, the board. Only your first attempt "
        "at a puzzle is rated; try again as often as you like.",
        request=None,
        responses={201: AttemptOutputSerializer, **NOT_FOUND},
    )
    def post(self, request, puzzle_id: int):
        puzzle = selectors.puzzle_get(puzzle_id)
        user, token = selectors.player_of(request, create=True)
        attempt = services.attempt_start(puzzle=puzzle, user=user, session_key=token)
        return Response(selectors.attempt_state(attempt), status=status.HTTP_201_CREATED)


class AttemptDetailApi(APIView):
    @extend_schema(
        summary="An attempt",
        description="With `?wait=<version>` the answer is held until the attempt changes (the solver's reply), "
        "at most `timeout` seconds (default 20, at most 25).",
        parameters=[
            OpenApiParameter("wait", OpenApiTypes.INT, description="Hold the answer while the version is this."),
            OpenApiParameter("timeout", OpenApiTypes.FLOAT, description="Longest hold in seconds."),
        ],
        responses={200: AttemptOutputSerializer, **NOT_FOUND},
    )
    def get(self, request, attempt_id: int):
        attempt = selectors.attempt_get_for_player(request, attempt_id)
        # An attempt's changes are published on the game channel of its negative id.
        if long_poll(request, -attempt.pk, attempt.version, lambda: selectors.attempt_version(attempt.pk)):
            attempt.refresh_from_db()
        return Response(selectors.attempt_state(attempt))


class AttemptMoveApi(APIView):
    @extend_schema(
        summary="Play a move in an attempt",
        description="Any move that keeps the best value is correct, not only the stored line's; the attempt "
        "goes on from the position reached. The answer (201) has the move ungraded and status 'thinking' "
        "while a task grades it and plays the solver's most resistant reply: poll the attempt. A move that "
        "loses value fails the attempt and the solution is shown. 400: malformed or illegal; 409: not your move.",
        request=MoveInputSerializer,
        responses={201: AttemptOutputSerializer, **BAD, **NOT_FOUND, **CONFLICT},
        examples=[OpenApiExample("A move", value={"move": "36R"}, request_only=True)],
    )
    def post(self, request, attempt_id: int):
        attempt = selectors.attempt_get_for_player(request, attempt_id)
        data = _validated(MoveInputSerializer, request)
        attempt = services.attempt_play_move(attempt=attempt, move=data["move"])
        return Response(selectors.attempt_state(attempt), status=status.HTTP_201_CREATED)


class AttemptGiveUpApi(APIView):
    @extend_schema(
        summary="Give up: show the solution",
        description="Ends the attempt as failed (a rated attempt counts as lost). 409 when it is over already.",
        request=None,
        responses={200: AttemptOutputSerializer, **NOT_FOUND, **CONFLICT},
    )
    def post(self, request, attempt_id: int):
        attempt = selectors.attempt_get_for_player(request, attempt_id)
        attempt = services.attempt_give_up(attempt=attempt)
        return Response(selectors.attempt_state(attempt))


class HistoryApi(APIView):
    @extend_schema(
        summary="Your puzzle history",
        description="Your finished attempts, oldest first, with your rating before and after each rated one.",
        responses={200: HistoryOutputSerializer},
    )
    def get(self, request):
        return Response({"player": selectors.player_state(request), "attempts": selectors.history(request)})
