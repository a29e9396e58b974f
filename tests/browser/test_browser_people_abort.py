"""A rated game between two accounts, called off and paired through the
lobby's pages: the player waiting on an opponent who does not make a first
move sees the abort button come when the wait is over (no reload), the player to move never does;
the abort ends the game for both, unrated.  Quick pairing with a rating range:
the seek waits in the lobby with the range it accepts, and a player within it
pressing the same control is paired with it."""

from __future__ import annotations

import re
import time

from browser_helpers import watch_errors
from test_browser_people_play import GAME
from test_browser_people_rated import sign_up


def accounts(browser, base: str, prefix: str):
    stamp = int(time.time() * 1000) % 10**7
    names = [f"{prefix}_ann{stamp}", f"{prefix}_bob{stamp}"]
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in names]
    pages = [c.new_page() for c in contexts]
    for page, name in zip(pages, names, strict=True):
        page.set_default_timeout(60_000)
        sign_up(page, base, name)
    return names, contexts, pages


def test_a_rated_game_whose_opponent_never_moves_is_aborted_unrated(site, browser):
    base = site.base_url
    names, contexts, (ann, bob) = accounts(browser, base, "abort")
    try:
        errors = [watch_errors(p) for p in (ann, bob)]
        ann.goto(base + "/challenges/new/")
        ann.select_option('select[name="control"]', "5+3")
        ann.check('input[name="rated"]')
        ann.fill('input[name="to"]', names[1])
        ann.get_by_role("button", name="Create the challenge").click()
        ann.wait_for_url(re.compile(r"/challenges/\d+/$"))
        bob.goto(ann.url)
        bob.get_by_role("button", name="Accept the challenge").click()
        bob.wait_for_url(re.compile(r"/play/\d+/$"))
        ann.wait_for_url(bob.url, wait_until="domcontentloaded")
        for page in (ann, bob):
            page.wait_for_function(f"() => !!({GAME})")
        to_move = ann.evaluate(f"{GAME}.to_move")
        mover, waiter = (ann, bob) if ann.evaluate(f"{GAME}.my_seat") == to_move else (bob, ann)
        button = waiter.locator(".gp-abort")
        # the opponent has 10 s for a first move first: the button is hidden until then
        opens = waiter.evaluate(f"{GAME}.abort_from")
        assert opens is not None
        if waiter.evaluate("Date.now()") < opens - 1000:
            assert not button.is_visible()
        button.wait_for(state="visible", timeout=30_000)  # then it comes, without a reload
        assert not mover.locator(".gp-abort").is_visible()  # the player to move plays or resigns
        button.click()
        for page in (waiter, mover):
            page.wait_for_function(f"() => {GAME}.status === 'over'", timeout=30_000)
            assert page.evaluate(f"{GAME}.result.reason") == "aborted"
        for name in names:
            ann.goto(f"{base}/players/{name}/")
            assert "No rated games yet." in ann.locator("main").inner_text()
        assert all(not e for e in errors), errors
    finally:
        for context in contexts:
            context.close()


def test_quick_pairing_with_a_rating_range(site, browser):
    base = site.base_url
    names, contexts, (ann, bob) = accounts(browser, base, "quick")
    try:
        errors = [watch_errors(p) for p in (ann, bob)]
        ann.goto(base + "/lobby/")
        ann.select_option("#quick-range", "100")
        ann.locator('.quick-buttons button[data-control="10+5"]').click()
        ann.wait_for_url(re.compile(r"/challenges/\d+/$"))  # nobody waited: her seek waits
        # in bob's lobby, with the range it accepts around her rating (a new account's 1500)
        bob.goto(base + "/lobby/")
        row = bob.locator("table.seeks tbody tr", has_text=names[0])
        assert "1400–1600" in row.inner_text(), row.inner_text()
        bob.select_option("#quick-range", "200")
        bob.locator('.quick-buttons button[data-control="10+5"]').click()
        bob.wait_for_url(re.compile(r"/play/\d+/$"))  # paired with hers
        ann.wait_for_url(bob.url, wait_until="domcontentloaded")
        for page in (ann, bob):
            page.wait_for_function(f"() => !!({GAME})")
            assert page.evaluate(f"{GAME}.time_control.initial") == 600
        assert {ann.evaluate(f"{GAME}.my_seat"), bob.evaluate(f"{GAME}.my_seat")} == {"A", "B"}
        assert all(not e for e in errors), errors
    finally:
        for context in contexts:
            context.close()
