"""``Authorization: Bearer <token>``: a personal token (``od_…``) or an OAuth2
access token, after the session in REST_FRAMEWORK's
DEFAULT_AUTHENTICATION_CLASSES (the session's class leaves a request with a
bearer header to this one, and no CSRF check applies: a page on another site
cannot set that header).  On success ``request.user`` is the account and
``request.auth`` the token's ``grants.Grant``; a bad, expired or revoked
token is a 401 ``{"error"}``, never a guest's request."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework.authentication import BaseAuthentication
from rest_framework.request import Request

from puzzles.core.errors import ApplicationError

from . import oauth, selectors, services
from .grants import Grant
from .models import PREFIX


class TokenRefused(ApplicationError):
    status_code = 401
    headers = {"WWW-Authenticate": 'Bearer realm="api"'}  # a 401 says which scheme it asks for (RFC 9110)


def bearer_text(request: Request) -> str | None:
    """The token of a request's ``Authorization: Bearer`` header, None
    without one; a 401 for a malformed one."""
    header = request.META.get("HTTP_AUTHORIZATION", "")
    if not isinstance(header, str) or not header:
        return None
    parts = header.split()
    if not parts or parts[0].lower() != "bearer":
        return None
    if len(parts) != 2:
        raise TokenRefused(_("write the header as Authorization: Bearer <token>"))
    return parts[1]


class TokenAuthentication(BaseAuthentication):
    keyword = "Bearer"

    def authenticate(self, request: Request) -> tuple[Any, Grant] | None:
        text = bearer_text(request)
        if text is None:
            return None
        found = self._personal(text) if text.startswith(PREFIX) else oauth.grant_of_access_token(text)
        if found is None:
            raise TokenRefused(_("this token is not valid: it is unknown, expired or revoked"))
        user, grant = found
        if not user.is_active:
            raise TokenRefused(_("this token's account is closed"))
        return user, grant

    def _personal(self, text: str) -> tuple[Any, Grant] | None:
        token = selectors.personal_token(text)
        if token is None or token.revoked_at is not None:
            return None
        services.token_used(token)
        return token.user, Grant(scopes=frozenset(token.scope_list), token_id=token.pk, kind="personal")

    def authenticate_header(self, request: Request) -> str:
        return 'Bearer realm="api"'


class BearerScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]  # its __init_subclass__ is untyped
    """The OpenAPI schema's bearer scheme: a personal token or an OAuth2 access token."""

    target_class = TokenAuthentication
    name = "bearerAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "A personal API token (od_…, made on /account/tokens/) or an OAuth2 access token; "
            "scopes read, play, challenge, bot (docs/api.md, Tokens and OAuth2).",
        }
