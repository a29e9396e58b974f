"""Reads of tokens (never a write)."""

from __future__ import annotations

import hashlib
from typing import Any

from django.db.models import QuerySet

from .models import PersonalToken


def digest_of(text: str) -> str:
    """The stored form of a token's text: its hex SHA-256."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def personal_token(text: str) -> PersonalToken | None:
    """The personal token of that text, with its account, revoked or not."""
    return PersonalToken.objects.select_related("user").filter(digest=digest_of(text)).first()


def tokens_of(user: Any) -> QuerySet[PersonalToken]:
    """An account's personal tokens still in force, newest first."""
    return PersonalToken.objects.filter(user=user, revoked_at__isnull=True)
