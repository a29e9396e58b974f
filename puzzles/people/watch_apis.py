"""The games to watch (``GET /api/watch/``) and the featured game
(``GET /api/watch/featured/``): thin views over ``watching``."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.core.api import error_response
from puzzles.core.contract import query

from . import watching
from .models import FAMILY_CHOICES

# The highest rating a filter may ask for.
MAX_RATING = 4000


class WatchQuerySerializer(serializers.Serializer[Any]):
    variant = serializers.ChoiceField(
        choices=[f for f, _l in FAMILY_CHOICES], required=False, help_text="A variant family (doubles or not alike)."
    )
    min_rating = serializers.IntegerField(
        min_value=0, max_value=MAX_RATING, required=False, help_text="The lowest average rating of its players."
    )


class WatchPlayerSerializer(serializers.Serializer[Any]):
    seat = serializers.CharField()
    name = serializers.CharField(help_text="An account's name, a guest's, or the solver's with its level.")
    level = serializers.CharField(help_text="The solver's level on a seat it plays; empty for a person's.")
    rating = serializers.IntegerField(allow_null=True, help_text="The account's rating in the game's pool; null: none.")
    guest = serializers.BooleanField()
    bot = serializers.BooleanField(help_text="A bot's account.")


class WatchGameSerializer(serializers.Serializer[Any]):
    game = serializers.IntegerField()
    url = serializers.CharField(help_text="The game's page, where anyone without a seat watches it.")
    variant = serializers.CharField()
    variant_text = serializers.CharField()
    family = serializers.CharField()
    time_class = serializers.CharField(help_text="`live` (a clock), `correspondence` (days a move) or `untimed`.")
    control = serializers.CharField(help_text="`5+3` (minutes and seconds a move), `3d` (days a move).")
    rated = serializers.BooleanField()
    moves = serializers.IntegerField(help_text="Moves played so far.")
    spectators = serializers.IntegerField(help_text="How many are watching now.")
    rating = serializers.IntegerField(help_text="The players' average rating (a guest's counted as a new account's).")
    players = WatchPlayerSerializer(many=True)


class WatchListSerializer(serializers.Serializer[Any]):
    games = WatchGameSerializer(many=True)
    refresh_seconds = serializers.IntegerField(help_text="How often the list is read again for everyone.")


class FeaturedSerializer(serializers.Serializer[Any]):
    game = WatchGameSerializer(allow_null=True, help_text="Null while no game between people is being played.")


class WatchListApi(APIView):
    @extend_schema(
        summary="Games to watch",
        operation_id="watch_list",
        description=(
            "The games between people in progress, best rated first (by their players' average rating), at "
            "most 50: each with its variant, players and their ratings, time control, moves so far and how "
            "many watch it. Concealed games (a duplicate event's deals) and games of closed accounts are left "
            "out. The list is read again for everyone every `refresh_seconds`: asking more often gives the same."
        ),
        parameters=[WatchQuerySerializer],
        responses={200: WatchListSerializer, **error_response(400, "An unknown variant family or a bad rating.")},
    )
    def get(self, request: Request) -> Response:
        params = query(WatchQuerySerializer, request)
        games = watching.watch_list(params.get("variant"), params.get("min_rating"))
        return Response({"games": games, "refresh_seconds": watching.SHARED_SECONDS})


class FeaturedApi(APIView):
    @extend_schema(
        summary="The featured game",
        operation_id="watch_featured",
        description=(
            "The game the TV page shows: the best rated game in progress (a clocked one first), kept while "
            "it goes on; when it ends, the next best within a few seconds. Null while no game is played."
        ),
        responses={200: FeaturedSerializer},
    )
    def get(self, request: Request) -> Response:
        return Response({"game": watching.featured()})
