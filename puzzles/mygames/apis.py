"""The "My games" API (thin DRF views): your games filtered and paged, their
records as one file, and what a finished game between people's page shows
after it (the rating change, the rematch offered)."""

from __future__ import annotations

from django.http import StreamingHttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.accounts.players import Player
from puzzles.core.api import error_response
from puzzles.core.errors import ApplicationError
from puzzles.core.throttles import PlayerThrottle
from puzzles.games.models import Game

from . import filters, presentation, selectors
from .serializers import GameRatingStateSerializer, MyGamesPageSerializer, RematchStateSerializer

FILTER_PARAMETERS = [
    OpenApiParameter("variant", OpenApiTypes.STR, description="A variant (`lewicki`, `block+doubles`, ...)."),
    OpenApiParameter(
        "result", OpenApiTypes.STR, enum=list(filters.RESULTS), description="What the game came to for you."
    ),
    OpenApiParameter("rated", OpenApiTypes.BOOL),
    OpenApiParameter("opponent", OpenApiTypes.STR, description="Part of an opponent's account name."),
    OpenApiParameter("speed", OpenApiTypes.STR, enum=list(filters.SPEEDS)),
    OpenApiParameter("kind", OpenApiTypes.STR, enum=list(filters.KINDS), description="Between people or practice."),
]
BAD_FILTER = error_response(400, "A filter's value or the page is not one the list knows.")


class MyGamesApi(APIView):
    throttle_classes = [PlayerThrottle]

    @extend_schema(
        summary="My games",
        operation_id="my_games_list",
        description=(
            "Your games, finished and in progress, newest first, 20 a page: your games between people and your "
            "practice games (a tournament's concealed deal once its event is over). Each with its result for you, "
            "your rating's change and links to the game and its review."
        ),
        parameters=[*FILTER_PARAMETERS, OpenApiParameter("page", OpenApiTypes.INT, description="From 1.")],
        responses={200: MyGamesPageSerializer, **BAD_FILTER},
    )
    def get(self, request: Request) -> Response:
        chosen = filters.filters_from(request.query_params)
        page = selectors.my_games_page(Player.of(request), chosen, filters.page_from(request.query_params))
        return Response(presentation.page_state(page))


class MyGamesExportApi(APIView):
    throttle_classes = [PlayerThrottle]

    @extend_schema(
        summary="Export my games",
        operation_id="my_games_export",
        description=(
            "The records of every one of your filtered games that are over, newest first, as one text file "
            "(an attachment, written as it is read) in the versioned record format of docs/records.md: each game "
            'begins with its `[Format "1"]` tag, a blank line between two, with every tag (event and round, '
            "date, players, ratings and their changes, time control, how it ended) and each person's clock after "
            "each move (`{[%clk H:MM:SS]}`). Without filters: every game you played."
        ),
        parameters=FILTER_PARAMETERS,
        responses={200: OpenApiResponse(OpenApiTypes.STR, description="The records (text/plain)."), **BAD_FILTER},
    )
    def get(self, request: Request) -> StreamingHttpResponse:
        chosen = filters.filters_from(request.query_params)
        records = selectors.export_records(Player.of(request), chosen)
        return StreamingHttpResponse(
            presentation.export_chunks(records),
            content_type="text/plain; charset=utf-8",
            headers={"Content-Disposition": 'attachment; filename="open-domino-my-games.txt"'},
        )


def _people_game(request: Request, game_id: int) -> tuple[Player, Game, str | None]:
    player = Player.of(request)
    found = selectors.people_game_of(player, game_id)
    if found is None:
        raise ApplicationError(_("no such game between people"), 404)
    return player, *found


class GameRatingApi(APIView):
    throttle_classes = [PlayerThrottle]

    @extend_schema(
        summary="A game's rating change",
        operation_id="game_rating_change",
        description=(
            "A game between people's rating change: `pending` while a finished rated game is being rated "
            "(ask again), then `rated` with each account's seat `{player, before, after, change}`."
        ),
        responses={200: GameRatingStateSerializer, **error_response(404, "No game between people of that id.")},
    )
    def get(self, request: Request, game_id: int) -> Response:
        _player, game, _seat = _people_game(request, game_id)
        return Response(selectors.rating_state(game))


class GameRematchApi(APIView):
    throttle_classes = [PlayerThrottle]

    @extend_schema(
        summary="A game's rematch offer",
        operation_id="game_rematch_offer",
        description=(
            "For a player of a finished one-game challenge between people: whether you may offer a rematch "
            "(`POST /api/challenges/<challenge>/rematch/`) and the newest offer, yours or the other side's, with "
            "its status (accept, decline or cancel it through `/api/challenges/<id>/...`) and, once accepted, "
            "its `game`."
        ),
        responses={200: RematchStateSerializer, **error_response(404, "No game between people of that id.")},
    )
    def get(self, request: Request, game_id: int) -> Response:
        player, game, seat = _people_game(request, game_id)
        return Response(selectors.rematch_state(player, game, seat))
