"""Following a player: from their profile, one player follows another, sees
them online there and on the Following page, and then playing (with a link
to watch) once they are in a game."""

from __future__ import annotations

import re
import secrets

from browser_helpers import watch_errors
from running_site import until

PASSWORD = "a-long-pass-phrase-29"
QUICK = '.quick-buttons button[data-control="10+5"]'


def sign_up(page, base: str, name: str) -> None:
    page.goto(base + "/accounts/signup/")
    page.fill('input[name="username"]', name)
    page.fill('input[name="password1"]', PASSWORD)
    page.fill('input[name="password2"]', PASSWORD)
    page.locator("form.account button[type=submit]").click()
    page.wait_for_url(re.compile(r"/$"))


def test_a_followed_player_is_shown_online_then_playing(site, browser):
    base = site.base_url
    tag = secrets.token_hex(3)
    names = [f"fan{tag}", f"star{tag}", f"rival{tag}"]
    contexts = [browser.new_context() for _ in names]
    try:
        fan, star, rival = (context.new_page() for context in contexts)
        errors = [watch_errors(page) for page in (fan, star, rival)]
        for page, name in zip((fan, star, rival), names, strict=True):
            sign_up(page, base, name)
        fan.goto(f"{base}/players/{names[1]}/")
        relation = fan.locator(".social-relation")
        assert relation.locator(".online-dot").is_visible()
        relation.locator('button[data-action="follow"]').click()
        fan.wait_for_selector('.social-relation button[data-action="unfollow"]')
        assert fan.locator('a[href="/following/"]').count() >= 1  # the menu's link
        fan.goto(base + "/following/")
        row = fan.locator(f'.following-list li[data-player="{names[1]}"]')
        assert row.locator(".online-dot").is_visible()
        assert row.locator("a.watch").count() == 0
        # The star and a rival are paired by quick pairing: the star is playing now.
        star.goto(base + "/lobby/")
        star.locator(QUICK).click()
        star.wait_for_url(re.compile(r"/challenges/\d+/$"))
        rival.goto(base + "/lobby/")
        rival.locator(QUICK).click()
        rival.wait_for_url(re.compile(r"/play/\d+/$"))
        star.wait_for_url(rival.url, timeout=10_000, wait_until="commit")

        def watch_link() -> str | None:
            fan.reload()
            link = fan.locator(f'.following-list li[data-player="{names[1]}"] a.watch')
            return link.get_attribute("href") if link.count() else None

        href = until(watch_link, 20, "the followed player shown playing")
        assert rival.url.endswith(href)
        assert all(not e for e in errors), errors
    finally:
        for context in contexts:
            context.close()
