"""Puzzle generator throughput: accepted puzzles per minute with
real Celery worker processes (one worker, concurrency 2: the two workers of
this machine), a real Redis and a scratch SQLite database, and the
acceptance rate (puzzles stored / positions examined).  Target: >= 500/min.

    .venv/bin/python bench/puzzle_bench.py [--count 2000] [--concurrency 2]

Starts its own redis-server on a free port and its own worker, and stops
both (by their process ids) at the end; nothing else is touched.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
TARGET = 500


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def run(args: list[str], env: dict, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([PY, "manage.py", *args], cwd=ROOT, env=env, check=True, capture_output=True, text=True, **kw)


def wait_for_worker(env: dict, timeout: float = 60) -> None:
    code = (
        "import sys, time\n"
        "from config.celery_app import app\n"
        f"deadline = time.time() + {timeout:f}\n"
        "while time.time() < deadline:\n"
        "    if app.control.ping(timeout=1.0): sys.exit(0)\n"
        "sys.exit(1)\n"
    )
    subprocess.run([PY, "-c", code], cwd=ROOT, env=env, check=True)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=2000, help="puzzles to generate in the measured run")
    parser.add_argument("--concurrency", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--seeds-per-task", type=int, default=8)
    args = parser.parse_args()

    redis_server = shutil.which("redis-server")
    if redis_server is None:
        print("puzzle_bench: redis-server is not installed", file=sys.stderr)
        return 2
    scratch = Path(tempfile.mkdtemp(prefix="od-puzzle-bench-"))
    port = free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.local",
        "DATABASE_URL": f"sqlite:///{scratch / 'bench.sqlite3'}",
        "REDIS_URL": f"redis://127.0.0.1:{port}/0",
        "CELERY_BROKER_URL": f"redis://127.0.0.1:{port}/0",
        "CELERY_RESULT_BACKEND": f"redis://127.0.0.1:{port}/0",
        "DJANGO_LOG_LEVEL": "WARNING",
    }
    procs: list[subprocess.Popen] = []
    try:
        procs.append(subprocess.Popen(
            [redis_server, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        ))
        run(["migrate", "--noinput", "-v0"], env)
        worker_log = open(scratch / "worker.log", "w")
        procs.append(subprocess.Popen(
            [PY, "-m", "celery", "-A", "config.celery_app", "worker", "-l", "WARNING", "-Q", "grades,celery",
             "-n", f"bench{port}@%h", "--concurrency", str(args.concurrency), "--without-gossip", "--without-mingle"],
            cwd=ROOT, env=env, stdout=worker_log, stderr=subprocess.STDOUT,
        ))
        wait_for_worker(env)
        # Warm-up (imports, the solver's tables in each worker process), not measured.
        run(["generate_puzzles", "--count", "50", "--json", "--no-progress"], env)
        out = run(
            ["generate_puzzles", "--count", str(args.count), "--json", "--no-progress",
             "--seeds-per-task", str(args.seeds_per_task)], env,
        ).stdout
        summary = json.loads(out.strip().splitlines()[-1])
    finally:
        for proc in reversed(procs):
            proc.terminate()
        for proc in reversed(procs):
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
        shutil.rmtree(scratch, ignore_errors=True)

    rate = summary["per_minute"]
    print(f"puzzle generator (Celery workers, concurrency {args.concurrency}, Redis, SQLite)")
    print(f"  accepted:    {summary['accepted']} puzzles from {summary['seeds']} deals in {summary['seconds']:.1f} s")
    print(f"  throughput:  {rate:.0f} accepted puzzles/minute (target >= {TARGET}) "
          f"{'OK' if rate >= TARGET else 'BELOW TARGET'}")
    print(f"  acceptance:  {summary['acceptance']:.1%} ({summary['accepted']} accepted / {summary['examined']} positions examined; "
          f"{summary['candidates']} found, {summary['duplicates']} duplicates)")
    print("  by kind:     " + ", ".join(f"{k} {v}" for k, v in sorted(summary["by_kind"].items())))
    return 0 if rate >= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
