"""Notifications as a player meets them: Bob, signed up in a browser of his
own, has a Web Push subscription registered from his page (headless
Chromium has no push service: the page sends the subscription the test made
as a browser does, for a push endpoint the test serves); Ann challenges him
to a correspondence game, and when her move hands him the turn the site's
worker pushes "your turn" to his endpoint, encrypted for his keys and naming
the game, and the bell of the page he has open shows his unread notices."""

from __future__ import annotations

from browser_helpers import browser_page, failure_shown
from push_service import PushService, browser_keys, decrypted
from running_site import until
from test_browser_people_rated import sign_up

# A JSON request from the page, with the CSRF token of its cookie.
FETCH = """async ([url, method, body]) => {
  const token = (document.cookie.match(/csrftoken=([^;]+)/) || [])[1] || "";
  const response = await fetch(url, {method, credentials: "same-origin",
    headers: {"Content-Type": "application/json", "X-CSRFToken": token},
    body: body === null ? undefined : JSON.stringify(body)});
  return {status: response.status, data: await response.json().catch(() => null)};
}"""


def call(page, url: str, method: str = "GET", body=None) -> dict:
    answer = page.evaluate(FETCH, [url, method, body])
    assert answer["status"] < 300, (url, answer)
    return answer["data"]


def api(page, url: str, body=None) -> dict:
    """A request with the page's cookies but not from the page (which may be navigating: a
    challenge taken sends its maker's page to the game)."""
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    base = page.url.split("/", 3)[:3]
    full = "/".join(base) + url
    if body is None:
        response = page.request.get(full)
    else:
        response = page.request.post(full, data=body, headers={"X-CSRFToken": token, "Referer": full})
    assert response.ok, (url, response.status, response.text())
    return response.json()


def move_once(page, game: int) -> None:
    state = api(page, f"/api/games/{game}/")
    api(page, f"/api/games/{game}/moves/", {"move": state["legal_moves"][0], "ply": state["ply"]})


def test_your_turn_is_pushed_and_the_bell_counts_it(site, browser, screenshots):
    service = PushService()
    try:
        with browser_page(browser) as (ann, ann_errors), browser_page(browser) as (bob, bob_errors):
            with failure_shown(bob, site, screenshots, "notifications"):
                sign_up(ann, site.base_url, "ann-notices")
                sign_up(bob, site.base_url, "bob-notices")
                for page in (ann, bob):
                    page.goto(site.base_url + "/")
                private, keys = browser_keys()
                endpoint = f"{service.url}/push/bob"
                call(bob, "/api/notifications/push/", "POST", {"endpoint": endpoint, "keys": keys})
                assert bob.locator("#notice-bell .notice-bell-count").is_hidden()  # nothing unread yet
                challenge = call(
                    ann, "/api/challenges/", "POST", {"variant": "lewicki", "seat": "A", "days": 3, "to": "bob-notices"}
                )
                # the page Bob has open counts the challenge, without a reload
                count = bob.locator("#notice-bell .notice-bell-count")
                until(lambda: count.is_visible() and count.inner_text() == "1", 60, "the bell counting 1")
                game = call(bob, f"/api/challenges/{challenge['id']}/accept/", "POST", {})["game"]
                bob_first = api(bob, f"/api/games/{game}/")["to_move"] == "B"
                if bob_first:  # told of his turn at the start too
                    move_once(bob, game)
                move_once(ann, game)  # Bob's turn now
                path, _headers, body = until(
                    lambda: next(
                        (
                            r
                            for r in service.received
                            if r[0] == "/push/bob"
                            and r[2] != b""
                            and decrypted(r[2], private, keys).get("kind") == "turn"
                        ),
                        None,
                    ),
                    60,
                    "the turn's push at Bob's endpoint",
                )
                payload = decrypted(body, private, keys)
                assert payload["game"] == game
                assert str(game) in payload["body"]
                assert payload["url"] == f"/play/{game}/"
                # and then the turn
                expected = "3" if bob_first else "2"
                until(
                    lambda: count.is_visible() and count.inner_text() == expected, 60, f"the bell counting {expected}"
                )
            assert ann_errors == []
            assert bob_errors == []
    finally:
        service.close()
