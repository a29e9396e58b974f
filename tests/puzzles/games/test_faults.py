"""One dead process does not stop the site: ``scripts/run.sh`` (what ``make
run`` starts, under supervisord) is started on a spare port, scripted players
move, and the grading worker, the general worker, beat, Redis and a web worker
are killed one at a time.  After each kill a new player's move is accepted,
graded and answered again within a few seconds; at the end no accepted move is lost and every move is graded
once (the grading write is conditional; moves are unique per ply)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import threading
import time
import urllib.error

import pytest
from running_site import Player, supervised_pid

from solver import Position

pytestmark = pytest.mark.worker


def played_again(site, seconds: float) -> float:
    """The time from now until a new player's first move is accepted, graded
    and answered by the solver: the whole site serves again, not only a page."""
    start = time.monotonic()
    probe = Player(site["base"])
    game = None
    while time.monotonic() - start < seconds:
        try:
            if game is None:
                status, game = probe.call("POST", "/api/games/", {"seed": 11, "human": "A"})
                assert status == 201, game
            elif game["status"] == "your-move" and not any(m["by"] == "human" for m in game["moves"]):
                status, answer = probe.call(
                    "POST", f"/api/games/{game['id']}/moves/", {"move": game["legal_moves"][0], "ply": game["ply"]}
                )
                assert status in (201, 409), answer
                game = answer if status == 201 else probe.call("GET", f"/api/games/{game['id']}/")[1]
            else:
                mine = [m for m in game["moves"] if m["by"] == "human"]
                if mine and mine[0]["grade"] is not None and game["status"] != "thinking":
                    return time.monotonic() - start
                time.sleep(0.1)
                game = probe.call("GET", f"/api/games/{game['id']}/")[1]
        except (OSError, urllib.error.URLError, json.JSONDecodeError):
            time.sleep(0.1)  # the process that answered was killed, or is not back yet
    raise AssertionError(f"no move went through in {seconds} s\n{site['log'].read_text(errors='replace')[-3000:]}")


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
        back_after[name] = played_again(site, 30)
        time.sleep(2)  # the players go on meanwhile
    stop.set()
    for thread in threads:
        thread.join(30)
    # a few seconds: the killed process restarted (a Celery worker takes 2-4 s
    # to boot here) and the move, its grade and the solver's reply went through
    assert all(seconds < 10 for seconds in back_after.values()), back_after
    assert sum(len(p.accepted) for p in players) >= 10, [len(p.accepted) for p in players]

    # every accepted move is stored once, and graded (the workers catch up)
    deadline = time.monotonic() + 90
    while True:
        [(ungraded,)] = site["query"]("select count(*) from puzzles_gamemove where graded_at is null")
        [(thinking,)] = site["query"]("select count(*) from puzzles_game where status = 'thinking'")
        if ungraded == 0 and thinking == 0:
            break
        assert time.monotonic() < deadline, (ungraded, thinking, site["log"].read_text(errors="replace")[-3000:])
        time.sleep(1)
    rows = site["query"](
        "select game_id, ply, by, move, position_before, value, best_value, grade from puzzles_gamemove"
        " order by game_id, ply"
    )
    games = dict(site["query"]("select id, ply_count from puzzles_game"))
    stored = {(game, ply): (by, move) for game, ply, by, move, *_ in rows}
    for player in players:
        for game, ply, move in player.accepted:
            assert stored[(game, ply)] == ("human", move), (game, ply, move)
    for game, count in games.items():
        assert [ply for g, ply, *_ in rows if g == game] == list(range(count)), game
    for _game, _ply, _by, move, before, value, best, grade in rows:
        assert grade is not None
        assert value is not None
        assert best is not None
        assert Position.parse(before).normalise_move(move)  # a legal move of its position
