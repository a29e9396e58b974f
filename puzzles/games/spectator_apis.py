"""``GET /api/games/<id>/spectators/``: how many are watching a game between
people now (``spectators``), as its page shows it to players and spectators
alike; a spectator's page asks with ``watching=true`` every few seconds,
which counts it in while the page is open."""

from __future__ import annotations

from typing import Any

from django.utils.translation import ngettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.accounts.players import Player
from puzzles.core.api import error_response
from puzzles.core.contract import query
from puzzles.core.longpoll import client_key

from . import seating, selectors, spectators
from .models import Game


class SpectatorsQuerySerializer(serializers.Serializer[Any]):
    watching = serializers.BooleanField(required=False, default=False)
    viewer = serializers.RegexField(r"^[A-Za-z0-9_-]{8,40}$", required=False)


class SpectatorsOutputSerializer(serializers.Serializer[Any]):
    game = serializers.IntegerField()
    spectators = serializers.IntegerField(help_text="How many watch the game now (its players not counted).")
    text = serializers.CharField(help_text="The count in words, in the reader's language.")


def spectators_text(n: int) -> str:
    return ngettext("%(count)s watching", "%(count)s watching", n) % {"count": n}


def spectators_state(game_id: int, n: int) -> dict[str, Any]:
    return {"game": game_id, "spectators": n, "text": spectators_text(n)}


class GameSpectatorsApi(APIView):
    @extend_schema(
        summary="Spectators of a game",
        description=(
            "How many are watching a game between people now (always 0 for a practice game). With "
            "`watching=true` a reader without a seat in a game in progress is counted as watching for the "
            "next 30 seconds: a spectator's page asks so every few seconds; a spectator's WebSocket on the "
            "game counts too while it is open."
        ),
        parameters=[
            OpenApiParameter("watching", OpenApiTypes.BOOL, description="Count me as watching."),
            OpenApiParameter(
                "viewer",
                OpenApiTypes.STR,
                description="The watching page's own random id (8 to 40 letters, digits, - or _): counts a "
                "reader with no session once per page rather than once per address.",
            ),
        ],
        responses={200: SpectatorsOutputSerializer, **error_response(404, "No such game, or another player's game.")},
    )
    def get(self, request: Request, game_id: int) -> Response:
        params = query(SpectatorsQuerySerializer, request)
        player = Player.of(request)
        game = selectors.game_get_for_player(player, game_id)
        if not game.is_people:
            return Response(spectators_state(game.pk, 0))
        if params.get("watching") and game.status != Game.Status.OVER and seating.seat_of(game, player) is None:
            spectators.seen(game.pk, spectators.viewer_key(client_key(request), params.get("viewer")))
        return Response(spectators_state(game.pk, spectators.count(game.pk)))
