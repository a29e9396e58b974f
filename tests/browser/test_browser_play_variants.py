"""Games of the variants through the pages, in headless Chromium, against the
real site (Redis, a Celery worker, gunicorn): a partnership game (the solver
plays the partner and both opponents by itself) and a double-nine game,
started from the new-game form and played to the end by clicking stones and
ends, at desktop width and at 390x844 (where, on every turn, the human's
stones and both ends of the line are in the first screen and nothing scrolls
sideways).  Then resign, rematch with the sides swapped, and the review: the
board beside the moves, the chart's points and the arrow keys wherever the
focus is, the best move of the position shown."""

from __future__ import annotations

import re

import pytest
from browser_helpers import browser_page, start_practice_game

from solver import Position, Variant, deal

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}
# The new browser context of each size: the phone with touch and twice the pixels.
SCREENS = {
    "desktop": {"viewport": DESKTOP},
    "phone": {"viewport": PHONE, "device_scale_factor": 2, "is_mobile": True, "has_touch": True},
}
STATUS = "document.getElementById('game-root') && document.getElementById('game-root').dataset.status"

FITS = """() => {
  const vw = window.innerWidth, vh = window.innerHeight;
  const inside = (el) => { const r = el.getBoundingClientRect();
    return r.width > 0 && r.left >= -0.5 && r.right <= vw + 0.5 && r.top >= -0.5 && r.bottom <= vh + 0.5; };
  const bottom = document.querySelector('.odb-hand[data-place="bottom"]');
  const stones = bottom ? [...bottom.querySelectorAll('.odb-hand-stone:not(.is-covered)')] : [];
  const ends = [...document.querySelectorAll('.odb-end')];
  return {
    side: bottom && bottom.getAttribute('data-side'),
    stones: stones.length, stonesInside: stones.filter(inside).length,
    ends: ends.length, endsInside: ends.filter(inside).length,
    scrollWidth: document.documentElement.scrollWidth, vw,
  };
}"""


def seed_where(variant: str, human: str) -> int:
    """A deal of ``variant`` that the human's seat does not open (so the solver moves first too)."""
    rules = Variant.parse(variant)
    return next(s for s in range(1, 500) if deal(s, rules).side != human)


def start_game(page, base_url: str, variant: str, human: str, seed: int, doubles: bool = False) -> int:
    return start_practice_game(page, base_url, human=human, level="casual", seed=seed, variant=variant, doubles=doubles)


def wait_for_turn(page, timeout: float = 40_000) -> str:
    page.wait_for_function(f"() => ['your-move', 'over'].includes({STATUS})", timeout=timeout)
    return page.evaluate(STATUS)


def play_one_move(page, *, tap: bool) -> str:
    """Plays the first move the board offers (the first playable stone and the
    first end offered for it, or Pass); returns the number of moves before it."""
    legal = page.evaluate("window.playPage.game.legal_moves")
    before = page.evaluate("window.playPage.game.moves.length")
    assert legal, "it is our move but there is no legal move"
    if legal == ["pass"]:
        target = page.locator(".odb-pass")
        target.tap() if tap else target.click()
    else:
        stone = page.locator('.odb-hand[data-place="bottom"] .odb-hand-stone.is-selectable').first
        stone.tap() if tap else stone.click()
        end = page.locator(".odb-end.is-target").first
        end.tap() if tap else end.click()
    page.wait_for_function(f"() => window.playPage.game.moves.length > {before}", timeout=20_000)
    move = page.evaluate(f"window.playPage.game.moves[{before}].move")
    assert move in legal
    return move


def play_to_the_end(page, *, phone: bool, screenshots, name: str) -> dict:
    for turn in range(60):
        if wait_for_turn(page) == "over":
            break
        if phone:
            page.evaluate("window.scrollTo(0, 0)")
            fits = page.evaluate(FITS)
            assert fits["side"] == page.evaluate("window.playPage.game.human"), fits
            assert fits["stones"] > 0, fits
            assert fits["stonesInside"] == fits["stones"], fits
            assert fits["ends"] >= 1, fits
            assert fits["endsInside"] == fits["ends"], fits
            assert fits["scrollWidth"] <= fits["vw"], fits
        if turn == 1:
            screenshots(page, f"{name}-turn")
        play_one_move(page, tap=phone)
    else:  # pragma: no cover
        pytest.fail("the game did not end")
    return page.evaluate("window.playPage.game")


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_a_partnership_game_through_the_pages(site, browser, screenshots, viewport):
    phone = viewport == "phone"
    with browser_page(browser, **SCREENS[viewport]) as (page, errors):
        seed = seed_where("partnership", "B")
        start_game(page, site.base_url, "partnership", "B", seed)
        page.wait_for_selector('.odb-hand[data-place="bottom"][data-side="B"]')
        # four seats round the table: the partner D across, C and A on the sides
        places = {
            el.get_attribute("data-side"): el.get_attribute("data-place") for el in page.locator(".odb-hand").all()
        }
        assert places == {"B": "bottom", "C": "left", "D": "top", "A": "right"}, places
        assert page.locator('.odb-hand[data-side="B"]').get_attribute("data-layout") == "hand"
        game = play_to_the_end(page, phone=phone, screenshots=screenshots, name=f"partnership-{viewport}")
        assert game["status"] == "over"
        assert game["variant"] == "partnership"
        # the solver moved for A, C and D by itself, and the partner always played a best move
        seats = {m["side"] for m in game["moves"] if m["by"] == "solver"}
        assert seats <= {"A", "C", "D"}
        assert "D" in seats
        page.wait_for_function("() => window.playPage.game.ungraded === 0", timeout=30_000)
        game = page.evaluate("window.playPage.game")
        assert all(m["grade"] == "best" for m in game["moves"] if m["side"] == "D")
        position = Position.parse(game["start"])
        for m in game["moves"]:
            position = position.push(m["move"])
        result = position.result()
        assert game["result"]["winner"] == result.winner
        assert game["result"]["points"] == result.points
        text = page.locator(".gp-result").inner_text()
        assert ("Your team" in text) or ("draw" in text.lower())
        screenshots(page, f"partnership-{viewport}-over")
        assert errors == []


@pytest.mark.parametrize("viewport", ["desktop", "phone"])
def test_a_double_nine_game_through_the_pages(site, browser, screenshots, viewport):
    phone = viewport == "phone"
    with browser_page(browser, **SCREENS[viewport]) as (page, errors):
        seed = seed_where("lewicki9", "A")
        start_game(page, site.base_url, "lewicki9", "A", seed, doubles=True)
        page.wait_for_selector('.odb-hand[data-place="bottom"][data-side="A"][data-layout="rows"]')
        assert int(page.locator(".odb-out").get_attribute("data-count")) == 27
        game = play_to_the_end(page, phone=phone, screenshots=screenshots, name=f"lewicki9-{viewport}")
        assert game["status"] == "over"
        assert game["variant"] == "lewicki9+doubles"
        position = Position.parse(game["start"])
        assert position.variant.highest == 9
        for m in game["moves"]:
            position = position.push(m["move"])
        assert game["result"]["winner"] == position.result().winner
        assert errors == []


def test_resign_and_rematch_with_the_sides_swapped(site, browser, screenshots):
    with browser_page(browser, viewport=DESKTOP) as (page, errors):
        seed = seed_where("block", "B")
        first = start_game(page, site.base_url, "block", "B", seed)
        assert wait_for_turn(page) == "your-move"
        resign = page.locator(".gp-resign")
        resign.click()
        assert "is-confirming" in resign.get_attribute("class")
        assert page.evaluate(STATUS) == "your-move", "one click only asks to confirm"
        resign.click()
        page.wait_for_function(f"() => {STATUS} === 'over'")
        assert "resigned" in page.locator(".gp-result").inner_text()
        assert not page.locator(".gp-resign").is_visible(), "nothing to resign once the deal is over"
        # The board shows the deal as over: no seat to move, no "Your move".
        assert page.locator(".gp-board .odb-status").text_content() == "The deal is over."
        assert page.locator(".gp-board .odb-chip-turn").count() == 0
        page.locator(".gp-rematch-swap").click()
        page.wait_for_url(
            lambda url: re.search(r"/play/\d+/$", url) is not None and not url.endswith(f"/play/{first}/")
        )
        second = int(re.search(r"/play/(\d+)/", page.url).group(1))
        assert second != first
        page.wait_for_function("() => window.playPage && window.playPage.game")
        game = page.evaluate("window.playPage.game")
        assert game["human"] == "A"
        assert game["rematch_of"] == first
        assert game["seed"] == seed
        assert game["start"] == str(deal(seed, Variant.parse("block")))
        # the home page lists both games with their results
        page.goto(site.base_url + "/")
        row = page.locator(f'tr[data-game="{first}"]')
        assert "resigned" in row.inner_text()
        assert "\u2212" in row.locator(".score").inner_text()
        assert errors == []


def test_review_board_beside_the_moves_chart_keys_and_best_move(site, browser, screenshots):
    with browser_page(browser, viewport=DESKTOP) as (page, errors):
        game_id = start_game(page, site.base_url, "partnership", "A", seed_where("partnership", "A"))
        play_to_the_end(page, phone=False, screenshots=screenshots, name="review-game")
        page.wait_for_function("() => window.playPage.game.ungraded === 0", timeout=30_000)
        game = page.evaluate("window.playPage.game")
        page.goto(f"{site.base_url}/games/{game_id}/review/?ply=0")
        page.wait_for_selector(".gp-review .odb-hand")
        root = page.locator("#game-root")
        # the board beside the move list
        board = page.locator(".gp-review .gp-board").bounding_box()
        table = page.locator(".gp-review-table").bounding_box()
        assert board["x"] + board["width"] <= table["x"] + 1
        assert board["y"] < table["y"] + table["height"]
        # the best move of the position shown is the next move's best move, drawn and written
        assert root.get_attribute("data-best") == " ".join(game["moves"][0]["best_moves"])
        assert page.locator(".gp-best-here").is_visible()
        # a point of the chart jumps to its ply
        page.locator('.gp-chart [data-ply="3"]').click()
        page.wait_for_function("() => document.getElementById('game-root').dataset.ply === '3'")
        assert "ply=3" in page.url
        assert root.get_attribute("data-best") == " ".join(game["moves"][3]["best_moves"])
        # drawn on the board: the best stone outlined in its hand, the move drawn where it would go
        best = game["moves"][3]["best_moves"][0]
        if best == "pass":
            assert page.locator(".odb-chip-suggest").count() == 1
        else:
            assert page.locator(f'.odb-hand-stone.is-suggested[data-stone="{best[:2]}"]').count() == 1
            assert page.locator(f'.odb-suggest[data-suggest="{best}"]').count() == 1
        # the arrow keys, with the focus on the board, then on a button
        page.locator(".gp-review .gp-board svg").first.click()
        page.keyboard.press("ArrowLeft")
        page.wait_for_function("() => document.getElementById('game-root').dataset.ply === '2'")
        page.locator(".gp-nav-next").focus()
        page.keyboard.press("ArrowRight")
        page.keyboard.press("ArrowRight")
        page.wait_for_function("() => document.getElementById('game-root').dataset.ply === '4'")
        assert "current" in page.locator('.gp-chart [data-ply="4"]').get_attribute("class")
        page.keyboard.press("End")
        total = len(game["moves"])
        page.wait_for_function(f"() => document.getElementById('game-root').dataset.ply === '{total}'")
        assert not page.locator(".gp-best-here").is_visible(), "no move follows the last position"
        screenshots(page, "review-partnership")
        # at phone width the review is one column and nothing scrolls sideways
        page.set_viewport_size(PHONE)
        page.reload()
        page.wait_for_selector(".gp-review .odb-hand")
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        screenshots(page, "review-partnership-phone")
        assert errors == []
