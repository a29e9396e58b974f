"""The site's rate limits, counted in one step per request by ``limits``.

DRF's throttles keep, per client, the list of the times of every request in
the last window, and read and write that whole list on every request: at the
guest's limit of 1200 a minute, up to 1200 numbers through the cache, both
ways, for each request; and a guest went through two of them (the guests'
limit and the accounts', both by address).  Here one throttle takes the
guests' rate (``anon``, by address) or the accounts' (``user``, by account)
and counts with the ``limits`` library's fixed window: one call to Redis (a
script that adds one and starts the window's expiry at a client's first
request in it), the same cost as a bare ``incr`` (``bench/infra_bench.py``
measures both).  The limit on solver work, the log-in failures and the
sign-ups of an address (``accounts.limits``) count the same way.  The limits,
the scopes and the 429 are DRF's; its ``Retry-After`` is the time left in the
client's window.

The counters live where ``settings.OD_RATE_LIMIT_STORAGE`` says: the site's Redis
(under the key prefix ``od:limit``), the process's memory in the tests.  With
Redis down or hung, a limit that cannot be counted lets the request through,
as the cache's misses do: a Redis that has not answered within
``REDIS_TIMEOUT`` is taken for down and not asked again for ``PAUSE``
seconds, so that a hung Redis holds no request (a move on a clock above all)
for longer than one timeout.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from django.conf import settings
from limits import RateLimitItem, RateLimitItemPerSecond
from limits.errors import StorageError
from limits.storage import storage_from_string
from limits.strategies import FixedWindowRateLimiter
from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle

log = logging.getLogger(__name__)

KEY_PREFIX = "od:limit"
REDIS_TIMEOUT = 0.25  # seconds: one count is one round trip of a few bytes
PAUSE = 2.0  # seconds without counting after the storage failed to answer
_limiters: dict[str, FixedWindowRateLimiter] = {}
_paused_until = 0.0  # time.monotonic(): the storage is not asked before


def limiter() -> FixedWindowRateLimiter:
    """The process's limiter on ``settings.OD_RATE_LIMIT_STORAGE``."""
    uri = settings.OD_RATE_LIMIT_STORAGE
    found = _limiters.get(uri)
    if found is None:
        # A Redis that does not answer within REDIS_TIMEOUT counts as down.
        options: dict[str, Any] = (
            {"socket_connect_timeout": REDIS_TIMEOUT, "socket_timeout": REDIS_TIMEOUT}
            if uri.startswith(("redis://", "rediss://"))
            else {}
        )
        storage = storage_from_string(uri, key_prefix=KEY_PREFIX, wrap_exceptions=True, **options)
        found = _limiters[uri] = FixedWindowRateLimiter(storage)
    return found


def window(requests: int, seconds: int) -> RateLimitItem:
    """At most ``requests`` in a window of ``seconds``."""
    return RateLimitItemPerSecond(requests, seconds)


def _paused() -> bool:
    return time.monotonic() < _paused_until


def _pause() -> None:
    global _paused_until
    _paused_until = time.monotonic() + PAUSE


def hit(item: RateLimitItem, key: str, cost: int = 1) -> bool:
    """Counts ``cost`` more under ``key``; True while within ``item``'s limit
    (and when the count cannot be made)."""
    if _paused():
        return True
    try:
        return limiter().hit(item, key, cost=cost)
    except StorageError:
        _pause()
        log.warning("rate limit %s not counted: its storage does not answer", key, exc_info=True)
        return True


def used(item: RateLimitItem, key: str) -> int:
    """What has been counted under ``key`` in its current window (0 if the
    count cannot be read)."""
    if _paused():
        return 0
    try:
        return int(limiter().storage.get(item.key_for(key)))
    except StorageError:
        _pause()
        return 0


def seconds_left(item: RateLimitItem, key: str) -> int | None:
    """The whole seconds before ``key``'s window closes, if one is open."""
    if _paused():
        return None
    try:
        reset = limiter().get_window_stats(item, key).reset_time
    except StorageError:
        _pause()
        return None
    remaining = int(reset - time.time() + 0.999)
    return remaining if remaining > 0 else None


def reset() -> None:
    """Forgets every count, and a storage once taken for down (the tests' fresh start)."""
    global _paused_until
    _paused_until = 0.0
    limiter().storage.reset()


class Counted(SimpleRateThrottle):
    """Comes after DRF's class in each throttle below (a scoped throttle
    finds its rate first, then counts here)."""

    cache_format = "%(scope)s:%(ident)s"
    num_requests: int
    duration: int

    def allow_request(self, request: Request, view: Any) -> bool:
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        return self.count(self.key)

    @property
    def item(self) -> RateLimitItem:
        return window(self.num_requests, self.duration)

    def count(self, key: str) -> bool:
        """One more request under ``key``; True while within the rate."""
        return hit(self.item, key)

    def uncount(self, key: str) -> None:
        """Takes back a request counted under ``key`` (another limit refused
        it); nothing once its window has closed."""
        if used(self.item, key) > 0:
            hit(self.item, key, cost=-1)

    def wait(self) -> float | None:
        remaining = seconds_left(self.item, self.key) if self.key else None
        return float(remaining or self.duration)


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
