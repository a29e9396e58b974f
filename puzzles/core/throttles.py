"""The API's rate limits, counted in one step per request.

DRF's throttles keep, per client, the list of the times of every request in
the last window, and read and write that whole list on every request: at the
guest's limit of 1200 a minute, up to 1200 numbers through the cache, both
ways, for each request.  These count instead: one ``add`` or ``incr`` of a
number that expires with its window (the window starts at a client's first
request in it).  The limits, the scopes, the keys (address for guests, the
account once logged in) and the 429 are DRF's.
"""
from __future__ import annotations

from typing import Any

from rest_framework.request import Request
from rest_framework.throttling import AnonRateThrottle, ScopedRateThrottle, SimpleRateThrottle, UserRateThrottle


class _Counted(SimpleRateThrottle):
    """Comes after DRF's class in each throttle below (a scoped throttle
    finds its rate first, then counts here)."""

    num_requests: int
    duration: int

    def allow_request(self, request: Request, view: Any) -> bool:
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        count = 1
        if not self.cache.add(self.key, 1, timeout=self.duration):
            try:
                count = self.cache.incr(self.key)
            except ValueError:  # its window ended between the two steps: a new one
                self.cache.add(self.key, 1, timeout=self.duration)
        return count <= self.num_requests

    def wait(self) -> float | None:
        ttl = getattr(self.cache, "ttl", None)
        remaining = ttl(self.key) if ttl is not None and self.key else None
        return float(remaining) if isinstance(remaining, int) and remaining > 0 else float(self.duration)


class AnonThrottle(AnonRateThrottle, _Counted):
    cache_format = "throttle_count_%(scope)s_%(ident)s"


class UserThrottle(UserRateThrottle, _Counted):
    cache_format = "throttle_count_%(scope)s_%(ident)s"


class ScopedThrottle(ScopedRateThrottle, _Counted):
    cache_format = "throttle_count_%(scope)s_%(ident)s"
