"""The analysis board and the position editor of every variant in headless
Chromium, at desktop width and at 390x844: the exact move table against the
solver, the seats and out stones on the board, the variation tree, the empty
page's deals, the editor's drawn stones (click and drag), its deal buttons,
and no sideways scroll with the board in the first screen."""

from __future__ import annotations

import re
from urllib.parse import parse_qs, urlencode, urlparse

import pytest
from browser_helpers import watch_errors

from solver import Position, analyse, deal

APP = "#analysis-root [data-app]"
SIZES = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


def table_values(page) -> dict[str, int]:
    rows = page.locator(f"{APP} table.analysis-moves tbody tr")
    return {
        rows.nth(i).get_attribute("data-move"): int(rows.nth(i).get_attribute("data-value"))
        for i in range(rows.count())
    }


def wait_for_table(page, position: Position) -> None:
    page.wait_for_function(
        "([pos, n]) => document.querySelector('#analysis-root [data-app] [data-current-position]')?.textContent === pos"
        " && document.querySelectorAll('#analysis-root [data-app] table.analysis-moves tbody tr').length === n",
        arg=[str(position), len(position.legal_moves())],
        timeout=30_000,
    )


def no_sideways_scroll(page) -> None:
    """The page is no wider than the screen, and no element of it sticks out to the right."""
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width}px wide"
    widest = page.evaluate(
        "() => Math.max(...[...document.querySelectorAll('main *')].filter(e => e.getClientRects().length)"
        ".map(e => e.getBoundingClientRect().right))"
    )
    assert widest <= page.viewport_size["width"] + 1, f"an element reaches {widest}px"


def in_first_screen(page, selector: str) -> None:
    """Every element matching ``selector`` lies inside the first screen (no scrolling)."""
    boxes = page.evaluate(
        "sel => [...document.querySelectorAll(sel)].map(e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; })",
        selector,
    )
    assert boxes, f"nothing matches {selector}"
    size = page.viewport_size
    for left, top, right, bottom in boxes:
        assert left >= -1, (
            selector,
            (left, top, right, bottom),
        )
        assert right <= size["width"] + 1, (
            selector,
            (left, top, right, bottom),
        )
        assert top >= -1, (
            selector,
            (left, top, right, bottom),
        )
        assert bottom <= size["height"] + 1, (
            selector,
            (left, top, right, bottom),
        )


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize(("variant", "seed"), [("block+doubles", 5), ("partnership", 3), ("lewicki9", 2)])
def test_analysis_board_of_a_variant(site, browser, screenshots, variant, seed, size):
    page = browser.new_page(viewport=SIZES[size])
    errors = watch_errors(page)
    start = deal(seed, variant)
    page.goto(site.base_url + "/analysis/?" + urlencode({"position": str(start)}))
    wait_for_table(page, start)
    assert table_values(page) == {str(m.move): m.value for m in analyse(start).moves}
    # The variant is named beside the board.
    label = page.locator(f"{APP} [data-variant-label]").text_content()
    assert label.endswith("doubles play again") == variant.endswith("+doubles")
    # The seats of the variant, in one row each (block, partnership) or two (double-nine).
    hands = page.locator("#analysis-root .odb-hand")
    assert hands.count() == len(start.variant.seats)
    layout = "rows" if start.variant.is_rows else "hand"
    assert {hands.nth(i).get_attribute("data-layout") for i in range(hands.count())} == {layout}
    if start.out:
        # Open analysis: the out stones are shown, and can be turned face down.
        shown = page.locator("#analysis-root .odb-out-stone").evaluate_all(
            "els => els.map(e => e.getAttribute('data-stone'))"
        )
        assert shown == [str(s) for s in start.out]
        page.locator("[data-reveal-out]").uncheck()
        assert page.locator("#analysis-root .odb-out-stone.is-face-down").count() == len(start.out)
    no_sideways_scroll(page)
    in_first_screen(page, "#analysis-root .odb-hand-bottom .odb-hand-stone")
    in_first_screen(page, "#analysis-root .odb-hand-top .odb-hand-stone")
    if size == "desktop":
        # Wide screen: the move table beside the board.
        board_box = page.locator("#analysis-root .analysis-board").bounding_box()
        table_box = page.locator(f"{APP} table.analysis-moves").bounding_box()
        assert table_box["x"] >= board_box["x"] + board_box["width"] - 1
        assert table_box["y"] < board_box["y"] + board_box["height"]
    screenshots(page, f"analysis-{variant}-{size}")

    # Play the best move on the board itself (select the stone, then its end).
    best = analyse(start).moves[0].move
    page.locator(f'#analysis-root .odb-hand-stone.is-selectable[data-stone="{best.stone}"]').first.click()
    page.locator(f'#analysis-root .odb-end[data-end="{best.end or "open"}"]').click()
    after = start.play(best)
    wait_for_table(page, after)
    assert table_values(page) == {str(m.move): m.value for m in analyse(after).moves}
    if after.side == start.side and best.stone.low == best.stone.high:
        # "+doubles": the seat that played a double moves again, and the board says so.
        assert page.locator(f'#analysis-root .odb-info[data-side="{after.side}"] .odb-chip-again').count() == 1
        assert "moves again" in page.locator("#analysis-root .odb-status").text_content()
    else:
        assert page.locator("#analysis-root .odb-chip-again").count() == 0
    # Along the line to a position with a choice, then a move, back one and another move:
    # the first move stays as a variation.
    line = [best]
    fork = after
    while len(fork.legal_moves()) < 2:
        forced = fork.legal_moves()[0]
        page.locator(f'{APP} tr[data-move="{forced}"] button').click()
        fork = fork.play(forced)
        line.append(forced)
        wait_for_table(page, fork)
    first_reply, other = fork.legal_moves()[0], fork.legal_moves()[-1]
    page.locator(f'{APP} tr[data-move="{first_reply}"] button').click()
    wait_for_table(page, fork.play(first_reply))
    page.get_by_role("button", name="Back", exact=True).click()
    wait_for_table(page, fork)
    page.locator(f'{APP} tr[data-move="{other}"] button').click()
    wait_for_table(page, fork.play(other))
    assert page.locator(f"{APP} .study-tree [data-variation]").count() == 1
    assert page.evaluate("window.analysisBoard.variations()") == 1

    # The URL keeps the current line (and reproduces it).
    def url_line():
        return parse_qs(urlparse(page.url).query)["line"][0].split()

    assert url_line() == [str(m) for m in [*line, other]]
    # Back to the old line through the tree: the move that was played first stays in the main row.
    page.locator(f"{APP} .study-tree .main-moves > button[data-ply='{len(line) + 1}']").click()
    wait_for_table(page, fork.play(first_reply))
    assert url_line() == [str(m) for m in [*line, first_reply]]
    assert page.locator(f"{APP} .study-tree [data-variation]").count() == 1
    # and into the variation again
    page.locator(f"{APP} .study-tree [data-variation] button").first.click()
    wait_for_table(page, fork.play(other))
    # A reload finds the variations again (kept in the browser), the URL's line the current one.
    page.reload()
    wait_for_table(page, fork.play(other))
    assert page.evaluate("window.analysisBoard.variations()") == 1
    assert page.locator(f"{APP} .study-tree [data-variation]").count() == 1
    assert page.locator(f"{APP} .study-tree button.current").text_content() == str(other)
    # Clearing them keeps the current line only, after a reload too.
    page.locator(f"{APP} [data-clear-variations]").click()
    assert page.locator(f"{APP} .study-tree [data-variation]").count() == 0
    assert page.locator(f"{APP} [data-clear-variations]").is_hidden()  # shown only while there are variations
    page.reload()
    wait_for_table(page, fork.play(other))
    assert page.evaluate("window.analysisBoard.variations()") == 0
    assert url_line() == [str(m) for m in [*line, other]]
    assert not errors, errors


@pytest.mark.parametrize("size", list(SIZES))
def test_empty_analysis_page_deals_a_numbered_or_random_deal(site, browser, screenshots, size):
    page = browser.new_page(viewport=SIZES[size])
    errors = watch_errors(page)
    page.goto(site.base_url + "/analysis/")
    no_sideways_scroll(page)
    page.locator("#deal-variant").select_option("partnership+doubles")
    page.locator("[data-deal-number]").fill("42")
    page.locator("[data-deal-go]").click()
    wanted = deal(42, "partnership+doubles")
    wait_for_table(page, wanted)
    assert page.locator("#analysis-root .odb-hand").count() == 4
    screenshots(page, f"analysis-deal-{size}")
    page.goto(site.base_url + "/analysis/")
    page.locator("#deal-variant").select_option("block")
    page.locator("[data-random-deal]").click()
    page.wait_for_url(re.compile(r"position=block"))
    position = Position.parse(parse_qs(urlparse(page.url).query)["position"][0])
    assert str(position.variant) == "block"
    wait_for_table(page, position)
    # A bad deal number is refused with the reason.
    page.goto(site.base_url + "/analysis/?deal=-3&variant=block")
    assert "deal number" in page.locator("[data-deal-error]").text_content()
    assert not errors, errors


@pytest.mark.parametrize("size", list(SIZES))
def test_editor_of_a_variant_with_drawn_stones_and_deals(site, browser, screenshots, size):
    page = browser.new_page(viewport=SIZES[size])
    errors = watch_errors(page)
    page.goto(site.base_url + "/analysis/editor/?variant=block")
    page.wait_for_selector("#editor-root [data-app]:not([hidden])")
    # The block game: two hands of 7 slots in one row, 14 out slots, 28 drawn stones.
    assert page.locator('.editor-hand[data-seat="A"] .editor-slot').count() == 7
    assert page.locator('.editor-hand[data-seat="B"] .editor-slot').count() == 7
    assert page.locator("[data-out] .editor-slot").count() == 14
    assert page.locator(".editor-stone").count() == 28
    assert page.locator(".editor-stone svg circle").count() > 0
    no_sideways_scroll(page)
    in_first_screen(page, '.editor-hand[data-seat="A"] .editor-slot')
    # The page opens with the first slot highlighted: clicking it, then a stone, puts the stone there.
    assert "active" in page.locator('[data-slot="A-front-0"]').get_attribute("class")
    page.locator('[data-slot="A-front-0"]').click()
    page.locator('.editor-stone[data-stone="12"]').click()
    assert page.locator('[data-slot="A-front-0"]').get_attribute("data-entry") == "12"
    # Click a slot, then a stone; drag a stone onto another slot.
    page.locator('[data-slot="B-front-3"]').click()
    page.locator('.editor-stone[data-stone="66"]').click()
    assert page.locator('[data-slot="B-front-3"]').get_attribute("data-entry") == "66"
    assert page.locator('.editor-stone[data-stone="66"]').is_disabled()
    page.locator('.editor-stone[data-stone="45"]').drag_to(page.locator('[data-slot="A-front-1"]'))
    assert page.locator('[data-slot="A-front-1"]').get_attribute("data-entry") == "45"
    # Texts name stones as the board does ("6-6"), never "[6|6]".
    assert "[6|6]" not in page.locator("#editor-root").inner_text()
    assert page.locator('[data-slot="B-front-3"]').get_attribute("aria-label").endswith("6-6")
    # The deal-number button lays out that deal of the variant, which the server finds valid.
    page.locator("[data-deal-number]").fill("7")
    page.locator("[data-deal-go]").click()
    page.wait_for_function(
        "() => /Valid position/.test(document.querySelector('#editor-root .study-status')?.textContent ?? '')"
    )
    assert page.evaluate("window.positionEditor.positionString()") == str(deal(7, "block"))
    no_sideways_scroll(page)
    screenshots(page, f"editor-block-{size}")
    # Partnership with doubles: four seats; a random deal is valid and opens on the analysis board.
    page.locator("select[data-variant]").select_option("partnership")
    page.locator("[data-doubles]").check()
    assert page.locator(".editor-hand").count() == 4
    assert page.locator("[data-out]").count() == 0
    page.locator("[data-random-deal]").click()
    page.wait_for_function(
        "() => /Valid position/.test(document.querySelector('#editor-root .study-status')?.textContent ?? '')"
    )
    text = page.evaluate("window.positionEditor.positionString()")
    assert text.startswith("partnership+doubles ")
    no_sideways_scroll(page)
    page.get_by_role("link", name="Analyse").click()
    wait_for_table(page, Position.parse(text))
    assert not errors, errors


def touch_drag(page, source, target, steps: int = 12) -> None:
    """A finger pressed on ``source``, moved to ``target`` and lifted (Chromium's own touch input)."""
    start, end = source.bounding_box(), target.bounding_box()
    x0, y0 = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
    x1, y1 = end["x"] + end["width"] / 2, end["y"] + end["height"] / 2
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for i in range(1, steps + 1):
        x, y = x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def test_editor_stones_are_dragged_by_touch_on_a_phone(site, browser):
    """On a phone a drawn stone dragged with a finger goes into the slot it is
    dropped on, and a placed stone dragged onto another slot moves there: the
    browser does not take the gesture for a scroll of the page."""
    context = browser.new_context(viewport=SIZES["phone"], device_scale_factor=2, is_mobile=True, has_touch=True)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(site.base_url + "/analysis/editor/?variant=block")
    page.wait_for_selector("#editor-root [data-app]:not([hidden])")
    assert page.evaluate("() => document.documentElement.scrollHeight > window.innerHeight")  # the page scrolls
    slot = page.locator('[data-slot="A-front-0"]')
    slot.scroll_into_view_if_needed()
    touch_drag(page, page.locator('.editor-stone[data-stone="45"]'), slot)
    assert slot.get_attribute("data-entry") == "45"
    other = page.locator('[data-slot="B-front-2"]')
    touch_drag(page, slot, other)
    assert other.get_attribute("data-entry") == "45"
    assert not slot.get_attribute("data-entry")
    assert not errors, errors
    context.close()
