"""Streak and timed runs end to end in headless Chromium, at desktop width
and on a phone (390x844), against the real site (a worker grades the moves):
from the training page to the streak page, one puzzle skipped, two solved by clicking
stones (the moves found by the solver here, in the test), then a wrong move
ends the streak and the result lists each puzzle with its solution; a timed
run shows the server's clock, takes ten seconds off for a wrong move, and
when the clock runs out (the test moves the run's deadline near) the result
screen lists the puzzles with their solutions."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from browser_helpers import browser_page, click_move

from solver import Position, analyse

ROOT = Path(__file__).resolve().parents[2]

VIEWPORTS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
RUN = "window.runPage.run"


def shell(site, code: str) -> None:
    """Python code in ``manage.py shell`` with the site's database."""
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=str(ROOT),
        env=site.env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr


def run_state(page) -> dict:
    return page.evaluate(RUN)


def wait_ready(page) -> dict:
    """Waits until the page has a puzzle on the board for the player's move, or the run is over."""
    page.wait_for_function(
        f"() => {{ const r = {RUN}; return r.status === 'over' || (r.attempt && r.attempt.status === 'your-move'); }}"
    )
    return run_state(page)


def play(page, correct: bool) -> dict:
    """One move of the puzzle under way: the solver's best (found here) or its worst; the run after it is graded."""
    run = wait_ready(page)
    attempt = run["attempt"]
    analysis = analyse(Position.parse(attempt["position"]))
    move = str(analysis.best_moves[0] if correct else analysis.moves[-1].move)
    assert correct or analysis.moves[-1].value < analysis.value
    moves_before, puzzles_before = len(attempt["moves"]), len(run["puzzles"])
    click_move(page, move)
    page.wait_for_function(
        f"""([a, m, p]) => {{ const r = {RUN};
            if (r.status === 'over' || r.puzzles.length > p) return true;
            return r.attempt && r.attempt.id === a && r.attempt.moves.length > m && r.attempt.status === 'your-move'; }}""",
        arg=[attempt["id"], moves_before, puzzles_before],
    )
    return run_state(page)


def solve_one(page) -> dict:
    """Plays best moves until the puzzle under way ends."""
    start = wait_ready(page)
    count = len(start["puzzles"])
    run = start
    while run["status"] == "active" and len(run["puzzles"]) == count:
        run = play(page, correct=True)
    return run


def assert_no_solution_shown(page) -> None:
    run = run_state(page)
    assert all(p["solution"] is None for p in run["puzzles"])
    assert run["attempt"]["solution"] is None
    assert page.locator(".run-result").is_hidden()


def assert_result_lists_the_solutions(page, run: dict) -> None:
    result = page.locator(".run-result")
    result.wait_for()
    items = page.locator(".run-puzzles li")
    assert items.count() == len(run["puzzles"])
    for i, p in enumerate(run["puzzles"]):
        assert p["solution"] is not None
        text = items.nth(i).inner_text()
        assert p["solution"]["line"][0]["move"] in text, text
    page.locator(".run-again").wait_for()


HAND = """() => [...document.querySelectorAll('#run-root .odb-hand-bottom .odb-hand-stone[data-stone]')]
    .map(g => g.getAttribute('data-stone')).sort()"""


def hand_of(board: dict, side: str) -> list[str]:
    hand = board["hands"][side]
    return sorted(s for s in hand["front"] + hand["back"] if s)


def assert_board_shows_the_puzzle_that_ended_it(page, run: dict) -> None:
    """The board stays on the puzzle whose wrong move ended the run: its
    position after the move, nothing to play; a button shows the position
    after the solution."""
    ended = run["ended_by"]
    assert ended, ended
    assert ended["id"] == run["puzzles"][-1]["attempt"], ended
    assert ended["solution"], ended
    assert page.locator("#run-root svg.odb-svg").is_visible()
    note = page.locator(".run-board-note")
    assert f"(puzzle {len(run['puzzles'])})" in note.inner_text()
    assert page.evaluate(HAND) == hand_of(ended["board"], ended["side"])
    assert page.locator("#run-root .odb-hand-stone.is-selectable").count() == 0
    note.locator(".show-solution").click()
    after = hand_of(ended["solution"]["board_after"], ended["side"])
    page.wait_for_function(f"(want) => JSON.stringify(({HAND})()) === JSON.stringify(want)", arg=after)
    assert note.locator("a.open-analysis").get_attribute("href").startswith("/analysis/?position=")


def open_mode_page(page, base_url: str, link: str, mode: str) -> None:
    """From the training page, by the link in its nav, to the streak or timed page."""
    page.goto(base_url + "/puzzles/train/")
    page.locator(".training-nav").get_by_role("link", name=link).click()
    page.wait_for_url(re.compile(rf"/puzzles/{mode}/$"))


def start_run(page, button: str) -> None:
    """Start a run with the mode page's button and wait for the run page's script."""
    page.get_by_role("button", name=button).click()
    page.wait_for_url(re.compile(r"/puzzles/runs/\d+/$"))
    page.wait_for_function("() => !!window.runPage")


def assert_fits(page, size: str) -> None:
    """Nothing sticks out of the screen (a phone's too)."""
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= VIEWPORTS[size]["width"] + 1, width


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_a_streak_in_the_browser(content, browser, screenshots, size):
    with browser_page(browser, viewport=VIEWPORTS[size], timeout=40_000) as (page, errors):
        open_mode_page(page, content.base_url, "Streak", "streak")
        screenshots(page, f"streak-{size}-start")
        start_run(page, "Start a streak")
        assert page.locator("#run-root .fallback").is_hidden()
        assert page.locator("#run-root svg.odb-svg").is_visible()
        assert page.locator(".run-clock").is_hidden()  # a streak has no clock
        ratings = [run_state(page)["puzzles"][0]["rating"]]
        # one skip per streak: the next puzzle comes, the streak goes on
        page.locator(".run-skip").click()
        page.wait_for_function(
            f"() => {{ const r = {RUN}; return r.puzzles.length === 2 && r.attempt && r.attempt.status === 'your-move'; }}"
        )
        assert page.locator(".run-strip .result-skipped").count() == 1
        assert page.locator(".run-skip").count() == 0
        ratings.append(run_state(page)["puzzles"][-1]["rating"])
        for solved in (1, 2):
            run = solve_one(page)
            assert run["status"] == "active", run
            assert run["score"] == solved, run
            assert page.locator(".run-score-now").inner_text().endswith(str(solved))
            assert page.locator(".run-strip .result-solved").count() == solved
            assert_no_solution_shown(page)
            ratings.append(run["puzzles"][-1]["rating"])
        assert ratings == sorted(ratings)
        screenshots(page, f"streak-{size}-playing")
        run = play(page, correct=False)
        assert run["status"] == "over"
        assert run["end_reason"] == "wrong-move"
        assert run["score"] == 2
        assert_result_lists_the_solutions(page, run)
        assert "A wrong move ended the run." in page.locator(".run-result").inner_text()
        screenshots(page, f"streak-{size}-result")
        assert_board_shows_the_puzzle_that_ended_it(page, run)
        assert_fits(page, size)
        page.goto(content.base_url + "/puzzles/streak/")
        assert int(page.locator(".run-best").get_attribute("data-best")) >= 2
        assert page.locator(".run-list tbody tr").count() >= 1
        screenshots(page, f"streak-{size}-after")
        assert errors == []


@pytest.mark.parametrize("size", list(VIEWPORTS))
def test_a_timed_run_in_the_browser(content, browser, screenshots, size):
    with browser_page(browser, viewport=VIEWPORTS[size], timeout=40_000) as (page, errors):
        open_mode_page(page, content.base_url, "Timed", "timed")
        start_run(page, "Start the clock")
        run_id = run_state(page)["id"]
        clock = page.locator(".run-clock")
        assert re.fullmatch(r"[23]:\d\d", clock.inner_text()), clock.inner_text()
        run = solve_one(page)
        assert run["score"] == 1
        assert run["status"] == "active"
        before = run["time_left"]
        run = play(page, correct=False)
        assert run["mistakes"] == 1
        assert run["penalty_seconds"] == 10
        assert run["status"] == "active"
        assert run["time_left"] <= before - 10 + 0.5
        assert page.locator(".run-strip .result-failed").count() == 1
        assert_no_solution_shown(page)
        screenshots(page, f"timed-{size}-playing")
        # the clock nearly out on the server (the test moves the deadline near); the page, read again, counts down
        shell(
            content,
            "from datetime import timedelta; from django.utils import timezone; "
            "from puzzles.training.models import PuzzleRun; "
            f"PuzzleRun.objects.filter(pk={run_id}).update(deadline=timezone.now() + timedelta(seconds=6))",
        )
        page.reload()
        page.wait_for_function("() => !!window.runPage")
        assert run_state(page)["time_left"] <= 6
        page.wait_for_function(f"() => {RUN}.status === 'over'", timeout=30_000)
        run = run_state(page)
        assert run["end_reason"] == "time"
        assert run["score"] == 1
        assert [p["result"] for p in run["puzzles"]][:2] == ["solved", "failed"]
        assert_result_lists_the_solutions(page, run)
        assert "Time is up." in page.locator(".run-result").inner_text()
        screenshots(page, f"timed-{size}-result")
        assert_fits(page, size)
        assert errors == []
