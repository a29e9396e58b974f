"""The standings of a big event a page at a time in the browser: twelve
guests enter an arena that starts later (eleven through the API, the last
from its page, on a phone), whose page shows ten lines a page.  The
newcomer is shown their own page (the second) with their line marked;
they turn to the first, which stays shown while the event changes (one
more guest joins), and come back to their own with "Your page".  Without
JavaScript, in Polish, Dutch and Romanian, the pages are links."""

from __future__ import annotations

import urllib.parse
import urllib.request
from datetime import UTC, datetime, timedelta

from browser_helpers import browser_page
from running_site import Player

PASSWORD = "a-long-pass-phrase-29"
PHONE = {"viewport": {"width": 375, "height": 740}, "device_scale_factor": 1, "is_mobile": True, "has_touch": True}
PAGE_OF = {"en": "Page {} of {}", "pl": "Strona {} z {}", "nl": "Pagina {} van {}", "ro": "Pagina {} din {}"}
FIRST = {"pl": "Pierwsza strona", "nl": "Eerste pagina", "ro": "Prima pagină"}


def organiser(base: str) -> Player:
    """An account (making an event needs one), signed up through the form."""
    player = Player(base)
    body = urllib.parse.urlencode(
        {"username": "pager", "password1": PASSWORD, "password2": PASSWORD, "csrfmiddlewaretoken": player.csrf_token()}
    ).encode()
    request = urllib.request.Request(
        base + "/accounts/signup/", data=body, method="POST", headers={"Referer": base + "/"}
    )
    with player.opener.open(request, timeout=30) as response:
        assert response.status == 200
    return player


def shown(page) -> tuple[str, int, bool]:
    """The pager's words, the lines shown and whether one is the reader's own."""
    return page.evaluate(
        """() => [
            document.querySelector('.tournament-live .standings-page')?.textContent ?? '',
            document.querySelectorAll('.tournament-live table.standings tbody tr').length,
            !!document.querySelector('.tournament-live table.standings tr.you'),
        ]"""
    )


def until_shown(page, words: str, lines: int, mine: bool) -> None:
    page.wait_for_function(
        """([words, lines, mine]) =>
            (document.querySelector('.tournament-live .standings-page')?.textContent ?? '') === words
            && document.querySelectorAll('.tournament-live table.standings tbody tr').length === lines
            && !!document.querySelector('.tournament-live table.standings tr.you') === mine""",
        arg=[words, lines, mine],
        timeout=20_000,
    )


def test_a_big_events_standings_are_turned_a_page_at_a_time(site, browser, screenshots):
    starts = (datetime.now(UTC) + timedelta(hours=1)).isoformat()
    status, made = organiser(site.base_url).call(
        "POST",
        "/api/tournaments/",
        {"kind": "arena", "clock": {"initial": 300, "increment": 3}, "minutes": 30, "starts_at": starts},
    )
    assert status == 201, made
    api = f"/api/tournaments/{made['id']}/"
    for _ in range(11):
        assert Player(site.base_url).call("POST", api + "join/")[0] == 200
    with browser_page(browser, **PHONE) as (page, errors):
        page.goto(site.base_url + made["url"])
        until_shown(page, "Page 1 of 2", 10, False)  # a visitor: the first page
        page.locator(".tournament-live button.tournament-join").click()
        until_shown(page, "Page 2 of 2", 2, True)  # in: their own page, their line marked
        screenshots(page, "tournament-pages-own")
        page.get_by_role("button", name="First page").click()
        until_shown(page, "Page 1 of 2", 10, False)
        version = int(page.locator("#tournament").get_attribute("data-version"))
        # the event changes: the page shown stays the one turned to
        assert Player(site.base_url).call("POST", api + "join/")[0] == 200
        page.wait_for_function(
            "v => Number(document.getElementById('tournament').dataset.version) > v", arg=version, timeout=20_000
        )
        assert shown(page) == ["Page 1 of 2", 10, False]
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
        page.get_by_role("button", name="Your page").click()
        until_shown(page, "Page 2 of 2", 3, True)
        assert page.get_by_role("button", name="Your page").count() == 0
        assert errors == []
    # without JavaScript the pages are links, in every language
    for language, first in FIRST.items():
        with browser_page(browser, java_script_enabled=False, locale=language, **PHONE) as (page, _errors):
            page.set_extra_http_headers({"Accept-Language": language})
            page.goto(f"{site.base_url}{made['url']}?page=2")
            pager = page.locator(".standings-pager")
            assert PAGE_OF[language].format(2, 2) in pager.inner_text()
            assert page.locator("table.standings tbody tr").count() == 3
            pager.get_by_role("link", name=first).click()
            assert PAGE_OF[language].format(1, 2) in page.locator(".standings-pager").inner_text()
            assert page.locator("table.standings tbody tr").count() == 10
            assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1"), language
            screenshots(page, f"tournament-pages-{language}")
