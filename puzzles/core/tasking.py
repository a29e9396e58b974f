"""Task defaults and queueing, shared by every app's ``tasks.py``.

Every task is acknowledged late (a task whose worker dies is handed out
again), has soft and hard time limits and retries a bounded number of times
with exponential backoff on database or broker trouble; every task is
idempotent.  Services queue work with ``enqueue(task, *args)``: the message is
sent once the current transaction commits, so a task never runs before the
row it reads is there.  A service passes the task object itself (imported in
the service's function body, since tasks import services), never a name.
"""
from __future__ import annotations

import logging
from typing import Any

from django.db import InterfaceError, OperationalError, transaction
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger(__name__)

RETRY_ON = (OperationalError, InterfaceError, RedisConnectionError, RedisTimeoutError)
TASK_OPTIONS: dict[str, Any] = {
    "acks_late": True,
    "reject_on_worker_lost": True,
    "autoretry_for": RETRY_ON,
    "retry_backoff": 1,
    "retry_backoff_max": 30,
    "retry_jitter": True,
    "max_retries": 5,
    "soft_time_limit": 30,
    "time_limit": 60,
    "ignore_result": True,
}


def send(task: Any, *args: Any) -> None:
    """Send a task now.  If the broker cannot be reached, the work is already
    recorded in the database and the beat task (or the next look at it)
    queues it again; in eager mode (the tests) the error is raised."""
    try:
        task.delay(*args)
    except Exception:  # noqa: BLE001 - see the docstring
        if task.app.conf.task_always_eager:
            raise
        log.exception("could not queue %s%r; it will be queued again", task.name, args)


def enqueue(task: Any, *args: Any) -> None:
    """Queue a task once the current transaction commits (at once outside one)."""
    transaction.on_commit(lambda: send(task, *args))
