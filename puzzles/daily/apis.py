"""The daily deal's API (thin DRF views).  Every error is ``{"error": "..."}``.
The game itself is an ordinary game: play it through ``/api/games/<id>/``."""

from __future__ import annotations

from datetime import date

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.accounts.limits import SolverWorkLimited
from puzzles.accounts.players import Player
from puzzles.core.api import error_response, validated
from puzzles.core.contract import DAY_PATTERN
from puzzles.games import presentation as game_presentation
from puzzles.games.serializers import GameOutputSerializer

from . import presentation, selectors, services
from .models import DailyDeal
from .serializers import DailyDealOutputSerializer, RankingOutputSerializer, StartInputSerializer

NOT_FOUND = error_response(404, "No deal that day (none was played, or the day is still to come).")


def _deal_to_start(day: date | None) -> DailyDeal:
    """The deal a start asks for: today's is made if it is not there yet."""
    if day is None or day == selectors.utc_today():
        return services.deal_ensure(day)
    return selectors.deal_of_day(day)


class DailyDealApi(APIView):
    @extend_schema(
        summary="Today's daily deal",
        description=(
            "One deal a day (UTC), the same for everyone: the standard game, the same seat, against the "
            "perfect solver. With your status and, once your game is recorded, your result against the field."
        ),
        responses={200: DailyDealOutputSerializer},
    )
    def get(self, request: Request) -> Response:
        deal = selectors.deal_seen()
        entry = selectors.entry_seen(selectors.entry_for_player(Player.of(request), deal))
        return Response(presentation.deal_state(deal, entry))


class DailyStartApi(SolverWorkLimited, APIView):
    @extend_schema(
        summary="Play the daily deal",
        description=(
            "Your game of the day's deal (or of `date`'s): 201 with a new game, 200 with the one you "
            "started before (one game per player and deal). A past day's deal played late is not ranked."
        ),
        request=StartInputSerializer,
        responses={
            201: GameOutputSerializer,
            200: GameOutputSerializer,
            **error_response(400, "Bad date."),
            **NOT_FOUND,
        },
        examples=[OpenApiExample("Today's", value={}, request_only=True)],
    )
    def post(self, request: Request) -> Response:
        data = validated(StartInputSerializer, request)
        deal = _deal_to_start(data.get("date"))
        entry, created = services.daily_start(player=Player.of(request, create=True), deal=deal)
        return Response(
            game_presentation.game_state(entry.game), status=status.HTTP_201_CREATED if created else status.HTTP_200_OK
        )


class DailyRankingApi(APIView):
    @extend_schema(
        summary="A day's ranking",
        description=(
            "Everyone who finished the deal of `day` (YYYY-MM-DD) on its day: the number of players, the "
            "median points lost, the histogram, and your result, rank, percentile and share line. The best "
            "line is given only once your own game is over. Percentile: the share of the other results "
            "that lost strictly more points, ties counted half; rank: 1 + those who lost fewer."
        ),
        parameters=[
            OpenApiParameter(
                "day",
                OpenApiTypes.DATE,
                OpenApiParameter.PATH,
                pattern=DAY_PATTERN,
                description="The day, YYYY-MM-DD (a day of the calendar: not 2026-02-30).",
            )
        ],
        responses={200: RankingOutputSerializer, **error_response(400, "Bad date."), **NOT_FOUND},
    )
    def get(self, request: Request, day: str) -> Response:
        parsed = selectors.parse_day(day)
        if parsed is None:
            raise ValidationError({"day": [f"a day is written YYYY-MM-DD, not {day[:40]!r}"]})
        deal = selectors.deal_seen(parsed)
        entry = selectors.entry_seen(selectors.entry_for_player(Player.of(request), deal))
        return Response(presentation.ranking_state(deal, entry))
