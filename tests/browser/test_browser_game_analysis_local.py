"""A game analysis graded by the player's browser while the workers grade it
(frontend/src/study/game-analysis-local.ts), in headless Chromium against the
real site: a submitted record's moves are shown with the browser's values and
grades (the server's grading rules) and marked as the browser's while the
server's answer is held back, stepped through with no request, every move of
a position shown and a side line played from it (each move checked by the
server's position endpoint, none analysed by the server), and replaced by the
server's stored grades once they come."""

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
EXPLORE = "[data-review-explore]"


def database(site) -> Path:
    return Path(site.env["DATABASE_URL"].removeprefix("sqlite:///"))


def sql(site, statement: str, *args) -> list[tuple]:
    with sqlite3.connect(database(site)) as db:
        return db.execute(statement, args).fetchall()


def explore_values(page) -> dict[str, int]:
    rows = page.locator(f"{EXPLORE} table.analysis-moves tbody tr")
    return {
        rows.nth(i).get_attribute("data-move"): int(rows.nth(i).get_attribute("data-value"))
        for i in range(rows.count())
    }


def wait_for_moves(page, analysis) -> None:
    """The side panel shows every move of ``analysis``'s position with its value."""
    expected = {str(m.move): m.value for m in analysis.moves}
    page.wait_for_function(
        """want => {
            const rows = [...document.querySelectorAll('[data-review-explore] table.analysis-moves tbody tr')];
            const got = Object.fromEntries(rows.map((r) => [r.dataset.move, Number(r.dataset.value)]));
            return JSON.stringify(got, Object.keys(want).sort()) === JSON.stringify(want, Object.keys(want).sort())
                && rows.length === Object.keys(want).length;
        }""",
        arg=expected,
        timeout=15_000,
    )


def mixed_record() -> GameRecord:
    """A partnership deal played with the best and the worst moves by turns (every kind of grade)."""
    record = GameRecord(deal(9, "partnership"))
    for i in range(10):
        moves = analyse(record.final_position).moves
        record = record.push(moves[0 if i % 2 else -1].move)
    return record


def submit_record(page, site, record: GameRecord) -> int:
    """Sends ``record`` from the game analysis form and waits for its page
    (the summary shown); the new analysis's id."""
    page.goto(site.base_url + "/analysis/games/")
    page.fill('textarea[name="record"]', str(record))
    page.locator(".game-record-form button[type=submit]").click()
    page.wait_for_selector("[data-summary]", timeout=60_000)
    return int(re.search(r"/analysis/games/(\d+)/", page.url).group(1))


def test_the_browser_grades_the_record_until_the_servers_grades_come(site, browser, screenshots):
    record = mixed_record()
    expected = grade_record(record)
    page = browser.new_page()
    page.add_init_script(RECORD_VIOLATIONS)
    errors = watch_errors(page)
    analysis_id = submit_record(page, site, record)
    assert page.locator(LOCAL).count() == 0  # graded already: the server's review only

    # The server's answer held back: the row back to running, the API's progress saying so.
    stored = sql(site, "SELECT result FROM puzzles_gameanalysis WHERE id = ?", analysis_id)[0][0]
    sql(
        site,
        "UPDATE puzzles_gameanalysis SET status = 'running', result = NULL, progress = 3 WHERE id = ?",
        analysis_id,
    )
    held = json.dumps({"status": "running", "progress": 3, "total": len(record.moves), "error": None})
    page.route(
        re.compile(rf".*/api/game-analyses/{analysis_id}/.*"),
        lambda route: route.fulfill(status=200, content_type="application/json", body=held),
    )
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
    assert not [u for u in requests if "/api/" in u and "/api/game-analyses/" not in u], requests

    # Every move of the position shown, solved in the browser; a side line from it, each move
    # checked by the server's position endpoint (as on the analysis board), never an analysis asked.
    here = record.positions()[7]
    wait_for_moves(page, analyse(here))
    side = analyse(here).moves[-1].move
    page.locator(f'{EXPLORE} tr[data-move="{side}"] button').click()
    after = here.play(side)
    wait_for_moves(page, analyse(after))
    assert str(side) in page.locator(f"{EXPLORE} [data-side-line]").text_content()
    screenshots(page, "game-analysis-local")
    page.locator(f"{EXPLORE} [data-explore-back]").click()
    wait_for_moves(page, analyse(here))
    assert page.locator(f"{EXPLORE} [data-side-line]").text_content() == ""
    # a side line the server refuses (403: a game between people in progress) is not analysed
    page.route(
        re.compile(r".*/api/positions/.*"),
        lambda route: route.fulfill(
            status=403,
            content_type="application/json",
            body=json.dumps({"error": "A game between people is in progress."}),
        ),
    )
    page.locator(f'{EXPLORE} tr[data-move="{side}"] button').click()
    page.wait_for_selector(f"{EXPLORE} .study-status.error")
    assert "in progress" in page.locator(f"{EXPLORE} .study-status").text_content()
    assert explore_values(page) == {str(m.move): m.value for m in analyse(here).moves}
    page.unroute(re.compile(r".*/api/positions/.*"))
    assert [u for u in requests if "/api/positions/" in u], requests
    assert not [u for u in requests if "/api/analyses/" in u], requests

    # The server's grades arrive: the page shows them instead of the browser's.
    sql(
        site,
        "UPDATE puzzles_gameanalysis SET status = 'done', result = ?, progress = ? WHERE id = ?",
        stored,
        len(record.moves),
        analysis_id,
    )
    page.unroute(re.compile(rf".*/api/game-analyses/{analysis_id}/.*"))
    page.wait_for_selector("[data-summary]", timeout=30_000)
    assert page.locator(LOCAL).count() == 0
    assert page.locator("[data-plies] tbody tr[data-side]").count() == len(record.moves)
    # the server's review too: every move of the position shown, solved in the browser
    wait_for_moves(page, analyse(here))
    assert page.evaluate("window.__cspViolations") == []
    assert not errors, errors


def test_without_web_workers_the_page_waits_for_the_server_as_before(site, browser):
    record = mixed_record()
    page = browser.new_page()
    page.add_init_script("delete window.Worker")
    errors = watch_errors(page)
    analysis_id = submit_record(page, site, record)
    stored = sql(site, "SELECT result FROM puzzles_gameanalysis WHERE id = ?", analysis_id)[0][0]
    sql(
        site,
        "UPDATE puzzles_gameanalysis SET status = 'running', result = NULL, progress = 3 WHERE id = ?",
        analysis_id,
    )
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.reload()
    page.wait_for_function(
        "() => [...performance.getEntriesByType('resource')].some(e => e.name.includes('/api/game-analyses/'))"
    )
    assert page.locator(LOCAL).count() == 0
    assert page.locator("[data-progress]").is_visible()
    assert not any(u.endswith(".wasm") for u in requests), requests
    sql(
        site,
        "UPDATE puzzles_gameanalysis SET status = 'done', result = ?, progress = ? WHERE id = ?",
        stored,
        len(record.moves),
        analysis_id,
    )
    page.wait_for_selector("[data-summary]", timeout=30_000)
    assert not errors, errors
