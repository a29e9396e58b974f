"""Events sent to the channel layer's groups (Channels, on Redis pub/sub:
``CHANNEL_LAYERS``), from code that is not async: a request's thread, a
Celery task.

A channel layer keeps its Redis connections per event loop, so each process
keeps one loop of its own, on a daemon thread started at the first event (and
again in a forked child): every event goes out on the same connections,
where ``async_to_sync`` would open new ones for each.  ``send`` waits for the
event to be handed to Redis (a second at most), so that events leave in the
order they were sent; an event that cannot be sent is logged and dropped (a
page that misses one reads the row again when its stream reconnects or its
wait runs out).

Code run in a thread for a socket's event loop (``on_loop``: a move sent
over a game's socket) sends its events on that loop instead, without
waiting: the loop sends them in the order they were handed to it, on the
connections its streams already use, and no thread waits on another."""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import logging
import os
import threading
from collections.abc import Iterator
from concurrent.futures import Future
from concurrent.futures import TimeoutError as FutureTimeout
from typing import Any

from channels.layers import get_channel_layer

log = logging.getLogger(__name__)

SEND_TIMEOUT = 1.0

_lock = threading.Lock()
_loop: asyncio.AbstractEventLoop | None = None
_pid = 0
# The event loop the calling code runs for (``on_loop``), if any.
_caller_loop: contextvars.ContextVar[asyncio.AbstractEventLoop | None] = contextvars.ContextVar(
    "od_streams_loop", default=None
)


@contextlib.contextmanager
def on_loop(loop: asyncio.AbstractEventLoop) -> Iterator[None]:
    """Events sent meanwhile (also from threads that copy this context, as
    ``sync_to_async`` does) go out on ``loop``."""
    token = _caller_loop.set(loop)
    try:
        yield
    finally:
        _caller_loop.reset(token)


def _running_loop() -> asyncio.AbstractEventLoop:
    global _loop, _pid
    with _lock:
        if _loop is None or _pid != os.getpid():
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="od-streams", daemon=True).start()
            _loop, _pid = loop, os.getpid()
        return _loop


def send(group: str, event: dict[str, Any]) -> None:
    """Send ``event`` (JSON-able) to the streams listening to ``group``."""
    layer = get_channel_layer()
    if layer is None:
        return
    message = {"type": "stream.event", "event": event}
    caller = _caller_loop.get()
    if caller is not None and caller.is_running():
        sent = asyncio.run_coroutine_threadsafe(layer.group_send(group, message), caller)
        sent.add_done_callback(lambda done: _logged(done, group))
        return
    future = asyncio.run_coroutine_threadsafe(layer.group_send(group, message), _running_loop())
    try:
        future.result(timeout=SEND_TIMEOUT)
    except FutureTimeout:
        future.cancel()
        log.warning("could not send an event to %s in time", group)
    except Exception as exc:  # noqa: BLE001 - the change is stored: a lost event is read again later
        log.warning("could not send an event to %s: %s", group, exc)


def _logged(sent: Future[None], group: str) -> None:
    if not sent.cancelled() and sent.exception() is not None:
        log.warning("could not send an event to %s: %s", group, sent.exception())
