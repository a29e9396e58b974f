"""Puzzle training with a real Celery worker (two processes) on a real Redis:
``generate_puzzles`` fans out over the worker and stores puzzles; the pool
chord fills the pool and chooses today's daily; an attempt's move is settled
by the worker (the solver's reply) while the API is long-polled."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from shared_database import database_url

from puzzles.training import days, pool
from puzzles.training.models import Puzzle, PuzzleSeed

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def worker(redis_server, tmp_path):
    import redis

    from config.celery_app import app

    redis.Redis.from_url(redis_server).flushdb()
    app.conf.task_always_eager = False
    log = tmp_path / "worker.log"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.local",
        "DATABASE_URL": database_url(),
        "REDIS_URL": redis_server,
    }
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config.celery_app",
            "worker",
            "-l",
            "INFO",
            "-c",
            "2",
            "-Q",
            "grades,celery",
            "-n",
            f"training{os.getpid()}@%h",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
        ],
        cwd=ROOT,
        env=env,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    deadline = time.monotonic() + 60
    while "ready" not in log.read_text(errors="replace"):
        if proc.poll() is not None or time.monotonic() > deadline:
            raise AssertionError(log.read_text(errors="replace")[-3000:])
        time.sleep(0.1)
    yield log
    app.conf.task_always_eager = True
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(10)


def test_generation_fans_out_over_the_worker(worker):
    progress = []
    total = pool.generate_puzzles(60, seeds_per_task=4, workers=True, progress=progress.append, timeout=120)
    assert total["accepted"] >= 60
    assert Puzzle.objects.count() == total["accepted"]
    assert len(progress) >= 2  # several tasks
    assert PuzzleSeed.objects.count() == total["seeds"]
    assert "mine_seeds_task" in worker.read_text()
    assert Puzzle.objects.filter(daily_on=days.utc_today()).exists()


def test_pool_chord_fills_the_pool_and_sets_the_daily(worker):
    queued = pool.pool_fill_async(40)
    assert queued > 0
    deadline = time.monotonic() + 60
    while Puzzle.objects.filter(daily_on__isnull=True).count() < 40 or "pool_filled_task" not in worker.read_text():
        assert time.monotonic() < deadline, worker.read_text()[-3000:]
        time.sleep(0.2)
    assert Puzzle.objects.filter(daily_on=days.utc_today()).count() == 1
    assert pool.pool_fill_async(40) == 0  # full: nothing queued


def test_an_attempt_is_settled_by_the_worker(api, worker):
    pool.mine_seeds([11, 12])
    puzzle = Puzzle.objects.filter(solver_moves__gte=2).order_by("id").first() or Puzzle.objects.first()
    state = api.post(f"/api/puzzles/{puzzle.pk}/attempts/", format="json").json()
    moved = api.post(state["urls"]["moves"], {"move": puzzle.line[0], "ply": len(state["moves"])}, format="json").json()
    assert moved["status"] == "thinking"  # the request does not run the solver
    body, deadline = moved, time.monotonic() + 20
    while body["status"] == "thinking" and time.monotonic() < deadline:
        response = api.get(f"{state['urls']['self']}?wait={body['version']}&timeout=5")
        if response.status_code != 304:  # 304: nothing new yet
            body = response.json()
    assert body["status"] in ("your-move", "solved")
    assert body["feedback"] == "correct"
    if body["status"] == "your-move":
        assert body["moves"][1]["move"] == puzzle.line[1]
