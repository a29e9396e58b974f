"""A challenge between two guests by link, in two browser contexts: the
first makes the challenge and waits on its page, the second opens the link
and accepts; both land on the game's page (the first by the challenge page's
long poll, with no reload of its own)."""
from __future__ import annotations

import re

from browser_helpers import watch_errors


def test_two_guests_meet_through_a_challenge_link(site, browser, screenshots):
    first = browser.new_context(viewport={"width": 1280, "height": 900})
    second = browser.new_context(viewport={"width": 390, "height": 844})  # a phone
    ann, bob = first.new_page(), second.new_page()
    for page in (ann, bob):
        page.set_default_timeout(30_000)
    errors = [watch_errors(ann), watch_errors(bob)]
    try:
        ann.goto(site.base_url + "/lobby/")
        ann.get_by_role("link", name="Challenge a friend by link instead").click()
        ann.wait_for_url(re.compile(r"/challenges/new/$"))
        ann.select_option('select[name="control"]', "5+3")
        ann.check('input[name="human"][value="A"]')
        ann.get_by_role("button", name="Create the challenge").click()
        ann.wait_for_url(re.compile(r"/challenges/\d+/$"))
        link = ann.locator(".challenge-link input").input_value()
        assert link.startswith(site.base_url) and re.search(r"/challenges/\d+/$", link)
        screenshots(ann, "people-challenge-waiting")

        bob.goto(link)
        assert bob.locator(".challenge-seats").is_visible()
        bob.get_by_role("button", name="Accept the challenge").click()
        bob.wait_for_url(re.compile(r"/play/\d+/$"))
        game_url = bob.url
        # the creator's page follows by its long poll
        ann.wait_for_url(game_url, timeout=30_000)
        for page in (ann, bob):
            page.locator("#game-root").wait_for()
        screenshots(bob, "people-game-guest-b")
        for watched in errors:
            assert not watched, watched
    finally:
        first.close()
        second.close()
