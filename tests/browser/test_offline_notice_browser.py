"""With no network, a page the service worker does not keep (the lobby) is
answered by the offline puzzles page, which then says that the page asked
for needs the network; opened as itself, it says nothing of the kind.

Uses the session's site (tests/browser/conftest.py) on 127.0.0.1, a secure
context for service workers."""

from __future__ import annotations

NOTICE = "You are offline: that page needs the network."


def test_a_page_that_needs_the_network_says_so_offline(content, browser):
    context = browser.new_context(base_url=content.base_url)
    page = context.new_page()
    page.goto("/puzzles/offline/")
    page.evaluate("() => window.odOffline.ready")
    page.evaluate("() => navigator.serviceWorker.ready.then(() => true)")
    page.wait_for_function(
        "() => caches.keys().then(async (names) => names.length === 1 && !!(await caches.match('/puzzles/offline/')))",
        timeout=20000,
    )
    context.set_offline(True)
    try:
        page.reload()
        page.wait_for_selector("#offline-root .offline-counter", state="attached")
        assert page.locator(".offline-elsewhere").count() == 0  # the page itself: nothing to say

        other = context.new_page()
        other.goto("/lobby/")
        other.wait_for_selector(".offline-elsewhere")
        assert other.locator(".offline-elsewhere").inner_text() == NOTICE
        assert other.locator("#offline-root").count() == 1
        assert other.url.endswith("/lobby/")
    finally:
        context.set_offline(False)
        context.close()
