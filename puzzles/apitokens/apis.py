"""The tokens API (thin DRF views): an account's personal tokens, listed,
made and revoked, from its browser session only (no token may make or see
tokens).  Every error is ``{"error": "..."}``."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.core.api import error_response, validated
from puzzles.core.errors import ApplicationError

from . import presentation, selectors, services
from .grants import SESSION_ONLY
from .serializers import TokenInputSerializer, TokenListSerializer, TokenMadeSerializer

REFUSED = error_response(403, "A guest, or a request made with a token: tokens are managed from the site, logged in.")


def _account(request: Request) -> Any:
    if not request.user.is_authenticated:
        raise ApplicationError(_("API tokens are for accounts: log in first"), 403)
    return request.user


class TokenListApi(APIView):
    required_scope = {"GET": SESSION_ONLY, "POST": SESSION_ONLY}

    @extend_schema(
        operation_id="tokens_list",
        summary="Your API tokens",
        description="Your personal tokens in force (never their text) and the scopes a token may hold.",
        responses={200: TokenListSerializer, **REFUSED},
    )
    def get(self, request: Request) -> Response:
        user = _account(request)
        tokens = [presentation.token_json(token) for token in selectors.tokens_of(user)]
        return Response({"tokens": tokens, "scopes": presentation.scopes_json()})

    @extend_schema(
        operation_id="tokens_create",
        summary="Make an API token",
        description="A new personal token with a name and its scopes. The answer holds the token's text once "
        "(`secret`): only its digest is kept. At most 20 tokens in force (409).",
        request=TokenInputSerializer,
        responses={
            201: TokenMadeSerializer,
            **error_response(400, "No name, or an unknown scope, or none."),
            **REFUSED,
            **error_response(409, "20 tokens in force already."),
        },
    )
    def post(self, request: Request) -> Response:
        user = _account(request)
        data = validated(TokenInputSerializer, request)
        token, text = services.create_personal_token(user, name=data["name"], scopes=data["scopes"])
        body = {"token": presentation.token_json(token), "secret": text}
        return Response(body, status=status.HTTP_201_CREATED, headers={"Cache-Control": "no-store"})


class TokenDetailApi(APIView):
    required_scope = {"DELETE": SESSION_ONLY}

    @extend_schema(
        operation_id="tokens_revoke",
        summary="Revoke an API token",
        description="The token is refused (401) from its next request on. Revoking it again changes nothing.",
        responses={204: None, **REFUSED, **error_response(404, "No token of yours has that id.")},
    )
    def delete(self, request: Request, token_id: int) -> Response:
        services.revoke_token(_account(request), token_id)
        return Response(status=status.HTTP_204_NO_CONTENT)
