"""The API's rate limits, counted in one step per request.

DRF's throttles keep, per client, the list of the times of every request in
the last window, and read and write that whole list on every request: at the
guest's limit of 1200 a minute, up to 1200 numbers through the cache, both
ways, for each request; and a guest went through two of them (the guests'
limit and the accounts', both by address).  Here one throttle takes the
guests' rate (``anon``, by address) or the accounts' (``user``, by account)
and counts: one ``incr`` of a number that expires with its window (the window
starts at a client's first request in it; ``add`` starts it).  The limit
on solver work (``accounts.limits``) counts the same way.  The limits, the
keys and the 429 are DRF's.
"""
from __future__ import annotations

from typing import Any

from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle


class Counted(SimpleRateThrottle):
    """Comes after DRF's class in each throttle below (a scoped throttle
    finds its rate first, then counts here)."""

    cache_format = "throttle_count_%(scope)s_%(ident)s"
    num_requests: int
    duration: int

    def allow_request(self, request: Request, view: Any) -> bool:
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        return self.count(self.key)

    def count(self, key: str) -> bool:
        """One more request under ``key``; True while within the rate."""
        try:
            count = self.cache.incr(key)
        except ValueError:  # no window open: this request opens one
            count = 1 if self.cache.add(key, 1, timeout=self.duration) else self.cache.incr(key)
        # With Redis down the cache answers None (it ignores its errors): a
        # limit that cannot be counted lets the request through, as DRF's do.
        return count is None or count <= self.num_requests

    def uncount(self, key: str) -> None:
        """Takes back a request counted under ``key`` (another limit refused it)."""
        try:
            self.cache.decr(key)
        except ValueError:  # the window has closed meanwhile: nothing to take back
            pass

    def wait(self) -> float | None:
        remaining = seconds_left(self.cache, self.key) if self.key else None
        return float(remaining or self.duration)


def seconds_left(cache: Any, key: str) -> int | None:
    """The seconds before ``key`` expires, where the cache can tell
    (django-redis's ``ttl``), else None."""
    ttl = getattr(cache, "ttl", None)
    remaining = ttl(key) if ttl is not None else None
    return remaining if isinstance(remaining, int) and remaining > 0 else None


# The environ key set on a long poll that ``longpoll.LongPolls`` held and
# counted before handing it to Django (defined here: longpoll imports this).
RATE_COUNTED = "open_domino.rate_counted"


class PlayerThrottle(Counted):
    """A guest's requests by address at the ``anon`` rate, an account's by
    account at the ``user`` rate."""

    scope = "anon"

    def __init__(self) -> None:
        pass  # the rate depends on the request: read in allow_request

    def allow_request(self, request: Request, view: Any) -> bool:
        if request.META.get(RATE_COUNTED):  # a held long poll, counted when it came in
            return True
        self.scope = "user" if request.user and request.user.is_authenticated else "anon"
        self.rate = self.get_rate()
        if self.rate is None:
            return True
        self.num_requests, self.duration = self.parse_rate(self.rate)  # type: ignore[assignment]
        return super().allow_request(request, view)

    def get_cache_key(self, request: Request, view: Any) -> str:
        ident = request.user.pk if self.scope == "user" else self.get_ident(request)
        return self.cache_format % {"scope": self.scope, "ident": ident}
