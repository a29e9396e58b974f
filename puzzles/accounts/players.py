"""The player of a request: a logged-in user, or a guest.

A guest is known by a random token kept in their session (under
``PLAYER_SESSION_KEY``); rows that belong to a guest have no owner and carry
the token in ``session_key``.  ``Player`` is the one place that knows this:
which rows are a player's (``rows``) and what to store on a new row
(``owner_fields``)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from typing import Any, TypeVar

from django.db.models import Model, QuerySet
from django.http import HttpRequest

PLAYER_SESSION_KEY = "od_player"

M = TypeVar("M", bound=Model)


@dataclass(frozen=True)
class Player:
    user: Any  # an authenticated user, or None for a guest
    token: str  # the guest's token ("" for a user, or a guest who has none yet)

    @classmethod
    def of(cls, request: HttpRequest, create: bool = False) -> Player:
        """The request's player; ``create`` gives a guest a token if they have none."""
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            return cls(user, "")
        token = request.session.get(PLAYER_SESSION_KEY, "")
        if not token and create:
            token = secrets.token_urlsafe(18)
            request.session[PLAYER_SESSION_KEY] = token
        return cls(None, token)

    @classmethod
    def owning(cls, row: Model, owner_field: str = "owner") -> Player:
        """The player a row belongs to."""
        user = getattr(row, owner_field)
        return cls(user, "") if user is not None else cls(None, row.session_key)  # type: ignore[attr-defined]

    @property
    def is_authenticated(self) -> bool:
        return self.user is not None

    @property
    def known(self) -> bool:
        """A user, or a guest with a token: someone whose rows can be found."""
        return self.user is not None or bool(self.token)

    def rows(self, queryset: QuerySet[M], owner_field: str = "owner") -> QuerySet[M]:
        """The rows of ``queryset`` that belong to this player."""
        if self.user is not None:
            return queryset.filter(**{owner_field: self.user})
        if not self.token:
            return queryset.none()
        return queryset.filter(**{f"{owner_field}__isnull": True, "session_key": self.token})

    def owner_fields(self, owner_field: str = "owner") -> dict[str, Any]:
        """The ownership fields of a new row of this player."""
        if self.user is not None:
            return {owner_field: self.user, "session_key": ""}
        return {owner_field: None, "session_key": self.token}


def guest(token: str) -> Player:
    """The guest whose token is ``token`` (for tasks and tests)."""
    return Player(None, token)
