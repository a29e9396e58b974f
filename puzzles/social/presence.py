"""Who is online: an account is when the site has seen it in the last
``ONLINE_SECONDS`` (any request of theirs, their long polls, their game
sockets).  One cache key per account with that lifetime; each process
writes it at most every ``REFRESH_SECONDS`` per account, so a busy player
costs one cache write every twenty seconds, not one a request."""

from __future__ import annotations

import threading
import time
from collections import OrderedDict
from collections.abc import Iterable

from django.core.cache import cache

ONLINE_SECONDS = 60
REFRESH_SECONDS = 20
# The process's last write per account (monotonic seconds), oldest first, at
# most ``_PRUNE_AT`` of them; shared by the process's threads, so read and
# changed under ``_lock`` only.
_written: OrderedDict[int, float] = OrderedDict()
_lock = threading.Lock()
_PRUNE_AT = 10_000


def _key(user_id: int) -> str:
    return f"social:online:{user_id}"


def _note(user_id: int, moment: float) -> bool:
    """Record a write for ``user_id`` at ``moment`` unless one is recent; under ``_lock``."""
    last = _written.get(user_id)
    if last is not None and moment - last < REFRESH_SECONDS:
        return False
    _written[user_id] = moment
    _written.move_to_end(user_id)
    # Oldest first: drop the stale writes from the front, and past the bound
    # the oldest ones too (their accounts are written again a little early).
    # Each entry is dropped once, so a request costs no scan of the rest.
    while len(_written) > 1:
        oldest, at = next(iter(_written.items()))
        if len(_written) <= _PRUNE_AT and moment - at < REFRESH_SECONDS:
            break
        del _written[oldest]
    return True


def seen(user_id: int, *, now: float | None = None) -> bool:
    """Note that account ``user_id`` was seen now; True when the cache was written."""
    moment = time.monotonic() if now is None else now
    with _lock:
        if not _note(user_id, moment):
            return False
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
    with _lock:
        _written.clear()
