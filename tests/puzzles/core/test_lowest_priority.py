"""Work nobody waits for (a game's review, puzzle mining) runs at the
lowest CPU priority in a thread of its own, so that the worker's other
tasks (and the web server) keep theirs; run eagerly, or inside a
transaction, it stays in the caller's thread, which alone sees into it."""

from __future__ import annotations

import os
import sys
import threading

import pytest
from django.contrib.auth.models import User
from django.db import transaction

from puzzles.core.tasking import at_lowest_priority

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="a nice per thread is Linux's")


def nice_here() -> tuple[int, int]:
    """The calling thread's native id and nice."""
    tid = threading.get_native_id()
    return tid, os.getpriority(os.PRIO_PROCESS, tid)


@pytest.mark.django_db(transaction=True)
def test_the_work_runs_at_nice_19_in_another_thread_and_the_caller_keeps_its_priority():
    caller_tid, caller_nice = nice_here()
    seen: list[tuple[int, int]] = []
    at_lowest_priority(lambda: seen.append(nice_here()))
    [(tid, nice)] = seen
    assert tid != caller_tid
    assert nice == 19
    assert nice_here() == (caller_tid, caller_nice)


@pytest.mark.django_db(transaction=True)
def test_the_thread_reads_and_writes_the_database_and_its_failure_reaches_the_caller():
    at_lowest_priority(lambda: User.objects.create_user(username="reviewer"))
    assert User.objects.filter(username="reviewer").exists()

    def fails() -> None:
        raise LookupError("no such game")

    with pytest.raises(LookupError, match="no such game"):
        at_lowest_priority(fails)


@pytest.mark.django_db
def test_inside_a_transaction_it_runs_in_place():
    seen: list[tuple[int, int]] = []
    with transaction.atomic():
        at_lowest_priority(lambda: seen.append(nice_here()))
    assert seen == [nice_here()]


@pytest.mark.django_db(transaction=True)
def test_a_task_run_eagerly_runs_it_in_place(settings):
    from celery import shared_task

    seen: list[tuple[int, int]] = []

    @shared_task
    def reviewing() -> None:
        at_lowest_priority(lambda: seen.append(nice_here()))

    settings.CELERY_TASK_ALWAYS_EAGER = True
    reviewing.delay()
    assert seen == [nice_here()]
