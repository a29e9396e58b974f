"""The archive's API (thin DRF views): import a file of records, list your
imported games, list the open data files."""

from __future__ import annotations

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.parsers import MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.accounts.players import Player
from puzzles.apitokens.grants import READ
from puzzles.core.api import error_response, validated
from puzzles.core.parsers import StrictJSONParser
from puzzles.core.throttles import PlayerThrottle

from . import presentation, selectors, services
from .serializers import (
    ImportedPageSerializer,
    ImportInputSerializer,
    ImportResultSerializer,
    ImportUploadSerializer,
    OpenDataFileSerializer,
)
from .views import upload_text


class ImportsApi(APIView):
    # JSON, or multipart for an uploaded file
    parser_classes = [StrictJSONParser, MultiPartParser]
    throttle_classes = [PlayerThrottle]
    required_scope = {"POST": READ}  # a player's own study, as a game analysis is

    @extend_schema(
        summary="Your imported games",
        operation_id="imported_games_list",
        parameters=[OpenApiParameter("page", OpenApiTypes.INT, description="From 1; 50 a page.")],
        responses={200: ImportedPageSerializer},
    )
    def get(self, request: Request) -> Response:
        try:
            number = max(1, int(request.query_params.get("page", "1")))
        except ValueError:
            number = 1
        page = selectors.imported_page(Player.of(request), number)
        return Response(
            {
                "count": page.count,
                "page": page.number,
                "pages": page.pages,
                "games": [presentation.imported_row(g) for g in page.games],
            }
        )

    @extend_schema(
        summary="Import game records",
        operation_id="imported_games_create",
        description="Any number of games as one file of game records (docs/records.md): JSON `records`, or a "
        "multipart body whose `file` is the file (at most 4 MB, 2000 games). Every game is read and replayed "
        "first: a game that does not is a 400 naming the game and the line (`game 3, line 27: ...`), and "
        "nothing is stored. Each game then opens on the analysis board from its page.",
        request={"application/json": ImportInputSerializer, "multipart/form-data": ImportUploadSerializer},
        responses={
            201: ImportResultSerializer,
            **error_response(400, "A game that does not read or replay (named with its line), or too big a file."),
        },
        examples=[
            OpenApiExample(
                "Two games", request_only=True, value={"records": '[Seed "42"]\n\n1. 00 04L\n\n[Seed "7"]\n\n1. 33\n'}
            )
        ],
    )
    def post(self, request: Request) -> Response:
        if request.content_type.startswith("multipart/"):
            files = {"file": request.FILES["file"]} if "file" in request.FILES else {}
            upload = validated(ImportUploadSerializer, request, files)
            text, source = upload_text(upload["file"]), upload["file"].name or ""
        else:
            text, source = validated(ImportInputSerializer, request)["records"], ""
        games = services.games_import(player=Player.of(request, create=True), text=text, source=source)
        return Response(
            {"imported": len(games), "games": [presentation.imported_row(g) for g in games]},
            status=status.HTTP_201_CREATED,
        )


class OpenDataApi(APIView):
    throttle_classes = [PlayerThrottle]

    @extend_schema(
        summary="Open data files",
        operation_id="open_data_list",
        description="Every month's file of the site's rated games between people (CC0), newest first: "
        "its name, size, number of games, SHA-256 and address.",
        responses={200: OpenDataFileSerializer(many=True)},
    )
    def get(self, request: Request) -> Response:
        return Response([presentation.file_row(row) for row in selectors.open_data_files()])
