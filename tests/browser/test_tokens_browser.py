"""An API token made on the account's tokens page: reached from the header's
link, shown once with a copy button, it works as a bearer token, and the page
never shows it again."""

from __future__ import annotations

import re
import secrets

from browser_helpers import browser_page

PASSWORD = "a-long-pass-phrase-29"


def test_a_token_is_made_and_shown_once(site, browser):
    base = site.base_url
    with browser_page(browser, permissions=["clipboard-read", "clipboard-write"]) as (page, errors):
        page.goto(base + "/accounts/signup/")
        page.fill('input[name="username"]', f"tok{secrets.token_hex(3)}")
        page.fill('input[name="password1"]', PASSWORD)
        page.fill('input[name="password2"]', PASSWORD)
        page.locator("form.account button[type=submit]").click()
        page.wait_for_url(re.compile(r"/$"))
        page.locator('a[href="/account/tokens/"]').first.click()
        page.fill('input[name="name"]', "my bot")
        page.check('input[name="scopes"][value="play"]')
        page.locator(".token-form button[type=submit]").click()
        secret = page.locator("#new-token").input_value()
        assert secret.startswith("od_")
        page.locator("button[data-copy]").click()
        page.wait_for_selector("#copy-status:has-text('Copied.')")
        assert page.evaluate("navigator.clipboard.readText()") == secret
        answer = page.request.get(base + "/api/account/tokens/")  # the session's view: no text
        assert secret not in answer.text()
        as_bot = page.request.get(base + "/api/games/mine/", headers={"Authorization": f"Bearer {secret}"})
        assert as_bot.status == 200
        page.goto(base + "/account/tokens/")
        assert page.locator("tr[data-token]").count() == 1
        assert secret not in page.content()
        assert errors == []
