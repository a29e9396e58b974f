"""The matches API (thin DRF views).  Every error is ``{"error": "..."}``.
The deals are ordinary games: moves and hints go to ``/api/games/<id>/``."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.accounts.limits import SolverWorkLimited
from puzzles.accounts.players import Player
from puzzles.core.api import LONG_POLL_PARAMETERS, UNCHANGED, error_response, long_poll, validated

from . import presentation, selectors, services
from .serializers import MatchCreateInputSerializer, MatchOutputSerializer

LIST_LIMIT = 50


class MatchListCreateApi(SolverWorkLimited, APIView):
    # A new match queues the solver's analyses of its start: the analyses' limit
    # (counted on a POST only).
    @extend_schema(
        summary="Your matches",
        description="The matches of the logged-in user, or of this anonymous session; newest first, at most 50.",
        responses={200: MatchOutputSerializer(many=True)},
    )
    def get(self, request: Request) -> Response:
        matches = list(selectors.matches_for_player(Player.of(request))[:LIST_LIMIT])
        return Response([presentation.match_state(m) for m in matches])

    @extend_schema(
        summary="Start a match",
        description=(
            "A match against the solver to `target_points` (1 to 500) or to `target_wins` won deals "
            "(1 to 15): give exactly one. Every deal is dealt afresh from a seed derived from the match's "
            "`seed` and opened by the holder of [0|0]; `human` keeps the same side in every deal. The "
            "first deal's game is `current_game`; play it through `/api/games/<id>/`. When a deal ends the "
            "match counts it and the next deal starts by itself. A target out of range, both targets or "
            "neither: 400."
        ),
        request=MatchCreateInputSerializer,
        responses={201: MatchOutputSerializer, **error_response(400, "Bad input (targets, level, side, seed).")},
        examples=[
            OpenApiExample("A match to 100 points", value={"target_points": 100, "level": "strong"}, request_only=True),
            OpenApiExample(
                "To 3 won deals, as B", value={"target_wins": 3, "human": "B", "seed": 7}, request_only=True
            ),
        ],
    )
    def post(self, request: Request) -> Response:
        data = validated(MatchCreateInputSerializer, request)
        match = services.match_create(
            player=Player.of(request, create=True),
            target_points=data.get("target_points"),
            target_wins=data.get("target_wins"),
            level=data["level"],
            seed=data.get("seed"),
            human=data["human"],
            variant=data["variant"],
        )
        match.refresh_from_db()
        return Response(presentation.match_state(match), status=status.HTTP_201_CREATED)


class MatchDetailApi(APIView):
    @extend_schema(
        summary="A match",
        description=(
            "The score sheet: every deal with its game, seed, result and the running totals. With "
            "`?wait=<version>` the answer is held until the match's version differs (a deal ended), at "
            "most `timeout` seconds (default 20, at most 25); 304 with no body if nothing changed by then."
        ),
        parameters=LONG_POLL_PARAMETERS,
        responses={
            200: MatchOutputSerializer,
            **UNCHANGED,
            **error_response(404, "No such match, or another player's match."),
        },
    )
    def get(self, request: Request, match_id: int) -> Response:
        match = selectors.match_get_for_player(Player.of(request), match_id)
        unchanged = long_poll(request, match, "match", selectors.match_version)
        if unchanged is not None:
            return unchanged
        return Response(presentation.match_state(match))
