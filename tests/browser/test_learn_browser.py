"""The course for newcomers, completed end to end in headless Chromium in
each of the four languages: from the home page's link to the course page,
every lesson's positions played by clicking the board (a stone, then an end,
or the Pass button), a click on a covered stone (the board says what covers
it) and one wrong move on the way with its reason in the page's language, each lesson opening the next, and at the end the course
page marks every lesson done.  In Polish, Dutch and Romanian no English text
of the site's catalogues shows on the course page or any lesson (as
test_i18n_browser checks the other pages).  Two languages on a phone's screen (390x844).
One more test plays a lesson with the keyboard only."""

from __future__ import annotations

import pytest
from browser_helpers import watch_errors
from test_i18n_browser import VISIBLE_TEXT, english_fragments, english_on
from test_layout_browser import OVERFLOW

from puzzles.learn.lessons import LESSON_KEYS, LESSONS

# The language, and the screen it is played on.
RUNS = [("en", (1366, 900)), ("pl", (390, 844)), ("nl", (1280, 800)), ("ro", (390, 844))]
# English words of the wrong move's reason, which must not show in another language.
ENGLISH_REASON = "your opponent can still play"


def new_page(browser, lang: str, size: tuple[int, int]):
    phone = size[0] < 600
    context = browser.new_context(
        locale=lang,
        extra_http_headers={"Accept-Language": lang},
        viewport={"width": size[0], "height": size[1]},
        is_mobile=phone,
        has_touch=phone,
    )
    page = context.new_page()
    page.set_default_timeout(20_000)
    return page


def wait_for_step(page, number: int) -> None:
    page.wait_for_selector(f'#learn-root[data-step="{number}"][data-state="your-move"] svg.odb-svg')


def click_move(page, move: str) -> None:
    """A move on the board by pointer: the Pass button, or the stone and then its end."""
    if move == "pass":
        page.locator(".odb-pass").click()
        return
    page.locator(f'.odb-hand[data-side="A"] .odb-hand-stone[data-stone="{move[:2]}"]').first.click()
    page.locator(f'.odb-end.is-target[data-end="{move[2:] or "open"}"]').first.click()


@pytest.mark.parametrize(("lang", "size"), RUNS, ids=[lang for lang, _ in RUNS])
def test_the_whole_course_in_the_language(site, browser, screenshots, lang, size):
    base = site.base_url
    page = new_page(browser, lang, size)
    errors = watch_errors(page)
    fragments = english_fragments(lang) if lang != "en" else []
    problems: list[str] = []

    def check_page(where: str) -> None:
        """No English on the page (in the other languages), and on a phone nothing wider than the screen."""
        found = english_on(page.evaluate(VISIBLE_TEXT), fragments) if fragments else []
        if found:
            problems.append(f"{where}: {found[:8]}")
        layout = page.evaluate(OVERFLOW) if size[0] < 600 else {"scrollWidth": 0, "innerWidth": 0, "bad": []}
        if layout["scrollWidth"] > layout["innerWidth"] or layout["bad"]:
            problems.append(f"{where}: {layout['scrollWidth']} px wide in {layout['innerWidth']}, {layout['bad']}")

    page.goto(base + "/")
    assert page.locator("html").get_attribute("lang") == lang
    # A newcomer finds the course on the home page.
    page.locator("[data-intro] a.learn-link").click()
    page.wait_for_url("**/learn/")
    assert page.locator("li.learn-lesson.is-locked").count() == len(LESSON_KEYS) - 1
    check_page("course")
    page.locator("a.learn-continue").click()
    for key in LESSON_KEYS:
        lesson = LESSONS[key]
        page.wait_for_url(f"**/learn/{key}/**")
        for number, step in enumerate(lesson.steps, 1):
            wait_for_step(page, number)
            if number == 1:
                check_page(key)
                screenshots(page, f"learn-{lang}-{key}")
            elif key == "placing":
                screenshots(page, f"learn-{lang}-position-{number}")
            if key == "rows" and number == 1:
                # The stone that would fit is covered: a click on it says by what, and plays nothing.
                page.locator('.odb-hand[data-side="A"] .odb-hand-stone[data-stone="66"]').first.click(force=True)
                page.wait_for_function("document.querySelector('#learn-root .odb-live').textContent.includes('1-1')")
                assert "6-6" in page.locator("#learn-root .odb-live").text_content()
                assert page.locator("#learn-root").get_attribute("data-state") == "your-move"
            if key == "blocking" and number == 1:
                # A move that lets the opponent play: wrong, and the page says why.
                click_move(page, "01R")
                page.wait_for_selector('#learn-root[data-state="wrong"]')
                feedback = page.locator(".learn-feedback.wrong").inner_text()
                assert "[6|6]" in feedback
                assert "01R" in feedback
                assert (ENGLISH_REASON in feedback) == (lang == "en"), feedback
                check_page("a wrong move")
                screenshots(page, f"learn-{lang}-wrong")
            click_move(page, step.accepted[0])
            page.wait_for_selector('#learn-root[data-state="right"] [data-next]')
            if number == len(lesson.steps):
                check_page(f"{key} done")
            if number == 1 and key == "placing":
                screenshots(page, f"learn-{lang}-right")
            page.locator("[data-next]").click()
    page.wait_for_url("**/learn/")
    done = page.locator('li.learn-lesson[data-done="true"]')
    assert done.count() == len(LESSON_KEYS)
    assert page.locator(".learn-finished").is_visible()
    screenshots(page, f"learn-{lang}-course-done")
    check_page("course done")
    assert problems == []
    assert errors == []


def test_a_lesson_with_the_keyboard_only(site, browser):
    base = site.base_url
    page = new_page(browser, "en", (1280, 800))
    errors = watch_errors(page)
    page.goto(base + "/learn/placing/")
    wait_for_step(page, 1)
    for number in (1, 2, 3):
        wait_for_step(page, number)
        page.locator("#learn-root .learn-board .odb").focus()
        # The arrows go to the first playable stone, Enter selects it; Enter again plays it
        # where it fits (L plays it on the left end when it fits both).
        page.keyboard.press("ArrowRight")
        page.keyboard.press("Enter")
        page.keyboard.press("L" if number == 3 else "Enter")
        page.wait_for_selector('#learn-root[data-state="right"] [data-next]')
        assert page.evaluate("document.activeElement.hasAttribute('data-next')")
        page.keyboard.press("Enter")
    page.wait_for_url("**/learn/rows/")
    assert errors == []
