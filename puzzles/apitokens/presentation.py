"""The JSON of tokens and scopes, for the API and the pages."""

from __future__ import annotations

from typing import Any

from .grants import SCOPES
from .models import PersonalToken
from .scopes import DESCRIPTIONS


def token_json(token: PersonalToken) -> dict[str, Any]:
    return {
        "id": token.pk,
        "name": token.name,
        "hint": token.hint,
        "scopes": token.scope_list,
        "created_at": token.created_at.isoformat(),
        "last_used_at": token.last_used_at.isoformat() if token.last_used_at else None,
        "revoked": token.revoked_at is not None,
    }


def scopes_json() -> list[dict[str, str]]:
    """Each scope with what it allows, in the reader's language."""
    return [{"name": scope, "description": str(DESCRIPTIONS[scope])} for scope in SCOPES]
