"""The Content-Security-Policy in a real browser: every page the site links to,
crawled from the home page (a practice game, a puzzle, an endgame and an
analysed position among them), is served with the policy and runs under it
without a single violation: no inline script or style, nothing from outside
the site.  Each page's own script must also have started (its fallback
hidden), so a page whose script the policy blocked fails too."""

from __future__ import annotations

import re
from urllib.parse import urljoin, urlparse

from csp_watch import RECORD_VIOLATIONS

from solver import deal

SKIP = ("/i18n/", "/accounts/logout/", "/admin/logout/", "/static/", "/frontend/", "/jsi18n/", "/api/schema/")
MAX_PAGES = 60
PER_SHAPE = 2  # pages of one kind (/endgames/<n>/ ...) visited at most


def shape(url: str) -> str:
    parsed = urlparse(url)
    keys = sorted(part.split("=")[0] for part in parsed.query.split("&") if part)
    return re.sub(r"\d+", "N", parsed.path) + "?" + "&".join(keys)


def links(page, base: str) -> list[str]:
    # a link marked as a download (a game's record, My games' export) is a file, not a page
    hrefs = page.eval_on_selector_all("a[href]:not([download])", "els => els.map(e => e.getAttribute('href'))")
    found = []
    for href in hrefs:
        url = urljoin(page.url, href).split("#")[0]
        parsed = urlparse(url)
        if (
            url.startswith(base)
            and not parsed.path.startswith(SKIP)
            and not parsed.path.endswith((".pgn", ".txt", ".json"))
        ):
            found.append(url)
    return found


def test_every_page_runs_under_the_policy(content, browser):
    site = content
    base = site.base_url
    context = browser.new_context()
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    page.set_default_timeout(30_000)
    console: list[str] = []
    page.on(
        "console",
        lambda m: (
            console.append(m.text) if "Content Security Policy" in m.text and "cdn.redoc.ly" not in m.text else None
        ),
    )
    # A practice game, so that its page and its review are among the pages.
    page.goto(base + "/play/")
    page.locator("#new-game-form button[type=submit]").first.click()
    page.wait_for_url(lambda url: urlparse(url).path.rstrip("/").split("/")[-1].isdigit())
    seeds = [
        base + "/",
        page.url,
        base + "/analysis/?position=" + str(deal(5)).replace(" ", "+"),
        base + "/analysis/editor/",
        base + "/api/docs/",
        base + "/api/redoc/",
        base + "/admin/login/",
        base + "/accounts/signup/",
    ]
    queue, seen, checked, problems = list(seeds), set(), [], []
    shapes: dict[str, int] = {}
    while queue and len(checked) < MAX_PAGES:
        url = queue.pop(0)
        if url in seen or shapes.get(shape(url), 0) >= PER_SHAPE:
            continue
        seen.add(url)
        shapes[shape(url)] = shapes.get(shape(url), 0) + 1
        answer = page.goto(url)
        assert answer is not None
        if answer.status != 200 or "text/html" not in (answer.headers.get("content-type") or ""):
            continue
        policy = answer.headers.get("content-security-policy", "")
        if "script-src 'self'" not in policy or "frame-ancestors 'none'" not in policy:
            problems.append(f"{url}: policy {policy!r}")
        if page.locator("[data-fallback]").count():
            # the page's script replaces its plain version once it runs
            try:
                page.wait_for_function(
                    "() => [...document.querySelectorAll('[data-fallback]')].every(e => e.hidden || getComputedStyle(e).display === 'none')",
                    timeout=10_000,
                )
            except Exception:
                problems.append(f"{url}: the page's script did not start")
        # Redoc's sidebar asks its makers' CDN for a logo: the policy blocking it is the policy at work.
        violations = [v for v in page.evaluate("window.__cspViolations") if "https://cdn.redoc.ly/" not in v]
        if violations:
            problems.append(f"{url}: {violations}")
        checked.append(url)
        if urlparse(url).path.startswith(("/api/", "/admin/")):
            continue
        queue.extend(u for u in links(page, base) if u not in seen)
    context.close()
    paths = {urlparse(u).path for u in checked}
    # the crawl reached every part of the product
    for part in ("/play/", "/puzzles/", "/analysis/", "/endgames/", "/matches/", "/api/docs/", "/api/redoc/"):
        assert any(p.startswith(part) for p in paths), (part, sorted(paths))
    assert len(checked) >= 20, sorted(paths)
    print(f"{len(checked)} pages checked: {sorted(paths)}")
    assert not problems, problems
    assert not console, console
