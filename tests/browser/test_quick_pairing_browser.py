"""Quick pairing on a player's first visit: the waiting player reaches the
game as soon as the second player is paired with them.

A first visit installs the service worker, which keeps a few pages for
offline use at the moment the player clicks a quick-pairing button.  One of
those pages (the offline puzzles) starts a guest's session; the worker's
request for it must not answer with a cookie that replaces the one the quick
pairing just set, else the waiting player is no longer the guest who sat at
the seek and their page never goes to the game.  The test makes that race
happen every time: the worker's request for the page is answered only after
the seek is posted, with what the server gave it when it was sent."""

from __future__ import annotations

import re
import time
import urllib.request

from browser_helpers import watch_errors

QUICK = '.quick-buttons button[data-control="5+3"]'


def test_the_waiting_player_reaches_the_game_at_once(site, browser):
    base = site.base_url
    first, second = browser.new_context(), browser.new_context()
    held: list[tuple] = []

    def hold_the_workers_page(route) -> None:
        request = route.request
        if request.service_worker is None:
            route.continue_()
            return
        # Answered now by the server, as to the worker's request (its headers, its cookies),
        # but handed to the browser only after the seek is posted.
        headers = {k: v for k, v in request.all_headers().items() if not k.startswith(":")}
        with urllib.request.urlopen(urllib.request.Request(request.url, headers=headers), timeout=30) as answer:
            held.append(
                (route, answer.status, answer.headers.get_all("Set-Cookie") or [], dict(answer.headers), answer.read())
            )

    first.route(re.compile(r"/puzzles/offline/$"), hold_the_workers_page)
    ann, bob = first.new_page(), second.new_page()
    errors = [watch_errors(ann), watch_errors(bob)]
    try:
        ann.goto(base + "/lobby/")
        bob.goto(base + "/lobby/")
        deadline = time.monotonic() + 30
        while not held:
            assert time.monotonic() < deadline, "the service worker never asked for the offline page"
            ann.wait_for_timeout(50)
        ann.locator(QUICK).click()
        ann.wait_for_url(re.compile(r"/challenges/\d+/$"))
        ann.locator("#challenge-root").wait_for()
        for route, status, cookies, headers, body in held:
            headers = {k: v for k, v in headers.items() if k.lower() != "set-cookie"}
            if cookies:
                headers["set-cookie"] = "\n".join(cookies)
            route.fulfill(status=status, headers=headers, body=body)

        started = time.monotonic()
        bob.locator(QUICK).click()
        bob.wait_for_url(re.compile(r"/play/\d+/$"))
        ann.wait_for_url(bob.url, timeout=5_000, wait_until="commit")
        assert time.monotonic() - started < 5
        # and plays there: the seat is theirs, not a spectator's
        ann.wait_for_function("() => !!(window.playPage && window.playPage.game)")
        assert ann.evaluate("window.playPage.game.my_seat") in ("A", "B")
        assert all(not e for e in errors), errors
    finally:
        first.close()
        second.close()
