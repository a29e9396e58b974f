"""Tasks queued through Celery's public ``apply_async`` once the transaction
commits (``tasking.enqueue``), each on its route's queue and priority, the
change notice published after the message."""

from __future__ import annotations

import json
import time

import pytest
import redis

from puzzles.analyses.tasks import compute_analysis_task
from puzzles.core import tasking
from puzzles.games.tasks import grade_move_task, turn_prepare_task


@pytest.mark.parametrize(
    ("task", "args", "key"),
    [
        (turn_prepare_task, (12, "some position"), "celery"),
        (grade_move_task, (34,), "grades"),
        (compute_analysis_task, (56,), "celery:5"),  # priority 5: kombu's list of that priority
    ],
)
def test_a_task_is_sent_on_its_routes_queue_and_priority(task, args, key, redis_server, settings):
    app = task.app
    client = redis.Redis.from_url(redis_server)
    client.delete(key)
    app.conf.task_always_eager = False
    try:
        tasking.send(task, *args)
    finally:
        app.conf.task_always_eager = True
    message = json.loads(client.lpop(key))
    assert client.llen(key) == 0
    assert message["headers"]["task"] == task.name
    assert message["headers"]["argsrepr"] == repr(args)


@pytest.mark.django_db(transaction=True)
def test_a_task_queued_with_a_notice_is_sent_after_the_commit_then_told(redis_server, settings):
    from django.db import transaction

    app = turn_prepare_task.app
    client = redis.Redis.from_url(redis_server)
    client.delete("celery")
    listener = client.pubsub(ignore_subscribe_messages=True)
    listener.subscribe("od:game:77")
    settings.REDIS_URL = redis_server
    settings.OD_EVENTS = True
    app.conf.task_always_eager = False
    try:
        with transaction.atomic():
            tasking.enqueue(turn_prepare_task, 77, "a position", notice="od:game:77")
            assert client.llen("celery") == 0  # nothing before the commit
    finally:
        app.conf.task_always_eager = True
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
