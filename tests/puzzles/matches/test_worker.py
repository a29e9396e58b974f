"""Real Celery workers against a real Redis (the pattern of
tests/puzzles/games/test_worker.py): a worker killed (SIGKILL) in the middle
of a match's deal, while it grades a move, loses nothing; once a worker (with
beat) is back the move is graded, the solver replies, the deal is played to
its end, the match counts it and deals the next one, which goes on as usual."""

from __future__ import annotations

import time

import pytest
from running_site import until

from puzzles.games.models import GameMove
from puzzles.matches.models import MatchDeal
from solver import Position, analyse
from tests.puzzles.games import test_worker as games_worker

real_broker = games_worker.real_broker  # the fixture: tasks go to the real Redis
workers = games_worker.workers  # the fixture: real workers started by name, stopped after

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def settled(api, game_id: int):
    """The game once it waits for the human (every move graded) or is over."""

    def check():
        game = api.get(f"/api/games/{game_id}/").json()
        return game["ungraded"] == 0 and game["status"] != "thinking" and game

    return until(check, 45, f"game {game_id} to settle")


def test_a_killed_worker_in_the_middle_of_a_deal_loses_nothing_and_the_match_goes_on(api, workers):
    worker = workers("first")
    worker.wait_for("ready.")
    match = api.post("/api/matches/", {"target_points": 500, "level": "perfect", "seed": 31}, format="json").json()
    mid = match["id"]
    gid = match["current_game"]
    game = settled(api, gid)
    assert game["status"] == "your-move"
    response = api.post(f"/api/games/{gid}/moves/", {"move": game["legal_moves"][0], "ply": game["ply"]}, format="json")
    assert response.status_code == 201
    game = settled(api, gid)
    worker.stop()

    # a worker that grades slowly is killed while it grades the human's move
    slow = workers("slow", delay=30)
    slow.wait_for("ready.")
    move = game["legal_moves"][-1]
    ply = game["ply"]
    assert api.post(f"/api/games/{gid}/moves/", {"move": move, "ply": ply}, format="json").status_code == 201
    slow.wait_for("puzzles.games.tasks.grade_move_task", 20)
    time.sleep(0.5)
    slow.kill()
    stored = GameMove.objects.get(game_id=gid, ply=ply)
    assert stored.move == move
    assert stored.graded_at is None
    state = api.get(f"/api/matches/{mid}/").json()
    assert state["status"] == "playing"
    assert state["current_game"] == gid
    assert len(state["deals"]) == 1

    # a worker (with beat) is back: the move is graded, and the deal is played to its end
    back = workers("back", beat=True)
    back.wait_for("ready.")
    game = settled(api, gid)
    graded = next(m for m in game["moves"] if m["ply"] == ply)
    expected = analyse(Position.parse(graded["position_before"])).move_value(move)
    assert (graded["value"], graded["grade"]) == (expected.value, expected.grade)
    while game["status"] != "over":
        assert (
            api.post(
                f"/api/games/{gid}/moves/", {"move": game["legal_moves"][0], "ply": game["ply"]}, format="json"
            ).status_code
            == 201
        )
        game = settled(api, gid)

    # the match counted the deal (once) and dealt the next one, which the workers play on
    state = until(
        lambda: (m := api.get(f"/api/matches/{mid}/").json())["deals"][0]["recorded"] and m, 30, "the deal recorded"
    )
    result = game["result"]
    first = state["deals"][0]
    assert (first["winner"], first["points"], first["reason"]) == (result["winner"], result["points"], result["reason"])
    assert (
        state["scores"][result["winner"]] == result["points"]
        if result["winner"]
        else state["scores"] == {"A": 0, "B": 0}
    )
    assert MatchDeal.objects.filter(match_id=mid).count() == 2
    assert len(state["deals"]) == 2
    following = state["current_game"]
    assert following == state["deals"][1]["game"] != gid
    game = settled(api, following)
    assert game["status"] == "your-move"
    assert game["seed"] == state["deals"][1]["seed"]
    assert (
        api.post(
            f"/api/games/{following}/moves/", {"move": game["legal_moves"][0], "ply": game["ply"]}, format="json"
        ).status_code
        == 201
    )
    game = settled(api, following)
    assert game["moves"]
    assert all(m["grade"] for m in game["moves"])
