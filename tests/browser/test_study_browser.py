"""Study pages in headless Chromium against the real site (Redis, a Celery
worker, gunicorn; see conftest.py): the analysis board from a shared URL,
playing and stepping through a line, an invalid position's message, the
position editor, a game record analysed with its progress and chart, the
endgame library and an endgame studied and mastered."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlencode

from browser_helpers import watch_errors

from solver import GameRecord, Position, analyse, deal

ROOT_SELECTOR = "#analysis-root [data-app]"


def table_values(page) -> dict[str, int]:
    rows = page.locator(f"{ROOT_SELECTOR} table.analysis-moves tbody tr")
    out = {}
    for i in range(rows.count()):
        row = rows.nth(i)
        out[row.get_attribute("data-move")] = int(row.get_attribute("data-value"))
    return out


def test_analysis_board(site, browser, screenshots):
    page = browser.new_page()
    errors = watch_errors(page)
    start = deal(17)
    page.goto(site.base_url + "/analysis/?" + urlencode({"position": str(start)}))
    page.wait_for_selector(f"{ROOT_SELECTOR} table.analysis-moves tbody tr", timeout=30_000)
    assert table_values(page) == {str(m.move): m.value for m in analyse(start).moves}
    screenshots(page, "study-analysis-start")
    # play the best move from the table: the URL follows, the table is the next position's
    best = analyse(start).moves[0]
    page.locator(f'{ROOT_SELECTOR} tr[data-move="{best.move}"] button').click()
    page.wait_for_url(re.compile(r"line="))
    after = start.play(best.move)
    page.wait_for_function(
        "pos => document.querySelector('#analysis-root [data-app] [data-current-position]').textContent === pos",
        arg=str(after),
    )
    page.wait_for_function(
        "n => document.querySelectorAll('#analysis-root [data-app] table.analysis-moves tbody tr').length === n",
        arg=len(analyse(after).moves),
    )
    assert table_values(page) == {str(m.move): m.value for m in analyse(after).moves}
    shared = page.url
    # back to the start with the toolbar, and forward again
    page.get_by_role("button", name="Back", exact=True).click()
    page.wait_for_function(
        "pos => document.querySelector('#analysis-root [data-app] [data-current-position]').textContent === pos",
        arg=str(start),
    )
    page.get_by_role("button", name="Forward", exact=True).click()
    page.wait_for_function(
        "pos => document.querySelector('#analysis-root [data-app] [data-current-position]').textContent === pos",
        arg=str(after),
    )
    # the shared URL reproduces the view in a fresh page
    other = browser.new_page()
    other.goto(shared)
    other.wait_for_selector(f"{ROOT_SELECTOR} table.analysis-moves tbody tr", timeout=30_000)
    assert other.locator("#analysis-root [data-app] [data-current-position]").text_content() == str(after)
    assert table_values(other) == {str(m.move): m.value for m in analyse(after).moves}
    # the main line to the end
    page.get_by_role("button", name="Play the main line", exact=True).click()
    page.wait_for_function(
        "() => /The deal is over/.test(document.querySelector('#analysis-root .study-status').textContent)"
    )
    assert not errors, errors


def test_invalid_position_and_editor(site, browser, screenshots):
    page = browser.new_page()
    errors = watch_errors(page)
    page.goto(site.base_url + "/analysis/")
    page.fill("#position-input", "12.34 nonsense A")
    page.get_by_role("button", name="Analyse", exact=True).click()
    alert = page.locator("[data-position-error]")
    assert "not valid" in alert.text_content()
    assert "4 fields" in alert.text_content()
    # the editor: load a position, break it, see the server's reason, mend it, analyse it
    position = str(deal(5))
    page.goto(site.base_url + "/analysis/editor/?" + urlencode({"position": position}))
    page.wait_for_function(
        "() => /Valid position/.test(document.querySelector('#editor-root .study-status').textContent)"
    )
    page.locator('[data-slot="A-front-0"]').click()
    page.get_by_role("button", name="played", exact=True).click()
    page.wait_for_function("() => document.querySelector('#editor-root .study-status').classList.contains('error')")
    assert "marked played" in page.locator("#editor-root .study-status").text_content()
    page.locator('[data-slot="A-front-0"]').click()
    stone = position.split()[0].split(".")[0]
    page.locator(f'#editor-root [data-stone="{stone}"]').click()
    page.wait_for_function(
        "() => /Valid position/.test(document.querySelector('#editor-root .study-status').textContent)"
    )
    screenshots(page, "study-editor")
    page.get_by_role("link", name="Analyse", exact=True).click()
    page.wait_for_selector(f"{ROOT_SELECTOR} table.analysis-moves tbody tr", timeout=30_000)
    assert table_values(page) == {str(m.move): m.value for m in analyse(Position.parse(position)).moves}
    assert not errors, errors


def test_game_analysis(site, browser, screenshots):
    rng = random.Random(4)
    record = GameRecord.from_seed(33, (), {"Event": "Browser"})
    while not record.is_over:
        record = record.push(rng.choice(record.final_position.legal_moves()))
    page = browser.new_page()
    errors = watch_errors(page)
    page.goto(site.base_url + "/analysis/games/")
    page.fill('textarea[name="record"]', str(record))
    page.locator(".game-record-form button[type=submit]").click()
    # every position of the record is solved on a worker: on a loaded 2-core
    # machine that took over a minute (the record task's own limit is 5)
    page.wait_for_selector("[data-summary]", timeout=240_000)
    assert page.locator("[data-plies] tbody tr[data-side]").count() == len(record.moves)
    assert page.locator("[data-chart] polyline").count() == 1
    assert GameRecord.parse(page.locator("[data-record]").text_content()) == record
    screenshots(page, "study-game-analysis")
    assert not errors, errors


def test_endgame_library(site, browser, screenshots):
    build = subprocess.run(
        [sys.executable, "manage.py", "build_endgames", "--per-chapter", "3"],
        cwd=str(Path(__file__).resolve().parents[2]),
        env=site.env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert build.returncode == 0, build.stderr
    page = browser.new_page()
    errors = watch_errors(page)
    page.goto(site.base_url + "/endgames/")
    chapters = page.locator("section.chapter")
    assert chapters.count() == 6
    screenshots(page, "study-library")
    page.locator("section.chapter ol.endgames li a").first.click()
    page.wait_for_selector("#endgame-root [data-app] .study-toolbar")
    data = page.evaluate("JSON.parse(document.getElementById('endgame-data').textContent)")
    # stepping forward reveals the notes one by one
    assert page.locator("ol.annotated-line > li:not(.ahead)").count() == 0
    page.get_by_role("button", name="Forward", exact=True).click()
    assert page.locator("ol.annotated-line > li:not(.ahead)").count() == 1
    page.get_by_role("button", name="Start", exact=True).click()
    # any move: its value at once
    page.get_by_role("button", name="Show every move's value", exact=True).click()
    page.wait_for_selector("#endgame-root table.analysis-moves tbody tr")
    first = analyse(Position.parse(data["position"]))
    rows = page.locator("#endgame-root table.analysis-moves tbody tr")
    assert {
        rows.nth(i).get_attribute("data-move"): int(rows.nth(i).get_attribute("data-value"))
        for i in range(rows.count())
    } == {str(m.move): m.value for m in first.moves}
    wrong = next((m for m in first.moves if m.value != first.value), None)
    if wrong is not None:
        page.locator(f'#endgame-root tr[data-move="{wrong.move}"] button').click()
        page.wait_for_function(
            "() => /points lost/.test(document.querySelector('#endgame-root .try-result').textContent)"
        )
    screenshots(page, "study-endgame")
    # practice: play the main line as the student (the defender answers by itself): mastered
    page.get_by_role("button", name="Play the line yourself", exact=True).click()
    student = data["side"]
    for step in data["steps"]:
        if step["side"] != student:
            continue
        page.wait_for_function(
            "([side, n]) => { const s = window.endgamePage.state(); "
            "return s.mode === 'practice' && !s.busy && s.side === side && s.moves.length === n; }",
            arg=[student, step["ply"]],
        )
        page.evaluate("move => window.endgamePage.play(move)", step["move"])
    page.wait_for_function(
        "() => /Mastered/.test(document.querySelector('#endgame-root .try-result').textContent)", timeout=30_000
    )
    assert not errors, errors
    page.goto(site.base_url + "/endgames/")
    assert page.locator("ol.endgames li.mastered").count() == 1
