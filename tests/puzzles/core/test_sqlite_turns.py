"""On SQLite the site's transactions take turns at a lock file
(``puzzles.core.sqlite``): a transaction holds ``<database>.writers`` from
its begin to its commit or rollback, a failed one gives it back, and a
transaction of another thread begins once the first has ended."""

from __future__ import annotations

import fcntl
import os
import threading

import pytest
from django.contrib.auth import get_user_model
from django.db import connection, transaction

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def turn_file():
    if connection.vendor != "sqlite":
        pytest.skip("SQLite's turns: PostgreSQL locks rows")
    path = f"{connection.settings_dict['NAME']}.writers"
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    yield fd
    os.close(fd)


def free(fd: int) -> bool:
    """Whether nobody holds the turn now (taken and given back at once)."""
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    fcntl.flock(fd, fcntl.LOCK_UN)
    return True


def create_and_roll_back(username: str) -> None:
    """A transaction that creates a user and then fails: it is rolled back."""
    with transaction.atomic():
        get_user_model().objects.create_user(username)
        raise RuntimeError("rolled back")


def test_a_transaction_holds_the_turn_until_it_ends(turn_file):
    assert free(turn_file)
    with transaction.atomic():
        get_user_model().objects.create_user("ann")
        assert not free(turn_file)
        with transaction.atomic():  # a savepoint: the same turn
            get_user_model().objects.create_user("bob")
        assert not free(turn_file)
    assert free(turn_file)
    with pytest.raises(RuntimeError, match="rolled back"):
        create_and_roll_back("cat")
    assert free(turn_file)
    assert sorted(get_user_model().objects.values_list("username", flat=True)) == ["ann", "bob"]


def test_another_thread_begins_once_the_first_has_ended(turn_file):
    events: list[str] = []
    holding, waiting = threading.Event(), threading.Event()

    def second() -> None:
        holding.wait(10)
        waiting.set()
        with transaction.atomic():  # waits at the turn file, not in SQLite's busy handler
            events.append("second began")
            get_user_model().objects.create_user("bob")
        connection.close()

    thread = threading.Thread(target=second)
    thread.start()
    with transaction.atomic():
        get_user_model().objects.create_user("ann")
        holding.set()
        waiting.wait(10)
        thread.join(0.3)  # the second stays blocked meanwhile
        assert thread.is_alive()
        assert not events
        events.append("first ends")
    thread.join(10)
    assert events == ["first ends", "second began"]
    assert free(turn_file)
    assert get_user_model().objects.count() == 2
