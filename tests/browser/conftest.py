"""Browser tests: the whole site as a player meets it, in headless Chromium.

Everything is started here, for this test session (each pytest-xdist worker has
its own): a Redis on a free port (``--save ''``, nothing on disk), a fresh
SQLite database (migrated), a real Celery worker and the web server on a free
port (gunicorn with the ASGI worker ``make run`` uses: a page left while its
long polls are held frees no thread on a threaded WSGI server, and a few dozen
pages visited in a row would wait for the polls of the pages before them),
all with the same ``DATABASE_URL`` and ``REDIS_URL``.  The front end must have
been built (``npm --prefix frontend run build``; ``make test`` does it first):
without ``frontend/dist/.vite/manifest.json`` the tests fail and say so.

Chromium is the system's (``/usr/bin/chromium``, from ``scripts/system-deps.sh``
with ``WITH_BROWSER=1``), driven by Playwright for Python; no browser is
downloaded.  ``OD_CHROMIUM`` names another binary.  ``OD_SCREENSHOTS=<dir>``
saves screenshots of the pages along the way.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
MANIFEST = ROOT / "frontend" / "dist" / ".vite" / "manifest.json"
CHROMIUM = os.environ.get("OD_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def pytest_configure(config) -> None:
    config.addinivalue_line(
        "markers", "browser: drives the site in headless Chromium (starts Redis, a worker, a server)"
    )


def pytest_collection_modifyitems(config, items) -> None:
    for item in items:
        if "tests/browser/" in str(item.fspath).replace(os.sep, "/"):
            item.add_marker(pytest.mark.browser)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def tail(path: Path, chars: int = 3000) -> str:
    try:
        return path.read_text(errors="replace")[-chars:]
    except OSError:
        return ""


class Site:
    """The processes of one running site, and where their logs are."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.procs: list[tuple[str, subprocess.Popen]] = []
        self.base_url = ""
        self.env: dict[str, str] = {}

    def log(self, name: str) -> Path:
        return self.folder / f"{name}.log"

    def start(self, name: str, command: list[str]) -> subprocess.Popen:
        proc = subprocess.Popen(
            command,
            cwd=ROOT,
            env=self.env,
            stdout=self.log(name).open("w"),
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        self.procs.append((name, proc))
        return proc

    def logs(self) -> str:
        return "\n".join(f"--- {name} log (end) ---\n{tail(self.log(name))}" for name, _ in self.procs)

    def check_alive(self) -> None:
        for name, proc in self.procs:
            if proc.poll() is not None:
                raise AssertionError(f"{name} stopped (exit {proc.returncode}):\n{tail(self.log(name))}")

    def stop(self) -> None:
        for _name, proc in reversed(self.procs):
            if proc.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGTERM)
        for _name, proc in reversed(self.procs):
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(5)


def _wait(check, timeout: float, what: str, site: Site) -> None:
    deadline = time.monotonic() + timeout
    while True:
        site.check_alive()
        if check():
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}\n{site.logs()}")
        time.sleep(0.1)


def _redis_answers(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5) as s:
            s.sendall(b"PING\r\n")
            return s.recv(16).startswith(b"+PONG")
    except OSError:
        return False


def _http_ok(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return response.status == 200
    except (urllib.error.URLError, OSError):
        return False


def _gunicorn_control_socket(folder: Path) -> list[str]:
    """Newer gunicorns open a control socket, by default at one path for every
    server of the user: this session's server gets its own."""
    help_text = subprocess.run(
        [sys.executable, "-m", "gunicorn", "--help"], capture_output=True, text=True, timeout=30
    ).stdout
    return ["--control-socket", str(folder / "gunicorn.ctl")] if "--control-socket" in help_text else []


@pytest.fixture(scope="session")
def site():
    """Redis, a migrated SQLite database, a Celery worker and gunicorn: the
    whole site at ``site.base_url``."""
    if not MANIFEST.is_file():
        pytest.fail(
            f"the front end is not built: {MANIFEST.relative_to(ROOT)} is missing. "
            "Run `npm --prefix frontend ci && npm --prefix frontend run build` (make test does it) "
            "before the browser tests."
        )
    redis_server = shutil.which("redis-server")
    if redis_server is None:
        pytest.fail("redis-server is not installed (apt-get install -y redis-server, or scripts/system-deps.sh)")
    folder = Path(tempfile.mkdtemp(prefix="od-browser-"))
    site = Site(folder)
    redis_port, web_port = free_port(), free_port()
    site.env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.local",
        "DATABASE_URL": f"sqlite:///{folder / 'site.sqlite3'}",
        "REDIS_URL": f"redis://127.0.0.1:{redis_port}/0",
        "CELERY_BROKER_URL": f"redis://127.0.0.1:{redis_port}/0",
        "CELERY_RESULT_BACKEND": f"redis://127.0.0.1:{redis_port}/0",
        "DJANGO_DEBUG": "1",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "DJANGO_LOG_LEVEL": "WARNING",
        "OD_STALE_AFTER": "5",
        # every browser test signs up from 127.0.0.1: the hourly limit of
        # sign-ups an address (tested on its own) would refuse the later ones
        "OD_SIGNUPS_PER_HOUR": "1000",
        # a rated game's abort opens after 10 s, not 30, when the opponent has not moved
        "OD_RATED_ABORT_WAIT": "10",
        # three browsers on a loaded machine may take over a minute from a
        # game's start to its first move: that is no lapse here (two digits
        # still, as the countdown the pages are laid out for)
        "OD_FIRST_MOVE_SECONDS": "99",
        # a live game is claimed from an opponent gone 4 s, not 30 (test_browser_table)
        "OD_DISCONNECT_CLAIM": "4",
        # Web Push goes to the push service a test serves at 127.0.0.1 (test_browser_notifications)
        "OD_PUSH_HOSTS": "127.0.0.1",
        "PYTHONUNBUFFERED": "1",
    }
    try:
        site.start(
            "redis",
            [redis_server, "--port", str(redis_port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"],
        )
        _wait(lambda: _redis_answers(redis_port), 10, "redis-server", site)
        migrate = subprocess.run(
            [sys.executable, "manage.py", "migrate", "--noinput", "-v0"],
            cwd=ROOT,
            env=site.env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        if migrate.returncode != 0:
            raise AssertionError(f"migrate failed:\n{migrate.stdout}\n{migrate.stderr}")
        site.start(
            "worker",
            [
                sys.executable,
                "-m",
                "celery",
                "-A",
                "config.celery_app",
                "worker",
                "-l",
                "INFO",
                "-Q",
                "grades,celery",
                "-c",
                "2",
                "-n",
                f"browser-{os.getpid()}@%h",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
            ],
        )
        site.start(
            "web",
            [
                sys.executable,
                "-m",
                "gunicorn",
                "config.asgi:application",
                "--bind",
                f"127.0.0.1:{web_port}",
                "--worker-class",
                "config.web.UvicornWorker",
                "--workers",
                "1",
                "--graceful-timeout",
                "2",
                "--timeout",
                "60",
                *_gunicorn_control_socket(folder),
            ],
        )
        site.base_url = f"http://127.0.0.1:{web_port}"
        _wait(lambda: "ready." in tail(site.log("worker"), 100000), 60, "the Celery worker", site)
        _wait(lambda: _http_ok(site.base_url + "/"), 60, "the web server", site)
        yield site
    finally:
        site.stop()
        if os.environ.get("OD_KEEP_BROWSER_LOGS"):
            print(f"browser test logs kept in {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)


def manage(site, *args: str) -> None:
    """``manage.py`` with the site's environment; fails the test on an error."""
    done = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=str(ROOT), env=site.env, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr


@pytest.fixture(scope="session")
def content(site):
    """Puzzles and endgames in the site's database (once per test process)."""
    manage(site, "generate_puzzles", "--count", "12", "--local", "--no-progress")
    manage(site, "build_endgames", "--per-chapter", "2")
    return site


@pytest.fixture(scope="session")
def browser():
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("Playwright is not installed: .venv/bin/pip install -r requirements/test.txt")
    if not (os.path.isfile(CHROMIUM) and os.access(CHROMIUM, os.X_OK)):
        pytest.fail(
            f"Chromium is not at {CHROMIUM}: apt-get install -y chromium (or WITH_BROWSER=1 scripts/system-deps.sh)"
        )
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture(autouse=True)
def close_the_tests_pages(request):
    """Closes the browser contexts (and so the pages) a test opened: a play
    page left open keeps long-polling its game, which holds one of the test
    server's threads.  Contexts of wider-scoped fixtures stay open."""
    if "browser" not in request.fixturenames:
        yield
        return
    browser = request.getfixturevalue("browser")
    before = {id(context) for context in browser.contexts}
    yield
    for context in list(browser.contexts):
        if id(context) not in before:
            context.close()


@pytest.fixture
def screenshots():
    """``shot(page, name)`` saves a screenshot when ``OD_SCREENSHOTS`` names a folder."""
    folder = os.environ.get("OD_SCREENSHOTS")

    def shot(page, name: str) -> None:
        if folder:
            Path(folder).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(Path(folder) / f"{name}.png"), full_page=True)

    return shot
