"""The API's session authentication: Django's session, with the CSRF check
for every state-changing request, a guest's as much as an account's (a
request with a bearer token is the next class's: puzzles/apitokens).

DRF's own ``SessionAuthentication`` checks CSRF only once a user is logged
in.  A guest's games, matches, attempts and rating hang on the session cookie
just as an account's do, so a page on another origin of the same site (another
port on the host, a sibling subdomain: SameSite=Lax does not stop those) could
otherwise start, play or resign a guest's games.  Every answer of the API sets
the ``csrftoken`` cookie when the client has none, so a scripted client reads
it from its first answer and sends it back in ``X-CSRFToken``."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.middleware.csrf import get_token
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions
from rest_framework.request import Request


class SessionAuthentication(authentication.SessionAuthentication):
    def authenticate(self, request: Request) -> tuple[Any, None] | None:
        # A request with a bearer token is the token class's to authenticate
        # (puzzles/apitokens), without a CSRF check: no other site can set that header.
        # The scheme is the header's first word, as the token class reads it: "Bearerish x"
        # or "Basic x" names no bearer token, so the session and its CSRF check still apply.
        scheme = str(request._request.META.get("HTTP_AUTHORIZATION", "")).split()[:1]
        if scheme and scheme[0].lower() == "bearer":
            return None
        # A client without the cookie gets it with this answer, a refusal
        # included, and sends the token with its next request (one that has
        # it is sent no new Set-Cookie on every answer).
        if settings.CSRF_COOKIE_NAME not in request._request.COOKIES:
            get_token(request._request)
        user = getattr(request._request, "user", None)
        self.enforce_csrf(request)
        if not user or not user.is_active:
            return None
        return (user, None)

    def enforce_csrf(self, request: Request) -> None:
        try:
            super().enforce_csrf(request)
        except exceptions.PermissionDenied as exc:
            raise exceptions.PermissionDenied(
                f"{exc.detail} Send the csrftoken cookie's value in an X-CSRFToken header: every answer "
                "of the API sets that cookie."
            ) from None


class SessionScheme(OpenApiAuthenticationExtension):  # type: ignore[no-untyped-call]  # its __init_subclass__ is untyped
    """The OpenAPI schema's name for it: Django's session cookie, as
    drf-spectacular documents DRF's own class."""

    target_class = SessionAuthentication
    name = "cookieAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {"type": "apiKey", "in": "cookie", "name": settings.SESSION_COOKIE_NAME}
