"""The rate limit of each token: every request a token authenticates counts
against that token (``OD_API_RATE_TOKEN``), besides the account's own limit
(``core.throttles.PlayerThrottle``), so that one runaway program does not
use up its owner's whole allowance unseen; over it, a 429 ``{"error"}``
with ``Retry-After``."""

from __future__ import annotations

from typing import Any

from rest_framework.request import Request

from puzzles.core.throttles import Counted

from .scopes import grant_of


class TokenThrottle(Counted):
    scope = "token"

    def allow_request(self, request: Request, view: Any) -> bool:
        if grant_of(request) is None:
            return True
        return super().allow_request(request, view)

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        grant = grant_of(request)
        return None if grant is None else self.cache_format % {"scope": self.scope, "ident": grant.key}
