"""What the benches that run the site's code against a real Redis share: a
spare port, and a scratch run (a folder for its SQLite database and logs, a
Redis of its own) that is removed and stopped after."""

from __future__ import annotations

import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def stop(process: subprocess.Popen) -> None:
    """Stop a process the bench started: terminated, killed after 20 s."""
    process.terminate()
    try:
        process.wait(20)
    except subprocess.TimeoutExpired:
        process.kill()


@contextmanager
def scratch_run(bench: str) -> Iterator[tuple[Path, dict[str, str]]]:
    """A scratch folder and a Redis on a spare port (no persistence), and
    the environment that points the site at them: the local settings, a
    SQLite database in the folder, Redis for the cache and Celery's broker
    and results, warnings only in the log.  Exit status 2 when redis-server
    is not installed."""
    redis_server = shutil.which("redis-server")
    if redis_server is None:
        print(f"{bench}: redis-server is not installed", file=sys.stderr)
        raise SystemExit(2)
    scratch = Path(tempfile.mkdtemp(prefix=f"od-{bench.replace('_', '-')}-"))
    port = free_port()
    url = f"redis://127.0.0.1:{port}/0"
    env = {
        "DJANGO_SETTINGS_MODULE": "config.settings.local",
        "DATABASE_URL": f"sqlite:///{scratch / 'bench.sqlite3'}",
        "REDIS_URL": url,
        "CELERY_BROKER_URL": url,
        "CELERY_RESULT_BACKEND": url,
        "DJANGO_LOG_LEVEL": "WARNING",
    }
    server = subprocess.Popen(
        [redis_server, "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        for _ in range(50):  # until it listens
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                time.sleep(0.1)
        yield scratch, env
    finally:
        stop(server)
        shutil.rmtree(scratch, ignore_errors=True)
