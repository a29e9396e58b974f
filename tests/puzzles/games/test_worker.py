"""A real Celery worker against a real Redis: a move gets graded and the solver
replies; a worker killed (SIGKILL) in the middle of grading loses nothing: the
move stays, and is graded once a worker (with beat) is back."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from running_site import until
from shared_database import database_url

from puzzles.games.models import GameMove
from solver import Position, analyse, deal

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[3]
SEED_A = next(s for s in range(100) if deal(s).side == "A")


class Worker:
    def __init__(self, tmp_path: Path, redis_url: str, name: str, *, delay: float = 0, beat: bool = False):
        self.log = tmp_path / f"{name}.log"
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings.local",
            "DATABASE_URL": database_url(),
            "REDIS_URL": redis_url,
            "OD_GRADE_DELAY": str(delay),
            "OD_STALE_AFTER": "1",
            "OD_REQUEUE_EVERY": "1",
        }
        command = [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config.celery_app",
            "worker",
            "-l",
            "INFO",
            "-c",
            "1",
            "-n",
            f"{name}@%h",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
        ]
        if beat:
            command += ["-B", "-s", str(tmp_path / f"{name}-beat-schedule")]
        self.proc = subprocess.Popen(
            command, cwd=ROOT, env=env, stdout=self.log.open("w"), stderr=subprocess.STDOUT, start_new_session=True
        )

    def text(self) -> str:
        return self.log.read_text(errors="replace")

    def wait_for(self, words: str, timeout: float = 30) -> None:
        deadline = time.monotonic() + timeout
        while words not in self.text():
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise AssertionError(f"worker never said {words!r}:\n{self.text()[-3000:]}")
            time.sleep(0.1)

    def kill(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.kill()


@pytest.fixture
def real_broker(redis_server):
    """Send tasks to Redis (not eagerly) for the length of the test."""
    from config.celery_app import app

    app.conf.task_always_eager = False
    import redis

    redis.Redis.from_url(redis_server).flushdb()
    yield redis_server
    app.conf.task_always_eager = True


@pytest.fixture
def workers(real_broker, tmp_path, settings):
    """Starts real workers for the test, ``workers(name, delay=..., beat=...)``
    (``Worker``'s options), every grade made on them (the request grades
    nothing); all of them stopped after the test, whatever happened."""
    settings.OD_GRADE_IN_REQUEST = False
    started: list[Worker] = []

    def start(name: str, **options) -> Worker:
        worker = Worker(tmp_path, real_broker, name, **options)
        started.append(worker)
        return worker

    yield start
    for worker in started:
        worker.stop()


def test_real_worker_grades_and_a_killed_worker_loses_nothing(api, workers):
    # 1. a worker grades a move and the solver replies
    worker = workers("first")
    worker.wait_for("ready.")
    game = api.post("/api/games/", {"seed": SEED_A, "human": "A", "level": "perfect"}, format="json").json()
    gid = game["id"]
    move = game["legal_moves"][0]
    response = api.post(f"/api/games/{gid}/moves/", {"move": move, "ply": game["ply"]}, format="json")
    assert response.status_code == 201
    state = until(
        lambda: (g := api.get(f"/api/games/{gid}/").json())["ungraded"] == 0 and g["status"] == "your-move" and g,
        30,
        "the grade and the solver's reply",
    )
    first = state["moves"][0]
    expected = analyse(Position.parse(first["position_before"])).move_value(move)
    assert (first["value"], first["grade"]) == (expected.value, expected.grade)
    assert state["moves"][1]["by"] == "solver"
    assert state["moves"][1]["grade"] == "best"
    # an analysis through the worker: 202, then done
    pending = api.post("/api/analyses/", {"position": str(deal(4242))}, format="json")
    assert pending.status_code == 202
    done = until(
        lambda: (a := api.get(f"/api/analyses/{pending.json()['id']}/").json())["status"] == "done" and a,
        30,
        "the analysis",
    )
    assert done["result"] == analyse(deal(4242)).to_json()
    worker.stop()

    # 2. a worker that grades slowly is killed in the middle of grading
    slow = workers("slow", delay=30)
    slow.wait_for("ready.")
    move = state["legal_moves"][-1]
    response = api.post(f"/api/games/{gid}/moves/", {"move": move, "ply": state["ply"]}, format="json")
    assert response.status_code == 201
    slow.wait_for("puzzles.games.tasks.grade_move_task", 20)  # received: it is grading now
    time.sleep(0.5)
    slow.kill()
    stored = GameMove.objects.get(game_id=gid, ply=2)
    assert stored.move == move
    assert stored.graded_at is None
    assert stored.grade is None

    # 3. a worker (with beat) is back: the move is graded, the solver replies
    back = workers("back", beat=True)
    back.wait_for("ready.")
    state = until(
        lambda: (g := api.get(f"/api/games/{gid}/").json())["ungraded"] == 0 and g["status"] != "thinking" and g,
        45,
        "the grade after the restart",
    )
    third = state["moves"][2]
    expected = analyse(Position.parse(third["position_before"])).move_value(move)
    assert third["move"] == move
    assert (third["value"], third["grade"]) == (expected.value, expected.grade)
    assert GameMove.objects.filter(game_id=gid, ply=2).count() == 1


def test_long_poll_wakes_on_a_published_change(redis_server, settings):
    """With Redis, a waiter wakes as soon as a change is published (without it
    the waiter would only look again after a second)."""
    import threading

    from puzzles.core import events

    settings.OD_EVENTS = True
    settings.REDIS_URL = redis_server
    events._client = None
    state = {"version": 1}

    def change():
        time.sleep(0.2)
        state["version"] = 2
        events.publish(events.channel("game", 4242))

    threading.Thread(target=change).start()
    start = time.monotonic()
    events.wait_for_change(events.channel("game", 4242), lambda: state["version"], 1, timeout=5)
    elapsed = time.monotonic() - start
    assert state["version"] == 2, elapsed
    assert 0.15 < elapsed < 0.6, elapsed
    events._client = None


async def _held(name: str, current_version, version: int, timeout: float):
    """A long poll's wait as ``longpoll.LongPolls`` holds one: subscribed, one
    read, then a read on each notice."""
    from puzzles.core import events

    async with events.Subscription(name) as sub:
        return await events.wait_subscribed(sub, current_version, version, timeout, await current_version())


def test_held_polls_share_one_redis_subscription(redis_server, settings):
    """Under ASGI, the long polls of a process share one Redis connection: 200
    waiters on 200 rows hold one subscriber, a notice wakes exactly the waiter
    of its row, and the channels are left once nobody waits."""
    import asyncio

    import redis as redis_lib

    from puzzles.core import events

    settings.OD_EVENTS = True
    settings.REDIS_URL = redis_server
    events._client = None
    versions = dict.fromkeys(range(200), 1)
    woken: dict[int, float] = {}
    server = redis_lib.Redis.from_url(redis_server)

    async def wait(row: int) -> None:
        async def version() -> int:
            return versions[row]

        start = time.monotonic()
        await _held(events.channel("game", row), version, 1, timeout=3)
        woken[row] = time.monotonic() - start

    async def scenario() -> tuple[int, int, int]:
        waiters = [asyncio.create_task(wait(row)) for row in versions]
        # the subscriptions go one at a time, under the hub's lock: on a loaded
        # machine 200 of them take longer than a fixed pause
        deadline = time.monotonic() + 2.0
        while len(server.pubsub_channels("od:game:*")) < 200 and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
        subscribers = sum(1 for c in server.client_list() if int(c.get("sub", 0)) > 0)
        channels = len(server.pubsub_channels("od:game:*"))
        versions[7] = 2
        await asyncio.to_thread(events.publish, events.channel("game", 7))
        await asyncio.gather(*waiters)
        await asyncio.sleep(0.2)
        return subscribers, channels, len(server.pubsub_channels("od:game:*"))

    subscribers, channels, left = asyncio.run(scenario())
    assert subscribers == 1
    assert channels == 200
    assert left == 0
    assert woken[7] < 1.0  # woken by its notice
    assert min(t for row, t in woken.items() if row != 7) > 2.5  # the others waited out their timeout
    events._client = None


def test_a_quiet_held_poll_reads_its_row_once(redis_server, settings):
    """Under ASGI a held poll reads the row once it is subscribed and again
    only when a notice comes: hundreds of idle polls cost the database
    nothing while they wait, and nothing when they run out."""
    import asyncio

    from puzzles.core import events

    settings.OD_EVENTS = True
    settings.REDIS_URL = redis_server
    reads = {"quiet": 0, "noticed": 0}
    versions = {"quiet": 1, "noticed": 1}

    def reader(row: str):
        async def version() -> int:
            reads[row] += 1
            return versions[row]

        return version

    async def scenario() -> tuple[int | None, int | None]:
        quiet = asyncio.create_task(_held("od:test:quiet", reader("quiet"), 1, timeout=1.5))
        noticed = asyncio.create_task(_held("od:test:noticed", reader("noticed"), 1, timeout=5))
        await asyncio.sleep(0.5)
        versions["noticed"] = 2
        await asyncio.to_thread(events.publish, "od:test:noticed")
        return await quiet, await noticed

    assert asyncio.run(scenario()) == (1, 2)
    assert reads == {"quiet": 1, "noticed": 2}
    events._client = None


def test_a_dropped_subscription_wakes_the_held_polls(redis_server, settings):
    """A notice published while the shared subscription's connection is down
    is lost: when the connection drops, or redis-py makes it again by itself,
    every held poll reads its row again instead of waiting out its time."""
    import asyncio

    import redis as redis_lib

    from puzzles.core import events

    settings.OD_EVENTS = True
    settings.REDIS_URL = redis_server
    server = redis_lib.Redis.from_url(redis_server)
    versions = {"row": 1}

    async def version() -> int:
        return versions["row"]

    async def scenario() -> float:
        start = time.monotonic()
        waiter = asyncio.create_task(_held("od:test:dropped", version, 1, timeout=8))
        while not server.pubsub_channels("od:test:dropped"):
            await asyncio.sleep(0.05)
        versions["row"] = 2  # changed, and the notice never sent
        server.client_kill_filter(_type="pubsub")
        assert await waiter == 2
        return time.monotonic() - start

    assert asyncio.run(scenario()) < 4
    events._hubs.clear()
    events._client = None


def test_a_subscription_connection_made_again_by_redis_py_wakes_the_held_polls(redis_server, settings):
    """redis-py makes a dropped connection again by itself when the next
    command is sent on it (here: a new poll subscribing), without an error
    for the shared subscription's reader to see.  Notices published while it
    was down are lost, so the waiters already held are woken to read their
    row again; and the channels are subscribed again, so later notices
    still come through."""
    import asyncio

    import redis as redis_lib

    from puzzles.core import events

    settings.OD_EVENTS = True
    settings.REDIS_URL = redis_server
    server = redis_lib.Redis.from_url(redis_server)

    async def scenario() -> tuple[bool, bool, bool, bool]:
        hub = events._hub()
        held = await hub.subscribe("od:test:held")
        reader = hub.reader
        assert reader is not None
        reader.cancel()  # no read meanwhile: only the reconnection can wake the waiter
        with contextlib.suppress(asyncio.CancelledError):
            await reader
        await hub.pubsub.connection.disconnect()
        woken_before = held.is_set()
        await hub.subscribe("od:test:new")  # sent on the closed connection: redis-py connects again
        woken = held.is_set()
        later = await hub.subscribe("od:test:held")
        await asyncio.to_thread(events.publish, "od:test:held")
        await asyncio.wait_for(later.wait(), 3)
        return woken_before, woken, hub.broken, b"od:test:held" in server.pubsub_channels("od:test:*")

    woken_before, woken, broken, subscribed = asyncio.run(scenario())
    assert not woken_before
    assert woken
    assert not broken
    assert subscribed
    events._hubs.clear()
    events._client = None
