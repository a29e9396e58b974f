"""The bot accounts' API (a thin DRF view): an account becomes a bot.
Every error is ``{"error": "..."}``."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.apitokens.scopes import require_scope
from puzzles.core.api import error_response

from . import services
from .serializers import BotAccountOutputSerializer


class UpgradeApi(APIView):
    required_scope = "bot"  # the tokens app's default permission checks it too

    @extend_schema(
        summary="Make your account a bot",
        description="For good: a bot's account is marked BOT wherever its name is shown, is rated in its own "
        "pool and plays rated games against people only when a person challenges it. Only an account that has "
        "played no games against people, and is in no rated event not yet over (it leaves them first), may become "
        "one. A token needs the bot scope.",
        request=None,
        responses={
            200: BotAccountOutputSerializer,
            **error_response(400, "The account has played games against people."),
            **error_response(403, "A guest, or a token without the bot scope."),
            **error_response(409, "The account is a bot already, or is in rated events not yet over (named)."),
        },
    )
    def post(self, request: Request) -> Response:
        require_scope(request, "bot")
        row = services.upgrade(request.user)
        return Response({"username": request.user.get_username(), "bot": True, "since": row.created_at})
