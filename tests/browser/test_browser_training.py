"""As a new user meets the puzzles: ``scripts/run.sh`` (what ``make run``
runs) on a fresh database; within a minute today's puzzle is on the front
page; a player solves it in headless Chromium by clicking stones, sees the
solver's replies and "Solved!", then fails a training puzzle with a wrong move
and gets the annotated solution; the history page has the rating chart.

Needs the front-end build (frontend/dist), redis-server, Playwright for Python
and the system's Chromium; the browser comes from tests/browser/conftest.py
(one Playwright per test process), which fails with a message when one is missing.  Everything runs on free ports, in a scratch
folder, and is stopped at the end (the process group run.sh was started in).
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest
from browser_helpers import click_move
from csp_watch import RECORD_VIOLATIONS

from solver import Position, analyse

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def get_json(url: str):
    with urllib.request.urlopen(url, timeout=5) as response:
        return json.loads(response.read())


@pytest.fixture(scope="module")
def fresh_site():
    folder = Path(tempfile.mkdtemp(prefix="od-training-browser-"))
    port, redis_port = free_port(), free_port()
    env = {
        **os.environ,
        "PORT": str(port),
        "OD_REDIS_PORT": str(redis_port),  # the site's own Redis, as `make run` starts it
        "DATABASE_URL": f"sqlite:///{folder / 'db.sqlite3'}",
        "OD_RUN_DIR": str(folder),
        "OD_PYTHON": sys.executable,
        "OD_WEB_WORKERS": "1",
        "OD_WEB_THREADS": "8",
    }
    env.pop("DJANGO_SETTINGS_MODULE", None)
    env.pop("REDIS_URL", None)
    log = (folder / "run.log").open("w")
    proc = subprocess.Popen(
        ["scripts/run.sh"], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                get_json(base + "/api/puzzles/themes/")
                break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError((folder / "run.log").read_text(errors="replace")[-4000:]) from None
                time.sleep(0.3)
        yield {"base": base, "started": time.monotonic(), "folder": folder}
    finally:
        try:
            os.killpg(proc.pid, signal.SIGTERM)
            proc.wait(30)
        except (ProcessLookupError, subprocess.TimeoutExpired):
            pass
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)  # the background helpers of run.sh too
        shutil.rmtree(folder, ignore_errors=True)


def wait_settled(page, moves_before: int) -> dict:
    page.wait_for_function(
        "n => { const a = window.puzzlePage.attempt; return a && a.moves.length > n && a.status !== 'thinking'; }",
        arg=moves_before,
    )
    return page.evaluate("window.puzzlePage.attempt")


def test_todays_puzzle_is_on_the_front_page_within_a_minute_and_can_be_solved(fresh_site, browser):
    site = fresh_site
    base = site["base"]
    deadline = site["started"] + 60
    while True:
        try:
            daily = get_json(base + "/api/puzzles/daily/")
            break
        except OSError:
            assert time.monotonic() < deadline, "no daily puzzle within a minute"
            time.sleep(1)
    page = browser.new_page(viewport={"width": 1200, "height": 1000})
    page.set_default_timeout(20_000)
    # the production settings' policy, on the ASGI server `make run` starts
    page.add_init_script(RECORD_VIOLATIONS)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    policies: list[str | None] = []
    page.on(
        "response",
        lambda r: (
            policies.append(r.headers.get("content-security-policy")) if r.request.resource_type == "document" else None
        ),
    )
    page.goto(base + "/")
    page.wait_for_selector("#puzzle-root .puzzle-board svg")
    assert page.locator("#puzzle-root [data-fallback]").is_hidden()
    state = json.loads(page.locator("#puzzle-state").text_content())
    assert state["id"] == daily["id"]
    assert "line" not in state
    assert "themes" not in state
    position = state["position"]
    for _ in range(12):
        moves_before = len(page.evaluate("window.puzzlePage.attempt ? window.puzzlePage.attempt.moves : []"))
        best = str(analyse(Position.parse(position)).best_moves[0])
        click_move(page, best)
        attempt = wait_settled(page, moves_before)
        if attempt["status"] != "your-move":
            break
        assert page.locator("#puzzle-root .puzzle-feedback").inner_text().startswith("Correct!")
        assert attempt["solution"] is None
        position = attempt["position"]
    assert attempt["status"] == "solved"
    assert page.locator("#puzzle-root .puzzle-feedback").inner_text().startswith("Solved!")
    assert page.locator("#puzzle-root .solution h3").is_visible()
    assert page.evaluate("window.__cspViolations") == []

    # a training puzzle, failed with a wrong move: the solution is shown
    page.goto(base + "/puzzles/train/")
    page.wait_for_selector("#puzzle-root .puzzle-board svg")
    position = json.loads(page.locator("#puzzle-state").text_content())["position"]
    analysis = analyse(Position.parse(position))
    click_move(page, str(analysis.moves[-1].move))
    attempt = wait_settled(page, 0)
    assert attempt["status"] == "failed"
    assert page.locator("#puzzle-root .puzzle-feedback").inner_text().startswith("Incorrect")
    assert page.locator("#puzzle-root .solution-line li").count() == len(attempt["solution"]["line"])

    assert page.evaluate("window.__cspViolations") == []

    page.goto(base + "/puzzles/history/")
    assert page.locator(".rating-chart svg polyline").count() == 1
    assert page.evaluate("window.__cspViolations") == []
    assert errors == []
    assert len(policies) == 3, policies
    assert all(p and "script-src 'self'" in p for p in policies), policies
