"""The double-dummy review in headless Chromium against the real site (a
worker grades the moves): a partnership deal typed in hand by hand at
desktop width, a block record pasted at 390x844; the board beside (or
above, on a phone) the moves, four seats and the out stones drawn, stepping
with the arrow keys wherever the focus is, a click on the chart jumping to
that ply, the share link opening the same review for a stranger, and no
sideways scroll."""

from __future__ import annotations

import random
from urllib.parse import urlencode

from browser_helpers import watch_errors

from solver import GameRecord, analyse, deal

DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 390, "height": 844}


def played(variant: str, seed: int) -> GameRecord:
    rng = random.Random(seed)
    record = GameRecord(deal(seed, variant))
    while not record.is_over:
        moves = analyse(record.final_position).moves
        record = record.push(moves[0].move if rng.random() < 0.5 else rng.choice(moves).move)
    return record


def hands_of(record: GameRecord) -> list[str]:
    return [" ".join(s for s in hand["front"] if s) for hand in record.start.to_json()["hands"].values()]


def current_ply(page) -> int:
    return int(page.locator("[data-plies] tbody tr.current").get_attribute("data-ply"))


def no_sideways_scroll(page) -> None:
    width = page.evaluate("document.documentElement.clientWidth")
    assert page.evaluate("document.documentElement.scrollWidth") <= width, "the page scrolls sideways"


def test_partnership_review_at_desktop(site, browser, screenshots):
    record = played("partnership", 5)
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(site.base_url + "/analysis/games/")
    page.select_option('.review-deal-form select[name="variant"]', "partnership")
    for seat, hand in zip("abcd", hands_of(record), strict=True):
        page.fill(f'.review-deal-form input[name="hand_{seat}"]', hand)
    assert page.locator(".review-deal-form [data-out]").is_hidden()  # nothing stays out in partnership
    page.fill('.review-deal-form textarea[name="moves"]', " ".join(str(m) for m in record.moves))
    screenshots(page, "review-deal-form-desktop")
    page.locator(".review-deal-form button[type=submit]").click()
    page.wait_for_selector("#game-analysis-root[data-app=review]", timeout=90_000)

    # four seats and every move, graded as the solver grades them here
    assert page.locator("[data-review-board] .odb-hand").count() == 4
    rows = page.locator("[data-plies] tbody tr[data-side]")
    assert rows.count() == len(record.moves)
    for i, (position, move) in enumerate(zip(record.positions(), record.moves, strict=False)):
        grade = analyse(position).move_value(move).grade
        assert f"grade-{grade}" in rows.nth(i).get_attribute("class")
    assert page.locator("[data-team-summary] tbody tr").count() == 2

    # the board beside the moves
    board = page.locator("[data-review-board]").bounding_box()
    moves = page.locator(".review-moves-col").bounding_box()
    assert moves["x"] >= board["x"] + board["width"] - 1
    assert moves["y"] < board["y"] + board["height"]

    # the arrow keys step wherever the focus is (here: on the share link's field)
    assert current_ply(page) == 0
    # a read-only board: the first move is shown as a suggestion, nothing is offered to play
    status = page.locator("[data-review-board] .odb-status").text_content() or ""
    assert "again to play" not in status
    assert "Choose an end" not in status
    assert "select a stone" not in status
    assert page.locator("[data-review-board] .odb-hand-stone.is-selectable").count() == 0
    assert page.locator("[data-review-board] .odb-suggest").count() >= 1
    page.locator("[data-share]").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert current_ply(page) == 2
    assert "ply=2" in page.url
    page.locator("h1").click()
    page.keyboard.press("End")
    assert current_ply(page) == len(record.moves)
    page.keyboard.press("ArrowLeft")
    assert current_ply(page) == len(record.moves) - 1
    text = page.locator("[data-review-now]").text_content()
    assert record.positions()[len(record.moves) - 1].side in text

    # a click on a point of the chart jumps to that ply
    dot = page.locator('[data-chart] [data-chart-ply="5"] circle')
    dot.scroll_into_view_if_needed()
    dot.click()
    assert current_ply(page) == 5
    assert page.locator('[data-chart] [data-chart-ply="5"] circle.current').count() == 1
    # a click on a move jumps too
    rows.nth(8).click()
    assert current_ply(page) == 9
    # seen from C's seat: C at the bottom, A (the partner) across
    assert page.locator('[data-review-board] .odb-hand[data-side="A"][data-place="bottom"]').count() == 1
    page.select_option("select.review-seat", "C")
    assert page.locator('[data-review-board] .odb-hand[data-side="C"][data-place="bottom"]').count() == 1
    assert page.locator('[data-review-board] .odb-hand[data-side="A"][data-place="top"]').count() == 1
    assert "seat=C" in page.url
    screenshots(page, "review-partnership-desktop")
    no_sideways_scroll(page)

    # the share link opens the same review for someone else
    share = page.locator("[data-share]").input_value()
    stranger = browser.new_context(viewport=DESKTOP).new_page()
    stranger.goto(share)
    stranger.wait_for_selector("#game-analysis-root[data-app=review]")
    assert stranger.locator("[data-plies] tbody tr[data-side]").count() == len(record.moves)
    stranger.context.close()
    assert not errors, errors
    context.close()


def test_block_review_at_phone_width(site, browser, screenshots):
    record = played("block", 11)
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    page = context.new_page()
    errors = watch_errors(page)
    page.goto(site.base_url + "/analysis/games/")
    no_sideways_scroll(page)
    screenshots(page, "review-new-phone")
    page.fill('textarea[name="record"]', str(record))
    page.locator(".game-record-form button[type=submit]").click()
    page.wait_for_selector("#game-analysis-root[data-app=review]", timeout=90_000)
    assert page.locator("[data-review-board] .odb-hand").count() == 2
    assert page.locator("[data-review-board] .odb-out").count() == 1
    assert page.locator("[data-plies] tbody tr[data-side]").count() == len(record.moves)
    # the board fits the screen's width; the moves come below it
    box = page.locator("[data-review-board]").bounding_box()
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= PHONE["width"] + 0.5
    page.locator(".review-nav-next").click()
    assert current_ply(page) == 1
    no_sideways_scroll(page)
    screenshots(page, "review-block-phone")
    assert not errors, errors
    context.close()


def test_refused_record_says_the_move_and_stores_nothing(site, browser):
    start = deal(11, "block")
    first = start.legal_moves()[0]
    page = browser.new_page(viewport=DESKTOP)
    page.goto(site.base_url + "/analysis/games/")
    # hands typed for four seats, then the variant changed: the hidden seats are not sent
    page.select_option('.review-deal-form select[name="variant"]', "partnership")
    page.fill('.review-deal-form input[name="hand_c"]', "11 22")
    page.select_option('.review-deal-form select[name="variant"]', "block")
    assert page.locator('.review-deal-form input[name="hand_c"]').is_hidden()
    for seat, hand in zip(
        "ab", [" ".join(s for s in h["front"] if s) for h in start.to_json()["hands"].values()], strict=True
    ):
        page.fill(f'.review-deal-form input[name="hand_{seat}"]', hand)
    page.fill('.review-deal-form textarea[name="moves"]', f"{first} pass")
    page.locator(".review-deal-form button[type=submit]").click()
    alert = page.locator(".review-deal-form [data-form-error]")
    alert.wait_for()
    assert "at move 2:" in alert.text_content()
    assert "pass" in alert.text_content()
    assert "/analysis/games/" in page.url
    assert page.locator("#game-analysis-root").count() == 0
    page.close()


def test_review_without_scripts(site, browser, screenshots):
    """Without scripts the review is plain HTML: the server-drawn board at
    ?ply=, links to step, the moves and the chart's points as links."""
    record = played("partnership", 9)
    maker = browser.new_page()
    maker.goto(site.base_url + "/analysis/games/")
    maker.fill('textarea[name="record"]', str(record))
    maker.locator(".game-record-form button[type=submit]").click()
    maker.wait_for_selector("#game-analysis-root[data-app=review]", timeout=90_000)
    address = maker.url.split("?")[0]
    context = browser.new_context(viewport=DESKTOP, java_script_enabled=False)
    page = context.new_page()
    page.context.add_cookies(maker.context.cookies())
    page.goto(address + "?ply=3")
    assert page.locator(".plain-board").is_visible()
    assert page.locator("[data-plies] tbody tr.current").get_attribute("data-ply") == "3"
    assert str(record.moves[3]) in page.locator("[data-review-now]").text_content()  # the next move
    page.get_by_role("link", name="Next", exact=True).click()
    assert page.locator("[data-plies] tbody tr.current").get_attribute("data-ply") == "4"
    page.locator('[data-chart] [data-chart-ply="7"]').click()
    assert page.locator("[data-plies] tbody tr.current").get_attribute("data-ply") == "7"
    screenshots(page, "review-no-script")
    context.close()
    maker.close()


def test_from_the_editor_to_the_review(site, browser):
    """A deal set up in the editor opens the review's form with its hands."""
    start = deal(21, "partnership")
    page = browser.new_page(viewport=DESKTOP)
    errors = watch_errors(page)
    page.goto(site.base_url + "/analysis/editor/?" + urlencode({"position": str(start)}))
    link = page.locator("[data-review-link]:visible").first
    link.wait_for()
    link.click()
    page.wait_for_selector(".review-deal-form")
    assert page.locator('.review-deal-form select[name="variant"]').input_value() == "partnership"
    hands = [" ".join(s for s in h["front"] if s) for h in start.to_json()["hands"].values()]
    for seat, hand in zip("abcd", hands, strict=True):
        assert page.locator(f'.review-deal-form input[name="hand_{seat}"]').input_value() == hand
    assert not errors, errors
    page.close()
