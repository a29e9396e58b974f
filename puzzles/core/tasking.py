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

import base64
import json
import logging
import uuid
from bisect import bisect
from typing import Any

import redis
from django.conf import settings
from django.db import InterfaceError, OperationalError, transaction
from kombu.transport.redis import PRIORITY_STEPS
from kombu.transport.redis import Channel as RedisChannel
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from . import events

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
    """Send a task now.  If the broker cannot be reached, the work is already
    recorded in the database and the beat task (or the next look at it)
    queues it again; in eager mode (the tests) the error is raised."""
    try:
        if _direct(task.app):
            _push(task, args)
        else:
            task.delay(*args)
    except Exception:  # noqa: BLE001 - see the docstring
        if task.app.conf.task_always_eager:
            raise
        log.exception("could not queue %s%r; it will be queued again", task.name, args)


def enqueue(task: Any, *args: Any, notice: str | None = None) -> None:
    """Queue a task once the current transaction commits (at once outside one).
    ``notice``: a change-notice channel (``events.channel``) to publish on
    right after the message, in the same round trip to Redis when the broker
    is the Redis of the notices (a move's answer queues the next look-ahead
    and tells the waiting pages: one round trip instead of two)."""
    if notice is None:
        transaction.on_commit(lambda: send(task, *args))
    else:
        transaction.on_commit(lambda: _send_with_notice(task, args, notice))


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


def _send_with_notice(task: Any, args: tuple[Any, ...], notice: str) -> None:
    app = task.app
    if _direct(app) and events.enabled() and str(app.conf.broker_url) == settings.REDIS_URL:
        try:
            _push(task, args, notice)
            return
        except Exception:  # noqa: BLE001 - as in send()
            log.exception("could not queue %s%r; it will be queued again", task.name, args)
    else:
        send(task, *args)
    events.publish(notice)


# ------------------------------------------------------------ direct sending
#
# Celery's public ``apply_async`` (and ``delay``, ``delay_on_commit``) spends
# three times the CPU of this path on a message whose sending is one LPUSH
# (kombu's producer pool, a new Redis client object and a look-up of the
# exchange's bindings on every publish, the retry machinery, the result
# object): ``bench/infra_bench.py`` measures both in one run, 409 us against
# 122 us a message on the machine of its last run.  On a Redis broker the message is
# built here instead: Celery builds the headers, properties and body
# (``amqp.as_task_v2``, the task protocol 2), the queue and priority come
# from the task's route, and the message goes into the Redis list kombu's
# Redis transport reads, in the envelope that transport writes.  The workers
# read it as any other message (the tests with real workers send this way).

_routes: dict[str, tuple[str, str, int]] = {}  # task name -> (list key, routing key, priority)
_brokers: dict[str, redis.Redis] = {}


def _direct(app: Any) -> bool:
    url = str(app.conf.broker_url or "")
    return not app.conf.task_always_eager and url.startswith(("redis://", "rediss://"))


def _route(task: Any) -> tuple[str, str, int]:
    found = _routes.get(task.name)
    if found is None:
        app = task.app
        options = app.amqp.router.route({}, task.name, (), {}, task)
        queue = options["queue"]
        transport = app.conf.broker_transport_options or {}
        steps = transport.get("priority_steps", PRIORITY_STEPS)
        priority = options.get("priority")
        if priority is None:
            priority = app.conf.task_default_priority or 0
        step = steps[bisect(steps, max(0, min(int(priority), 9))) - 1]
        key = f"{queue.name}{transport.get('sep', RedisChannel.sep)}{step}" if step else queue.name
        found = _routes[task.name] = (key, queue.name, int(priority))
    return found


def _broker(app: Any) -> redis.Redis:
    url = str(app.conf.broker_url)
    client = _brokers.get(url)
    if client is None:
        client = _brokers[url] = redis.Redis.from_url(url, socket_connect_timeout=1, socket_timeout=5)
    return client


def _push(task: Any, args: tuple[Any, ...], notice: str | None = None) -> None:
    app = task.app
    key, routing_key, priority = _route(task)
    task_id = str(uuid.uuid4())
    headers, properties, body, _ = app.amqp.as_task_v2(
        task_id,
        task.name,
        args,
        {},
        time_limit=task.time_limit,
        soft_time_limit=task.soft_time_limit,
        ignore_result=task.ignore_result,
        reply_to=app.thread_oid,
    )
    properties.update(
        delivery_mode=2,
        delivery_info={"exchange": "", "routing_key": routing_key},
        priority=priority,
        body_encoding="base64",
        delivery_tag=str(uuid.uuid4()),
    )
    message = {
        "body": base64.b64encode(json.dumps(body).encode()).decode(),
        "content-encoding": "utf-8",
        "content-type": "application/json",
        "headers": headers,
        "properties": properties,
    }
    if notice is None:
        _broker(app).lpush(key, json.dumps(message))
        return
    pipe = _broker(app).pipeline(transaction=False)
    pipe.lpush(key, json.dumps(message))
    pipe.publish(notice, b"1")
    pipe.execute()
