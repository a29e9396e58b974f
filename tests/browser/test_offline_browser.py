"""The installable web app, as a player on a train meets it: the site's
service worker keeps the pages' code and the player's next puzzles; with the
network cut off the offline puzzle page opens again, a kept puzzle is solved
on the board (graded in the browser), and once the network is back the
result is recorded on the server, unrated, once.  The analysis board's page
and the board demo open offline too.

Uses the session's site (tests/browser/conftest.py: Redis, a worker that
builds the puzzles' keys, the web server) on 127.0.0.1, a secure context for
service workers."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from urllib.parse import quote

from browser_helpers import click_move, entry_files, watch_errors
from csp_watch import RECORD_VIOLATIONS

from solver import Position, analyse

APP = "#analysis-root [data-app]"
START = "45.15.44.05.34.13.25/11.06.35.24.12.46.33 56.14.01.66.22.26.00/36.16.23.03.02.55.04 - B"


def wait_for_values(page, position) -> None:
    """The analysis board shows ``position`` with every move's value, as the solver has them."""
    page.wait_for_function(
        "pos => document.querySelector('#analysis-root [data-app] [data-current-position]')?.textContent === pos",
        arg=str(position),
        timeout=20000,
    )
    expected = {str(m.move): m.value for m in analyse(position).moves}
    page.wait_for_function(
        "n => document.querySelectorAll('#analysis-root [data-app] table.analysis-moves tbody tr').length === n",
        arg=len(expected),
        timeout=20000,
    )
    rows = page.locator(f"{APP} table.analysis-moves tbody tr")
    shown = {
        rows.nth(i).get_attribute("data-move"): int(rows.nth(i).get_attribute("data-value"))
        for i in range(rows.count())
    }
    assert shown == expected


def database(site) -> Path:
    return Path(site.env["DATABASE_URL"].removeprefix("sqlite:///"))


def rows(site, sql: str, *args) -> list[tuple]:
    with sqlite3.connect(database(site)) as db:
        return db.execute(sql, args).fetchall()


def test_a_kept_puzzle_is_solved_offline_and_recorded_unrated_once_back_online(content, browser):
    site = content
    context = browser.new_context(base_url=site.base_url)
    page = context.new_page()
    page.add_init_script(RECORD_VIOLATIONS)
    errors = watch_errors(page)
    page.goto("/puzzles/offline/")
    # The worker is installed (it serves the pages opened from now on); the puzzles are in IndexedDB.
    page.evaluate("() => window.odOffline.ready")
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    page.evaluate("() => window.offlineLoaded")
    page.wait_for_function(
        "() => caches.keys().then(async (names) => names.length === 1 && !!(await caches.match('/puzzles/offline/')))",
        timeout=20000,
    )
    kept = page.evaluate("() => window.offlinePage.puzzles.length")
    available = rows(site, "SELECT count(*) FROM puzzles_puzzle WHERE daily_on IS NULL")[0][0]
    # at most half the pool goes offline: the rest stays rated
    assert 1 <= kept <= min(available // 2, 50)

    # An analysis board looked at while online, with the worker in place.
    other = context.new_page()
    other.goto(f"/analysis/?position={quote(START)}")
    other.wait_for_selector("svg.odb-svg")

    context.set_offline(True)
    page.reload()
    page.wait_for_selector("#offline-root svg.odb-svg")
    page.evaluate("() => window.offlineLoaded")
    assert page.evaluate("() => navigator.onLine") is False
    puzzle_id = page.evaluate("() => window.offlinePage.attempt.puzzle.id")
    # Solve it with the moves the key accepts, on the board.
    for _ in range(20):
        attempt = page.evaluate("() => window.offlinePage.attempt")
        if attempt["status"] != "your-move":
            break
        move = sorted(attempt["node"]["accept"])[0]
        played = len(attempt["moves"])
        click_move(page, move)
        page.wait_for_function(
            "n => { const a = window.offlinePage.attempt; return a.moves.length > n && !window.offlinePage.busy; }",
            arg=played,
        )
        page.wait_for_function("() => !window.offlinePage.busy")
    assert page.evaluate("() => window.offlinePage.attempt.status") == "solved"
    assert "Solved" in page.locator(".puzzle-feedback").inner_text()
    assert page.evaluate("() => window.offlinePage.waiting") == 1
    # Other tests of the session's site may have played this puzzle: only what comes now counts.
    earlier = {row[0] for row in rows(site, "SELECT id FROM puzzles_puzzleattempt WHERE puzzle_id = ?", puzzle_id)}
    results_before = rows(site, "SELECT count(*) FROM offline_offlineresult")[0][0]

    # The analysis board opens with no network: its page, and a position looked at online before.
    other.goto("/analysis/")
    assert other.locator("#position-input").count() == 1
    other.goto(f"/analysis/?position={quote(START)}")
    other.wait_for_selector("svg.odb-svg")
    # The browser's own solver (its WebAssembly kept by the worker) gives the values, and
    # goes on along a line, with no network.
    position = Position.parse(START)
    wait_for_values(other, position)
    for _ in range(2):
        best = analyse(position).moves[0]
        other.locator(f'{APP} tr[data-move="{best.move}"] button').click()
        position = position.play(best.move)
        wait_for_values(other, position)
    # The board demo too (a file of the front end's build).
    demo = context.new_page()
    demo.goto("/static/frontend/index.html")
    demo.wait_for_selector("#demo-title:not(:empty)")
    demo.wait_for_selector("svg.odb-svg")
    other.close()
    demo.close()

    # Back online: the result is sent, recorded unrated, and only once.
    context.set_offline(False)
    page.wait_for_function("() => window.offlinePage.waiting === 0", timeout=20000)
    page.reload()
    page.evaluate("() => window.offlineLoaded")
    page.evaluate("() => window.odOffline.ready")
    attempts = rows(
        site,
        "SELECT id, status, rated, unrated_because, rating_after FROM puzzles_puzzleattempt WHERE puzzle_id = ?",
        puzzle_id,
    )
    assert [row[1:] for row in attempts if row[0] not in earlier] == [("solved", 0, "offline", None)]
    assert rows(site, "SELECT count(*) FROM offline_offlineresult")[0][0] == results_before + 1
    # The solved puzzle is not offered again.
    assert puzzle_id not in page.evaluate("() => window.offlinePage.puzzles.map((p) => p.id)")
    assert page.evaluate("window.__cspViolations") == []
    assert not [e for e in errors if "ERR_INTERNET_DISCONNECTED" not in e], errors

    # In the player's language, online and then offline (the page and the catalogue kept are Polish).
    context.add_cookies([{"name": "django_language", "value": "pl", "url": site.base_url}])
    for offline in (False, True):
        context.set_offline(offline)
        page.reload()
        page.evaluate("() => window.offlineLoaded")
        assert page.locator("h1").inner_text() == "Zadania offline"
        assert "do rozwiązywania offline" in page.locator(".offline-counter").inner_text()
    context.set_offline(False)


def test_the_offline_scripts_do_not_load_the_local_solver():
    """A puzzle is never analysed in the browser: neither the offline puzzle page nor the
    script of every page (which runs on the puzzle pages too) starts the solver's worker."""
    root = Path(__file__).resolve().parents[2] / "frontend" / "dist"
    manifest = json.loads((root / ".vite" / "manifest.json").read_text())
    workers = [path.name for path in (root / "assets").glob("worker-*.js")]
    assert workers
    for name in ("offline", "pwa", "sw"):
        code = "".join((root / file).read_text() for file in entry_files(manifest, name))
        assert not any(worker in code for worker in workers), name
