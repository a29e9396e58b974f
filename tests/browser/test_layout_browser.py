"""The pages' layout, in headless Chromium against the real site (see
conftest.py): at phone width (390x844), in English, Polish, Dutch and
Romanian, every page a player reaches, with the player's own games, match,
puzzles, runs, exercises and analyses in its tables, neither scrolls sideways
nor cuts off a link or a button (past the screen's edge, or clipped by a box
that hides its overflow). Also: the first visit's home page says what the game
is before the puzzle, the "How to play" example rows keep their columns on a
phone, and at 1366x900 a puzzle's whole board fits on the screen, and so
does the player's own hand in a game; a match deal's board is as wide as a
game's, and a review's moves fit their column (in the four languages); on a
phone a form's long select shows its whole choice."""

from __future__ import annotations

import random
import re
import time
from urllib.parse import urlencode

import pytest
from browser_helpers import watch_errors

from solver import GameRecord, deal

LANGUAGES = ("en", "pl", "nl", "ro")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1366, "height": 900}

# Every visible link, button and table cell lies inside the screen horizontally
# and inside each ancestor that hides or scrolls its overflow (whose hidden part
# the player cannot reach, or reaches only by a scroll they may not see).
OVERFLOW = """() => {
  const vw = window.innerWidth;
  const name = (el) => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '')
    + (typeof el.className === 'string' && el.className ? '.' + el.className.trim().split(/\\s+/).join('.') : '');
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) return false;
    for (let p = el; p; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (s.visibility === 'hidden' || s.display === 'none' || s.opacity === '0') return false;
      if (p.classList && p.classList.contains('visually-hidden')) return false;
      // the screen-reader-only pattern: a box of a pixel that hides the rest
      const pr = p.getBoundingClientRect();
      if (s.overflow === 'hidden' && (pr.width <= 1 || pr.height <= 1)) return false;
    }
    return true;
  };
  const bad = [];
  for (const el of document.querySelectorAll('a[href], button, input[type=submit], input[type=button], summary, select, td, th')) {
    if (!shown(el)) continue;
    const r = el.getBoundingClientRect();
    const text = (el.textContent || el.value || el.getAttribute('aria-label') || '').trim().slice(0, 40);
    if (r.left < -0.5 || r.right > vw + 0.5) {
      bad.push(`${name(el)} "${text}" at ${Math.round(r.left)}..${Math.round(r.right)} of ${vw}`);
      continue;
    }
    for (let p = el.parentElement; p && p !== document.documentElement; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const pr = p.getBoundingClientRect();
      if (r.left < pr.left - 0.5 || r.right > pr.right + 0.5) {
        bad.push(`${name(el)} "${text}" at ${Math.round(r.left)}..${Math.round(r.right)} clipped by ${name(p)} (${Math.round(pr.left)}..${Math.round(pr.right)}, overflow ${s.overflowX})`);
        break;
      }
    }
  }
  return {scrollWidth: document.scrollingElement.scrollWidth, innerWidth: vw, bad};
}"""


def csrf_of(context) -> dict[str, str]:
    for cookie in context.cookies():
        if cookie["name"] == "csrftoken":
            return {"X-CSRFToken": cookie["value"]}
    return {}


def post(page, base: str, path: str, data: dict | None = None) -> dict:
    answer = page.request.post(base + path, data=data or {}, headers=csrf_of(page.context))
    assert answer.ok, (path, answer.status, answer.text()[:500])
    return answer.json()


def play_moves(page, base: str, game_id: int, count: int) -> dict:
    """Plays the human's first legal move ``count`` times (waiting for the
    solver's replies); returns the game's state."""
    played = 0
    deadline = time.monotonic() + 120
    while True:
        state = page.request.get(f"{base}/api/games/{game_id}/").json()
        if played >= count or state["status"] == "over":
            return state
        if state["status"] == "your-move":
            post(page, base, f"/api/games/{game_id}/moves/", {"move": state["legal_moves"][0], "ply": state["ply"]})
            played += 1
        else:
            assert time.monotonic() < deadline, state["status"]
            page.wait_for_timeout(200)


def a_record() -> GameRecord:
    """A random deal played out, with the human's side named (so that its
    mistakes become coach exercises)."""
    rng = random.Random(11)
    record = GameRecord.from_seed(21, (), {"Event": "layout", "You": "A"})
    while not record.is_over:
        record = record.push(rng.choice(record.final_position.legal_moves()))
    return record


@pytest.fixture(scope="module")
def player(content, browser, tmp_path_factory):
    """A guest with something in every table: a game under way and a
    resigned one, a match with a finished deal, a failed daily puzzle, a
    stopped streak, an analysed record (and so coach exercises). Returns the
    pages to visit and the browser state that carries the guest's session."""
    site = content
    base = site.base_url
    context = browser.new_context()
    page = context.new_page()
    page.set_default_timeout(60_000)
    page.goto(base + "/")
    game = post(page, base, "/api/games/", {"seed": 5, "human": "A", "level": "casual"})
    play_moves(page, base, game["id"], 3)
    over = post(page, base, "/api/games/", {"seed": 8, "human": "B"})
    play_moves(page, base, over["id"], 1)
    post(page, base, f"/api/games/{over['id']}/resign/")
    match = post(page, base, "/api/matches/", {"target_points": 100, "human": "A", "seed": 3})
    deal_game = match["deals"][0]["game"]
    play_moves(page, base, deal_game, 1)
    post(page, base, f"/api/games/{deal_game}/resign/")
    daily = page.request.get(base + "/api/puzzles/daily/").json()
    attempt = post(page, base, f"/api/puzzles/{daily['id']}/attempts/")
    post(page, base, f"/api/attempts/{attempt['id']}/give-up/")
    run = post(page, base, "/api/runs/", {"mode": "streak"})
    post(page, base, f"/api/runs/{run['id']}/stop/")
    analysis = post(page, base, "/api/game-analyses/", {"record": str(a_record())})
    page.goto(f"{base}/analysis/games/{analysis['id']}/")
    page.wait_for_selector("[data-summary]")
    exercise_rows = page.request.get(base + "/api/exercises/").json()["exercises"]
    assert exercise_rows
    page.goto(base + "/endgames/")
    endgame = page.locator("[data-endgame] a").first.get_attribute("href")
    start = deal(17)
    line, position = [], start
    for _ in range(6):
        move = position.legal_moves()[0]
        line.append(str(move))
        position = position.play(move)
    state = tmp_path_factory.mktemp("layout") / "state.json"
    context.storage_state(path=str(state))
    context.close()
    pages = [
        ("/", None, None),
        ("/how-to-play/", None, None),
        ("/play/", None, "table.your-games tbody tr"),
        ("/play/games/", None, "table.your-games tbody tr"),
        (f"/play/{game['id']}/", "#game-root svg.odb-svg", None),
        (f"/games/{game['id']}/review/", "#game-root svg.odb-svg", None),
        (f"/games/{game['id']}/review/?ply=3", "#game-root svg.odb-svg", None),
        (f"/games/{over['id']}/review/", "#game-root svg.odb-svg", None),
        ("/matches/", None, "table.matches tbody tr"),
        (f"/matches/{match['id']}/", "#game-root svg.odb-svg", None),
        (f"/matches/{match['id']}/review/", None, "table.match-review-deals tbody tr"),
        ("/puzzles/daily/", "#puzzle-root svg.odb-svg", None),
        ("/puzzles/train/", "#puzzle-root svg.odb-svg", None),
        ("/puzzles/dashboard/", None, "table.dashboard tbody tr"),
        ("/puzzles/history/", None, "table.history tbody tr"),
        ("/puzzles/archive/", None, "table.archive tbody tr"),
        ("/puzzles/streak/", None, "table.run-list tbody tr"),
        ("/puzzles/timed/", None, None),
        (f"/puzzles/runs/{run['id']}/", None, None),
        ("/coach/", None, "table.exercises tbody tr"),
        (exercise_rows[0]["urls"]["page"].removeprefix(base), None, None),
        (exercise_rows[0]["source"]["mistakes_url"].removeprefix(base), None, None),
        ("/analysis/", None, None),
        (
            "/analysis/?" + urlencode({"position": str(start), "line": " ".join(line)}),
            "#analysis-root [data-app] table tbody tr",
            None,
        ),
        ("/analysis/editor/", "#editor-root [data-app]:not([hidden])", None),
        ("/analysis/games/", None, None),
        (f"/analysis/games/{analysis['id']}/", "[data-summary]", "table.review-moves tbody tr"),
        ("/endgames/", "[data-endgame] a", None),
        (endgame.removeprefix(base), "#endgame-root [data-app]:not([hidden])", None),
        ("/accounts/login/", None, None),
        ("/accounts/signup/", None, None),
        ("/challenges/new/", None, None),
    ]
    return {"state": str(state), "pages": pages, "game": game["id"], "over": over["id"], "match": match["id"]}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_page_scrolls_sideways_or_cuts_a_link_on_a_phone(content, browser, player, screenshots, lang):
    base = content.base_url
    context = browser.new_context(
        viewport=PHONE,
        device_scale_factor=1,
        is_mobile=True,
        has_touch=True,
        locale=lang,
        extra_http_headers={"Accept-Language": lang},
        storage_state=player["state"],
    )
    page = context.new_page()
    page.set_default_timeout(60_000)
    errors = watch_errors(page)
    problems: list[str] = []
    try:
        for path, ready, rows in player["pages"]:
            page.goto(base + path)
            if ready:
                page.wait_for_selector(ready)
            if rows:
                assert page.locator(rows).count() > 0, f"{path}: no rows ({rows})"
            page.wait_for_timeout(150)
            assert page.locator("html").get_attribute("lang") == lang, path
            found = page.evaluate(OVERFLOW)
            if found["scrollWidth"] > found["innerWidth"]:
                problems.append(f"{path}: the page is {found['scrollWidth']} px wide in {found['innerWidth']}")
            problems += [f"{path}: {b}" for b in found["bad"]]
            screenshots(page, f"layout-{lang}-{re.sub(r'[^a-z0-9]+', '-', path).strip('-') or 'home'}")
    finally:
        context.close()
    assert not problems, f"{lang}:\n" + "\n".join(problems)
    assert not errors, errors


def test_how_to_play_rows_keep_their_columns_on_a_phone(site, browser, screenshots):
    """Each row of an example deal stays on one line at 390 px: seven stones
    side by side, so that a front stone stands over its back stone."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(site.base_url + "/how-to-play/")
        rows = page.eval_on_selector_all(
            ".rules-board .rows .row",
            "rows => rows.map(r => [...r.querySelectorAll('.stone')].map(s => {"
            " const b = s.getBoundingClientRect(); return [Math.round(b.top), Math.round(b.left), Math.round(b.right)]; }))",
        )
        screenshots(page, "layout-how-to-play-phone")
        assert len(rows) >= 8, rows
        for stones in rows:
            assert len(stones) == 7, stones
            assert len({top for top, _left, _right in stones}) == 1, stones
            assert all(left >= 0 and right <= PHONE["width"] for _top, left, right in stones), stones
        # front and back rows of a hand: each column's two stones share their left edge
        for front, back in zip(rows[::2], rows[1::2], strict=True):
            assert [s[1] for s in front] == [s[1] for s in back], (front, back)
    finally:
        context.close()


BACK_ROW = """() => {
  const bottom = document.querySelector('.odb-hand-bottom').getBoundingClientRect();
  return {top: bottom.top, bottom: bottom.bottom, height: window.innerHeight, scrollY: window.scrollY};
}"""


def test_a_puzzle_board_fits_a_laptop_screen(content, browser, screenshots):
    """At 1366x900 the player's whole hand, back row included, is on the
    first screen of the puzzle pages: training, daily, and a timed run."""
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    page.set_default_timeout(60_000)
    errors = watch_errors(page)
    try:
        for path in ("/puzzles/train/", "/puzzles/daily/", "/puzzles/timed/"):
            page.goto(content.base_url + path)
            if path == "/puzzles/timed/":
                page.locator("form.run-start button[type=submit]").click()
                page.wait_for_url(re.compile(r"/puzzles/runs/\d+/$"))
            page.wait_for_selector(".odb-hand-bottom")
            page.wait_for_timeout(300)
            back = page.evaluate(BACK_ROW)
            screenshots(page, f"layout-desktop-{path.strip('/').replace('/', '-')}")
            assert back["scrollY"] == 0, (path, back)
            assert back["top"] >= 0, (path, back)
            assert back["bottom"] <= back["height"], (path, back)
        assert not errors, errors
    finally:
        context.close()


def test_a_first_visit_on_a_phone_starts_with_the_game(content, browser, screenshots):
    """A newcomer's home page on a phone: what the game is and where to start
    (a new game, How to play) on the first screen, above the daily puzzle."""
    context = browser.new_context(viewport=PHONE, device_scale_factor=1, is_mobile=True, has_touch=True)
    page = context.new_page()
    try:
        page.goto(content.base_url + "/")
        screenshots(page, "layout-home-newcomer-phone")
        intro = page.locator("[data-intro]")
        start = intro.get_by_role("link", name="Start a new game")
        how = intro.get_by_role("link", name="How to play")
        for link in (start, how):
            box = link.bounding_box()
            assert box is not None, box
            assert box["y"] + box["height"] <= PHONE["height"], box
        assert intro.bounding_box()["y"] < page.locator(".daily-puzzle-card").bounding_box()["y"]
    finally:
        context.close()


def test_sub_navigation_links_are_spaced(content, browser):
    """The puzzle and coach pages' sub-navigation keeps a gap between its links."""
    page = browser.new_page()
    try:
        for path in ("/puzzles/dashboard/", "/coach/", "/puzzles/archive/"):
            page.goto(content.base_url + path)
            boxes = page.eval_on_selector_all(
                "nav.training-nav a",
                "links => links.map(a => { const b = a.getBoundingClientRect(); return [b.left, b.right, b.top]; })",
            )
            assert len(boxes) >= 3, (path, boxes)
            for (_l1, right, top1), (left, _r2, top2) in zip(boxes, boxes[1:], strict=False):
                if top1 == top2:
                    assert left - right >= 8, (path, boxes)
    finally:
        page.close()


def test_the_new_match_form_shows_the_target_chosen(content, browser):
    """Target score or won deals: only the field of the chosen target shows."""
    page = browser.new_page()
    try:
        page.goto(content.base_url + "/matches/")
        points, wins = page.locator('input[name="target_points"]'), page.locator('input[name="target_wins"]')
        page.check('input[name="target"][value="points"]')
        assert points.is_visible()
        assert not wins.is_visible()
        page.check('input[name="target"][value="wins"]')
        assert wins.is_visible()
        assert not points.is_visible()
        # the chosen field still submits: a match to 2 won deals
        wins.fill("2")
        page.locator("#new-match-form button[type=submit]").click()
        page.wait_for_url(re.compile(r"/matches/\d+/$"))
    finally:
        page.close()


REVIEW_TABLE = """() => {
  const box = document.querySelector('.gp-table-scroll');
  const heads = [...box.querySelectorAll('th')].filter((th) => th.scrollWidth > th.clientWidth + 1).map((th) => th.textContent);
  return {scrollWidth: box.scrollWidth, clientWidth: box.clientWidth, cut: heads};
}"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_game_match_and_review_fit_a_laptop_screen(content, browser, player, screenshots, lang):
    """At 1366x900: the player's own hand of a game in play is on the first
    screen, a match deal's board is as wide as a game's (not squeezed beside
    the score sheet), and a review's move table fits its column with every
    header whole."""
    base = content.base_url
    context = browser.new_context(
        viewport=DESKTOP, locale=lang, extra_http_headers={"Accept-Language": lang}, storage_state=player["state"]
    )
    page = context.new_page()
    page.set_default_timeout(60_000)
    errors = watch_errors(page)
    try:
        page.goto(f"{base}/play/{player['game']}/")
        page.wait_for_selector(".gp-board .odb-hand-bottom")
        page.wait_for_function(
            "() => document.querySelector('.gp-board .odb-hand-bottom').getBoundingClientRect().bottom > 0"
        )
        back = page.evaluate(BACK_ROW)
        screenshots(page, f"layout-desktop-{lang}-game")
        assert back["scrollY"] == 0, back
        assert back["bottom"] <= back["height"], back
        game_board = page.locator(".gp-board svg.odb-svg").bounding_box()
        page.goto(f"{base}/matches/{player['match']}/")
        page.wait_for_selector(".gp-board svg.odb-svg")
        match_board = page.locator(".gp-board svg.odb-svg").bounding_box()
        screenshots(page, f"layout-desktop-{lang}-match")
        assert page.locator(".odb.is-narrow").count() == 0
        assert match_board["width"] >= 0.9 * game_board["width"], (match_board, game_board)
        page.goto(f"{base}/games/{player['over']}/review/")
        page.wait_for_selector(".gp-table-scroll tbody tr")
        table = page.evaluate(REVIEW_TABLE)
        screenshots(page, f"layout-desktop-{lang}-review")
        assert table["scrollWidth"] <= table["clientWidth"] + 1, table
        assert not table["cut"], table
        assert not errors, errors
    finally:
        context.close()


# The chosen option of each select shows whole: its text is no wider than the
# select's box, or the select is tall enough for the lines it wraps onto.
SELECTS_WHOLE = """() => {
  const ctx = document.createElement('canvas').getContext('2d');
  const bad = [];
  for (const select of document.querySelectorAll('form select')) {
    const r = select.getBoundingClientRect();
    if (!r.width) continue;
    const s = getComputedStyle(select);
    ctx.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
    const label = select.selectedOptions[0] ? select.selectedOptions[0].textContent.trim() : '';
    const room = select.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - 16;  // the arrow
    const width = ctx.measureText(label).width;
    const lines = Math.ceil(width / room);
    const lineHeight = parseFloat(s.lineHeight) || parseFloat(s.fontSize) * 1.2;
    if (r.right > innerWidth + 0.5 || (width > room + 4 && select.clientHeight < lines * lineHeight * 0.95)) {
      bad.push(`${select.name}: "${label}" is ${Math.round(width)} px in ${Math.round(room)} px`);
    }
  }
  return bad;
}"""


@pytest.mark.parametrize("lang", ["en", "ro"])
def test_the_challenge_form_shows_the_longest_game_on_a_small_phone(content, browser, screenshots, lang):
    """At 360 px the challenge form's game select shows the partnership
    game's whole name (its longest), wrapped rather than cut."""
    context = browser.new_context(
        viewport={"width": 360, "height": 800},
        device_scale_factor=1,
        is_mobile=True,
        has_touch=True,
        locale=lang,
        extra_http_headers={"Accept-Language": lang},
    )
    page = context.new_page()
    try:
        page.goto(content.base_url + "/challenges/new/")
        page.select_option('select[name="variant"]', "partnership")
        screenshots(page, f"layout-challenge-{lang}-360")
        assert page.evaluate(SELECTS_WHOLE) == []
        assert page.evaluate("document.scrollingElement.scrollWidth") <= 360
    finally:
        context.close()
