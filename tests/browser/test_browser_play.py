"""A player's whole game through the pages, in headless Chromium, against the
real site (Redis, a Celery worker, gunicorn; see conftest.py): start a game
from the home page, ask each hint, play every move by clicking a stone and an
end, see each grade arrive beside its move, a refused move's error, the result
with the score, then the review, jumping to a ply.  And at phone width: the
board fits and a move can be made by touch."""

from __future__ import annotations

import re

import pytest
from browser_helpers import browser_page, failure_shown, start_practice_game, watch_errors

from solver import deal

# A deal that A opens (A holds [0|0]), so the human (A) moves first.
SEED = next(s for s in range(1, 200) if deal(s).side == "A")
GRADES = {"best move", "inaccuracy", "mistake", "blunder"}
STATUS = "document.getElementById('game-root') && document.getElementById('game-root').dataset.status"


def start_game(page, base_url: str, *, from_home: bool = True, human: str = "A") -> int:
    return start_practice_game(page, base_url, human=human, level="perfect", seed=SEED, from_home=from_home)


def status(page) -> str:
    return page.evaluate(STATUS)


def wait_for_turn(page, timeout: float = 30_000) -> str:
    """Waits until it is the human's move or the game is over; returns which."""
    page.wait_for_function(f"() => ['your-move', 'over'].includes({STATUS})", timeout=timeout)
    return status(page)


def moves_shown(page) -> int:
    return page.locator(".gp-move:not(.is-pending)").count()


def wait_for_grade(page, ply: int, timeout: float = 30_000) -> str:
    badge = page.locator(f'.gp-move[data-ply="{ply}"] .gp-grade:not(.grade-pending)')
    badge.wait_for(timeout=timeout)
    return badge.inner_text().strip()


def click_target(page, end: str | None = None, *, tap: bool = False) -> None:
    target = page.locator(f'.odb-end.is-target[data-end="{end}"]' if end else ".odb-end.is-target").first
    target.tap() if tap else target.click()


def play_first_move(page, *, tap: bool = False) -> tuple[int, str]:
    """Plays the first move the board offers (first playable stone, first
    end offered for it; or Pass): ``(ply, move)``."""
    ply = moves_shown(page)
    legal = page.evaluate("window.playPage.game.legal_moves")
    assert legal, "it is our move but there is no legal move"
    pass_button = page.locator(".odb-pass")
    if legal == ["pass"]:
        pass_button.tap() if tap else pass_button.click()
    else:
        stone = page.locator(".odb-hand-bottom .odb-hand-stone.is-selectable").first
        stone.tap() if tap else stone.click()
        click_target(page, tap=tap)
    played = page.locator(f'.gp-move[data-ply="{ply}"] .gp-mv')
    played.wait_for()
    move = played.inner_text().strip()
    assert move in legal, f"the page played {move!r}, not one of {legal}"
    return ply, move


def test_a_whole_game_with_grades_hints_result_and_review(site, browser, screenshots):
    with (
        browser_page(browser, viewport={"width": 1280, "height": 900}) as (page, errors),
        failure_shown(page, site, screenshots, "failure-desktop"),
    ):
        game_id = start_game(page, site.base_url)
        # the page script took over: the fallback is hidden, the board is drawn
        assert page.locator("[data-fallback]").first.is_hidden()
        assert page.locator(".gp-board svg.odb-svg").is_visible()
        assert page.evaluate("typeof window.gettext") == "function", "the JavaScript catalogue is not loaded"
        assert wait_for_turn(page) == "your-move"
        assert page.locator(".gp-status").inner_text().startswith("Your move")
        screenshots(page, "play-start")

        # hints of each level
        page.click('.gp-hint-button[data-level="1"]')
        assert "With perfect play from here" in page.locator('.gp-hint[data-level="1"]').inner_text()
        page.click('.gp-hint-button[data-level="2"]')
        text2 = page.locator('.gp-hint[data-level="2"]').inner_text()
        assert "keep the best result" in text2 or "keeps the best result" in text2 or "must pass" in text2
        page.click('.gp-hint-button[data-level="3"]')
        text3 = page.locator('.gp-hint[data-level="3"]').inner_text()
        best = page.evaluate(
            "window.playPage.game.hints.find(h => h.level === 3 && h.ply === window.playPage.game.moves.length).content.move"
        )
        assert "The best move is" in text3
        assert best in text3
        # the best move is shown on the board: its stone selected, its end offered
        selected = page.locator(".odb-hand-bottom .odb-hand-stone.is-selected")
        assert selected.get_attribute("data-stone") == best[:2]
        screenshots(page, "play-hints")
        # play it by clicking its end: graded best
        click_target(page, best[2:] or "open")
        assert wait_for_grade(page, 0) == "best move"
        assert page.locator('.gp-move[data-ply="0"] .gp-mv').inner_text() == best

        # the solver replies by itself; its move appears, marked on the table
        assert wait_for_turn(page) in {"your-move", "over"}
        assert moves_shown(page) >= 2
        assert page.locator(".gp-move.by-solver").first.is_visible()
        assert page.locator(".odb-line-stone.is-last").count() == 1 or page.locator(".odb-chip").count() >= 1

        # a refused move: a clear error line, the game unchanged
        if status(page) == "your-move":
            before = moves_shown(page)
            # a stone of the solver's: not ours to play
            theirs = page.evaluate(
                "(() => { const g = window.playPage.game; const h = g.board.hands[g.human === 'A' ? 'B' : 'A'];"
                " return [...h.front, ...h.back].find(s => s); })()"
            )
            page.evaluate(f"window.playPage.playMove('{theirs}R')")
            error = page.locator(".gp-error")
            error.wait_for(state="visible")
            assert "refused" in error.inner_text()
            assert moves_shown(page) == before
            assert status(page) == "your-move"
            screenshots(page, "play-error")

        # the rest of the deal: the first move offered each time
        turns = 0
        while wait_for_turn(page) == "your-move":
            turns += 1
            assert turns <= 28, "the deal did not end"
            ply, _move = play_first_move(page)
            assert page.locator(".gp-error").is_hidden()
            assert wait_for_grade(page, ply) in GRADES
            if turns == 2:
                screenshots(page, "play-middle")

        # the result, with the score, and every move graded
        result = page.locator(".gp-result")
        result.wait_for(state="visible")
        assert re.search(r"You (win|lose) \d+ points?|draw", result.inner_text())
        assert re.search(r"Your score for this deal: ([+\u2212]\d+|0)", page.locator(".gp-score").inner_text())
        n = moves_shown(page)
        assert n <= 40
        page.wait_for_function("() => document.querySelectorAll('.gp-move .gp-grade.grade-pending').length === 0")
        grades = page.locator(".gp-move .gp-grade").all_inner_texts()
        assert len(grades) == n
        assert set(grades) <= GRADES
        assert page.locator(".gp-hint-button:enabled").count() == 0
        screenshots(page, "play-over")

        # the review: every move, its grade, the best alternative; jump to a ply
        page.click(".gp-review-link")
        page.wait_for_url(re.compile(rf"/games/{game_id}/review/"))
        assert page.locator("[data-fallback]").first.is_hidden()
        rows = page.locator(".gp-row")
        assert rows.count() == n + 1
        assert page.locator(".gp-row.current").get_attribute("data-ply") == str(n)
        state = page.evaluate("window.reviewPage.game.moves")
        for m in state:
            row = page.locator(f'.gp-row[data-ply="{m["ply"] + 1}"]')
            assert row.locator(".gp-mv").inner_text() == m["move"]
            assert row.locator(".gp-grade").inner_text() in GRADES
            if m["grade"] != "best":
                assert row.locator(".gp-alt").inner_text().strip(), f"no best alternative for {m}"
        screenshots(page, "review-end")

        def on_table(ply: int) -> int:
            return sum(1 for m in state[:ply] if m["move"] != "pass")

        page.click('.gp-row[data-ply="3"]')
        assert page.locator("#game-root").get_attribute("data-ply") == "3"
        assert page.locator(".gp-row.current").get_attribute("data-ply") == "3"
        assert page.locator(".odb-line-stone").count() == on_table(3)
        assert "ply=3" in page.url
        screenshots(page, "review-ply-3")
        page.keyboard.press("ArrowLeft")
        assert page.locator("#game-root").get_attribute("data-ply") == "2"
        assert page.locator(".odb-line-stone").count() == on_table(2)
        page.keyboard.press("Home")
        assert page.locator("#game-root").get_attribute("data-ply") == "0"
        assert page.locator(".odb-line-stone").count() == 0
        page.keyboard.press("End")
        assert page.locator("#game-root").get_attribute("data-ply") == str(n)
        assert not errors, errors


def test_a_second_tab_follows_the_game_on_the_players_turn(site, browser):
    """Two tabs on one game (two pages of one browser context): a move made
    in the first shows up in the second by itself, which then no longer
    offers the move that was made."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    first = context.new_page()
    first.set_default_timeout(30_000)
    errors = watch_errors(first)
    game_id = start_game(first, site.base_url, from_home=False)
    assert wait_for_turn(first) == "your-move"
    second = context.new_page()
    second.set_default_timeout(30_000)
    errors2 = watch_errors(second)
    second.goto(f"{site.base_url}/play/{game_id}/")
    assert wait_for_turn(second) == "your-move"
    ply, move = play_first_move(first)
    row = second.locator(f'.gp-move[data-ply="{ply}"]:not(.is-pending) .gp-mv')
    row.wait_for()
    assert row.inner_text() == move
    # both tabs come to the same state of the game once the solver has replied
    wait_for_turn(first)
    version = first.evaluate("window.playPage.game.version")
    second.wait_for_function("v => window.playPage.game.version >= v", arg=version)
    assert second.evaluate("window.playPage.game.moves.length") == first.evaluate("window.playPage.game.moves.length")
    assert second.locator(".gp-status").inner_text() == first.locator(".gp-status").inner_text()
    assert not errors, (errors, errors2)
    assert not errors2, (errors, errors2)


def test_phone_width_board_fits_and_a_move_can_be_made_after_the_solver_opens(site, browser, screenshots):
    phone = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
    with (
        browser_page(browser, **phone) as (page, errors),
        failure_shown(page, site, screenshots, "failure-phone"),
    ):
        # as B: the solver (A) opens, the page waits for its move by itself
        start_game(page, site.base_url, from_home=False, human="B")
        assert wait_for_turn(page) == "your-move"
        assert page.locator('.gp-move[data-ply="0"].by-solver').is_visible()
        assert page.locator(".gp-board .odb-hand-bottom").get_attribute("data-side") == "B"
        svg = page.locator(".gp-board svg.odb-svg")
        assert svg.is_visible()
        box = svg.bounding_box()
        assert box is not None
        assert box["x"] >= 0
        assert box["x"] + box["width"] <= 390 + 0.5
        assert box["width"] > 300
        assert "is-narrow" in (page.locator(".gp-board .odb").get_attribute("class") or "")
        # nothing wider than the screen
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
        screenshots(page, "phone-start")
        ply, _move = play_first_move(page, tap=True)
        assert wait_for_grade(page, ply) in GRADES
        assert wait_for_turn(page) in {"your-move", "over"}
        screenshots(page, "phone-after-move")
        assert not errors, errors


@pytest.mark.parametrize("viewport", [{"width": 1280, "height": 900}, {"width": 390, "height": 844}])
def test_the_board_says_in_one_line_how_to_use_it(site, browser, screenshots, viewport):
    """Just under the game's board (the player's own stones come first on the
    screen): select a stone, then an end, and the keys;
    shown only where the script draws the board (without it the page offers a
    form and the line is hidden)."""
    context = browser.new_context(viewport=viewport)
    page = context.new_page()
    errors = watch_errors(page)
    try:
        game_id = start_game(page, site.base_url, from_home=False)
        wait_for_turn(page)
        help_line = page.locator("#game-root .board-help")
        assert help_line.is_visible()
        text = help_line.inner_text()
        assert "ringed stone" in text
        assert "highlighted end" in text
        assert all(key in text for key in ("arrows", "Enter", "L or R", "Escape", "P passes")), text
        line, board = help_line.bounding_box(), page.locator(".gp-board svg.odb-svg").bounding_box()
        assert line
        assert board
        assert board["y"] + board["height"] <= line["y"] + 1, (
            line,
            board,
        )
        assert line["y"] - (board["y"] + board["height"]) < 60, (
            line,
            board,
        )
        assert line["x"] >= 0
        assert line["x"] + line["width"] <= viewport["width"] + 0.5
        screenshots(page, f"board-help-{viewport['width']}")
        assert not errors, errors
        cookies = context.cookies()  # the same player, without the script
    finally:
        context.close()
    plain = browser.new_context(viewport=viewport, java_script_enabled=False)
    try:
        plain.add_cookies(cookies)
        page = plain.new_page()
        page.goto(f"{site.base_url}/play/{game_id}/")
        assert page.locator("#game-root .board-help").is_hidden()
        assert page.locator("#game-root .plain-board").is_visible()
    finally:
        plain.close()
