"""The per-player caps (``limits``) and the pair's daily limit of rated games
(``farming.pair_limit_reached``) hold under concurrent requests (two tabs, a
script): each check and its write are one transaction, the player (or the
pair) locked, so a second request counts what the first wrote.

Each test runs its requests in threads, through the API, and makes the race
happen: every thread, once it has checked, waits until each other thread has
checked too, or is held at a lock (a transaction's turn on SQLite, a lock of
PostgreSQL's) — conditions, not sleeps.  Without the lock every thread
checks before any writes, and the cap is exceeded."""

from __future__ import annotations

import copy
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from rest_framework.test import APIClient

from puzzles.games.models import Game
from puzzles.people import farming, limits
from puzzles.people.models import Challenge

from .conftest import accept, post_challenge

pytestmark = pytest.mark.django_db(transaction=True)

THREADS = 3
PATIENCE = 60.0  # seconds before a wait that never ends fails the test


class Race:
    """Threads through one check: each waits, past it, for the others to be
    past it or held at a lock."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.changed = threading.Condition()
        self.runners: set[int] = set()
        self.checked: set[int] = set()
        self.finished: set[int] = set()
        self.at_turn: set[int] = set()  # SQLite: waiting for the write turn
        self.pids: dict[int, int] = {}  # PostgreSQL: each thread's server process
        if connection.vendor == "sqlite":
            from puzzles.core.sqlite.base import DatabaseWrapper

            take = DatabaseWrapper._take_turn

            def take_turn(wrapper: Any) -> None:
                me = threading.get_ident()
                with self.changed:
                    self.at_turn.add(me)
                try:
                    take(wrapper)
                finally:
                    with self.changed:
                        self.at_turn.discard(me)

            monkeypatch.setattr(DatabaseWrapper, "_take_turn", take_turn)

    def through(self, module: Any, name: str, monkeypatch: pytest.MonkeyPatch) -> None:
        """Make ``module.name`` (a check) a point of the race."""
        check = getattr(module, name)

        def raced(*args: Any, **kwargs: Any) -> Any:
            try:
                return check(*args, **kwargs)
            finally:
                self._past()

        monkeypatch.setattr(module, name, raced)

    def _held(self, thread: int) -> bool:
        if connection.vendor == "sqlite":
            return thread in self.at_turn
        with connection.cursor() as cursor:
            cursor.execute("SELECT count(*) FROM pg_locks WHERE pid = %s AND NOT granted", [self.pids[thread]])
            return bool(cursor.fetchone()[0])

    def _past(self) -> None:
        me = threading.get_ident()
        until = time.monotonic() + PATIENCE
        with self.changed:
            self.checked.add(me)
            self.changed.notify_all()
            while True:
                others = self.runners - self.finished - self.checked - {me}
                if not others or all(self._held(t) for t in others):
                    return
                assert time.monotonic() < until, "a thread neither checked nor waited at a lock"
                self.changed.wait(0.005)  # polled too: a thread held at a lock sends no notice

    def run(self, calls: list[Callable[[], Any]]) -> list[Any]:
        """Run ``calls`` at once, one thread each; their answers."""
        answers: list[Any] = [None] * len(calls)
        ready = threading.Barrier(len(calls))

        def runner(index: int) -> None:
            me = threading.get_ident()
            try:
                if connection.vendor == "postgresql":
                    with connection.cursor() as cursor:
                        cursor.execute("SELECT pg_backend_pid()")
                        self.pids[me] = cursor.fetchone()[0]
                with self.changed:
                    self.runners.add(me)
                ready.wait(PATIENCE)
                answers[index] = calls[index]()
            finally:
                with self.changed:
                    self.finished.add(me)
                    self.changed.notify_all()
                connection.close()

        threads = [threading.Thread(target=runner, args=(i,)) for i in range(len(calls))]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(PATIENCE * 2)
        assert not any(thread.is_alive() for thread in threads)
        return answers


def seek(client: APIClient) -> int:
    return client.post(
        "/api/seeks/", {"variant": "lewicki", "clock": {"initial": 300, "increment": 3}}, format="json"
    ).status_code


def logged_in(user: Any) -> APIClient:
    client = APIClient()
    client.force_login(user)
    return client


def test_an_accounts_seeks_posted_at_once_stop_at_the_cap(account, monkeypatch):
    ann = account("ann")
    for _ in range(limits.MAX_OPEN_SEEKS - 1):
        assert seek(ann) == 201
    tabs = [logged_in(ann.user) for _ in range(THREADS)]
    race = Race(monkeypatch)
    race.through(limits, "open_cap_check", monkeypatch)
    answers = race.run([lambda tab=tab: seek(tab) for tab in tabs])
    assert sorted(answers) == [201] + [409] * (THREADS - 1)
    assert Challenge.objects.filter(lobby=True, creator=ann.user).count() == limits.MAX_OPEN_SEEKS


def test_a_guests_challenges_posted_at_once_stop_at_the_cap(api, monkeypatch):
    for _ in range(limits.MAX_OPEN_CHALLENGES - 1):
        post_challenge(api)
    tabs = []
    for _ in range(THREADS):  # the same guest's session in each tab
        tab = APIClient()
        tab.cookies = copy.deepcopy(api.cookies)
        tabs.append(tab)
    race = Race(monkeypatch)
    race.through(limits, "open_cap_check", monkeypatch)
    body = {"variant": "lewicki", "rated": False, "seat": "A", "clock": {"initial": 300, "increment": 3}}
    answers = race.run([lambda tab=tab: tab.post("/api/challenges/", body, format="json").status_code for tab in tabs])
    assert sorted(answers) == [201] + [409] * (THREADS - 1)
    assert Challenge.objects.filter(lobby=False, creator=None).count() == limits.MAX_OPEN_CHALLENGES


def test_a_pairs_rated_games_accepted_at_once_stop_at_the_daily_limit(account, monkeypatch):
    ann, bob = account("ann"), account("bob")
    for _ in range(farming.PAIR_DAILY_LIMIT - 1):
        assert Game.objects.get(pk=accept(bob, post_challenge(ann, rated=True)["id"])["game"]).rated
    offers = [post_challenge(ann, rated=True)["id"] for _ in range(THREADS)]
    tabs = [logged_in(bob.user) for _ in range(THREADS)]
    race = Race(monkeypatch)
    race.through(farming, "pair_limit_reached", monkeypatch)
    answers = race.run(
        [
            lambda tab=tab, pk=pk: tab.post(f"/api/challenges/{pk}/accept/", {}, format="json").status_code
            for tab, pk in zip(tabs, offers, strict=True)
        ]
    )
    assert answers == [200] * THREADS
    started = Challenge.objects.filter(rated=True, status=Challenge.Status.STARTED)
    assert started.count() == farming.PAIR_DAILY_LIMIT - 1 + THREADS
    assert started.filter(unrated_because="").count() == farming.PAIR_DAILY_LIMIT
    assert Game.objects.filter(rated=True).count() == farming.PAIR_DAILY_LIMIT
