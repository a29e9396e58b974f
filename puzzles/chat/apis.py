"""The chat API (thin DRF views).  Every error is ``{"error": "..."}``.

A room is read and written at one address: a game's players' room, its
spectators' room, a tournament's room.  ``?wait=<version>`` holds a read
until a message comes (``core.longpoll``)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.accounts.players import Player
from puzzles.core.api import LONG_POLL_PARAMETERS, UNCHANGED, error_response, long_poll_on, validated
from puzzles.core.contract import query
from puzzles.core.errors import ApplicationError
from puzzles.core.events import channel

from . import presentation, selectors, services
from .models import Room
from .serializers import (
    MessageInputSerializer,
    MessageOutputSerializer,
    ReportInputSerializer,
    ReportOutputSerializer,
    RoomOutputSerializer,
    RoomQuerySerializer,
)

REFUSED = error_response(
    403, "You may not read this room (a spectator in the players' room, a player in the spectators' room during play)."
)
POST_REFUSED = error_response(
    403, "You may not post here: not a player or entrant, muted, a guest in a rated game, or blocked by a player."
)
RATE = error_response(429, "More than 5 messages in 10 seconds.")


class _RoomApi(APIView):
    kind = ""

    def _read(self, request: Request, host_id: int) -> Response:
        player = Player.of(request)
        place = selectors.place_of(self.kind, host_id, player)
        refused = selectors.read_refusal(place, player)
        if refused is not None:
            raise ApplicationError(refused, 403)
        after = query(RoomQuerySerializer, request).get("after")
        name = channel(selectors.CHANNEL_KINDS[self.kind], host_id)
        unchanged = long_poll_on(request, place.version, name, lambda: selectors.version_of_room(self.kind, host_id))
        if unchanged is not None:
            return unchanged
        return Response(presentation.room_state(selectors.place_of(self.kind, host_id, player), player, after))

    def _send(self, request: Request, host_id: int) -> Response:
        data = validated(MessageInputSerializer, request)
        player = Player.of(request, create=True)
        message = services.message_send(
            player=player, kind=self.kind, host_id=host_id, text=data.get("text"), preset=data.get("preset")
        )
        return Response(presentation.message_json(message, player), status.HTTP_201_CREATED)


_READ: dict[str, Any] = {
    "parameters": [RoomQuerySerializer, *LONG_POLL_PARAMETERS],
    "responses": {200: RoomOutputSerializer, **UNCHANGED, **REFUSED, **error_response(404, "No such room.")},
}
_SEND: dict[str, Any] = {
    "request": MessageInputSerializer,
    "responses": {
        201: MessageOutputSerializer,
        **error_response(400, "Empty, too long, or an unknown preset."),
        **POST_REFUSED,
        **error_response(404, "No such room."),
        **RATE,
    },
}


class GamePlayersRoomApi(_RoomApi):
    kind = Room.Kind.PLAYERS

    @extend_schema(
        summary="A game's players' room", description="The seated players' chat of a game between people.", **_READ
    )
    def get(self, request: Request, game_id: int) -> Response:
        return self._read(request, game_id)

    @extend_schema(summary="Post in a game's players' room", description="`text` or a `preset` key.", **_SEND)
    def post(self, request: Request, game_id: int) -> Response:
        return self._send(request, game_id)


class GameSpectatorsRoomApi(_RoomApi):
    kind = Room.Kind.SPECTATORS

    @extend_schema(
        summary="A game's spectators' room",
        description="Anyone watching; the players read and post here once the game is over.",
        **_READ,
    )
    def get(self, request: Request, game_id: int) -> Response:
        return self._read(request, game_id)

    @extend_schema(summary="Post in a game's spectators' room", description="`text` or a `preset` key.", **_SEND)
    def post(self, request: Request, game_id: int) -> Response:
        return self._send(request, game_id)


class TournamentRoomApi(_RoomApi):
    kind = Room.Kind.TOURNAMENT

    @extend_schema(
        summary="A tournament's room", description="Its entrants post; anyone who can see the event reads.", **_READ
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        return self._read(request, tournament_id)

    @extend_schema(summary="Post in a tournament's room", description="`text` or a `preset` key.", **_SEND)
    def post(self, request: Request, tournament_id: int) -> Response:
        return self._send(request, tournament_id)


class MessageReportApi(APIView):
    @extend_schema(
        summary="Report a message",
        description="Staff will look at it with the room's messages around it. Once a message and reader.",
        request=ReportInputSerializer,
        responses={
            201: ReportOutputSerializer,
            **error_response(400, "Your own message."),
            **error_response(404, "No such message, or one in a room you may not read."),
        },
    )
    def post(self, request: Request, message_id: int) -> Response:
        data = validated(ReportInputSerializer, request, request.data or {})
        report = services.message_report(
            player=Player.of(request, create=True), message_id=message_id, reason=data.get("reason", "")
        )
        return Response({"id": report.pk, "message": report.message_id}, status.HTTP_201_CREATED)
