"""The API of a live game's claim of victory over an opponent who has left
the table (``disconnects``): whether the opponents are there, and the claim."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.accounts.players import Player
from solver.variant import SEATS

from . import disconnects, presentation, selectors
from .apis import CONFLICT, ERRORS, NOT_A_PLAYER
from .serializers import GameOutputSerializer


class OpponentPresenceSerializer(serializers.Serializer[Any]):
    seat = serializers.ChoiceField(choices=list(SEATS))
    gone = serializers.BooleanField(
        help_text="The opponent's page has been gone (socket closed, long polls stopped) for a few seconds."
    )
    gone_since = serializers.IntegerField(allow_null=True, help_text="Since when (ms since 1970); null: there now.")
    vacation = serializers.BooleanField(
        help_text="The opponent is on vacation: their correspondence turns wait (``/api/vacation/``)."
    )


class ClaimStateSerializer(serializers.Serializer[Any]):
    seat = serializers.ChoiceField(choices=list(SEATS), help_text="The reader's seat.")
    opponents = OpponentPresenceSerializer(many=True, help_text="The people of the other side.")
    claim_from = serializers.IntegerField(
        allow_null=True,
        help_text="When the reader may claim the game (ms since 1970): every opponent gone, plus "
        "OD_DISCONNECT_CLAIM_SECONDS; null while one is there, before every first move, once the game is "
        "over, and in a correspondence or untimed game.",
    )
    claimable = serializers.BooleanField(help_text="Whether a claim would be accepted now.")
    server_time = serializers.IntegerField(help_text="The server's time (ms since 1970).")


class GameClaimApi(APIView):
    @extend_schema(
        summary="Whether the opponents are at the table",
        description=(
            "A player of a game between people: whether each opponent has the game's page open (a socket "
            "or a long poll), since when they are gone, and when the game may be claimed. 403 for anyone else."
        ),
        responses={200: ClaimStateSerializer, **ERRORS, **NOT_A_PLAYER},
    )
    def get(self, request: Request, game_id: int) -> Response:
        player = Player.of(request)
        game = selectors.game_get_for_player(player, game_id)
        return Response(disconnects.presence_of(game, player))

    @extend_schema(
        summary="Claim the game: the opponent has left",
        description=(
            "In a live timed game whose every player has made a first move, once every opponent has been gone "
            "OD_DISCONNECT_CLAIM_SECONDS (30 s: no socket, held long poll or move of theirs; counted from the "
            "end of the site's last outage and your own arrival at the latest), the game ends as a win for "
            "your side, scored and rated as their resignation would be (reason 'abandoned'; a rated game "
            "before each player has moved twice: an abort). 409 while an opponent is there or the time has "
            "not passed, before every first move, once the game is over, and in a correspondence or untimed "
            "game; 403 for anyone but its players."
        ),
        request=None,
        responses={200: GameOutputSerializer, **ERRORS, **NOT_A_PLAYER, **CONFLICT},
    )
    def post(self, request: Request, game_id: int) -> Response:
        player = Player.of(request)
        game = selectors.game_get_for_player(player, game_id)
        game = disconnects.game_claim(game=game, player=player)
        return Response(presentation.game_state(game, viewer=player))
