"""OAuth2 access tokens (django-oauth-toolkit's) read as grants."""

from __future__ import annotations

import hashlib
from typing import Any

from oauth2_provider.models import get_access_token_model

from .grants import Grant


def grant_of_access_token(text: str) -> tuple[Any, Grant] | None:
    """The account and grant of an OAuth2 access token still valid, else None
    (unknown, expired or revoked: the toolkit deletes a revoked token)."""
    checksum = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
    token = get_access_token_model().objects.select_related("user").filter(token_checksum=checksum).first()
    if token is None or token.user is None or token.is_expired():
        return None
    return token.user, Grant(scopes=frozenset(token.scope.split()), token_id=token.pk, kind="oauth")
