"""Watching games between people in the browser: two guests start a live
game by a challenge link; a third finds it on the watch page, opens it as a
spectator, sees how many watch it and a move arrive as it is played; the TV
page shows the same game, follows its moves and, once it ends, moves on
by itself (here to no game at all)."""

from __future__ import annotations

import re

from browser_helpers import challenge_by_link, watch_errors
from test_browser_people_play import GAME, moves_seen, play_first_move, wait_for_mover

# What a page has of its game, printed when the test fails.
SEEN = f"""() => {{
    const g = {GAME};
    return g ? {{version: g.version, moves: g.moves.length, status: g.status, error: window.playPage.els.error.textContent,
                 following: !!window.playPage.follower}} : null;
}}"""


def count_shown(page, text: str) -> None:
    page.wait_for_function(
        "t => (document.querySelector('.gp-spectators')?.textContent || '').trim() === t", arg=text, timeout=20_000
    )


def test_a_game_found_on_the_watch_page_watched_and_followed_by_the_tv(site, browser, screenshots):
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(4)]
    ann, bob, eve, tv = (c.new_page() for c in contexts)
    errors = [watch_errors(p) for p in (ann, bob, eve, tv)]
    for page in (ann, bob, eve, tv):
        page.set_default_timeout(30_000)
    try:
        bob.goto(challenge_by_link(ann, site.base_url))
        bob.get_by_role("button", name="Accept the challenge").click()
        bob.wait_for_url(re.compile(r"/play/\d+/$"), wait_until="domcontentloaded", timeout=60_000)
        ann.goto(bob.url)
        game_id = int(re.search(r"/play/(\d+)/", bob.url).group(1))

        # the watch page lists it (read again every few seconds); the spectator opens it from there
        eve.goto(site.base_url + "/")
        eve.get_by_role("link", name="Watch games").first.click()
        eve.wait_for_url(re.compile(r"/watch/$"))
        row = eve.locator(f'tr[data-game="{game_id}"]')
        row.wait_for(timeout=20_000)
        assert "5+3" in row.inner_text()
        row.locator("a.watch-open").click()
        eve.wait_for_url(re.compile(rf"/play/{game_id}/$"))
        eve.wait_for_function(f"() => !!({GAME})")
        assert eve.evaluate(f"{GAME}.spectator") is True
        count_shown(eve, "1 watching")

        # the TV shows the best game being played: this one; a second spectator, counted on the players' page too
        tv.goto(site.base_url + "/tv/")
        assert tv.locator("[data-tv]").get_attribute("data-game") == str(game_id)
        tv.wait_for_function(f"() => !!({GAME}) && {GAME}.spectator === true")
        count_shown(ann, "2 watching")
        screenshots(eve, "watch-spectator")

        # a move reaches the spectator's page and the TV as it is played
        mover = wait_for_mover({"A": ann, "B": bob})
        played = play_first_move(mover)
        for page in (eve, tv):
            page.wait_for_function(f"() => {GAME}.moves.length === 1", timeout=20_000)
            assert page.evaluate(f"{GAME}.moves[0].move") == played
        assert moves_seen(eve) == 1

        # the game ends: the TV moves on by itself (no other game is being played)
        ann.evaluate(
            """async id => {
                const token = document.getElementById('game-root').dataset.csrfToken;
                const r = await fetch(`/api/games/${id}/resign/`, {method: 'POST', headers: {'X-CSRFToken': token}});
                if (!r.ok) throw new Error('resign: ' + r.status);
            }""",
            game_id,
        )
        # (other tests on this site may leave games of their own being played: the TV may move on to one)
        tv.wait_for_function(
            "id => document.querySelector('[data-tv]')?.dataset.game !== String(id)", arg=game_id, timeout=20_000
        )
        if tv.evaluate("() => document.querySelector('[data-tv]').dataset.game") == "":
            assert "No game between people is being played now" in tv.locator(".watch-tv").inner_text()
        # the finished game leaves the watch list
        eve.goto(site.base_url + "/watch/")
        eve.wait_for_function(
            "id => !document.querySelector(`[data-watch-list] tr[data-game='${id}']`)", arg=game_id, timeout=20_000
        )
    except Exception:
        screenshots(tv, "watch-failure-tv")
        screenshots(eve, "watch-failure-eve")
        for name, page in (("ann", ann), ("bob", bob), ("eve", eve), ("tv", tv)):
            print(name, page.url, page.evaluate(SEEN))
        print(site.logs())
        raise
    finally:
        for context in contexts:
            context.close()
    assert errors == [[], [], [], []]
