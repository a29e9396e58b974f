"""At the table of a live game between two accounts, in two browser
contexts: a premove picked while the opponent thinks is played the moment
their move arrives; and a player whose opponent has closed their page sees
them gone, then claims the game (each having made a first move) once the
(test-short) grace has passed."""

from __future__ import annotations

import time

from browser_helpers import click_move, watch_errors
from test_browser_people_play import GAME, log_in, play_first_move, start_by_service, wait_for_mover


def start_game(site, browser) -> tuple[int, dict]:
    """A casual 5+3 game of seed 7 between two new accounts, each on its page: (id, pages by seat)."""
    stamp = int(time.time() * 1000) % 10**8
    names = (f"ann{stamp}", f"bob{stamp}")
    game_id = start_by_service(
        site,
        (
            "from django.contrib.auth import get_user_model\n"
            "from puzzles.accounts.players import Player\n"
            "from puzzles.games.people_start import game_start_people\n"
            f"users = [get_user_model().objects.create_user(n, password='a-long-pass-phrase-29') for n in {names!r}]\n"
            "game = game_start_people(variant='lewicki', seats={'A': Player(users[0], ''), 'B': Player(users[1], '')},\n"
            "                         rated=False, clock=(300, 3), seed=7)\n"
            "print(game.pk)\n"
        ),
    )
    pages = {}
    for seat, name in zip("AB", names, strict=True):
        page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
        page.set_default_timeout(30_000)
        log_in(page, site.base_url, name)
        page.goto(f"{site.base_url}/play/{game_id}/")
        page.wait_for_function(f"() => !!({GAME})")
        pages[seat] = page
    return game_id, pages


def available(hand: dict) -> list[str]:
    """The stones a hand may play (docs/rules.md 1.4): each column's front stone, else its back one."""
    return [front or back for front, back in zip(hand["front"], hand["back"], strict=False) if front or back]


def a_premove_kept_legal(waiting, mover) -> tuple[str, str]:
    """A move of the mover's on one end, and a premove of the waiting player's
    on the other end (which that move leaves as it is): (move, premove)."""
    ends = waiting.evaluate(f"{GAME}.board.ends")
    hand = waiting.evaluate(f"{GAME}.board.hands[{GAME}.my_seat]")
    for move in mover.evaluate(f"{GAME}.legal_moves"):
        if move == "pass":
            continue
        end = "R" if move.endswith("L") else "L"
        value = str(ends[0 if end == "L" else 1])
        for stone in available(hand):
            if value in stone:
                return move, f"{stone}{end}"
    raise AssertionError("no premove that the opponent's move leaves legal")


def test_a_premove_is_played_the_moment_the_opponents_move_arrives(site, browser):
    _game_id, pages = start_game(site, browser)
    errors = [watch_errors(p) for p in pages.values()]
    first = wait_for_mover(pages)
    play_first_move(first)  # the opening: no line yet to premove on
    waiting = first
    mover = pages["B"] if waiting is pages["A"] else pages["A"]
    mover.wait_for_function(f"() => {GAME}.moves.length === 1 && {GAME}.legal_moves.length > 0")
    move, premove = a_premove_kept_legal(waiting, mover)
    assert "premove" in (waiting.locator(".gp-board .odb-status").text_content() or "")
    click_move(waiting, premove)  # picked on the board while the opponent is to move
    waiting.locator(".gp-premove").wait_for(state="visible")
    assert waiting.evaluate(f"{GAME}.moves.length") == 1  # kept, not sent
    click_move(mover, move)
    # the opponent's move arrives and the premove goes at once, by nobody's click
    mover.wait_for_function(f"() => {GAME}.moves.length >= 3", timeout=20_000)
    played = mover.evaluate(f"{GAME}.moves[2]")
    assert played["side"] == waiting.evaluate(f"{GAME}.my_seat")
    assert played["move"] in (premove, premove[:2] + "L")  # L and R name one move when both ends match
    waiting.wait_for_function(f"() => {GAME}.moves.length >= 3 && !window.playPage.pending")
    assert waiting.locator(".gp-premove").is_hidden()
    for watched in errors:
        assert not watched, watched


def test_a_player_claims_the_game_of_an_opponent_who_closed_their_page(site, browser):
    _game_id, pages = start_game(site, browser)
    ann, bob = pages["A"], pages["B"]
    errors = watch_errors(ann)
    for plies in (1, 2):  # a game is claimed only once each player has made a first move
        play_first_move(wait_for_mover(pages))
        for page in pages.values():
            page.wait_for_function(f"() => {GAME}.moves.length >= {plies}")
    note = ann.locator(".gp-opponent-note")
    claim = ann.get_by_role("button", name="Claim victory")
    # Bob's page is open (a page opened before his may have shown him gone, then back)
    ann.wait_for_function(
        "() => ['here', 'back'].includes(document.querySelector('.gp-opponent')?.dataset.state)",
        timeout=20_000,
    )
    assert "disconnected" not in (note.text_content() or "")
    assert claim.is_hidden()
    bob.context.close()  # Bob's page goes, its socket with it
    ann.wait_for_function(
        "() => (document.querySelector('.gp-opponent-note') || {}).textContent?.includes('disconnected')",
        timeout=20_000,
    )
    claim.wait_for(state="visible", timeout=20_000)  # once the grace (4 s here) has passed
    claim.click()
    ann.wait_for_function(f"() => {GAME}.status === 'over'")
    ann.locator(".gp-result").wait_for(state="visible")
    assert ann.evaluate(f"{GAME}.result.reason") == "abandoned"
    assert ann.evaluate(f"{GAME}.result.winner") == "A"
    assert ann.locator(".gp-result-title").inner_text() == "You won!"
    assert "left the table" in ann.locator(".gp-result-text").inner_text()
    assert ann.locator(".gp-opponent").is_hidden()
    assert not errors, errors
