"""A challenge between two guests by link, in two browser contexts: the
first makes the challenge and waits on its page, the second opens the link
and accepts; both land on the game's page (the first by the challenge page's
long poll, with no reload of its own)."""

from __future__ import annotations

import re
import time

from browser_helpers import challenge_by_link, watch_errors


def test_two_guests_meet_through_a_challenge_link(site, browser, screenshots):
    first = browser.new_context(viewport={"width": 1280, "height": 900})
    second = browser.new_context(viewport={"width": 390, "height": 844})  # a phone
    ann, bob = first.new_page(), second.new_page()
    for page in (ann, bob):
        page.set_default_timeout(60_000)  # a loaded machine: the accept starts a game
    errors = [watch_errors(ann), watch_errors(bob)]
    try:
        link = challenge_by_link(ann, site.base_url)
        assert link.startswith(site.base_url)
        assert re.search(r"/challenges/\d+/$", link)
        screenshots(ann, "people-challenge-waiting")

        bob.goto(link)
        assert bob.locator(".challenge-seats").is_visible()
        bob.get_by_role("button", name="Accept the challenge").click()
        bob.wait_for_url(re.compile(r"/play/\d+/$"))
        game_url = bob.url
        # the creator's page follows by its long poll
        ann.wait_for_url(game_url, timeout=60_000)
        for page in (ann, bob):
            page.locator("#game-root").wait_for()
        screenshots(bob, "people-game-guest-b")
        for watched in errors:
            assert not watched, watched
    finally:
        first.close()
        second.close()


def test_the_people_pages_fit_a_phone(site, browser, screenshots):
    """The lobby with a seek, a new challenge, a challenge's page, the
    leaderboard and a profile in Polish on a phone: nothing scrolls sideways
    and no link or button is cut."""
    from test_layout_browser import OVERFLOW, PHONE

    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=1,
        is_mobile=True,
        has_touch=True,
        locale="pl",
        extra_http_headers={"Accept-Language": "pl"},
    )
    page = context.new_page()
    page.set_default_timeout(60_000)  # a loaded machine: the accept starts a game
    errors = watch_errors(page)
    problems: list[str] = []
    try:
        page.goto(site.base_url + "/accounts/signup/")
        page.fill('input[name="username"]', "telefonista")
        page.fill('input[name="password1"]', "a-long-pass-phrase-29")
        page.fill('input[name="password2"]', "a-long-pass-phrase-29")
        page.locator("form.account button[type=submit]").click()
        page.wait_for_url(re.compile(r"/$"))
        page.goto(site.base_url + "/lobby/")
        page.select_option('select[name="seek-control"]', "3d")
        page.select_option('select[name="seek-variant"]', "partnership")
        page.check('input[name="seek-human"][value="B"]')
        page.locator("form.new-seek button[type=submit]").click()
        page.wait_for_url(re.compile(r"/challenges/\d+/$"))
        challenge = page.url.removeprefix(site.base_url)
        for path in ("/lobby/", "/challenges/new/", challenge, "/players/", "/players/telefonista/"):
            page.goto(site.base_url + path)
            page.wait_for_timeout(150)
            assert page.locator("html").get_attribute("lang") == "pl", path
            found = page.evaluate(OVERFLOW)
            if found["scrollWidth"] > found["innerWidth"]:
                problems.append(f"{path}: the page is {found['scrollWidth']} px wide in {found['innerWidth']}")
            problems += [f"{path}: {b}" for b in found["bad"]]
            screenshots(page, f"people-phone-{re.sub(r'[^a-z0-9]+', '-', path).strip('-')}")
        page.goto(site.base_url + "/lobby/")
        assert page.locator("table.seeks tbody tr").count() == 1
        assert "Wycofaj swoje ogłoszenie" in page.locator("table.seeks").inner_text()
    finally:
        context.close()
    assert not problems, "\n".join(problems)
    assert not errors, errors


def test_a_challenge_to_a_named_player_is_told_on_whatever_page_they_are(site, browser, screenshots):
    """bob, reading the analysis board in Polish, is told of ann's challenge
    as it comes (no reload): the header's count and a notice with her name,
    the game and the clock, whose link opens the challenge to accept."""
    from test_browser_people_rated import sign_up

    base = site.base_url
    stamp = int(time.time() * 1000) % 10**7
    names = {"ann": f"inbox_ann{stamp}", "bob": f"inbox_bob{stamp}"}
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2)]
    try:
        ann, bob = (c.new_page() for c in contexts)
        errors = [watch_errors(ann), watch_errors(bob)]
        for page, who in ((ann, "ann"), (bob, "bob")):
            page.set_default_timeout(60_000)
            sign_up(page, base, names[who])
        contexts[1].add_cookies([{"name": "django_language", "value": "pl", "url": base}])
        bob.goto(base + "/analysis/")
        inbox = bob.locator("#challenge-inbox")
        assert inbox.count() == 1
        assert not inbox.is_visible()
        bob.wait_for_timeout(1000)  # its long poll under way

        ann.goto(base + "/challenges/new/")
        ann.select_option('select[name="control"]', "5+3")
        ann.check('input[name="human"][value="A"]')
        ann.fill('input[name="to"]', names["bob"])
        ann.get_by_role("button", name="Create the challenge").click()
        ann.wait_for_url(re.compile(r"/challenges/\d+/$"))
        challenge_url = ann.url

        notice = bob.locator(".challenge-notice")
        notice.wait_for()
        text = notice.inner_text()
        assert f"Nowe wyzwanie od {names['ann']}" in text, text
        assert "partia towarzyska" in text, text
        assert inbox.is_visible()
        assert inbox.locator(".challenge-inbox-count").inner_text() == "1"
        assert bob.url == base + "/analysis/"  # no reload
        screenshots(bob, "people-challenge-notice")
        notice.get_by_role("link", name="Otwórz wyzwanie").click()
        bob.wait_for_url(challenge_url)
        # the challenge's page has its Accept; once declined, the count goes on the next page
        bob.locator("form[action$='/decline/'] button").click()
        bob.goto(base + "/analysis/")
        assert not bob.locator("#challenge-inbox").is_visible()
        for watched in errors:
            assert not watched, watched
    finally:
        for context in contexts:
            context.close()
