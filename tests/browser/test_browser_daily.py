"""The daily deal in headless Chromium at a phone's width, against the real
site (a worker grades the moves): from the home page's link, start today's
deal, play it to its end by clicking stones and ends in the play widget the
page hosts, then the page comes back with the result against the field (the
figures, the histogram, the share line and its copy button, the best line),
nothing wider than the screen; the archive lists the day."""

from __future__ import annotations

import re

from browser_helpers import browser_page, tap_a_move

STATUS = "document.getElementById('game-root') && document.getElementById('game-root').dataset.status"


def test_todays_deal_played_on_a_phone_and_its_result(site, browser, screenshots):
    with browser_page(browser, viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True) as (
        page,
        errors,
    ):
        page.goto(site.base_url + "/")
        page.locator(".daily-deal-link a").click()
        page.wait_for_url(re.compile(r"/daily/$"))
        page.get_by_role("button", name="Play today's deal").click()
        page.wait_for_url(re.compile(r"/daily/\d{4}-\d\d-\d\d/$"))
        day = re.search(r"/daily/(\d{4}-\d\d-\d\d)/", page.url).group(1)
        # the script took over: the plain board is hidden, the widget drawn, its hints hidden
        page.locator("#game-root .gp-board svg.odb-svg").wait_for()
        assert page.locator("[data-fallback]").first.is_hidden()
        assert page.locator(".gp-hint-box").is_hidden()
        screenshots(page, "daily-playing")
        for _ in range(40):
            # One read of the page's state, by the wait itself: the page reloads itself (to the
            # result) once every move is graded, so a second read after it could find another page.
            state = page.wait_for_function(
                f"() => document.querySelector('.daily-result') ? 'result'"
                f" : (['your-move', 'over'].includes({STATUS}) ? {STATUS} : false)",
                timeout=45_000,
            ).json_value()
            if state != "your-move":
                break
            shown = page.locator(".gp-move:not(.is-pending)").count()
            tap_a_move(page, page.evaluate("window.dailyPage.play.game.legal_moves"))
            # The move drawn, or (the last move graded at once) the result page already there.
            page.locator(f'.gp-move[data-ply="{shown}"] .gp-mv, .daily-result').first.wait_for()
        # once every move is graded the page comes back with the result, drawn by the server
        page.locator(".daily-result").wait_for(timeout=60_000)
        assert page.url.endswith(f"/daily/{day}/")
        figures = page.locator(".daily-figures").inner_text()
        assert "points lost" in figures or "point lost" in figures
        assert "rank 1 of 1" in figures
        assert "the first result of the day" in figures
        share = page.locator("#daily-share").input_value()
        assert share.startswith(f"Open domino daily deal {day}: ")
        assert "the first result of the day" in share
        assert page.locator(".daily-copy").is_visible()
        assert page.locator("svg.daily-histogram .bar.mine rect").count() == 1
        page.locator(".daily-best-line .daily-line li").first.wait_for()
        # nothing is wider than the phone's screen
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
        screenshots(page, "daily-result")
        page.get_by_role("link", name="Past daily deals").click()
        page.wait_for_url(re.compile(r"/daily/archive/$"))
        row = page.locator("table.daily-archive tbody tr").first
        assert day in row.locator("time").get_attribute("datetime")
        assert "lost" in row.inner_text()
        # the result and the archive in the other languages, as wide as the screen
        for language, word in (("pl", "Twój wynik"), ("nl", "Jouw resultaat"), ("ro", "Rezultatul tău")):
            page.set_extra_http_headers({"Accept-Language": language})
            for path in (f"/daily/{day}/", "/daily/archive/"):
                page.goto(site.base_url + path)
                assert page.evaluate("document.documentElement.lang") == language
                assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), (language, path)
            assert word in page.locator("table.daily-archive").inner_text()
            screenshots(page, f"daily-archive-{language}")
        page.set_viewport_size({"width": 1366, "height": 900})
        page.goto(site.base_url + f"/daily/{day}/")
        screenshots(page, "daily-result-desktop")
        assert not errors, errors
