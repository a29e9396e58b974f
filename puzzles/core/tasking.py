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
import os
import sys
import threading
from collections.abc import Callable
from typing import Any, TypeVar

from celery import current_task
from django.db import InterfaceError, OperationalError, connection, connections, transaction
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from . import events

log = logging.getLogger(__name__)

T = TypeVar("T")
RETRY_ON = (OperationalError, InterfaceError, RedisConnectionError, RedisTimeoutError)
TASK_OPTIONS: dict[str, Any] = {
    "acks_late": True,
    "reject_on_worker_lost": True,
    "autoretry_for": RETRY_ON,
    "retry_backoff": 1,
    "retry_backoff_max": 30,
    "retry_jitter": True,
    "max_retries": 5,
    "ignore_result": True,
}

# Every task's time limits, in one table: (soft, hard) seconds.  At the soft
# limit the task gets SoftTimeLimitExceeded (and records what it can); at the
# hard one the worker's process is killed and the task handed out again.
TIME_LIMITS: dict[str, tuple[int, int]] = {
    "default": (30, 60),  # a move's grade, the solver's turn, an analysis, the beat's upkeep
    "record": (300, 360),  # grading a whole game record: an analysis a move
    "mining": (300, 600),  # a batch of deal seeds searched for puzzles
    "library": (1800, 1900),  # building the endgame library
}
TASK_OPTIONS.update(soft_time_limit=TIME_LIMITS["default"][0], time_limit=TIME_LIMITS["default"][1])


def task_options(limits: str = "default", **options: Any) -> dict[str, Any]:
    """The options of a task whose time limits are ``TIME_LIMITS[limits]``."""
    soft, hard = TIME_LIMITS[limits]
    return {**TASK_OPTIONS, "soft_time_limit": soft, "time_limit": hard, **options}


def send(task: Any, *args: Any) -> None:
    """Send a task now (Celery's ``apply_async``).  If the broker cannot be
    reached, the work is already recorded in the database and the beat task
    (or the next look at it) queues it again; in eager mode (the tests) the
    error is raised."""
    try:
        task.apply_async(args)
    except Exception:  # noqa: BLE001 - see the docstring
        if task.app.conf.task_always_eager:
            raise
        log.exception("could not queue %s%r; it will be queued again", task.name, args)


def enqueue(task: Any, *args: Any, notice: str | None = None) -> None:
    """Queue a task once the current transaction commits (at once outside one).
    ``notice``: a change-notice channel (``events.channel``) to publish on
    right after the message is sent, so that a page waiting on it finds the
    task's work queued."""

    def send_then_tell() -> None:
        send(task, *args)
        if notice is not None:
            events.publish(notice)

    transaction.on_commit(send_then_tell)


def enqueue_later(task: Any, *args: Any, countdown: float) -> None:
    """Queue a task to run ``countdown`` seconds after the current transaction
    commits (a game's deadline).  Not for long delays: a lost message is the
    caller's to make up for (a beat task's sweep)."""

    def send_later() -> None:
        try:
            if task.app.conf.task_always_eager:
                return  # eager mode would run it now, before its time: the sweep and the reads do it
            task.apply_async(args, countdown=countdown)
        except Exception:  # noqa: BLE001 - as in send()
            log.exception("could not queue %s%r for later", task.name, args)

    transaction.on_commit(send_later)


def at_lowest_priority(work: Callable[[], T]) -> T:
    """Run ``work`` (a task's work that nobody waits for this second: a
    game's review, the puzzle pool's mining) in a thread of its own at nice
    19, and give back its result or raise its exception.  Linux keeps a nice
    per thread, and a thread may always lower its own: on busy cores the
    moves of games being played come first, and the worker's other tasks
    keep their priority.  The thread's database connections are closed as it
    ends.  In place where there is no worker to spare, or a thread cannot
    help: a task run eagerly (the tests: in the caller's request), another
    system, or a caller holding a transaction open, which another thread
    could not see into."""
    eager = bool(current_task) and current_task.request.is_eager
    if eager or sys.platform != "linux" or connection.in_atomic_block:
        return work()
    done: list[T] = []
    failed: list[BaseException] = []

    def run() -> None:
        try:
            os.setpriority(os.PRIO_PROCESS, threading.get_native_id(), 19)
            done.append(work())
        except BaseException as exc:  # noqa: BLE001 - raised again in the task's own thread
            failed.append(exc)
        finally:
            connections.close_all()

    thread = threading.Thread(target=run, name="lowest-priority")
    thread.start()
    thread.join()
    if failed:
        raise failed[0]
    return done[0]
