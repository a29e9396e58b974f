"""A rated live game between two accounts, set up and played through the
site's pages as players would: both sign up in browser contexts of their
own, one posts a rated 3+2 seek in the lobby, the other accepts it on their
lobby page, and they play the whole game by clicking, clocks running (the
mover's clock counts down on every page, the other's stands still), while a
guest watches (no move input, no solver values until the end).  Each side
plays at least one move the solver grades a mistake or a blunder (the test
asks the solver for the values of the legal moves).  After the game: both
reviews show the reader's own graded moves, both coaches hold exercises
from that player's mistakes of this game, both profiles show the rating
changed, and the watcher's page shows the values."""

from __future__ import annotations

import re
import time

from browser_helpers import MANUAL_PASSES, click_move, waiting_can_only_premove, watch_errors
from test_browser_people_play import GAME, clock_of, my_turn, over, wait_for_mover

from solver import Position, analyse

PASSWORD = "a-long-pass-phrase-29"
BAD = ("mistake", "blunder")


def sign_up(page, base_url: str, name: str) -> None:
    page.goto(base_url + "/accounts/signup/")
    page.fill('input[name="username"]', name)
    page.fill('input[name="password1"]', PASSWORD)
    page.fill('input[name="password2"]', PASSWORD)
    page.locator("form.account button[type=submit]").click()
    page.wait_for_url(re.compile(r"/$"))


def offers_a_mistake(position, move: str) -> bool:
    """Whether the player to move after ``move`` has a legal move the solver
    grades a mistake or a blunder."""
    after = position.push(move)
    return not after.is_over() and any(m.grade in BAD for m in analyse(after).moves)


def choose_move(page, bad_made: dict[str, str]) -> tuple[str, str]:
    """The move to play and its grade by the solver: the side's first move
    graded a mistake (else a blunder) while it has made none, the best
    move otherwise.  While the other side has made none, a move after
    which it may err is preferred: a deal in which one side only ever has
    good moves left would not test both reviews and both coaches."""
    game = page.evaluate(GAME)
    legal = game["legal_moves"]
    graded = {str(m.move): m.grade for m in analyse(game["position"]).moves}
    assert set(legal) <= set(graded) or legal == ["pass"], (legal, graded)
    side = game["my_seat"]
    position = Position.parse(game["position"])
    other_erred = ("B" if side == "A" else "A") in bad_made

    def pick(moves: list[str]) -> str:
        if other_erred or len(moves) == 1:
            return moves[0]
        return next((m for m in moves if offers_a_mistake(position, m)), moves[0])

    if side not in bad_made:
        for wanted in BAD:
            bad = [m for m in legal if graded.get(m) == wanted]
            if bad:
                bad_made[side] = game["position"]
                return pick(bad), wanted
    return pick([m for m in legal if graded.get(m, "best") == "best"]), "best"


def clock_runs_only_for(pages, seat: str, other: str) -> None:
    """On each page the mover's clock counts down and is marked running, the
    waiting player's stands still."""
    before = {id(p): (clock_of(p, seat), clock_of(p, other)) for p in pages}
    pages[0].wait_for_timeout(1600)
    for page in pages:
        mine, theirs = before[id(page)]
        assert clock_of(page, seat) != mine, (seat, mine)
        assert clock_of(page, other) == theirs, (other, theirs)
        assert page.locator(f'.gp-clock[data-seat="{seat}"].is-running').count() == 1
        assert page.locator(f'.gp-clock[data-seat="{other}"].is-running').count() == 0


def wait_until(page, check, timeout: float = 60.0, reload: bool = False) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        page.wait_for_timeout(500)
        if reload:
            page.reload()


def post_and_accept_a_rated_seek(ann, bob, base: str, names: dict[str, str]) -> str:
    """Ann posts a rated 3+2 seek in the lobby, sitting in A; Bob finds it on
    his lobby page and accepts it.  The game's address, where both now are."""
    ann.goto(base + "/lobby/")
    ann.select_option('select[name="seek-control"]', "3+2")
    ann.check('input[name="seek-human"][value="A"]')
    ann.check('input[name="seek-rated"]')
    ann.locator("form.new-seek button[type=submit]").click()
    ann.wait_for_url(re.compile(r"/challenges/\d+/$"))
    assert "rated game" in ann.locator(".challenge-facts").inner_text()
    bob.goto(base + "/lobby/")
    row = bob.locator("table.seeks tbody tr", has_text=names["A"])
    assert "rated game" in row.inner_text()
    assert "3 min + 2 s a move" in row.inner_text()
    row.get_by_role("button", name="Accept").click()
    bob.wait_for_url(re.compile(r"/play/\d+/$"), wait_until="domcontentloaded")
    ann.wait_for_url(bob.url, wait_until="domcontentloaded")  # the challenge page follows by its long poll
    return bob.url


def check_the_game_pages(ann, bob, eve, names: dict[str, str]) -> None:
    """Ann sits in A, Bob in B, Eve watches; each page heads a rated 3+2 game
    between the two names, both clocks at 3:00."""
    for page in (ann, bob, eve):
        page.wait_for_function(f"() => !!({GAME})")
    assert ann.evaluate(f"{GAME}.my_seat") == "A"
    assert bob.evaluate(f"{GAME}.my_seat") == "B"
    assert eve.evaluate(f"{GAME}.spectator") is True
    for page in (ann, bob, eve):
        head = page.locator(".gp-people-head").inner_text()
        assert "3+2" in head, head
        assert "rated game" in head, head
        players = " ".join(page.locator(".gp-player").all_inner_texts())
        assert names["A"] in players, players
        assert names["B"] in players, players
        assert clock_of(page, "A") == "3:00"
        assert clock_of(page, "B") == "3:00"


def check_only_the_mover_can_move(mover, other, eve) -> None:
    """Neither the watcher nor the waiting player can move; nobody sees values
    while the game goes on."""
    assert not my_turn(other)
    assert eve.locator(".odb-hand-stone.is-selectable").count() == 0
    assert waiting_can_only_premove(other)
    assert eve.locator(".odb-pass:enabled:visible").count() == 0
    for page in (mover, other, eve):
        assert page.evaluate(f"{GAME}.moves.every(m => m.grade === null && m.value === null)")


def play_the_game(ann, bob, eve) -> tuple[dict[str, str], list[tuple[str, str, str]]]:
    """The whole game played by clicking (``choose_move``), each side's clock
    watched running once both have moved, until it is over: the position of
    each side's first bad move, and the moves as (side, move, the solver's
    grade)."""
    pages = {"A": ann, "B": bob}
    bad_made: dict[str, str] = {}
    played: list[tuple[str, str, str]] = []
    clocks_checked = set()
    while True:
        mover = wait_for_mover(pages)
        if over(mover):
            break
        seat = mover.evaluate(f"{GAME}.my_seat")
        other_seat = "B" if seat == "A" else "A"
        other = pages[other_seat]
        check_only_the_mover_can_move(mover, other, eve)
        if len(played) >= 2 and seat not in clocks_checked:  # both have moved: the clocks run
            clock_runs_only_for([mover, other, eve], seat, other_seat)
            clocks_checked.add(seat)
        move, grade = choose_move(mover, bad_made)
        before = mover.evaluate(f"{GAME}.moves.length")
        click_move(mover, move)
        mover.wait_for_function(f"() => {GAME}.moves.length > {before} && !window.playPage.pending")
        assert mover.evaluate(f"{GAME}.moves[{before}].move") == move
        played.append((seat, move, grade))
        for page in (other, eve):
            page.wait_for_function(f"() => {GAME}.moves.length > {before} || {GAME}.status === 'over'")
    assert clocks_checked == {"A", "B"}, "the game was too short to watch both clocks"
    assert set(bad_made) == {"A", "B"}, f"no mistake offered to a side: {played}"
    return bad_made, played


def check_the_end(ann, bob, eve, played: list[tuple[str, str, str]], screenshots) -> set[str]:
    """Every page shows the result, the players' a win and a loss or a draw,
    and the watcher's now the values and grades (the solver's, as the test
    saw them).  The players' result titles."""
    for page in (ann, bob, eve):
        page.wait_for_function(f"() => {GAME}.status === 'over'")
        page.locator(".gp-result").wait_for(state="visible")
    titles = {ann.locator(".gp-result-title").inner_text(), bob.locator(".gp-result-title").inner_text()}
    assert titles in ({"You won!", "You lost."}, {"A draw."}), titles
    eve.wait_for_function(f"() => {GAME}.moves.every(m => m.grade !== null)", timeout=90_000)
    assert eve.evaluate(f"{GAME}.moves.map(m => m.grade)") == [g for _, _, g in played]
    eve.reload()
    eve.wait_for_function(f"() => !!({GAME}) && {GAME}.moves.every(m => m.value !== null)")
    screenshots(eve, "people-rated-watcher-over")
    return titles


def check_the_review(page, seat: str, game_id: int, played: list[tuple[str, str, str]], screenshots) -> None:
    """The player's review shows their own moves as "you", graded as the solver grades them."""
    page.locator(".gp-review-link").click()
    page.wait_for_url(re.compile(rf"/games/{game_id}/review/"))
    rows = page.locator("tr.gp-row:has(td.gp-who)")
    rows.first.wait_for()
    mine = [r for r in rows.all() if r.locator("td.gp-who").inner_text() == "you"]
    assert len(mine) == sum(1 for s, _, _ in played if s == seat)
    want = [g for s, _, g in played if s == seat]
    got = [next(c for c in (r.get_attribute("class") or "").split() if c.startswith("grade-")) for r in mine]
    assert got == [f"grade-{g}" for g in want], (got, want)
    screenshots(page, f"people-rated-review-{seat}")


def check_the_coach(page, seat: str, base: str, game_id: int, bad_made: dict[str, str]) -> None:
    """The player's coach holds exercises from their mistakes of this game."""

    def from_this_game():
        listed = page.request.get(base + "/api/exercises/").json()["exercises"]
        return [e for e in listed if (e.get("source") or {}).get("game") == game_id]

    wait_until(page, lambda: bool(from_this_game()))
    exercises = from_this_game()
    assert all(e["side"] == seat for e in exercises), exercises
    assert {e["grade"] for e in exercises} <= set(BAD)
    assert bad_made[seat] in {e["position"] for e in exercises}
    page.goto(base + "/coach/")
    assert f"game #{game_id}" in page.locator("table.exercises").first.inner_text()


def check_the_profile(page, base: str, name: str, titles: set[str]) -> None:
    """The player's profile: one rated live game, and a rating that moved from the start unless it was a draw."""
    page.goto(f"{base}/players/{name}/")
    row = page.locator('tr[data-pool^="live-"]')
    wait_until(page, lambda: row.count() == 1, reload=True)
    cells = row.locator("td").all_inner_texts()
    assert cells[3] == "1", cells
    rating = int(re.match(r"\d+", cells[2]).group())
    if titles != {"A draw."}:
        assert rating != 1500, cells


def test_two_accounts_play_a_rated_live_game_from_the_lobby_while_a_guest_watches(site, browser, screenshots):
    base = site.base_url
    stamp = int(time.time() * 1000) % 10**7
    names = {"A": f"rated_ann{stamp}", "B": f"rated_bob{stamp}"}
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(3)]
    for context in contexts:
        context.add_init_script(MANUAL_PASSES)  # every move counted as clicked
    try:
        ann, bob, eve = (c.new_page() for c in contexts)
        for page in (ann, bob, eve):
            page.set_default_timeout(60_000)  # a loaded machine: the accept starts a game
        errors = [watch_errors(p) for p in (ann, bob, eve)]
        for page, seat in ((ann, "A"), (bob, "B")):
            sign_up(page, base, names[seat])
            page.goto(f"{base}/players/{names[seat]}/")
            assert "No rated games yet." in page.locator("main, body").first.inner_text()

        game_url = post_and_accept_a_rated_seek(ann, bob, base, names)
        game_id = int(re.search(r"/play/(\d+)/", game_url).group(1))
        eve.goto(game_url)
        check_the_game_pages(ann, bob, eve, names)
        bad_made, played = play_the_game(ann, bob, eve)
        titles = check_the_end(ann, bob, eve, played, screenshots)
        for page, seat in ((ann, "A"), (bob, "B")):
            check_the_review(page, seat, game_id, played, screenshots)
        for page, seat in ((ann, "A"), (bob, "B")):
            check_the_coach(page, seat, base, game_id, bad_made)
        for page, seat in ((ann, "A"), (bob, "B")):
            check_the_profile(page, base, names[seat], titles)
        for watched in errors:
            assert not watched, watched
    finally:
        for context in contexts:
            context.close()


def test_a_challenge_by_name_appears_on_the_open_lobby_and_is_accepted_there(site, browser):
    """Bob waits in the lobby; Ann challenges him by name from the challenge
    page; his lobby lists it under "Challenges for you" without a reload,
    and his Accept there starts the game for both."""
    base = site.base_url
    stamp = int(time.time() * 1000) % 10**7
    ann_name, bob_name = f"named_ann{stamp}", f"named_bob{stamp}"
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2)]
    try:
        ann, bob = (c.new_page() for c in contexts)
        errors = [watch_errors(p) for p in (ann, bob)]
        sign_up(ann, base, ann_name)
        sign_up(bob, base, bob_name)
        bob.goto(base + "/lobby/")
        assert bob.locator("#lobby-for-you li").count() == 0
        bob.wait_for_timeout(500)  # its long polls (the lobby's, his challenges') are open

        ann.goto(base + "/challenges/new/")
        ann.select_option('select[name="control"]', "5+3")
        ann.fill('input[name="to"]', bob_name)
        ann.locator("form.new-challenge button[type=submit]").click()
        ann.wait_for_url(re.compile(r"/challenges/\d+/$"))
        challenge = ann.url.rstrip("/").rsplit("/", 1)[1]

        row = bob.locator(f'#lobby-for-you li[data-challenge="{challenge}"]')
        row.wait_for(timeout=15_000)  # drawn by the lobby's script: no reload
        assert ann_name in row.inner_text()
        row.locator("button", has_text="Accept").click()
        bob.wait_for_url(re.compile(r"/play/\d+/$"))
        ann.wait_for_url(re.compile(r"/play/\d+/$"), timeout=30_000)  # her challenge page follows
        assert ann.url == bob.url
        assert all(not e for e in errors), errors
    finally:
        for context in contexts:
            context.close()
