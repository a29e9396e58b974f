"""A whole site started by the tests as ``make run`` starts it
(``scripts/run.sh``: supervisord, Redis, the ASGI web server, the Celery
workers and beat) on spare ports with a scratch database (a SQLite file, or
in the PostgreSQL pass a new database on the tests' cluster), and a scripted
guest player for it."""

from __future__ import annotations

import http.cookiejar
import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Player:
    """A guest playing games through the API, retrying a move whose answer was
    lost with the same ply (the server answers a retry as the first time)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
        self.accepted: list[tuple[int, int, str]] = []  # (game, ply, move) answered 201
        self.errors = 0

    def csrf_token(self) -> str:
        """The session's CSRF token, which every POST sends: the API sets the
        cookie on its first answer, so a GET of a cheap page brings it."""
        jar = next(h.cookiejar for h in self.opener.handlers if hasattr(h, "cookiejar"))
        for _ in range(2):
            for cookie in jar:
                if cookie.name == "csrftoken":
                    return cookie.value
            self.opener.open(self.base + "/api/puzzles/themes/", timeout=10).read()
        raise AssertionError("the API set no csrftoken cookie")

    def call(self, method: str, path: str, body: dict | None = None, timeout: float = 10) -> tuple[int, dict]:
        data = None if body is None else json.dumps(body).encode()
        headers = {"Content-Type": "application/json"}
        if method != "GET":
            headers["X-CSRFToken"] = self.csrf_token()
        request = urllib.request.Request(self.base + path, data=data, method=method, headers=headers)
        try:
            with self.opener.open(request, timeout=timeout) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as exc:
            return exc.code, json.loads(exc.read() or b"{}")

    def play(self, stop: threading.Event) -> None:
        game = None
        while not stop.is_set():
            try:
                if game is None or game["status"] == "over":
                    status, game = self.call("POST", "/api/games/", {"level": "strong"})
                    assert status == 201, game
                    continue
                if game["status"] != "your-move":
                    status, answer = self.call("GET", f"/api/games/{game['id']}/?wait={game['version']}&timeout=2")
                    if status != 304:  # 304: nothing new yet
                        game = answer
                    continue
                move, ply = game["legal_moves"][0], game["ply"]
                status, answer = self.call("POST", f"/api/games/{game['id']}/moves/", {"move": move, "ply": ply})
                if status == 201:
                    self.accepted.append((game["id"], ply, move))
                    game = answer
                elif status == 409:
                    _, game = self.call("GET", f"/api/games/{game['id']}/")
                else:
                    raise AssertionError((status, answer))
            except (OSError, urllib.error.URLError, json.JSONDecodeError):
                self.errors += 1  # the process that answered was killed: try again
                time.sleep(0.2)


def scratch_database(tmp_path: Path) -> tuple[str, Callable[[str], list[tuple]]]:
    """The site's database URL, and a function that runs a query on it."""
    if os.environ.get("OD_TEST_DATABASE", "sqlite") != "postgresql":
        import sqlite3

        path = tmp_path / "site.sqlite3"

        def sqlite_query(sql: str) -> list[tuple]:
            with sqlite3.connect(path, timeout=30) as db:
                return db.execute(sql).fetchall()

        return f"sqlite:///{path}", sqlite_query
    import uuid

    import psycopg
    from django.conf import settings

    cluster = settings.DATABASES["default"]
    where = {"host": cluster["HOST"], "port": cluster["PORT"], "user": cluster["USER"]}
    name = f"site_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(**where, dbname="postgres", autocommit=True) as db:
        db.execute(f'CREATE DATABASE "{name}"')

    def postgres_query(sql: str) -> list[tuple]:
        with psycopg.connect(**where, dbname=name) as db:
            return db.execute(sql).fetchall()

    return f"postgres://{where['user']}@{where['host']}:{where['port']}/{name}", postgres_query


def start_site(
    tmp_path: Path,
    web_workers: int = 2,
    redis_port: int | None = None,
    database=None,
    settings: dict[str, str] | None = None,
):
    """Start the site; a generator: yields the site's description, stops it
    after.  ``redis_port`` and ``database`` (a ``scratch_database``) to start
    it again on the same ones; ``settings``: environment settings of its own."""
    port, redis_port = free_port(), redis_port or free_port()
    database_url, query = database or scratch_database(tmp_path)
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("DJANGO_") and k != "REDIS_URL"},
        "PORT": str(port),
        "OD_PYTHON": sys.executable,
        "OD_REDIS_PORT": str(redis_port),  # the site's own Redis, as `make run` starts it
        "DATABASE_URL": database_url,
        "OD_RUN_DIR": str(tmp_path / "run"),
        "OD_SECRET_FILE": str(tmp_path / "secret_key"),
        "OD_PUZZLE_POOL_MIN": "0",
        "OD_ENDGAMES_MIN": "0",
        "OD_WEB_WORKERS": str(web_workers),
        "OD_WEB_THREADS": "8",
        "OD_STALE_AFTER": "2",
        "OD_REQUEUE_EVERY": "2",
        "DJANGO_LOG_LEVEL": "WARNING",
        # Every scripted player comes from 127.0.0.1: the guests' limit by
        # address would throttle them as one client (a player whose move got a
        # 429 stopped playing, and the fault test went on with fewer).
        "OD_API_RATE_ANON": "100000/min",
        "OD_API_RATE_ANALYSES": "100000/min",  # which counts every new game
        "OD_API_RATE_ANALYSES_ADDRESS": "100000/min",
        **(settings or {}),
    }
    log = (tmp_path / "run.log").open("a")
    proc = subprocess.Popen(
        ["scripts/run.sh"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    base = f"http://127.0.0.1:{port}"
    site = {
        "base": base,
        "run": tmp_path / "run",
        "query": query,
        "database": (database_url, query),
        "redis": f"redis://127.0.0.1:{redis_port}/0",
        "log": tmp_path / "run.log",
        "env": env,
    }
    try:
        wait_until_serving(base, 240, proc, site)
        yield site
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)


def until(condition, seconds: float, what: str):
    """Wait for ``condition()`` to be true (its value), at most ``seconds``: a
    condition polled, never a fixed sleep for something to have happened."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        value = condition()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"not within {seconds} s: {what}")


def wait_until_serving(base: str, seconds: float, proc=None, site=None) -> float:
    start = time.monotonic()
    while True:
        try:
            with urllib.request.urlopen(base + "/api/puzzles/themes/", timeout=3) as response:
                if response.status == 200:
                    return time.monotonic() - start
        except (OSError, urllib.error.URLError):
            pass
        if (proc is not None and proc.poll() is not None) or time.monotonic() - start > seconds:
            text = site["log"].read_text(errors="replace")[-4000:] if site else ""
            raise AssertionError(f"the site does not answer after {seconds} s\n{text}")
        time.sleep(0.2)


def supervised_pid(site, name: str) -> int:
    out = subprocess.run(
        [sys.executable, "-m", "supervisor.supervisorctl", "-s", f"unix://{site['run']}/supervisor.sock", "pid", name],
        capture_output=True,
        text=True,
        timeout=20,
    ).stdout.strip()
    return int(out)
