"""The reference bot against a guest in the browser, on the real site: an
account's token is made through the tokens' service, the bot (``python -m
bots``) runs as a program of its own with it, the guest challenges the
bot's account from the challenge form, the bot accepts from its event
stream and plays every move of its seat from the game's stream, the guest
clicks theirs on the page, to the end; then the bot's moves are legal, in
the game's record, and its clock was charged.  And the streams as the site
serves them: held without a thread each, capped per account, kept alive."""

from __future__ import annotations

import http.client
import json
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from urllib.parse import urlsplit

import pytest
from browser_helpers import MANUAL_PASSES, click_move, watch_errors
from conftest import ROOT

from solver import GameRecord, Position

GAME = "window.playPage && window.playPage.game"
MAKE_TOKEN = """
from django.contrib.auth import get_user_model
from puzzles.apitokens.services import create_personal_token
user = get_user_model().objects.create_user("{name}", password="a-long-pass-phrase-29")
print(create_personal_token(user, name="reference bot", scopes=["read", "play", "challenge"])[1])
"""


def make_token(site, name: str = "refbot") -> str:
    """A new account ``name`` and a personal token of it (read, play, challenge), made in the site's database."""
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", MAKE_TOKEN.format(name=name)],
        cwd=ROOT,
        env=site.env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()[-1]


def game_json(site, game_id: int, token: str) -> dict:
    request = urllib.request.Request(
        f"{site.base_url}/api/games/{game_id}/", headers={"Authorization": f"Bearer {token}"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


def test_a_guest_plays_the_reference_bot_to_the_end(site, browser, screenshots):
    token = make_token(site)
    log = site.log("bot")
    bot = subprocess.Popen(
        [sys.executable, "-m", "bots", "--url", site.base_url, "--token", token, "--level", "strong"]
        + ["--quit-after", "1", "-v"],
        cwd=ROOT,
        env=site.env,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
    )
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        context.add_init_script(MANUAL_PASSES)
        page = context.new_page()
        page.set_default_timeout(30_000)
        errors = watch_errors(page)
        page.goto(site.base_url + "/challenges/new/?to=refbot")
        page.select_option('select[name="control"]', "5+3")
        page.check('input[name="human"][value="A"]')
        page.get_by_role("button", name="Create the challenge").click()
        # the bot accepts from its event stream; the challenge page follows to the game
        page.wait_for_url(re.compile(r"/play/\d+/$"), wait_until="domcontentloaded", timeout=60_000)
        page.wait_for_function(f"() => !!({GAME})")
        game_id = page.evaluate(f"{GAME}.id")
        assert page.evaluate(f"{GAME}.my_seat") == "A"
        assert page.evaluate(f"{GAME}.players.B.name") == "refbot"
        guest_moves = 0
        while not page.evaluate(f"{GAME}.status === 'over'"):
            # the guest's turn comes after the bot's move, pushed to the page
            page.wait_for_function(
                f"() => {{ const g = {GAME}; return g.status === 'over' || "
                f"(g.status === 'your-move' && g.to_move === g.my_seat && !window.playPage.pending); }}",
                timeout=60_000,
            )
            if page.evaluate(f"{GAME}.status === 'over'"):
                break
            before = page.evaluate(f"{GAME}.moves.length")
            click_move(page, page.evaluate(f"{GAME}.legal_moves")[0])
            page.wait_for_function(f"() => {GAME}.moves.length > {before} || {GAME}.status === 'over'")
            guest_moves += 1
        page.locator(".gp-result").wait_for(state="visible")
        screenshots(page, "bot-game-over")
        try:  # --quit-after 1: the bot stops once its game is over
            assert bot.wait(60) == 0, log.read_text()
        except subprocess.TimeoutExpired:
            raise AssertionError(f"the bot did not stop:\n{log.read_text()}") from None
        assert not errors, errors
    finally:
        if bot.poll() is None:
            bot.kill()
            bot.wait(10)
    game = game_json(site, game_id, token)
    assert game["status"] == "over"
    bot_moves = [m for m in game["moves"] if m["side"] == "B"]
    assert bot_moves
    assert guest_moves == sum(1 for m in game["moves"] if m["side"] == "A")
    # every move of the record legal where it was played, the bot's among them
    position = Position.parse(game["start"])
    for move in game["moves"]:
        assert move["move"] in [str(m) for m in position.legal_moves()], (move, str(position))
        position = position.push(move["move"])
    assert str(position) == game["position"]
    # the game's record (the download a player gets) holds the same moves, replayed legal by the parser
    with urllib.request.urlopen(f"{site.base_url}/games/{game_id}/record.txt", timeout=10) as response:
        record = GameRecord.parse(response.read().decode())
    assert [str(m) for m in record.moves] == [m["move"] for m in game["moves"]]
    assert str(record.final_position) == game["position"]
    # the bot's clock was charged: its first move free, each later one its time less the increment's 3 s
    assert len(bot_moves) >= 2
    assert game["clocks"]["B"] != 300_000
    assert game["clocks"]["B"] <= 300_000 + 3_000 * (len(bot_moves) - 1)
    text = log.read_text()
    assert "accepting challenge" in text
    assert text.count(f"game {game_id}: ply") == len(bot_moves)


def open_stream(site, token: str) -> tuple[http.client.HTTPConnection, http.client.HTTPResponse]:
    where = urlsplit(site.base_url)
    connection = http.client.HTTPConnection(where.hostname, where.port, timeout=20)
    connection.request("GET", "/api/stream/events", headers={"Authorization": f"Bearer {token}"})
    return connection, connection.getresponse()


def test_streams_hold_no_thread_and_keep_alive(site):
    """On the site as it is served (ASGI): 16 event streams of one account
    held open (as many as the web process has threads) leave the site
    answering at once, a 17th is refused, an empty line keeps each alive
    about every 6 s, and a refused token is the view's own JSON 401."""
    token = make_token(site, "streamer")
    held = [open_stream(site, token) for _ in range(16)]
    try:
        for _connection, response in held:
            assert response.status == 200
            assert response.getheader("Content-Type") == "application/x-ndjson"
        started = time.monotonic()
        with urllib.request.urlopen(site.base_url + "/api/puzzles/themes/", timeout=10) as answer:
            assert answer.status == 200
        assert time.monotonic() - started < 5
        connection, refused = open_stream(site, token)
        assert refused.status == 429
        assert "too many open streams" in json.loads(refused.read())["error"]
        connection.close()
        started = time.monotonic()
        assert held[0][1].readline() == b"\n"  # the first keep-alive (the account has nothing to say)
        assert 3 < time.monotonic() - started < 10
    finally:
        for connection, _response in held:
            connection.close()
    request = urllib.request.Request(site.base_url + "/api/stream/events", headers={"Authorization": "Bearer od_x"})
    with pytest.raises(urllib.error.HTTPError) as refused_token:
        urllib.request.urlopen(request, timeout=10)
    assert refused_token.value.code == 401
    assert "error" in json.loads(refused_token.value.read())
