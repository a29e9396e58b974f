"""The JSON API (thin DRF views: validate the input, call a service or a
selector, return the state).  Every error is ``{"error": "<what is wrong>"}``."""
from __future__ import annotations

from django.conf import settings
from django.http import Http404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import APIException, ValidationError
from rest_framework.response import Response
from rest_framework.views import APIView
from rest_framework.views import exception_handler as drf_exception_handler

from solver.errors import DominoError

from . import events, selectors, services
from .serializers import (
    AnalysisInputSerializer,
    AnalysisOutputSerializer,
    ErrorSerializer,
    GameCreateInputSerializer,
    GameMoveOutputSerializer,  # noqa: F401  (documented through GameOutputSerializer)
    GameOutputSerializer,
    HintInputSerializer,
    HintResponseSerializer,
    MoveInputSerializer,
)

ERRORS = {
    400: OpenApiResponse(ErrorSerializer, description="Bad input (invalid position, malformed or illegal move)."),
    404: OpenApiResponse(ErrorSerializer, description="No such game, or another player's game."),
}
CONFLICT = {409: OpenApiResponse(ErrorSerializer, description="Not possible now: game over, or not your move.")}


def _flatten(detail, prefix: str = "") -> list[str]:
    if isinstance(detail, dict):
        out = []
        for key, value in detail.items():
            name = "" if key == "non_field_errors" else f"{key}: "
            out += _flatten(value, prefix + name)
        return out
    if isinstance(detail, list):
        return [m for item in detail for m in _flatten(item, prefix)]
    return [f"{prefix}{detail}"]


def exception_handler(exc, context):
    """Every error as ``{"error": "..."}``: the solver's messages for invalid
    positions and moves, the service's for refused requests, DRF's for bad input."""
    if isinstance(exc, services.GameError):
        return Response({"error": str(exc)}, status=exc.status_code)
    if isinstance(exc, DominoError):
        return Response({"error": str(exc)}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, Http404):
        return Response({"error": str(exc) or "not found"}, status=status.HTTP_404_NOT_FOUND)
    response = drf_exception_handler(exc, context)
    if response is not None and isinstance(exc, APIException):
        if isinstance(exc, ValidationError):
            response.data = {"error": "; ".join(_flatten(exc.detail)), "fields": exc.detail}
        else:
            response.data = {"error": str(exc.detail)}
    return response


def _validated(serializer_class, request):
    if not isinstance(request.data, dict):
        raise ValidationError({"non_field_errors": ["the body is a JSON object"]})
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer.validated_data


# ---------------------------------------------------------------- analyses

class AnalysisCreateApi(APIView):
    @extend_schema(
        summary="Ask for the analysis of a position",
        description=(
            "Returns at once. 200 with the result when the position was analysed before (by anyone); "
            "202 with status 'pending' otherwise, with the analysis queued: poll GET /api/analyses/<id>/. "
            "An invalid position is 400 and queues nothing."
        ),
        request=AnalysisInputSerializer,
        responses={200: AnalysisOutputSerializer, 202: AnalysisOutputSerializer, 400: ERRORS[400]},
        examples=[
            OpenApiExample(
                "A fresh deal",
                value={"position": "45.15.44.05.34.13.25/11.06.35.24.12.46.33 56.14.01.66.22.26.00/36.16.23.03.02.55.04 - B"},
                request_only=True,
            )
        ],
    )
    def post(self, request):
        data = _validated(AnalysisInputSerializer, request)
        analysis = services.analysis_request(position=data["position"])
        code = status.HTTP_200_OK if analysis.status == "done" else status.HTTP_202_ACCEPTED
        return Response(selectors.analysis_state(analysis), status=code)


class AnalysisDetailApi(APIView):
    @extend_schema(summary="An analysis", responses={200: AnalysisOutputSerializer, 404: ERRORS[404]})
    def get(self, request, analysis_id: int):
        return Response(selectors.analysis_state(selectors.analysis_get(analysis_id)))


# ------------------------------------------------------------------- games

class GameListCreateApi(APIView):
    @extend_schema(
        summary="Your games",
        description="The games of the logged-in user, or of this anonymous session; newest first, at most 50.",
        responses={200: GameOutputSerializer(many=True)},
    )
    def get(self, request):
        games = selectors.games_for_player(request).prefetch_related("moves", "hints")[:50]
        return Response([selectors.game_state(g, list(g.moves.all()), list(g.hints.all())) for g in games])

    @extend_schema(
        summary="Start a practice game",
        description=(
            "A game from `position`, or from the deal of `seed` (a random deal when neither is given). "
            "`human` is the side you play (default A), `level` the solver's strength (default strong). "
            "If the solver is to move first, the game comes back with status 'thinking' and the solver "
            "moves by itself (a task): poll the game."
        ),
        request=GameCreateInputSerializer,
        responses={201: GameOutputSerializer, 400: ERRORS[400]},
        examples=[
            OpenApiExample("Deal 7, play B against the perfect solver", value={"seed": 7, "human": "B", "level": "perfect"}, request_only=True)
        ],
    )
    def post(self, request):
        data = _validated(GameCreateInputSerializer, request)
        token = "" if request.user.is_authenticated else selectors.player_token(request, create=True)
        game = services.game_create(
            owner=request.user,
            session_key=token,
            position=data.get("position") or None,
            seed=data.get("seed"),
            human=data["human"],
            level=data["level"],
            rng_seed=data.get("rng_seed"),
        )
        game.refresh_from_db()
        return Response(selectors.game_state(game), status=status.HTTP_201_CREATED)


class GameDetailApi(APIView):
    @extend_schema(
        summary="A game",
        description=(
            "With `?wait=<version>` the answer is held until the game's version differs from it "
            "(a grade, the solver's move, a hint), at most `timeout` seconds (default 20, at most 25): "
            "long polling, instead of asking again and again."
        ),
        parameters=[
            OpenApiParameter("wait", OpenApiTypes.INT, description="Hold the answer while the version is this."),
            OpenApiParameter("timeout", OpenApiTypes.FLOAT, description="Longest hold in seconds."),
        ],
        responses={200: GameOutputSerializer, 404: ERRORS[404]},
    )
    def get(self, request, game_id: int):
        game = selectors.game_get_for_player(request, game_id)
        if long_poll(request, game.pk, game.version, lambda: selectors.game_version(game.pk)):
            game.refresh_from_db()
        return Response(selectors.game_state(game))


def long_poll(request, channel: int, version: int, read_version) -> bool:
    """Hold the request while ``?wait=<version>`` equals the current ``version``
    (at most ``?timeout=`` seconds, capped by settings); True if it waited.
    ``channel`` is what the change is published on (see ``events``)."""
    wait = request.query_params.get("wait")
    if wait is None:
        return False
    try:
        asked = int(wait)
        timeout = float(request.query_params.get("timeout", 20))
    except ValueError:
        raise ValidationError({"wait": ["wait is a version number and timeout a number of seconds"]})
    timeout = max(0.0, min(timeout, settings.PUZZLES_MAX_WAIT_SECONDS))
    if version != asked or timeout <= 0:
        return False
    events.wait_for_change(channel, read_version, asked, timeout)
    return True


class GameMoveApi(APIView):
    @extend_schema(
        summary="Play your move",
        description=(
            "The move is stored at once and the game comes back with it (201); its grade (value, "
            "best_value, best_moves, grade, points_lost) is null until the grading task fills it in, and "
            "the solver replies by itself (status 'thinking' meanwhile). When your only legal move is "
            "'pass' you must post 'pass'. Malformed or illegal move: 400; game over or not your move: 409; "
            "the game is unchanged either way."
        ),
        request=MoveInputSerializer,
        responses={201: GameOutputSerializer, **ERRORS, **CONFLICT},
        examples=[OpenApiExample("A move", value={"move": "36R"}, request_only=True)],
    )
    def post(self, request, game_id: int):
        game = selectors.game_get_for_player(request, game_id)
        data = _validated(MoveInputSerializer, request)
        services.game_play_human_move(game=game, move=data["move"])
        game.refresh_from_db()
        return Response(selectors.game_state(game), status=status.HTTP_201_CREATED)


class GameHintApi(APIView):
    @extend_schema(
        summary="Take a hint",
        description=(
            "Level 1: the outcome with perfect play from here; 2: which of your available stones keep the "
            "best result; 3: the best move. Hints are for your own move and are recorded on the game (asking "
            "again for the same hint at the same ply counts once). The hint needs the position's analysis: "
            "when it is ready (it usually is: it is computed as soon as your turn begins) the answer is "
            "200 with status 'done' and the hint; otherwise 202 with status 'pending' and the queued "
            "analysis: post the same request again shortly."
        ),
        request=HintInputSerializer,
        responses={200: HintResponseSerializer, 202: HintResponseSerializer, **ERRORS, **CONFLICT},
    )
    def post(self, request, game_id: int):
        game = selectors.game_get_for_player(request, game_id)
        data = _validated(HintInputSerializer, request)
        hint, analysis = services.game_hint(game=game, level=int(data["level"]))
        if hint is None:
            return Response(
                {"status": "pending", "hint": None, "analysis": selectors.analysis_state(analysis), "game": None},
                status=status.HTTP_202_ACCEPTED,
            )
        game.refresh_from_db()
        return Response(
            {"status": "done", "hint": selectors.hint_state(hint), "analysis": None, "game": selectors.game_state(game)}
        )
