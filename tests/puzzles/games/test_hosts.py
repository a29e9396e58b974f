"""Beyond one machine: the web tier and two Celery workers run as separate
hosts would (each its own environment and working folder, no local file in
common: no SQLite file, no shared run directory), against one PostgreSQL and
one Redis given by URL, with one beat.  Scripted players move through the web
host; their moves are graded by whichever worker takes them."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from running_site import Player, free_port, wait_until_serving

from config.testing import Cluster

pytestmark = pytest.mark.worker

ROOT = Path(__file__).resolve().parents[3]


def host_env(folder: Path, database: str, redis_url: str) -> dict[str, str]:
    folder.mkdir(parents=True)
    keep = ("PATH", "LANG", "LC_ALL", "HOME", "SYSTEMROOT")
    return {
        **{k: v for k, v in os.environ.items() if k in keep},
        "PYTHONPATH": str(ROOT),
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "DJANGO_SECRET_KEY": "a-secret-shared-by-every-host-of-the-site-" + "x" * 20,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DJANGO_SECURE_TLS": "0",
        "DATABASE_URL": database,
        "REDIS_URL": redis_url,
        "DJANGO_LOG_LEVEL": "WARNING",
        # every grade through the workers: the test counts which worker graded each move
        "OD_GRADE_IN_REQUEST": "0",
    }


def test_web_and_two_workers_as_separate_hosts(tmp_path, redis_server):
    import redis

    redis.Redis.from_url(redis_server).flushdb()
    # the repository's own database files (a developer's site), untouched by the hosts
    local_files = {p: p.stat().st_mtime_ns for p in ROOT.glob("*.sqlite3*")}
    cluster = Cluster().start()
    database = f"postgres://{cluster.user}@127.0.0.1:{cluster.port}/postgres"
    procs: list[subprocess.Popen[bytes]] = []
    logs: dict[str, Path] = {}

    def start(name: str, command: list[str], env: dict[str, str], folder: Path) -> None:
        logs[name] = folder / f"{name}.log"
        procs.append(
            subprocess.Popen(
                command,
                cwd=folder,
                env=env,
                stdout=logs[name].open("w"),
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        )

    try:
        web = tmp_path / "web-host"
        env = host_env(web, database, redis_server)
        subprocess.run(
            [sys.executable, str(ROOT / "manage.py"), "migrate", "--noinput", "-v0"],
            cwd=web,
            env=env,
            check=True,
            timeout=300,
        )
        port = free_port()
        start(
            "web",
            [
                sys.executable,
                "-m",
                "gunicorn",
                "config.asgi:application",
                "--bind",
                f"127.0.0.1:{port}",
                "--worker-class",
                "config.web.UvicornWorker",
                "--workers",
                "1",
            ],
            env,
            web,
        )
        # as the README's deployment: a general host (the solver's turns,
        # analyses, and grades too) and a grading host that only grades
        for name, queues in (("worker-1", "grades,celery"), ("worker-2", "grades")):
            folder = tmp_path / f"{name}-host"
            command = [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config.celery_app",
                "worker",
                "-l",
                "INFO",
                "-Q",
                queues,
                "-c",
                "1",
                "-n",
                f"{name}@%h",
                "--without-gossip",
                "--without-mingle",
            ]
            if name == "worker-1":  # one beat for the whole site
                command += ["-B", "-s", str(folder / "celerybeat-schedule")]
            start(name, command, host_env(folder, database, redis_server), folder)
        base = f"http://127.0.0.1:{port}"
        wait_until_serving(base, 60)
        deadline = time.monotonic() + 60
        while not all("ready." in logs[n].read_text(errors="replace") for n in ("worker-1", "worker-2")):
            assert time.monotonic() < deadline, {n: p.read_text(errors="replace")[-2000:] for n, p in logs.items()}
            time.sleep(0.2)

        players = [Player(base) for _ in range(4)]
        stop = threading.Event()
        threads = [threading.Thread(target=p.play, args=(stop,), daemon=True) for p in players]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 60
        graded = {"worker-1": 0, "worker-2": 0}
        while min(graded.values()) < 3 and time.monotonic() < deadline:
            time.sleep(1)
            for name in graded:
                graded[name] = (
                    logs[name].read_text(errors="replace").count("grade_move_task[") // 2
                )  # received, succeeded
        stop.set()
        for thread in threads:
            thread.join(30)
        assert min(graded.values()) >= 3, graded  # both hosts took moves to grade
        assert sum(len(p.accepted) for p in players) >= 6
        general = logs["worker-1"].read_text(errors="replace")
        grading = logs["worker-2"].read_text(errors="replace")
        ran = "{}[".format  # a task taken: "Task puzzles.games.tasks.<name>[<id>] received"
        assert ran("solver_turn_task") in general
        for task in ("solver_turn_task", "turn_prepare_task", "compute_analysis_task"):
            assert ran(task) not in grading, task  # the grading host took nothing but grades
        # no host wrote a database file, in its folder or anywhere else
        assert not list(tmp_path.rglob("*.sqlite3*"))
        assert not list(ROOT.glob("test_od_*"))
        assert {p: p.stat().st_mtime_ns for p in ROOT.glob("*.sqlite3*")} == local_files
    finally:
        for proc in procs:
            try:
                os.killpg(proc.pid, signal.SIGTERM)
                proc.wait(20)
            except (ProcessLookupError, subprocess.TimeoutExpired):
                os.killpg(proc.pid, signal.SIGKILL)
        cluster.stop()
