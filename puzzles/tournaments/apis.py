"""The tournaments API (thin DRF views).  Every error is ``{"error": "..."}``.
A tournament's games are ordinary games: play them through ``/api/games/<id>/``."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.exceptions import ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.accounts.players import Player
from puzzles.core.api import LONG_POLL_PARAMETERS, UNCHANGED, error_response, long_poll, validated

from . import presence, presentation, selectors, services
from .serializers import (
    CreatedOutputSerializer,
    JoinInputSerializer,
    ListOutputSerializer,
    TournamentCreateInputSerializer,
    TournamentOutputSerializer,
)

NOT_FOUND = error_response(404, "No such tournament.")
PAGE = OpenApiParameter(
    "page",
    OpenApiTypes.STR,
    description=(
        "One page of the standings (a number from 1, or `mine`: the page with your line), with the "
        "latest games and yours, as the event's page shows it. Without it: the first 100 lines and yours."
    ),
)


def _page_asked(request: Request) -> dict[str, Any]:
    """``tournament_state``'s paging as ``?page=`` asks (none: not paged); a 400 for a bad page."""
    text = request.query_params.get("page")
    if text is None:
        return {}
    try:
        return {"paged": True, "page": presentation.page_asked(text)}
    except ValueError as exc:
        raise ValidationError({"page": [str(exc)]}) from None


class TournamentListApi(APIView):
    @extend_schema(
        operation_id="tournaments_list",
        summary="Tournaments",
        description="The events starting soon, in progress and lately finished.",
        responses={200: ListOutputSerializer},
    )
    def get(self, request: Request) -> Response:
        return Response(
            {name: [presentation.summary(t) for t in rows] for name, rows in selectors.tournaments_listed().items()}
        )

    @extend_schema(
        summary="Make a tournament",
        description=(
            "An arena (`minutes`, a live `clock`), a Swiss (`rounds`, a `clock` or `days`) or a duplicate "
            "daylong (`deals`, against the solver at `level`). Any account may make one."
        ),
        request=TournamentCreateInputSerializer,
        responses={
            201: CreatedOutputSerializer,
            **error_response(400, "Bad input."),
            **error_response(403, "A guest: making an event needs an account."),
        },
    )
    def post(self, request: Request) -> Response:
        data = validated(TournamentCreateInputSerializer, request)
        tournament = services.tournament_create(player=Player.of(request), **data)
        return Response({"id": tournament.pk, "url": presentation.urls(tournament)["page"]}, status.HTTP_201_CREATED)


class TournamentDetailApi(APIView):
    @extend_schema(
        summary="A tournament",
        description=(
            "Its standings, its latest games, and your entry and your game in progress. With "
            "`?wait=<version>` the answer is held until the version differs (a game ended, someone joined), "
            "at most `timeout` seconds; 304 with no body if nothing changed by then."
        ),
        parameters=[*LONG_POLL_PARAMETERS, PAGE],
        responses={200: TournamentOutputSerializer, **UNCHANGED, **NOT_FOUND},
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        tournament = selectors.tournament_get(tournament_id)
        paging = _page_asked(request)
        presence.player_seen(Player.of(request))  # its page is open (an arena pauses a player whose pages are gone)
        unchanged = long_poll(request, tournament, "tournament", selectors.tournament_version)
        if unchanged is not None:
            return unchanged
        return Response(presentation.tournament_state(tournament, Player.of(request), **paging))


class TournamentJoinApi(APIView):
    @extend_schema(
        summary="Join a tournament",
        description=(
            "You enter it (again, after leaving an arena). A rated one is for accounts; a private one is "
            "joined with its `password`."
        ),
        request=JoinInputSerializer,
        parameters=[PAGE],
        responses={
            200: TournamentOutputSerializer,
            **error_response(403, "A guest in a rated event; a private event's password missing or wrong."),
            **NOT_FOUND,
            **error_response(409, "It is over, or a Swiss past its first round."),
        },
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        data = validated(JoinInputSerializer, request, request.data or {})
        paging = _page_asked(request)
        player = Player.of(request, create=True)
        services.tournament_join(
            player=player, tournament_id=tournament_id, password=data.get("password"), team=data.get("team")
        )
        tournament = selectors.tournament_get(tournament_id)
        return Response(presentation.tournament_state(tournament, player, **paging))


class TournamentLeaveApi(APIView):
    @extend_schema(
        summary="Leave a tournament",
        description="An arena pairs you no more (your score stays); a Swiss withdraws you from the rounds to come.",
        request=None,
        parameters=[PAGE],
        responses={200: TournamentOutputSerializer, **NOT_FOUND, **error_response(409, "It is over.")},
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        paging = _page_asked(request)
        player = Player.of(request)
        services.tournament_leave(player=player, tournament_id=tournament_id)
        tournament = selectors.tournament_get(tournament_id)
        return Response(presentation.tournament_state(tournament, player, **paging))
