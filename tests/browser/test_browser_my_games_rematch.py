"""After a game between people, in two browser contexts: one player offers
the rematch on the finished game's page, the other accepts it on their own
game page, and both pages move to the new game; then the finished game is in
both players' My games."""

from __future__ import annotations

import re

from browser_helpers import challenge_by_link, watch_errors
from test_browser_people_play import GAME, over

RESIGN = """async (id) => {
  const token = document.getElementById("game-root").dataset.csrfToken;
  const r = await fetch(`/api/games/${id}/resign/`, {method: "POST", headers: {"X-CSRFToken": token}});
  return r.status;
}"""


def test_a_rematch_offered_on_one_game_page_is_accepted_on_the_other(site, browser):
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2)]
    ann, bob = (c.new_page() for c in contexts)
    errors = [watch_errors(p) for p in (ann, bob)]
    for page in (ann, bob):
        page.set_default_timeout(30_000)
    bob.goto(challenge_by_link(ann, site.base_url))
    bob.get_by_role("button", name="Accept the challenge").click()
    bob.wait_for_url(re.compile(r"/play/\d+/$"), wait_until="domcontentloaded", timeout=60_000)
    first = int(re.search(r"/play/(\d+)/", bob.url).group(1))
    ann.goto(bob.url)
    for page in (ann, bob):
        page.wait_for_function(f"() => !!({GAME})")
    # the game ends (bob gives it up through the API), which both pages show
    assert bob.evaluate(RESIGN, first) == 200
    for page in (ann, bob):
        page.wait_for_function(f"() => {GAME}.status === 'over'")
        assert over(page)
    # ann offers the rematch on her page and waits; bob's page shows the offer with its buttons
    ann.locator(".gp-rematch-offer-button").click()
    ann.locator(".gp-rematch-cancel").wait_for()
    assert ann.locator(".gp-offer-rematch").is_hidden()  # the plain form to the challenge page gives way
    bob.locator(".gp-rematch-accept").wait_for()
    assert bob.locator(".gp-rematch-decline").is_visible()
    bob.locator(".gp-rematch-accept").click()
    # both pages go to the new game
    for page in (bob, ann):
        page.wait_for_url(re.compile(rf"/play/(?!{first}/)\d+/$"), wait_until="domcontentloaded", timeout=60_000)
    assert ann.url == bob.url
    for page in (ann, bob):
        page.wait_for_function(f"() => !!({GAME}) && {GAME}.status !== 'over'")
    seats = {ann.evaluate(f"{GAME}.my_seat"), bob.evaluate(f"{GAME}.my_seat")}
    assert seats == {"A", "B"}
    # the finished game is in both players' My games, with its review
    for page in (ann, bob):
        page.goto(site.base_url + "/games/mine/?result=" + ("won" if page is ann else "lost"))
        row = page.locator(f'tr.my-game[data-game="{first}"]')
        assert row.count() == 1
        assert row.locator(".my-game-review").get_attribute("href").endswith(f"/games/{first}/review/")
    assert errors == [[], []]
