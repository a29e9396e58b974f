"""``GET /api/games/<id>/spectators/``: how many are watching a game between
people now (``spectators``), as its page shows it to players and spectators
alike, and which of its players are online (``online``: the same presence as
the Following page's, ``social.selectors.online``), so that the page's one
poll keeps both up to date; a spectator's page asks with ``watching=true``
every few seconds, which counts it in while the page is open."""

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
from puzzles.social.selectors import online

from . import seating, selectors, spectators
from .models import Game, GameSeat


class SpectatorsQuerySerializer(serializers.Serializer[Any]):
    watching = serializers.BooleanField(required=False, default=False)
    viewer = serializers.RegexField(r"^[A-Za-z0-9_.:-]{8,120}$", required=False)


class SpectatorsOutputSerializer(serializers.Serializer[Any]):
    game = serializers.IntegerField()
    spectators = serializers.IntegerField(help_text="How many watch the game now (its players not counted).")
    text = serializers.CharField(help_text="The count in words, in the reader's language.")
    online = serializers.ListField(
        child=serializers.CharField(),
        help_text="The seats whose player (an account) the site has seen in the last minute, as the Following "
        "page shows them online.",
    )
    viewer = serializers.CharField(
        required=False,
        help_text="With `watching=true` and no session: the viewer id the server issued this page, to send back "
        "as `viewer` (a new one when the page sent none, or one the server did not issue for this game).",
    )


def spectators_text(n: int) -> str:
    return ngettext("%(count)s watching", "%(count)s watching", n) % {"count": n}


def spectators_state(game_id: int, n: int, seats: list[str] | None = None) -> dict[str, Any]:
    return {"game": game_id, "spectators": n, "text": spectators_text(n), "online": seats or []}


def online_seats(game: Game) -> list[str]:
    """The seats of ``game`` whose account is online (one query for the seats, one cache read)."""
    rows = list(GameSeat.objects.filter(game=game, owner__isnull=False).values_list("seat", "owner_id"))
    here = online(pk for _seat, pk in rows)
    return sorted(seat for seat, pk in rows if pk in here)


def _watched(request: Request, game: Game, viewer: str | None) -> str | None:
    """Count the reader in as watching ``game``; the viewer id to send back
    (a reader with no session: the one it sent if the server issued it, else a new one)."""
    # A session counts only if the server made it: once read, a cookie naming no session leaves none.
    request.session.keys()
    client = client_key(request)
    issued = None
    page = None
    if not client.startswith("session:"):
        issued = viewer if spectators.viewer_checked(game.pk, viewer) else spectators.viewer_issue(game.pk)
        page = spectators.viewer_checked(game.pk, issued)
    spectators.seen(game.pk, spectators.viewer_key(client, page), request.META.get("REMOTE_ADDR", ""))
    return issued


class GameSpectatorsApi(APIView):
    @extend_schema(
        summary="Spectators of a game",
        description=(
            "How many are watching a game between people now (always 0 for a practice game), and which "
            "of its players are online. With `watching=true` a reader without a seat in a game in progress "
            "is counted as watching for the next 30 seconds: a spectator's page asks so every few seconds, "
            "with the viewer id the answer gave it (a reader with no session is counted by that id, which "
            "only the server issues); a spectator's WebSocket on the game counts too while it is open. One "
            "address counts at most 10 spectators of a game."
        ),
        parameters=[
            OpenApiParameter("watching", OpenApiTypes.BOOL, description="Count me as watching."),
            OpenApiParameter(
                "viewer",
                OpenApiTypes.STR,
                description="The viewer id an earlier answer gave this page: counts a reader with no session "
                "once per page rather than once per address. An id the server did not issue is replaced.",
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
        issued = None
        if params.get("watching") and game.status != Game.Status.OVER and seating.seat_of(game, player) is None:
            issued = _watched(request, game, params.get("viewer"))
        state = spectators_state(game.pk, spectators.count(game.pk), online_seats(game))
        if issued is not None:
            state["viewer"] = issued
        return Response(state)
