"""Quick pairing on the running site (two web processes, as ``make run``
serves it): the player waiting on their seek's page is told the moment a
second player is paired with them.  Over 20 tries, both players are in the
game within a second of the pairing (95th percentile), the waiting one
told through both long polls a page of theirs holds: the seek's own (its
page) and the challenges for them (every page of theirs: ``inbox.ts`` goes
to the game from wherever they wait)."""

from __future__ import annotations

import statistics
import threading
import time

import pytest
from running_site import Player, start_site

pytestmark = pytest.mark.worker

TRIES = 20


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    yield from start_site(tmp_path_factory.mktemp("quick-pairing"), web_workers=2)


def one_pairing(base: str) -> float:
    """Seconds from the second player's pairing answer until the waiting
    player's two polls have both answered with the game (0 if before): the
    seek's own (its page's) and the challenges-for-you one (every page's)."""
    first, second = Player(base), Player(base)
    second.csrf_token()  # its session, as a page's first visit makes it
    status, seek = first.call("POST", "/api/seeks/quick/", {"control": "3+2"})
    assert status in (200, 201), seek
    assert seek["game"] is None, seek
    path = f"/api/challenges/{seek['id']}/"
    status, state = first.call("GET", path)  # the seek's page reads it, then waits on it
    assert status == 200, state
    status, inbox = first.call("GET", "/api/lobby/1/for-you/")
    assert status == 200, inbox
    woken: dict = {}

    def wait(name: str, url: str) -> None:
        answer = first.call("GET", url, timeout=30)
        woken[name] = (time.monotonic(), answer)

    waiters = [
        threading.Thread(target=wait, args=("seek", f"{path}?wait={state['version']}&timeout=25")),
        threading.Thread(target=wait, args=("inbox", f"/api/lobby/1/for-you/?wait={inbox['version']}&timeout=25")),
    ]
    for waiter in waiters:
        waiter.start()
    status, paired = second.call("POST", "/api/seeks/quick/", {"control": "3+2"})
    paired_at = time.monotonic()
    assert status in (200, 201), paired
    assert paired["id"] == seek["id"], (paired, seek)
    assert paired["game"] is not None
    for waiter in waiters:
        waiter.join(30)
    status, answer = woken["seek"][1]
    assert status == 200, answer
    assert answer["game"] == paired["game"]
    assert answer["you"]["seat"] in ("A", "B")
    status, news = woken["inbox"][1]
    assert status == 200, news
    assert [g["game"] for g in news["started"]] == [paired["game"]]
    return max(0.0, max(at for at, _answer in woken.values()) - paired_at)


def test_both_players_reach_the_game_within_a_second_of_the_pairing(site):
    started = time.monotonic()
    delays = sorted(one_pairing(site["base"]) for _ in range(TRIES))
    p95 = delays[int(0.95 * len(delays)) - 1]
    assert p95 < 1.0, f"95th percentile {p95:.2f} s (median {statistics.median(delays):.2f} s): {delays}"
    assert time.monotonic() - started < 60
