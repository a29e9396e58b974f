"""The bot API (thin DRF views): the two NDJSON streams, a move and a
resignation by path, and a challenge accepted or declined.  The moves and
the challenges go through the same services as the site's own pages
(``games.services``, ``people.services``): a move accepted is stored
first, its clock charged the same, every rule checked the same.  Every
error is ``{"error": "..."}``.  A token needs ``read`` for the streams,
``play`` for a move or a resignation, ``challenge`` to accept or decline;
a browser session may do all of it."""

from __future__ import annotations

from typing import Any

from django.http import HttpResponse, StreamingHttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.accounts.limits import SolverWorkLimited
from puzzles.accounts.players import Player
from puzzles.apitokens.scopes import CHALLENGE, PLAY, READ, require_scope
from puzzles.core.api import error_response
from puzzles.core.contract import query
from puzzles.games import deadlines
from puzzles.games import selectors as game_selectors
from puzzles.games import services as game_services
from puzzles.people import presentation as people_presentation
from puzzles.people import selectors as people_selectors
from puzzles.people import services as people_services
from puzzles.people.serializers import ChallengeOutputSerializer

from . import feeds, streaming
from .serializers import (
    EVENT_STREAM,
    GAME_STREAM,
    PLY_HELP,
    BotMoveOutputSerializer,
    BotResignOutputSerializer,
    PlyQuerySerializer,
)


class NdjsonRenderer(JSONRenderer):
    """Lets a client ask for ``application/x-ndjson``; a refusal is one JSON line then."""

    media_type = streaming.NDJSON
    format = "ndjson"


STREAM_ERRORS = {
    **error_response(401, "A bad, expired or revoked token."),
    **error_response(403, "A token without the read scope."),
    **error_response(429, "Too many streams open at once for this client (or requests, as anywhere)."),
}
GAME_ERRORS = {
    **error_response(400, "A malformed or illegal move."),
    **error_response(403, "A token without the play scope, or a game you do not play in."),
    **error_response(404, "No such game, or another player's practice game."),
    **error_response(409, "Not possible now: the game is over, it is not your move, or another ply."),
}
CHALLENGE_ERRORS = {
    **error_response(400, "Bad input: what is wrong is said."),
    **error_response(403, "A token without the challenge scope, or not yours to accept or decline."),
    **error_response(404, "No such challenge."),
    **error_response(409, "The challenge is no longer open, or the seat is taken."),
}


class EventStreamApi(APIView):
    renderer_classes = [JSONRenderer, NdjsonRenderer]
    required_scope = {"GET": READ}

    @extend_schema(
        summary="Your events (NDJSON stream)",
        description=(
            "A stream held open, one JSON object a line, and an empty line as a keep-alive about every "
            "6 seconds: `challenge` (an open challenge where you have a seat: `for_you` when it is kept for you "
            "to accept), `challengeDeclined` and `challengeCanceled` (one of those closed without a game), "
            "`gameStart` (a game of yours between people began: open its stream) and `gameFinish` (it is over). "
            "On opening, your open challenges and your games in progress are sent first. Needs the `read` scope."
        ),
        responses={(200, streaming.NDJSON): OpenApiResponse(EVENT_STREAM, description="NDJSON"), **STREAM_ERRORS},
    )
    def get(self, request: Request) -> HttpResponse | StreamingHttpResponse:
        require_scope(request, READ)
        return streaming.respond(request, feeds.EventFeed(Player.of(request)))


class GameStreamApi(APIView):
    renderer_classes = [JSONRenderer, NdjsonRenderer]
    required_scope = {"GET": READ}

    @extend_schema(
        summary="A game (NDJSON stream)",
        description=(
            "A stream held open, one JSON object a line: first `gameFull` (the players, the variant, the time "
            "control, the start position, and `state`, the game as it stands), then a `gameState` (the moves so "
            "far, the position, the clocks, the status, and your legal moves when your seat is to move) after "
            "each change; it ends after the game's last state. An empty line is a keep-alive, about every 6 "
            "seconds. It says what the game page says to you: from your seat if you play in it, else what a "
            "spectator sees (no solver value or grade until a game between people is over). Needs the `read` "
            "scope."
        ),
        responses={
            (200, streaming.NDJSON): OpenApiResponse(GAME_STREAM, description="NDJSON"),
            **STREAM_ERRORS,
            **error_response(404, "No such game, or another player's practice game."),
        },
    )
    def get(self, request: Request, game_id: int) -> HttpResponse | StreamingHttpResponse:
        require_scope(request, READ)
        player = Player.of(request)
        game = game_selectors.game_get_for_player(player, game_id)
        return streaming.respond(request, feeds.GameFeed(player, game))


class BotMoveApi(APIView):
    required_scope = PLAY

    @extend_schema(
        summary="Play a move",
        description=(
            "The move in the path, in the site's notation ('36R', '36', 'pass': docs/rules.md section 2.5), for "
            "your seat in the game; `?ply=` names the ply it is meant for (recommended). The same service as "
            "`POST /api/games/<id>/moves/`: the move is stored at once, your clock is charged from when the "
            "request arrived, and the game's stream sends its `gameState`. Needs the `play` scope."
        ),
        request=None,
        parameters=[
            OpenApiParameter("move", OpenApiTypes.STR, OpenApiParameter.PATH, description="The move."),
            OpenApiParameter("ply", OpenApiTypes.INT, description=PLY_HELP, required=False),
        ],
        responses={201: BotMoveOutputSerializer, **GAME_ERRORS},
        examples=[
            OpenApiExample("Played", value={"ok": True, "game": 12, "ply": 4, "move": "36R"}, response_only=True)
        ],
    )
    def post(self, request: Request, game_id: int, move: str) -> Response:
        require_scope(request, PLAY)
        ply = query(PlyQuerySerializer, request).get("ply")
        player = Player.of(request)
        game = game_selectors.game_get_for_player(player, game_id)
        seat = deadlines.acting_seat(game, player)
        played = game_services.game_play(game=game, move=move, ply=ply, seat=seat)
        body = {"ok": True, "game": game.pk, "ply": played.move.ply, "move": played.move.move}
        return Response(body, status=status.HTTP_201_CREATED)


class BotResignApi(APIView):
    required_scope = PLAY

    @extend_schema(
        summary="Resign",
        description=(
            "Give the game up, as `POST /api/games/<id>/resign/` does: it is over at once, scored as if the "
            "other side had gone out. Needs the `play` scope."
        ),
        request=None,
        responses={200: BotResignOutputSerializer, **GAME_ERRORS},
    )
    def post(self, request: Request, game_id: int) -> Response:
        require_scope(request, PLAY)
        player = Player.of(request)
        game = game_selectors.game_get_for_player(player, game_id)
        seat = deadlines.acting_seat(game, player)
        game = game_services.game_resign(game=game, seat=seat)
        result: dict[str, Any] | None = dict(game.result) if game.result else None
        return Response({"ok": True, "game": game.pk, "result": result})


class ChallengeAcceptApi(SolverWorkLimited, APIView):
    # The game's start queues the solver's analyses: the analyses' limit, as the people API's accept.
    required_scope = CHALLENGE

    @extend_schema(
        summary="Accept a challenge",
        description=(
            "Take the seat kept for you (or the first free one), as `POST /api/challenges/<id>/accept/` does: "
            "the game starts once every seat is taken, and `gameStart` comes on your event stream. Needs the "
            "`challenge` scope."
        ),
        request=None,
        responses={200: ChallengeOutputSerializer, **CHALLENGE_ERRORS},
    )
    def post(self, request: Request, challenge_id: int) -> Response:
        require_scope(request, CHALLENGE)
        people_selectors.challenge_get(challenge_id)
        player = Player.of(request, create=True)
        challenge = people_services.challenge_accept(player=player, challenge_id=challenge_id)
        return Response(people_presentation.challenge_state(challenge, player))


class ChallengeDeclineApi(APIView):
    required_scope = CHALLENGE

    @extend_schema(
        summary="Decline a challenge",
        description=(
            "Turn down a challenge kept for you, as `POST /api/challenges/<id>/decline/` does: it closes, and its "
            "creator's event stream says `challengeDeclined`. Needs the `challenge` scope."
        ),
        request=None,
        responses={200: ChallengeOutputSerializer, **CHALLENGE_ERRORS},
    )
    def post(self, request: Request, challenge_id: int) -> Response:
        require_scope(request, CHALLENGE)
        people_selectors.challenge_get(challenge_id)
        player = Player.of(request)
        challenge = people_services.challenge_decline(player=player, challenge_id=challenge_id)
        return Response(people_presentation.challenge_state(challenge, player))
