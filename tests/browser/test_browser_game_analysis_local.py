"""A game analysis graded by the player's browser while the workers grade it
(frontend/src/study/game-analysis-local.ts), in headless Chromium against the
real site: a submitted record's moves are shown with the browser's values and
grades (the server's grading rules) and marked as the browser's while the
server's answer is held back, stepped through with no request, and replaced
by the server's stored grades once they come."""
from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

from browser_helpers import watch_errors
from csp_watch import RECORD_VIOLATIONS

from solver import GameRecord, analyse, deal
from solver.review import grade_record

LOCAL = "[data-local-review]"


def database(site) -> Path:
    return Path(site.env["DATABASE_URL"].removeprefix("sqlite:///"))


def sql(site, statement: str, *args) -> list[tuple]:
    with sqlite3.connect(database(site)) as db:
        return db.execute(statement, args).fetchall()


def mixed_record() -> GameRecord:
    """A partnership deal played with the best and the worst moves by turns (every kind of grade)."""
    record = GameRecord(deal(9, "partnership"))
    for i in range(10):
        moves = analyse(record.final_position).moves
        record = record.push(moves[0 if i % 2 else -1].move)
    return record


def test_the_browser_grades_the_record_until_the_servers_grades_come(site, browser, screenshots):
    record = mixed_record()
    expected = grade_record(record)
    page = browser.new_page()
    page.add_init_script(RECORD_VIOLATIONS)
    errors = watch_errors(page)
    page.goto(site.base_url + "/analysis/games/")
    page.fill('textarea[name="record"]', str(record))
    page.locator(".game-record-form button[type=submit]").click()
    page.wait_for_selector("[data-summary]", timeout=60_000)
    analysis_id = int(re.search(r"/analysis/games/(\d+)/", page.url).group(1))
    assert page.locator(LOCAL).count() == 0  # graded already: the server's review only

    # The server's answer held back: the row back to running, the API's progress saying so.
    stored = sql(site, "SELECT result FROM puzzles_gameanalysis WHERE id = ?", analysis_id)[0][0]
    sql(site, "UPDATE puzzles_gameanalysis SET status = 'running', result = NULL, progress = 3 WHERE id = ?", analysis_id)
    held = json.dumps({"status": "running", "progress": 3, "total": len(record.moves), "error": None})
    page.route(re.compile(rf".*/api/game-analyses/{analysis_id}/.*"),
               lambda route: route.fulfill(status=200, content_type="application/json", body=held))
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.reload()
    rows = page.locator(f"{LOCAL} [data-plies] tbody tr[data-side]")
    rows.first.wait_for(timeout=30_000)
    assert rows.count() == len(record.moves)
    assert page.locator("[data-summary]").count() == 0
    assert "browser" in page.locator(f"{LOCAL} [data-local-note]").text_content()
    for i, ply in enumerate(expected["plies"]):
        row = rows.nth(i)
        sign = 1 if record.variant.same_team(ply["side"], "A") else -1
        assert row.get_attribute("data-move") == ply["move"]
        assert row.get_attribute("class") == f"grade-{ply['grade']}"
        assert int(row.locator("[data-value-for-a]").get_attribute("data-value-for-a")) == sign * ply["value"]
        assert int(row.locator("td").nth(5).text_content()) == ply["points_lost"]
    assert len({p["grade"] for p in expected["plies"]}) >= 2  # not only best moves
    assert any(u.endswith(".wasm") for u in requests), requests

    # Stepping through the record (keys, a row, the buttons): the browser's values, no request.
    requests.clear()
    now = page.locator(f"{LOCAL} .review-now-text")
    for ply in expected["plies"][:3]:
        page.keyboard.press("ArrowRight")
        page.wait_for_function("n => new URL(location.href).searchParams.get('ply') === String(n)", arg=ply["ply"])
        assert ply["move"] in now.text_content()
    rows.nth(7).click()
    assert f"{expected['plies'][7]['move']}" in now.text_content()
    assert page.locator(f"{LOCAL} tr.current").get_attribute("data-ply") == "8"
    page.locator(f"{LOCAL} .review-nav-prev").click()
    assert page.locator(f"{LOCAL} tr.current").get_attribute("data-ply") == "7"
    screenshots(page, "game-analysis-local")
    assert not [u for u in requests if "/api/" in u and "/api/game-analyses/" not in u], requests

    # The server's grades arrive: the page shows them instead of the browser's.
    sql(site, "UPDATE puzzles_gameanalysis SET status = 'done', result = ?, progress = ? WHERE id = ?",
        stored, len(record.moves), analysis_id)
    page.unroute(re.compile(rf".*/api/game-analyses/{analysis_id}/.*"))
    page.wait_for_selector("[data-summary]", timeout=30_000)
    assert page.locator(LOCAL).count() == 0
    assert page.locator("[data-plies] tbody tr[data-side]").count() == len(record.moves)
    assert page.evaluate("window.__cspViolations") == []
    assert not errors, errors


def test_without_web_workers_the_page_waits_for_the_server_as_before(site, browser):
    record = mixed_record()
    page = browser.new_page()
    page.add_init_script("delete window.Worker")
    errors = watch_errors(page)
    page.goto(site.base_url + "/analysis/games/")
    page.fill('textarea[name="record"]', str(record))
    page.locator(".game-record-form button[type=submit]").click()
    page.wait_for_selector("[data-summary]", timeout=60_000)
    analysis_id = int(re.search(r"/analysis/games/(\d+)/", page.url).group(1))
    stored = sql(site, "SELECT result FROM puzzles_gameanalysis WHERE id = ?", analysis_id)[0][0]
    sql(site, "UPDATE puzzles_gameanalysis SET status = 'running', result = NULL, progress = 3 WHERE id = ?", analysis_id)
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.reload()
    page.wait_for_function("() => [...performance.getEntriesByType('resource')].some(e => e.name.includes('/api/game-analyses/'))")
    assert page.locator(LOCAL).count() == 0
    assert page.locator("[data-progress]").is_visible()
    assert not any(u.endswith(".wasm") for u in requests), requests
    sql(site, "UPDATE puzzles_gameanalysis SET status = 'done', result = ?, progress = ? WHERE id = ?",
        stored, len(record.moves), analysis_id)
    page.wait_for_selector("[data-summary]", timeout=30_000)
    assert not errors, errors
