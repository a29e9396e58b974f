"""The coach's due-today queue and the insights page in headless Chromium: a
guest plays a practice game with deliberate mistakes, the home page counts
them as exercises due today and links to them; the guest turns on the replay
of failed puzzles with the plain form and the home page counts due puzzles
too; the insights page shows the game's points lost and accuracy as
server-drawn SVG charts and the tables by phase, kind of move and variant,
fitting a phone's width in every language, with and without JavaScript."""

from __future__ import annotations

import re

from browser_helpers import browser_page
from test_browser_coach import csrf_header, play_game_with_mistakes, wait_for_exercises

PHONE = {"width": 390, "height": 844}
WORDS = {"en": "Insights", "pl": "Statystyki", "nl": "Inzichten", "ro": "Statistici"}


def test_a_guest_meets_the_due_queue_and_their_insights(site, browser, screenshots):
    base = site.base_url
    with browser_page(browser, viewport={"width": 1280, "height": 900}) as (page, errors):
        context = page.context
        page.goto(base + "/")
        game, made = play_game_with_mistakes(page, base, csrf_header(context))
        exercises = wait_for_exercises(page, base, len(made))
        assert len(exercises) == len(made) >= 1

        page.goto(base + "/")
        due = page.locator(".due-today .exercises-due a")
        assert re.match(rf"{len(made)} of your mistakes (is|are) due", due.inner_text())
        assert page.locator(".due-today .puzzles-due").count() == 0  # not asked for
        due.click()
        page.wait_for_url(base + "/coach/")
        assert page.locator("table.exercises tbody tr").count() == len(made)

        # the replay of failed puzzles, turned on with the plain form of the coach's puzzles page
        page.goto(base + "/coach/puzzles/")
        page.locator('.replay-setting input[type="checkbox"]').check()
        page.locator(".replay-setting button").click()
        page.wait_for_url(base + "/coach/puzzles/")
        assert page.locator('.replay-setting input[type="checkbox"]').is_checked()
        page.goto(base + "/")
        assert page.locator(".due-today .puzzles-due").inner_text().startswith("0 failed puzzles are due")

        # the insights: one finished game, its charts and tables
        page.locator(".due-today .insights-link a").click()
        page.wait_for_url(base + "/insights/")
        assert page.locator('figure[data-chart="points-lost"] svg circle').count() == 1
        assert page.locator('figure[data-chart="accuracy"] svg circle').count() == 1
        assert page.locator("table.insights-phases tbody tr").count() == 3
        assert page.locator("table.insights-kinds tbody tr").count() == 3
        assert page.locator('table.insights-variants tbody tr[data-variant="lewicki"]').count() == 1
        screenshots(page, "insights-desktop")
        assert errors == []
        cookies = context.cookies()

        for language, word in WORDS.items():
            for script in (True, False):
                phone = browser.new_context(
                    viewport=PHONE,
                    is_mobile=True,
                    has_touch=True,
                    locale=language,
                    extra_http_headers={"Accept-Language": language},
                    java_script_enabled=script,
                )
                phone.add_cookies(cookies)
                small = phone.new_page()
                small.goto(base + "/insights/")
                assert small.locator("html").get_attribute("lang") == language
                assert small.locator("h1").inner_text() == word
                assert small.locator('figure[data-chart="points-lost"] svg').is_visible()
                wide = small.evaluate("document.documentElement.scrollWidth")
                assert wide <= PHONE["width"], (language, script, wide)
                chart = small.evaluate(
                    "document.querySelector('figure[data-chart=\"points-lost\"] svg').getBoundingClientRect().right"
                )
                assert chart <= PHONE["width"]
                if script and language != "en":
                    screenshots(small, f"insights-phone-{language}")
                phone.close()
