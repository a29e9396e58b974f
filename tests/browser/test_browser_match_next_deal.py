"""A rated match between two accounts, from one deal to the next, as its
players read it: Ann on a laptop in English, Bob on a phone (360x740) in
Romanian (the longest texts), and a guest watching in Polish.

Ann posts a rated 3+2 seek for a match to 3 won deals, Bob accepts it, each
moves twice in deal 1 (every move reaching the other pages by their
WebSockets, no reload) and the one to move resigns.  Both result boxes then
show the Next deal button with a ticking countdown under it, "Waiting for
both players to open the next deal: …" (the watcher's, its own button and
no countdown).  Ann opens the next deal: her players' bar says the deal
waits for both players to open it, counted down, while Bob's result box
still waits.  Bob opens it: both bars count the first move down, "First
move: 1xx s left to make it, or the deal is forfeited." (a 2-minute window
here: three digits).  On Bob's phone (and Ann's laptop) the players' bar, the result box
and the move list stay inside the screen, nothing in them overflows or overlaps, and every
text is Romanian; no page logs an error or a Content-Security-Policy
violation.

The site is this module's own (the session's has a 99-second first-move
window): OD_FIRST_MOVE_SECONDS=120, and a next deal's grace of 120 s
(OD_NEXT_DEAL_GRACE), long enough that the deal still waits for Bob while
the test looks at it on a loaded machine; the test never waits for it."""

from __future__ import annotations

import re
import time

import conftest
import pytest
from browser_helpers import watch_errors
from csp_watch import RECORD_VIOLATIONS
from test_browser_people_play import GAME, play_first_move, wait_for_mover
from test_browser_people_rated import sign_up

SETTINGS = {"OD_FIRST_MOVE_SECONDS": "120", "OD_NEXT_DEAL_GRACE": "120"}
PHONE = {"viewport": {"width": 360, "height": 740}, "device_scale_factor": 1, "is_mobile": True, "has_touch": True}
LAPTOP = {"viewport": {"width": 1280, "height": 900}}
COUNTDOWN = ".gp-next-countdown"
NOTE = ".gp-people-note"

# What in the players' bar, the result box or the move list sticks out: an element past the
# screen's edges, a text wider than its box, the bar's parts over each other,
# and whether the page scrolls sideways.
OVERFLOW = """(selectors) => {
  const vw = document.documentElement.clientWidth;
  const bad = [];
  const name = (e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`;
  for (const selector of selectors) {
    const root = document.querySelector(selector);
    if (!root || root.hidden) { bad.push(`${selector} not shown`); continue; }
    for (const e of [root, ...root.querySelectorAll('*')]) {
      const r = e.getBoundingClientRect();
      if (!r.width) continue;
      if (r.left < -0.5 || r.right > vw + 0.5) bad.push(`${name(e)} spans ${r.left}-${r.right} of ${vw}`);
      if (e.clientWidth && e.scrollWidth > e.clientWidth + 1) bad.push(`${name(e)} holds ${e.scrollWidth} in ${e.clientWidth}`);
    }
    const parts = [...root.children].filter((e) => e.getBoundingClientRect().width > 0);
    parts.forEach((a, i) => parts.slice(i + 1).forEach((b) => {
      const p = a.getBoundingClientRect(), q = b.getBoundingClientRect();
      if (p.left < q.right - 0.5 && q.left < p.right - 0.5 && p.top < q.bottom - 0.5 && q.top < p.bottom - 0.5)
        bad.push(`${name(a)} over ${name(b)}`);
    }));
  }
  if (document.documentElement.scrollWidth > vw) bad.push(`the page is ${document.documentElement.scrollWidth} wide`);
  return bad;
}"""


@pytest.fixture(scope="module")
def match_site():
    """The whole site as conftest starts it, with this module's SETTINGS in
    the environment of its processes."""
    start_site = conftest.site.__wrapped__

    class ShortSite(conftest.Site):
        def start(self, name, command):
            self.env.update(SETTINGS)
            return super().start(name, command)

    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(start_site.__globals__, "Site", ShortSite)
        running = start_site()
        site = next(running)
    try:
        yield site
    finally:
        running.close()  # stops its processes


def text_of(page, selector: str) -> str:
    return page.locator(selector).inner_text()


def ticks(page, selector: str) -> None:
    """The countdown in ``selector`` changes by itself (no reload)."""
    before = text_of(page, selector)
    page.wait_for_function(
        "([s, before]) => { const e = document.querySelector(s); return !!e && e.textContent !== before; }",
        arg=[selector, before],
        timeout=5_000,
    )


def fits(page, *selectors: str) -> None:
    page.evaluate("window.scrollTo(0, 0)")
    bad = page.evaluate(OVERFLOW, list(selectors))
    assert not bad, bad


def seconds_left(text: str) -> int:
    return int(re.search(r"(\d+) s\b", text).group(1))


def start_the_match(ann, bob, base: str, names: dict[str, str]) -> str:
    """Ann's rated 3+2 seek for a match to 3 won deals, accepted by Bob in his lobby: deal 1's address."""
    ann.goto(base + "/lobby/")
    ann.select_option('select[name="seek-control"]', "3+2")
    ann.check('input[name="seek-human"][value="A"]')
    ann.check('input[name="seek-rated"]')
    ann.select_option('select[name="seek-match"]', "w3")
    ann.locator("form.new-seek button[type=submit]").click()
    ann.wait_for_url(re.compile(r"/challenges/\d+/$"))
    bob.goto(base + "/lobby/")
    bob.locator("table.seeks tbody tr", has_text=names["A"]).locator("button").first.click()
    bob.wait_for_url(re.compile(r"/play/\d+/$"), wait_until="domcontentloaded")
    ann.wait_for_url(bob.url, wait_until="domcontentloaded")
    return bob.url


def play_deal_one(pages: dict, eve) -> None:
    """Each player moves twice, every move reaching the others' pages by
    itself, then the player to move resigns (twice clicked: confirmed)."""
    for ply in range(1, 5):
        play_first_move(wait_for_mover(pages))
        for page in (*pages.values(), eve):
            page.wait_for_function(f"() => {GAME}.moves.length >= {ply} || {GAME}.status === 'over'")
    mover = wait_for_mover(pages)
    mover.locator(".gp-resign").click()
    mover.locator(".gp-resign").click()
    for page in (*pages.values(), eve):
        page.wait_for_function(f"() => {GAME}.status === 'over'")
        page.locator(".gp-result .gp-match").wait_for()


def open_next_deal(page, deal_one: int) -> None:
    page.locator(".gp-next-deal").click()
    page.wait_for_function(f"() => !!({GAME}) && {GAME}.id !== {deal_one}")


def test_the_next_deal_waits_for_both_players_then_counts_the_first_move_down(match_site, browser, screenshots):
    base = match_site.base_url
    stamp = int(time.time() * 1000) % 10**7
    # long names (up to 150 characters are allowed): they wrap, and stretch no page
    names = {"A": f"annemarie_wilhelmina_constantinescu_{stamp}", "B": f"bartholomew.vanderlinden-kowalczyk{stamp}"}
    contexts = [browser.new_context(**LAPTOP), browser.new_context(**PHONE), browser.new_context(**LAPTOP)]
    try:
        for context, lang in zip(contexts, ("en", "ro", "pl"), strict=True):
            context.add_cookies([{"name": "django_language", "value": lang, "url": base}])
            context.add_init_script(RECORD_VIOLATIONS)
        ann, bob, eve = (c.new_page() for c in contexts)
        errors = [watch_errors(p) for p in (ann, bob, eve)]
        sockets: list[str] = []
        for page in (ann, bob, eve):
            page.set_default_timeout(60_000)  # a loaded machine: the accept starts a game
            page.on("websocket", lambda ws: sockets.append(ws.url))
        sign_up(ann, base, names["A"])
        sign_up(bob, base, names["B"])

        deal_url = start_the_match(ann, bob, base, names)
        deal_one = int(re.search(r"/play/(\d+)/", deal_url).group(1))
        eve.goto(deal_url)
        for page in (ann, bob, eve):
            page.wait_for_function(f"() => !!({GAME})")
        assert eve.evaluate(f"{GAME}.spectator") is True
        play_deal_one({"A": ann, "B": bob}, eve)
        assert sum(url.endswith(f"/ws/games/{deal_one}/") for url in sockets) >= 3, sockets

        # deal 1 is over: the next deal's button, and under it the wait for both players, ticking
        for page in (ann, bob):
            page.locator(COUNTDOWN).wait_for()
        assert re.fullmatch(
            r"Waiting for both players to open the next deal: the first move's time starts at the latest in \d:\d\d\.",
            text_of(ann, COUNTDOWN),
        ), text_of(ann, COUNTDOWN)
        assert text_of(ann, ".gp-next-deal") == "Next deal"
        assert bob.locator("html").get_attribute("lang") == "ro"
        for english in ("Next deal", "Waiting", "players", "first move", "Review"):
            assert english not in text_of(bob, ".gp-result"), text_of(bob, ".gp-result")
        assert re.search(r"\d:\d\d\.$", text_of(bob, COUNTDOWN)), text_of(bob, COUNTDOWN)
        ticks(ann, COUNTDOWN)
        ticks(bob, COUNTDOWN)
        # the watcher is offered to watch the next deal, in Polish, with no countdown of its own
        assert eve.locator(".gp-next-deal").inner_text() not in ("Watch the next deal", "Next deal")
        assert eve.locator(COUNTDOWN).count() == 0
        fits(bob, ".gp-people", ".gp-result", ".gp-moves")
        fits(ann, ".gp-people", ".gp-result", ".gp-moves")
        screenshots(bob, "match-next-deal-result-ro-phone")

        # Ann opens the next deal: it waits for Bob, counted down in her players' bar
        open_next_deal(ann, deal_one)
        ann.locator(f"{NOTE}:visible").wait_for()
        assert re.fullmatch(
            r"Waiting for both players to open this deal: the first move's time starts at the latest in \d:\d\d\.",
            text_of(ann, NOTE),
        ), text_of(ann, NOTE)
        assert "deal 2" in text_of(ann, ".gp-people-head")
        ticks(ann, NOTE)
        # Bob, still reading deal 1, is still told the next deal waits (not that its first move is due)
        assert "1 – 0" in text_of(bob, ".gp-match-score") or "0 – 1" in text_of(bob, ".gp-match-score")
        assert bob.evaluate(f"{GAME}.id") == deal_one
        ticks(bob, COUNTDOWN)

        # Bob opens it too: both bars count the first move down, three digits of seconds
        open_next_deal(bob, deal_one)
        forfeited = r"First move: (\d+) s left to make it, or the deal is forfeited\."
        ann.wait_for_function(
            "(s) => /^First move: \\d+ s left/.test(document.querySelector(s).textContent)", arg=NOTE, timeout=15_000
        )
        bob.wait_for_function("(s) => /\\d{3} s\\b/.test(document.querySelector(s).textContent)", arg=NOTE)
        assert re.fullmatch(forfeited, text_of(ann, NOTE)), text_of(ann, NOTE)
        assert 60 < seconds_left(text_of(ann, NOTE)) <= 120
        bob_note = text_of(bob, NOTE)
        assert not bob_note.startswith("First move"), bob_note  # Romanian
        assert 100 <= seconds_left(bob_note) <= 120, bob_note
        assert "Waiting" not in text_of(bob, ".gp-people")
        assert "deal" not in text_of(bob, ".gp-people-head")
        fits(bob, ".gp-people")
        fits(ann, ".gp-people")
        screenshots(bob, "match-next-deal-first-move-ro-phone")
        ticks(ann, NOTE)
        ticks(bob, NOTE)

        for page in (ann, bob, eve):
            assert page.evaluate("window.__cspViolations") == [], page.url
        for watched in errors:
            assert not watched, watched
    finally:
        for context in contexts:
            context.close()
