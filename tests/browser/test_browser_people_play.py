"""Games between people in the browser: two guests meet by a challenge link
and play a whole live game in two browser contexts, clocks running, each
move sent over the mover's WebSocket and reaching the other's page as an
event on theirs (no long poll of the game and no move posted while it goes
on), while a third context
watches (no move input, no grades until the end); then both reviews.  And
two accounts in a game started by the service with a short clock: one lets
the clock run out and loses on time, which both pages show."""

from __future__ import annotations

import re
import subprocess
import sys
import time

from browser_helpers import MANUAL_PASSES, challenge_by_link, waiting_can_only_premove, watch_errors
from conftest import ROOT

GAME = "window.playPage && window.playPage.game"


def my_turn(page) -> bool:
    return page.evaluate(
        f"(() => {{ const g = {GAME}; return !!g && g.status === 'your-move' && g.my_seat === g.board.side; }})()"
    )


def over(page) -> bool:
    return page.evaluate(f"(() => {{ const g = {GAME}; return !!g && g.status === 'over'; }})()")


def moves_seen(page) -> int:
    return page.evaluate(f"{GAME}.moves.length")


def wait_for_mover(pages: dict, timeout: float = 30.0):
    """The page whose player is to move, once its long poll has brought the turn (or a page that shows the end)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for page in pages.values():
            if my_turn(page) or over(page):
                return page
        next(iter(pages.values())).wait_for_timeout(100)
    raise AssertionError("nobody's move")


def play_first_move(page) -> str:
    """Plays the first move the board offers by clicking (a stone and an end, or Pass)."""
    legal = page.evaluate(f"{GAME}.legal_moves")
    assert legal, "our move, but no legal move"
    before = moves_seen(page)
    if legal == ["pass"]:
        if page.evaluate("localStorage.getItem('od-auto-pass') === 'off'"):
            page.locator(".odb-pass").click()
        # else the page passes by itself
    else:
        page.locator(".odb-hand-bottom .odb-hand-stone.is-selectable").first.click()
        page.locator(".odb-end.is-target").first.click()
    page.wait_for_function(f"() => {GAME}.moves.length > {before} && !window.playPage.pending")
    return page.evaluate(f"{GAME}.moves[{before}].move")


# Where the reader's own hand ends on the first screen (the page scrolled to its top).
HAND_BOTTOM = (
    "() => { window.scrollTo(0, 0); return document.querySelector('.odb-hand-bottom').getBoundingClientRect().bottom; }"
)


def clock_of(page, seat: str) -> str:
    return page.locator(f'.gp-clock[data-seat="{seat}"]').inner_text()


def test_two_guests_play_a_live_game_by_link_while_a_third_watches(site, browser, screenshots):
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(3)]
    for context in contexts:
        context.add_init_script(MANUAL_PASSES)  # every move counted as clicked
    ann, bob, eve = (c.new_page() for c in contexts)
    for page in (ann, bob, eve):
        page.set_default_timeout(30_000)
    errors = [watch_errors(p) for p in (ann, bob, eve)]
    sockets: list[str] = []
    polls: list[str] = []
    for page in (ann, bob, eve):
        page.on("websocket", lambda ws: sockets.append(ws.url))
        page.on(
            "request", lambda r: polls.append(r.url) if re.search(r"/api/games/\d+/(\?wait=|moves/)", r.url) else None
        )
    link = challenge_by_link(ann, site.base_url)
    bob.goto(link)
    bob.get_by_role("button", name="Accept the challenge").click()
    bob.wait_for_url(re.compile(r"/play/\d+/$"), wait_until="domcontentloaded", timeout=60_000)
    ann.goto(bob.url)  # (the challenge page also follows by itself; here the link is opened)
    eve.goto(bob.url)
    pages = {"A": ann, "B": bob}
    for page in (ann, bob, eve):
        page.wait_for_function(f"() => !!({GAME})")
    assert ann.evaluate(f"{GAME}.my_seat") == "A"
    assert bob.evaluate(f"{GAME}.my_seat") == "B"
    assert eve.evaluate(f"{GAME}.spectator") is True
    # both players' names and clocks, the time control
    for page in (ann, bob, eve):
        assert page.locator(".gp-player").count() == 2
        assert "5+3" in page.locator(".gp-people-head").inner_text()
        assert clock_of(page, "A") == "5:00"
        assert clock_of(page, "B") == "5:00"
    # no hint buttons in a game between people
    assert ann.locator(".gp-hint-button").first.is_hidden()
    # each player's own stones are on the first screen, under the clocks and the abort button
    for page in (ann, bob):
        assert page.locator(".gp-abort").is_visible()
        assert page.evaluate(HAND_BOTTOM) <= 900
    screenshots(eve, "people-watching-start")

    plies = 0
    running_checked = False
    while True:
        mover = wait_for_mover(pages)
        if over(mover):
            break
        other = bob if mover is ann else ann
        seat = mover.evaluate(f"{GAME}.my_seat")
        # the watcher and the waiting player have no move to make
        assert eve.locator(".odb-hand-stone.is-selectable").count() == 0
        assert waiting_can_only_premove(other)
        if plies >= 2 and not running_checked:  # both have moved once: the mover's clock runs, on every page
            first = clock_of(eve, seat)
            eve.wait_for_timeout(1600)
            assert clock_of(eve, seat) != first
            assert eve.locator(f'.gp-clock[data-seat="{seat}"].is-running').count() == 1
            running_checked = True
        played = play_first_move(mover)
        plies += 1
        # the move reaches the other player's page and the watcher's by their sockets (no reload)
        for watcher in (other, eve):
            watcher.wait_for_function(f"() => {GAME}.moves.length >= {plies} || {GAME}.status === 'over'")
        assert ann.evaluate(f"{GAME}.moves[{plies - 1}].move") == played or over(ann)
        # no grades for anyone while the game goes on
        if not over(eve):
            assert eve.evaluate(f"{GAME}.moves.every(m => m.grade === null && m.value === null)")
    assert running_checked
    game_id = ann.evaluate(f"{GAME}.id")
    assert sum(url.endswith(f"/ws/games/{game_id}/") for url in sockets) >= 3
    assert not [url for url in polls if f"/api/games/{game_id}/" in url]
    for page in (ann, bob, eve):
        page.wait_for_function(f"() => {GAME}.status === 'over'")
        page.locator(".gp-result").wait_for(state="visible")
    assert eve.locator(".gp-result-title").inner_text() == "The game is over."
    titles = {ann.locator(".gp-result-title").inner_text(), bob.locator(".gp-result-title").inner_text()}
    assert titles in ({"You won!", "You lost."}, {"A draw."})
    screenshots(ann, "people-over")
    # both reviews open, with both players' grades
    for page in (ann, bob):
        page.locator(".gp-review-link").click()
        page.wait_for_url(re.compile(r"/games/\d+/review/"))
        assert page.locator(".player-summary").count() == 2
        whos = page.locator("td.gp-who").all_inner_texts()  # the reader's moves "you", the other's by name
        assert "you" in whos, whos
        assert any(re.fullmatch(r".+ \([AB]\)", w) for w in whos), whos
    for watched in errors:
        assert not watched, watched


def start_by_service(site, code: str) -> int:
    """Runs ``code`` in the site's Django (manage.py shell): it prints the game's id."""
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=str(ROOT),
        env=site.env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return int(done.stdout.strip().splitlines()[-1])


def log_in(page, base_url: str, name: str) -> None:
    page.goto(base_url + "/accounts/login/")
    page.fill('input[name="username"]', name)
    page.fill('input[name="password"]', "a-long-pass-phrase-29")
    page.locator("form button[type=submit], form input[type=submit]").last.click()
    page.wait_for_load_state()


def test_a_player_loses_on_time(site, browser, screenshots):
    names = (f"ann{int(time.time() * 1000) % 10**8}", f"bob{int(time.time() * 1000) % 10**8}")
    game_id = start_by_service(
        site,
        (
            "from django.contrib.auth import get_user_model\n"
            "from puzzles.accounts.players import Player\n"
            "from puzzles.games.people_start import game_start_people\n"
            f"users = [get_user_model().objects.create_user(n, password='a-long-pass-phrase-29') for n in {names!r}]\n"
            "game = game_start_people(variant='lewicki', seats={'A': Player(users[0], ''), 'B': Player(users[1], '')},\n"
            "                         rated=False, clock=(4, 0), seed=7)\n"
            "print(game.pk)\n"
        ),
    )
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2)]
    pages = dict(zip("AB", (c.new_page() for c in contexts), strict=True))
    errors = [watch_errors(p) for p in pages.values()]
    for name, page in zip(names, pages.values(), strict=True):
        page.set_default_timeout(30_000)
        log_in(page, site.base_url, name)
        page.goto(f"{site.base_url}/play/{game_id}/")
        page.wait_for_function(f"() => !!({GAME})")
    # each plays a first move (free), then the first mover lets the 4 seconds run out (a casual game:
    # a rated one flagged before each player has moved twice ends as an abort, unrated)
    for _ in range(2):
        play_first_move(wait_for_mover(pages))
    # read once both pages have the second move: the first mover's page gets it by its long poll
    for page in pages.values():
        page.wait_for_function(f"() => {GAME}.moves.length >= 2")
    flagged = pages["A"].evaluate(f"{GAME}.board.side")
    loser, winner = pages[flagged], pages["B" if flagged == "A" else "A"]
    loser.wait_for_function(f"() => {GAME}.clock_running === '{flagged}'")
    for page in (loser, winner):
        page.wait_for_function(f"() => {GAME}.status === 'over'", timeout=20_000)
        page.locator(".gp-result").wait_for(state="visible")
    assert loser.evaluate(f"{GAME}.result.reason") == "time"
    assert loser.locator(".gp-result-title").inner_text() == "You lost."
    assert winner.locator(".gp-result-title").inner_text() == "You won!"
    assert "on time" in loser.locator(".gp-result-text").inner_text()
    assert loser.locator(f'.gp-clock[data-seat="{flagged}"]').inner_text() == "0:00.0"
    screenshots(loser, "people-lost-on-time")
    for watched in errors:
        assert not watched, watched


def test_a_live_game_on_a_phone_uses_its_width(site, browser, screenshots):
    """At 390x844, in English and in Romanian (the longest labels): the board
    of a live game is as wide as the screen allows, the whole of it (the
    player's own hand included) on the first screen under the clocks, and its
    name strips keep their labels whole (not squeezed to fit)."""
    phone = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 1, "is_mobile": True, "has_touch": True}
    ann_context, bob_context = browser.new_context(**phone), browser.new_context(**phone)
    ann, bob = ann_context.new_page(), bob_context.new_page()
    errors = [watch_errors(p) for p in (ann, bob)]
    link = challenge_by_link(ann, site.base_url)
    bob.goto(link)
    bob.get_by_role("button", name="Accept the challenge").click()
    bob.wait_for_url(re.compile(r"/play/\d+/$"), wait_until="domcontentloaded", timeout=60_000)
    bob_context.add_cookies([{"name": "django_language", "value": "ro", "url": site.base_url}])
    for page, lang in ((ann, "en"), (bob, "ro")):
        page.goto(bob.url)
        page.wait_for_function(f"() => !!({GAME})")
        page.locator(".gp-clock").first.wait_for()
        assert page.locator("html").get_attribute("lang") == lang
        screenshots(page, f"people-phone-{lang}")
        board = page.locator(".gp-board svg.odb-svg").bounding_box()
        assert board["width"] >= 0.85 * 390, board
        assert page.evaluate(HAND_BOTTOM) <= 844
        assert page.locator(".odb-info .odb-stat[textLength]").count() == 0
    for watched in errors:
        assert not watched, watched
