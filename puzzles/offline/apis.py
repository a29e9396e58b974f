"""The offline puzzles API: thin DRF views.  Errors are ``{"error": ...}``."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.accounts.players import Player
from puzzles.core.api import error_response, validated
from puzzles.core.contract import query
from puzzles.training.models import Puzzle

from . import presentation, selectors, services
from .serializers import OfflinePackSerializer, OfflineResultInputSerializer, OfflineResultOutputSerializer

DEFAULT_COUNT, MAX_COUNT = 50, 100


class PackQuerySerializer(serializers.Serializer):
    n = serializers.IntegerField(
        min_value=1,
        max_value=MAX_COUNT,
        default=DEFAULT_COUNT,
        help_text="How many puzzles at most.",
    )


class OfflinePackApi(APIView):
    @extend_schema(
        summary="Your next puzzles, to solve offline",
        description="Up to `n` training puzzles you have not tried, nearest your rating first, each with the key "
        "that grades it in the browser. Puzzles whose key is still being prepared are counted in `preparing` "
        "(ask again in a little while). Results solved offline go to POST /api/puzzles/offline/results/. "
        "A key given is remembered: that puzzle is never served to you for rated training, and an attempt at "
        "it is unrated (`unrated_because` 'offline-key'), for good. Keys you were given before come first. "
        "A guest with no session yet (no puzzle or game started, the offline page not opened) gets no puzzles.",
        parameters=[PackQuerySerializer],
        responses={200: OfflinePackSerializer},
    )
    def get(self, request: Request) -> Response:
        count = query(PackQuerySerializer, request)["n"]
        # No guest token is made here: this runs on every page, beside the page's own requests,
        # and two requests that each made one would leave the session with only one of them.
        # A key given is remembered for its player, so a guest with no token gets none
        # (the offline page gives them a token).
        player = Player.of(request)
        if not player.known:
            return Response(presentation.pack([], preparing=0))
        puzzles = selectors.puzzles_next(player, count)
        services.keys_request(selectors.keys_to_request(puzzles))
        ready = []
        for puzzle in puzzles:
            key = selectors.key_of(puzzle)
            if key is not None and key.tree is not None:
                ready.append((puzzle, key.tree))
        services.keys_give(player=player, puzzle_ids=[puzzle.pk for puzzle, _ in ready])
        return Response(presentation.pack(ready, preparing=len(puzzles) - len(ready)))


class OfflineResultApi(APIView):
    @extend_schema(
        summary="Send a puzzle solved offline",
        description="Recorded as a finished attempt, never rated (no rating changes). The moves are checked "
        "against the puzzle's key: a move that is not legal, moves after the end, or moves that stop before "
        "the end without `gave_up` are 400. The same `id` sent again is recorded once (200, `recorded` "
        "false). 409 for a puzzle never sent for offline solving.",
        request=OfflineResultInputSerializer,
        responses={
            201: OfflineResultOutputSerializer,
            200: OfflineResultOutputSerializer,
            **error_response(400, "Malformed result, or moves the puzzle's key refuses."),
            **error_response(404, "No such puzzle."),
            **error_response(409, "The puzzle has no offline key."),
        },
    )
    def post(self, request: Request) -> Response:
        data = validated(OfflineResultInputSerializer, request)
        puzzle = Puzzle.objects.filter(pk=data["puzzle"]).first()
        if puzzle is None:
            return Response({"error": f"no puzzle {data['puzzle']}"}, status=status.HTTP_404_NOT_FOUND)
        attempt, new = services.result_record(
            player=Player.of(request, create=True),
            client_id=data["id"],
            puzzle=puzzle,
            moves=data["moves"],
            gave_up=data["gave_up"],
        )
        body = {
            "id": data["id"],
            "attempt": attempt.pk,
            "puzzle": puzzle.pk,
            "status": attempt.status,
            "rated": attempt.rated,
            "recorded": new,
        }
        return Response(body, status=status.HTTP_201_CREATED if new else status.HTTP_200_OK)
