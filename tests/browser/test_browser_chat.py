"""The chat of a casual game between two accounts, in two browser contexts:
Ann sends a preset and Bob's panel shows it; Bob reports it (the report is
stored with its message and room), then blocks Ann from the message's line;
Ann's next message is refused and never reaches Bob's panel."""

from __future__ import annotations

import subprocess
import sys
import time

from browser_helpers import watch_errors
from conftest import ROOT

PASSWORD = "a-long-pass-phrase-29"


def django(site, code: str) -> str:
    """Runs ``code`` in the site's Django (manage.py shell); its last printed line."""
    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "-c", code],
        cwd=str(ROOT),
        env=site.env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()[-1]


def log_in(page, base_url: str, name: str) -> None:
    page.goto(base_url + "/accounts/login/")
    page.fill('input[name="username"]', name)
    page.fill('input[name="password"]', PASSWORD)
    page.locator("form button[type=submit], form input[type=submit]").last.click()
    page.wait_for_load_state()


def test_a_preset_is_seen_reported_and_the_blocked_players_next_message_is_not_shown(site, browser, screenshots):
    stamp = int(time.time() * 1000) % 10**8
    names = (f"ann{stamp}", f"bob{stamp}")
    game_id = django(
        site,
        "from django.contrib.auth import get_user_model\n"
        "from puzzles.accounts.players import Player\n"
        "from puzzles.games.people_start import game_start_people\n"
        f"users = [get_user_model().objects.create_user(n, password={PASSWORD!r}) for n in {names!r}]\n"
        "game = game_start_people(variant='lewicki', seats={'A': Player(users[0], ''), 'B': Player(users[1], '')},\n"
        "                         rated=False, clock=(600, 0), seed=7)\n"
        "print(game.pk)\n",
    )
    contexts = [browser.new_context(viewport={"width": 1280, "height": 900}) for _ in range(2)]
    ann, bob = (c.new_page() for c in contexts)
    errors = {name: watch_errors(page) for name, page in zip(names, (ann, bob), strict=True)}
    for name, page in zip(names, (ann, bob), strict=True):
        page.set_default_timeout(30_000)
        log_in(page, site.base_url, name)
        page.goto(f"{site.base_url}/play/{game_id}/")
        page.locator(".chat-panel .chat-preset").first.wait_for()
    # Ann's preset reaches Bob's panel by its long poll
    ann.locator('.chat-preset[data-preset="good-luck"]').click()
    line = bob.locator(".chat-message", has_text="Good luck!")
    line.wait_for()
    assert line.locator(".chat-author").inner_text() == names[0]
    screenshots(bob, "chat-preset-seen")
    # Bob reports it: the report holds the message and its room
    line.locator(".chat-report").click()
    line.get_by_text("Reported").wait_for()
    assert (
        django(
            site,
            "from puzzles.chat.models import Report\n"
            f"r = Report.objects.get(reporter__username={names[1]!r})\n"
            "print(r.message.preset, r.room.kind, r.room.game_id)\n",
        )
        == f"good-luck players {game_id}"
    )
    # then blocks Ann: her line goes, and the box says why it is closed
    line.locator(".chat-block").click()
    bob.locator(".chat-why-not", has_text="blocked").wait_for()
    assert bob.locator(".chat-message", has_text="Good luck!").count() == 0
    # Ann's next message is refused, and Bob's room gives him none of hers
    ann.locator(".chat-input").fill("are you there?")
    ann.locator(".chat-send").click()
    # refused: her box closes, saying why in words that do not tell her of the block
    ann.locator(".chat-why-not", has_text="cannot post in this room").wait_for()
    assert "block" not in ann.locator(".chat-why-not").inner_text().lower()
    assert ann.locator(".chat-form").is_hidden()
    room = bob.evaluate(f"fetch('/api/chat/games/{game_id}/players/').then(r => r.json())")
    assert [m["text"] for m in room["messages"]] == []
    assert bob.locator(".chat-message").count() == 0
    screenshots(ann, "chat-refused-after-block")
    for name, watched in errors.items():
        assert not watched, (name, watched)
