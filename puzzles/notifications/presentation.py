"""The JSON the API returns and the pages embed: a player's notices with
their words, in the reader's language (the request's)."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from . import emails, selectors, texts
from .models import Notice


def notice(row: Notice) -> dict[str, Any]:
    return {
        "id": row.pk,
        "kind": row.kind,
        "text": texts.text(row.kind, row.data),
        "url": row.url,
        "created_at": row.created_at.isoformat(),
        "read": row.read_at is not None,
    }


def state(user: Any) -> dict[str, Any]:
    """The unread count, the version the bell long-polls on and the newest notices."""
    return {
        "version": selectors.box_version(user),
        "unread": selectors.unread(user).count(),
        "notices": [notice(row) for row in selectors.latest(user)],
    }


def bell(user: Any) -> dict[str, Any]:
    """What the header's bell is drawn from (no notices: the script reads them when opened)."""
    return {
        "version": selectors.box_version(user),
        "unread": selectors.unread(user).count(),
        "api": reverse("notifications:api-poll", args=[1]),
        "page": reverse("notifications:page"),
    }


def settings_state(user: Any) -> dict[str, Any]:
    return {"settings": selectors.switches(user), "email": user.email or "", "email_confirmed": emails.confirmed(user)}
