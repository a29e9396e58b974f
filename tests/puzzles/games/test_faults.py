"""One dead process does not stop the site: ``scripts/run.sh`` (what ``make
run`` starts, under supervisord) is started on a spare port, scripted players
move, and the grading worker, the general worker, beat, Redis and a web worker
are killed one at a time.  After each kill the site answers again within a
few seconds; at the end no accepted move is lost and every move is graded
once (the grading write is conditional; moves are unique per ply)."""
from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import threading
import time

import pytest
from running_site import Player, supervised_pid, wait_until_serving

from solver import Position

pytestmark = pytest.mark.worker


def test_each_process_killed_in_turn_loses_no_move(running_site):
    site = running_site
    players = [Player(site["base"]) for _ in range(3)]
    stop = threading.Event()
    threads = [threading.Thread(target=p.play, args=(stop,), daemon=True) for p in players]
    for thread in threads:
        thread.start()
    time.sleep(4)
    back_after = {}
    for name in ("grades", "main", "beat", "redis", "web-worker"):
        if name == "web-worker":
            master = supervised_pid(site, "web")
            children = subprocess.run(["pgrep", "-P", str(master)], capture_output=True, text=True).stdout.split()
            os.kill(int(children[0]), signal.SIGKILL)
        else:
            os.kill(supervised_pid(site, name), signal.SIGKILL)
        time.sleep(0.5)
        back_after[name] = wait_until_serving(site["base"], 15)
        time.sleep(3)  # the players go on meanwhile
    stop.set()
    for thread in threads:
        thread.join(30)
    assert all(seconds < 15 for seconds in back_after.values()), back_after
    assert sum(len(p.accepted) for p in players) >= 10, [len(p.accepted) for p in players]

    # every accepted move is stored once, and graded (the workers catch up)
    deadline = time.monotonic() + 90
    while True:
        with sqlite3.connect(site["db"], timeout=30) as db:
            ungraded = db.execute("select count(*) from puzzles_gamemove where graded_at is null").fetchone()[0]
            thinking = db.execute("select count(*) from puzzles_game where status = 'thinking'").fetchone()[0]
        if ungraded == 0 and thinking == 0:
            break
        assert time.monotonic() < deadline, (ungraded, thinking, site["log"].read_text(errors="replace")[-3000:])
        time.sleep(1)
    with sqlite3.connect(site["db"], timeout=30) as db:
        rows = db.execute(
            "select game_id, ply, by, move, position_before, value, best_value, grade from puzzles_gamemove"
            " order by game_id, ply"
        ).fetchall()
        games = dict(db.execute("select id, ply_count from puzzles_game").fetchall())
    stored = {(game, ply): (by, move) for game, ply, by, move, *_ in rows}
    for player in players:
        for game, ply, move in player.accepted:
            assert stored[(game, ply)] == ("human", move), (game, ply, move)
    for game, count in games.items():
        assert [ply for g, ply, *_ in rows if g == game] == list(range(count)), game
    for _game, _ply, _by, move, before, value, best, grade in rows:
        assert grade is not None and value is not None and best is not None
        assert Position.parse(before).normalise_move(move)  # a legal move of its position
