"""The solver in the player's browser (frontend/src/engine/: the WebAssembly
build of solver/engine.c in a Web Worker), in headless Chromium against the
real site: the analysis board shows every move's value without asking the
server for an analysis, keeps analysing a line with the API cut off, and the
puzzle page never loads the local solver."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import urlencode

from browser_helpers import entry_files, watch_errors
from csp_watch import RECORD_VIOLATIONS

from solver import analyse, deal

ROOT = Path(__file__).resolve().parents[2]
APP = "#analysis-root [data-app]"


def table_values(page) -> dict[str, int]:
    rows = page.locator(f"{APP} table.analysis-moves tbody tr")
    return {
        rows.nth(i).get_attribute("data-move"): int(rows.nth(i).get_attribute("data-value"))
        for i in range(rows.count())
    }


def wait_for_position(page, position) -> None:
    page.wait_for_function(
        "pos => document.querySelector('#analysis-root [data-app] [data-current-position]').textContent === pos",
        arg=str(position),
    )
    page.wait_for_function(
        "n => document.querySelectorAll('#analysis-root [data-app] table.analysis-moves tbody tr').length === n",
        arg=len(analyse(position).moves),
    )


def test_analysis_board_solves_in_the_browser_and_offline(site, browser, screenshots):
    page = browser.new_page()
    page.add_init_script(RECORD_VIOLATIONS)
    errors = watch_errors(page)
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    start = deal(23, "partnership")
    page.goto(site.base_url + "/analysis/?" + urlencode({"position": str(start)}))
    page.wait_for_selector(f"{APP} table.analysis-moves tbody tr", timeout=30_000)
    assert table_values(page) == {str(m.move): m.value for m in analyse(start).moves}
    # the values came from the browser's solver: no analysis was asked of the server
    assert not [u for u in requests if "/api/analyses/" in u], requests
    assert any(u.endswith(".wasm") for u in requests), requests

    # the network to the API is cut: the line is played and solved in the browser
    aborted: list[str] = []

    def cut(route):
        aborted.append(route.request.url)
        route.abort()

    page.route(re.compile(r".*/api/.*"), cut)
    position = start
    for _ in range(3):
        best = analyse(position).moves[0]
        page.locator(f'{APP} tr[data-move="{best.move}"] button').click()
        position = position.play(best.move)
        wait_for_position(page, position)
        assert table_values(page) == {str(m.move): m.value for m in analyse(position).moves}
    assert aborted, aborted
    assert all("/api/positions/" in u for u in aborted), aborted
    screenshots(page, "local-engine-offline")
    # back along the line, still offline
    page.get_by_role("button", name="Back", exact=True).click()
    before = start
    for move in analyse(start).pv[:2]:
        before = before.play(move)
    wait_for_position(page, before)
    assert page.locator("#analysis-root .study-status.error").count() == 0
    assert page.evaluate("window.__cspViolations") == []
    assert not errors, errors


def test_the_puzzle_page_does_not_load_the_local_solver():
    """A puzzle attempt in progress is never analysed in the browser: nothing the puzzle page
    loads starts the solver's worker, which the analysis board and the endgames start."""
    dist = ROOT / "frontend" / "dist"
    manifest = json.loads((dist / ".vite" / "manifest.json").read_text())
    workers = [path.name for path in (dist / "assets").glob("worker-*.js")]
    assert workers

    def starts_worker(name: str) -> bool:
        return any(w in (dist / f).read_text() for f in entry_files(manifest, name) for w in workers)

    assert not starts_worker("puzzle")
    assert starts_worker("analysis")
    assert starts_worker("endgame")


def test_editor_checks_positions_offline_with_the_solvers_messages(site, browser):
    page = browser.new_page()
    errors = watch_errors(page)
    position = str(deal(5, "block"))
    page.goto(site.base_url + "/analysis/editor/?" + urlencode({"position": position}))
    page.wait_for_function(
        "() => /Valid position/.test(document.querySelector('#editor-root .study-status').textContent)"
    )
    aborted: list[str] = []

    def cut(route):
        aborted.append(route.request.url)
        route.abort()

    page.route(re.compile(r".*/api/.*"), cut)
    # a stone marked played on an empty table: the browser says why, in the solver's words
    page.locator('[data-slot="A-front-0"]').click()
    page.get_by_role("button", name="played", exact=True).click()
    page.wait_for_function("() => document.querySelector('#editor-root .study-status').classList.contains('error')")
    assert "marked played" in page.locator("#editor-root .study-status").text_content()
    stone = position.split()[1].split(".")[0]
    page.locator('[data-slot="A-front-0"]').click()
    page.locator(f'#editor-root [data-stone="{stone}"]').click()
    page.wait_for_function(
        "() => /Valid position/.test(document.querySelector('#editor-root .study-status').textContent)"
    )
    assert position in page.locator("#editor-root .study-status").text_content()
    assert aborted
    assert not errors, errors
