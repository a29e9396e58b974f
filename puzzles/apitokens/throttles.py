"""The rate limit of each token (counted by ``scopes.HasScope``, the default
permission of every view): every request a token authenticates counts
against that token (``OD_API_RATE_TOKEN``), besides the account's own limit
(``core.throttles.PlayerThrottle``), so that one runaway program does not
use up its owner's whole allowance unseen; over it, a 429 ``{"error"}``
with ``Retry-After``."""

from __future__ import annotations

from typing import Any

from rest_framework.request import Request

from puzzles.core.throttles import Counted

from .grants import grant_of


class TokenThrottle(Counted):
    scope = "token"

    def __init__(self) -> None:
        pass  # the rate is read in allow_request, for a token's request only

    def allow_request(self, request: Request, view: Any) -> bool:
        if grant_of(request) is None:
            return True
        self.rate = self.THROTTLE_RATES.get(self.scope)
        if self.rate is None:
            return True
        self.num_requests, self.duration = self.parse_rate(self.rate)  # type: ignore[assignment]
        return super().allow_request(request, view)

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        grant = grant_of(request)
        return None if grant is None else self.cache_format % {"scope": self.scope, "ident": grant.key}
