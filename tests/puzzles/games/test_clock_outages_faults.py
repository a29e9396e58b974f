"""The clocks of a live game between people do not charge the server's
faults: the whole site runs as ``make run`` starts it, and (1) Redis is
paused (SIGSTOP) for longer than the mover's time left just as a move is
sent, (2) both web processes are killed as a player's clock starts.  The
move sent in time is played, nobody is flagged for the time the site could
not take moves, and that time (recorded as an outage) is not charged."""

from __future__ import annotations

import json
import os
import signal
import threading
import time

import pytest
from running_site import start_site, supervised_pid, until, wait_until_serving

from .test_people_faults import Guest, live_game, web_workers

pytestmark = pytest.mark.worker

CLOCK_SECONDS = 4  # shorter than the Redis pause and than a web restart


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    yield from start_site(tmp_path_factory.mktemp("clock-outages"))


def first_moves(table) -> None:
    """Both first moves (free): from here each move runs its clock."""
    for _ in range(2):
        seat = table.read("A")["to_move"]
        mine = table.read(seat)
        status, answer = table.guests[seat].call(
            "POST", f"/api/games/{table.game}/moves/", {"move": mine["legal_moves"][0], "ply": mine["ply"]}
        )
        assert status == 201, answer


def send_move(guest: Guest, game: int, move: str, ply: int, out: dict) -> None:
    body = json.dumps({"move": move, "ply": ply}).encode()
    conn, _port = guest.connect(timeout=60)
    conn.request("POST", f"/api/games/{game}/moves/", body=body, headers=guest.headers(body))
    response = conn.getresponse()
    out["answer"] = (response.status, json.loads(response.read()))
    conn.close()


def test_a_move_sent_while_redis_hangs_longer_than_the_clock_is_played(site):
    table = live_game(site, CLOCK_SECONDS, 0)
    first_moves(table)
    seat = table.read("A")["to_move"]
    mine = table.read(seat)
    guest = table.guests[seat]
    guest.headers(None)  # the CSRF token, read while Redis answers
    redis_pid = supervised_pid(site, "redis")
    out: dict = {}
    mover = threading.Thread(target=send_move, args=(guest, table.game, mine["legal_moves"][0], mine["ply"], out))
    os.kill(redis_pid, signal.SIGSTOP)
    try:
        paused = time.monotonic()
        mover.start()
        # Redis stays paused for longer than the mover's clock, or until the move is answered without it
        mover.join(CLOCK_SECONDS + 3)
        assert time.monotonic() - paused > CLOCK_SECONDS or "answer" in out
    finally:
        os.kill(redis_pid, signal.SIGCONT)
        resumed = time.time()
    mover.join(60)
    status, answer = out["answer"]
    assert status == 201, answer
    assert answer["status"] != "over", answer
    assert answer["clocks"][seat] > 0, answer
    assert table.read("A")["ply"] == mine["ply"] + 1
    # the opponent is not charged the pause either: once the outage is closed
    # their deadline is pushed past it, a whole clock after Redis came back
    # (it is read in the database, not by a read of the game that on a busy
    # machine may come after those 4 s)
    query = f"SELECT deadline, status FROM puzzles_game WHERE id = {int(table.game)}"

    def pushed() -> bool:
        deadline, status = site["query"](query)[0]
        assert status != "over", (status, resumed)
        return deadline is not None and _seconds(deadline) >= resumed + CLOCK_SECONDS - 1

    until(pushed, 30, "the opponent's deadline pushed past the pause")


def test_time_lost_to_a_web_restart_is_not_charged(site):
    """Both web processes killed as a player's clock starts, and none started
    again for longer than the clock (gunicorn's master held): the restart is
    recorded as an outage, the player is not flagged, and only the time
    outside it is charged.  The kill follows the move that starts the clock
    at once, so a busy machine's slow reads cannot spend the clock before it."""
    table = live_game(site, CLOCK_SECONDS, 0)
    seat = table.read("A")["to_move"]
    mine = table.read(seat)
    status, answer = table.guests[seat].call(
        "POST", f"/api/games/{table.game}/moves/", {"move": mine["legal_moves"][0], "ply": mine["ply"]}
    )
    assert status == 201, answer
    other = table.read(answer["to_move"])
    killed = web_workers(site)
    assert len(killed) >= 2, killed
    # the second first move: from its answer on, the first mover's clock runs
    status, answer = table.guests[other["to_move"]].call(
        "POST", f"/api/games/{table.game}/moves/", {"move": other["legal_moves"][0], "ply": other["ply"]}
    )
    turn_began = time.monotonic()
    master = supervised_pid(site, "web")
    os.kill(master, signal.SIGSTOP)  # no new workers for a while: the site is down longer than the clock
    for pid in killed:
        os.kill(pid, signal.SIGKILL)
    try:
        time.sleep(CLOCK_SECONDS + 1)  # the fault's length, not a wait for something
    finally:
        os.kill(master, signal.SIGCONT)
    assert status == 201, answer
    seat = answer["to_move"]
    # both back (gunicorn starts new workers, each beating before it serves)
    until(lambda: len(web_workers(site) - killed) >= 2, 60, "the web workers are back")
    wait_until_serving(site["base"], 60)
    recorded = 'SELECT start, "end" FROM core_outage WHERE cause = \'web\' AND "end" IS NOT NULL'
    spans = until(lambda: site["query"](recorded), 30, "the restart recorded as an outage")
    outage = max(_seconds(end) - _seconds(start) for start, end in spans)
    mine = table.read(seat)
    elapsed = time.monotonic() - turn_began
    assert mine["status"] != "over", (mine["result"], elapsed, outage)
    charged = CLOCK_SECONDS - mine["clocks"][seat] / 1000
    assert outage > CLOCK_SECONDS, spans  # the site was down longer than the clock
    # everything but the outage, give or take the reads' rounding
    assert charged < elapsed - outage + 1.5, (charged, elapsed, outage)
    status, answer = table.guests[seat].call(
        "POST", f"/api/games/{table.game}/moves/", {"move": mine["legal_moves"][0], "ply": mine["ply"]}
    )
    assert status == 201, answer
    assert answer["status"] != "over"


def _seconds(stamp) -> float:
    """A database timestamp (a datetime, or SQLite's text) in seconds."""
    from datetime import datetime

    return (stamp if isinstance(stamp, datetime) else datetime.fromisoformat(str(stamp))).timestamp()
