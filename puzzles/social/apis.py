"""The social API (thin DRF views): follow, block, and the players you follow.
Players are named as in their profile's address (``/players/<name>/``).
Every error is ``{"error": "..."}``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.accounts.players import Player
from puzzles.core.api import error_response

from . import presentation, services
from .serializers import FollowingOutputSerializer, RelationOutputSerializer

_ERRORS = {
    **error_response(400, "Yourself."),
    **error_response(403, "A guest (log in), or following while one of you blocked the other."),
    **error_response(404, "No such player."),
}


def _relation(request: Request, act: Callable[..., Any], username: str) -> Response:
    player = Player.of(request)
    other = act(player=player, username=username)
    return Response(presentation.relation(player, other))


class FollowApi(APIView):
    @extend_schema(
        summary="Follow a player",
        description="They appear in your Following list, online or playing. Refused (403) while either of you "
        "has blocked the other. Following twice changes nothing.",
        request=None,
        responses={200: RelationOutputSerializer, **_ERRORS},
    )
    def post(self, request: Request, username: str) -> Response:
        return _relation(request, services.follow, username)

    @extend_schema(
        summary="Stop following a player",
        request=None,
        responses={200: RelationOutputSerializer, **_ERRORS},
    )
    def delete(self, request: Request, username: str) -> Response:
        return _relation(request, services.unfollow, username)


class BlockApi(APIView):
    @extend_schema(
        summary="Block a player",
        description="Neither of you may then challenge the other, be paired with the other or chat with the "
        "other; any follow between you, either way, ends.",
        request=None,
        responses={200: RelationOutputSerializer, **_ERRORS},
    )
    def post(self, request: Request, username: str) -> Response:
        return _relation(request, services.block, username)

    @extend_schema(
        summary="Unblock a player",
        request=None,
        responses={200: RelationOutputSerializer, **_ERRORS},
    )
    def delete(self, request: Request, username: str) -> Response:
        return _relation(request, services.unblock, username)


class FollowingApi(APIView):
    @extend_schema(
        summary="The players you follow",
        description="Each with whether they are online (seen in the last minute) and, when seated in a live "
        "game in progress, that game's address. Online ones first. Empty for a guest.",
        responses={200: FollowingOutputSerializer},
    )
    def get(self, request: Request) -> Response:
        return Response({"players": presentation.following(Player.of(request))})
