"""Tasks queued on a Redis broker without kombu's producer (``tasking._push``):
the message is the one Celery itself would have sent, in the same list, and a
real worker runs it (``tests/puzzles/games/test_worker.py`` and the fault
test send every task this way)."""

from __future__ import annotations

import base64
import json
import time

import pytest
import redis

from puzzles.analyses.tasks import compute_analysis_task
from puzzles.core import tasking
from puzzles.games.tasks import grade_move_task, turn_prepare_task

# What differs from one message to the next (ids, the sender's name, the reply queue of its thread).
_PER_MESSAGE = {"id", "root_id", "origin"}
_PER_PROPERTIES = {"correlation_id", "delivery_tag", "reply_to"}


def _comparable(raw: bytes) -> dict:
    message = json.loads(raw)
    message["body"] = json.loads(base64.b64decode(message["body"]))
    message["headers"] = {k: v for k, v in message["headers"].items() if k not in _PER_MESSAGE}
    message["properties"] = {k: v for k, v in message["properties"].items() if k not in _PER_PROPERTIES}
    return message


@pytest.mark.parametrize(
    ("task", "args", "key"),
    [
        (turn_prepare_task, (12, "some position"), "celery"),
        (grade_move_task, (34,), "grades"),
        (compute_analysis_task, (56,), "celery:5"),  # priority 5: kombu's list of that priority
    ],
)
def test_a_task_pushed_directly_is_the_message_celery_sends(task, args, key, redis_server, settings):
    app = task.app
    client = redis.Redis.from_url(redis_server)
    client.delete(key)
    app.conf.task_always_eager = False
    try:
        assert tasking._direct(app)
        task.apply_async(args)  # through kombu's producer
        tasking.send(task, *args)  # directly
    finally:
        app.conf.task_always_eager = True
    direct, celerys = client.lpop(key), client.lpop(key)  # LPUSH: the last sent first
    assert client.llen(key) == 0
    assert _comparable(direct) == _comparable(celerys)
    assert json.loads(direct)["headers"]["id"] == json.loads(direct)["properties"]["correlation_id"]


def test_in_eager_mode_the_task_runs_through_celery(settings):
    assert not tasking._direct(turn_prepare_task.app)  # the tests' default: run at once, in the test


@pytest.mark.django_db(transaction=True)
def test_a_task_queued_with_a_notice_sends_both_in_one_round_trip(redis_server, settings):
    from django.db import transaction

    app = turn_prepare_task.app
    client = redis.Redis.from_url(redis_server)
    client.delete("celery")
    listener = client.pubsub(ignore_subscribe_messages=True)
    listener.subscribe("od:game:77")
    settings.REDIS_URL = redis_server
    settings.OD_EVENTS = True
    app.conf.task_always_eager = False
    sent: list[tuple] = []
    original = redis.client.Pipeline.execute

    def execute(pipe, *args, **kwargs):
        sent.append(tuple(c[0][0] for c in pipe.command_stack))
        return original(pipe, *args, **kwargs)

    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(redis.client.Pipeline, "execute", execute)
            with transaction.atomic():
                tasking.enqueue(turn_prepare_task, 77, "a position", notice="od:game:77")
                assert client.llen("celery") == 0  # nothing before the commit
    finally:
        app.conf.task_always_eager = True
    assert sent == [("LPUSH", "PUBLISH")]  # one pipeline: the message, then the notice
    message = json.loads(client.lpop("celery"))
    assert message["headers"]["task"] == turn_prepare_task.name
    assert message["headers"]["argsrepr"] == "(77, 'a position')"
    notice, deadline = None, time.monotonic() + 5
    while notice is None and time.monotonic() < deadline:  # the first read is the subscription's reply
        notice = listener.get_message(timeout=1)
    assert notice is not None
    assert notice["channel"] == b"od:game:77"
    listener.close()


@pytest.mark.django_db(transaction=True)
def test_with_the_notices_off_the_task_is_queued_alone(redis_server, settings):
    app = turn_prepare_task.app
    client = redis.Redis.from_url(redis_server)
    client.delete("celery")
    settings.REDIS_URL = redis_server
    settings.OD_EVENTS = False
    app.conf.task_always_eager = False
    try:
        tasking.enqueue(turn_prepare_task, 78, "a position", notice="od:game:78")
    finally:
        app.conf.task_always_eager = True
    assert json.loads(client.lpop("celery"))["headers"]["argsrepr"] == "(78, 'a position')"


def test_every_tasks_time_limits_come_from_the_one_table():
    """No task sets its own limits: each has one row of ``TIME_LIMITS``, and
    the long ones theirs."""
    from config.celery_app import app
    from puzzles.core.tasking import TIME_LIMITS

    app.loader.import_default_modules()
    tasks = {name: task for name, task in app.tasks.items() if name.startswith("puzzles.")}
    assert len(tasks) > 10
    rows = set(TIME_LIMITS.values())
    for name, task in tasks.items():
        assert (task.soft_time_limit, task.time_limit) in rows, name
    assert (
        tasks["puzzles.training.tasks.mine_seeds_task"].soft_time_limit,
        tasks["puzzles.training.tasks.mine_seeds_task"].time_limit,
    ) == TIME_LIMITS["mining"]
    assert (tasks["puzzles.study.tasks.build_endgames_task"].time_limit) == TIME_LIMITS["library"][1]
