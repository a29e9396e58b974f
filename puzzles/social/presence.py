"""Who is online: an account is when the site has seen it in the last
``ONLINE_SECONDS`` (any request of theirs, their long polls, their game
sockets).  One cache key per account with that lifetime; each process
writes it at most every ``REFRESH_SECONDS`` per account, so a busy player
costs one cache write every twenty seconds, not one a request."""

from __future__ import annotations

import time
from collections.abc import Iterable

from django.core.cache import cache

ONLINE_SECONDS = 60
REFRESH_SECONDS = 20
# The process's last write per account (monotonic seconds); pruned as it grows.
_written: dict[int, float] = {}
_PRUNE_AT = 10_000


def _key(user_id: int) -> str:
    return f"social:online:{user_id}"


def seen(user_id: int, *, now: float | None = None) -> bool:
    """Note that account ``user_id`` was seen now; True when the cache was written."""
    moment = time.monotonic() if now is None else now
    last = _written.get(user_id)
    if last is not None and moment - last < REFRESH_SECONDS:
        return False
    if len(_written) >= _PRUNE_AT:
        for pk in [pk for pk, at in _written.items() if moment - at >= REFRESH_SECONDS]:
            del _written[pk]
    _written[user_id] = moment
    cache.set(_key(user_id), 1, ONLINE_SECONDS)
    return True


def online(user_ids: Iterable[int]) -> set[int]:
    """The accounts among ``user_ids`` seen in the last ``ONLINE_SECONDS``."""
    wanted = {pk for pk in user_ids if pk is not None}
    if not wanted:
        return set()
    found = cache.get_many([_key(pk) for pk in wanted])
    return {pk for pk in wanted if _key(pk) in found}


def forget() -> None:
    """Forget this process's writes (the tests' cache is emptied between tests)."""
    _written.clear()
