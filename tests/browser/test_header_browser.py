"""The site's header, in the languages with the longest menu words: on a
1366 px desktop, signed in, it is two deliberate rows (the brand, the
account and the language menu, then the whole menu on one line), never the
account or the language menu dropped onto a line of their own; on a phone
the brand wraps instead of being cut off, and the account is in the menu."""

from __future__ import annotations

import re
import secrets

import pytest

PASSWORD = "a-long-pass-phrase-29"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}

BOXES = """() => {
  const box = (el) => { const r = el.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  const header = document.querySelector('.site-header');
  const nav = header.querySelector('nav');
  const links = [...nav.children].filter((el) => el.offsetParent !== null);
  const brand = header.querySelector('.brand');
  return {
    links: links.map(box), nav: box(nav), brand: box(brand),
    brandCut: brand.scrollWidth > brand.clientWidth + 1,
    account: box(header.querySelector('.account-top')),
    accountShown: header.querySelector('.account-top').offsetParent !== null,
    language: box(header.querySelector('.language-menu summary')),
  };
}"""


def sign_up(page, base: str) -> None:
    page.goto(base + "/accounts/signup/")
    page.fill('input[name="username"]', "header" + secrets.token_hex(4))
    page.fill('input[name="password1"]', PASSWORD)
    page.fill('input[name="password2"]', PASSWORD)
    page.locator("form.account button[type=submit]").click()
    page.wait_for_url(re.compile(r"/$"))


@pytest.mark.parametrize("lang", ["en", "nl", "pl", "ro"])
def test_the_desktop_header_is_two_rows_with_the_menu_on_one_line(content, browser, screenshots, lang):
    context = browser.new_context(viewport=DESKTOP, locale=lang, extra_http_headers={"Accept-Language": lang})
    page = context.new_page()
    try:
        sign_up(page, content.base_url)
        page.goto(content.base_url + "/players/")
        boxes = page.evaluate(BOXES)
        screenshots(page, f"header_desk_{lang}")
        assert boxes["accountShown"]
        tops = {round(b["top"]) for b in boxes["links"]}
        assert len(tops) == 1, (lang, tops)  # the menu on one line
        first_row = [boxes["brand"], boxes["account"], boxes["language"]]
        assert all(b["bottom"] <= boxes["nav"]["top"] + 1 for b in first_row), (lang, boxes)
        middles = [(b["top"] + b["bottom"]) / 2 for b in first_row]
        assert max(middles) - min(middles) < 12, (lang, middles)  # brand, account and language on one row
        assert boxes["language"]["right"] > boxes["account"]["right"] > boxes["brand"]["right"]
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "nl", "ro"])
def test_the_phone_header_wraps_the_brand_and_keeps_the_account_in_the_menu(content, browser, screenshots, lang):
    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=1,
        is_mobile=True,
        has_touch=True,
        locale=lang,
        extra_http_headers={"Accept-Language": lang},
    )
    page = context.new_page()
    try:
        sign_up(page, content.base_url)
        boxes = page.evaluate(BOXES)
        screenshots(page, f"header_phone_{lang}")
        assert not boxes["brandCut"], lang
        assert not boxes["accountShown"]
        page.locator(".menu-button").click()
        page.wait_for_selector("nav .account-in-menu button[type=submit]", state="visible")
    finally:
        context.close()
