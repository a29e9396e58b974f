"""Reads of OAuth2 (django-oauth-toolkit's rows): an access token as a grant,
the apps an account registered, the apps it authorised."""

from __future__ import annotations

import hashlib
from typing import Any

from django.utils import timezone
from oauth2_provider.models import get_access_token_model, get_application_model, get_refresh_token_model

from .grants import SCOPES, Grant


def grant_of_access_token(text: str) -> tuple[Any, Grant] | None:
    """The account and grant of an OAuth2 access token still valid, else None
    (unknown, expired or revoked: the toolkit deletes a revoked token)."""
    checksum = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    token = get_access_token_model().objects.select_related("user").filter(token_checksum=checksum).first()
    if token is None or token.user is None or token.is_expired():
        return None
    return token.user, Grant(scopes=frozenset(token.scope.split()), token_id=token.pk, kind="oauth")


def apps_of(user: Any) -> list[Any]:
    """The OAuth2 apps an account registered, newest first."""
    return list(get_application_model().objects.filter(user=user).order_by("-created", "-id"))


def authorised_apps(user: Any) -> list[dict[str, Any]]:
    """The apps that hold a token of the account's (an access token not
    expired, or a refresh token not revoked), each with the scopes it holds."""
    now = timezone.now()
    found: dict[int, dict[str, Any]] = {}
    access = get_access_token_model().objects.filter(user=user, expires__gt=now, application__isnull=False)
    refresh = get_refresh_token_model().objects.filter(user=user, revoked__isnull=True)
    for row in [*access.select_related("application"), *refresh.select_related("application", "access_token")]:
        app = row.application
        entry = found.setdefault(app.pk, {"id": app.pk, "name": app.name, "scopes": set()})
        scope = getattr(row, "scope", None) or getattr(getattr(row, "access_token", None), "scope", "") or ""
        entry["scopes"].update(scope.split())
    return [
        {**entry, "scopes": [s for s in SCOPES if s in entry["scopes"]]}
        for entry in sorted(found.values(), key=lambda e: str(e["name"]).lower())
    ]
