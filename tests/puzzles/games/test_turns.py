"""Moves name their turn: a move posted for a ply the game has left is a 409
and changes nothing; the same move posted again for its ply (a retry after a
lost answer) is answered as the first time; a move without its ply is a 400
(test_api.py).  Sixteen posted at the same instant make one move."""

from __future__ import annotations

import pytest

from puzzles.games.models import GameMove
from solver import deal

pytestmark = pytest.mark.django_db(transaction=True)
SEED_A = next(s for s in range(100) if deal(s).side == "A")


def new_game(api) -> dict:
    response = api.post("/api/games/", {"seed": SEED_A, "human": "A", "level": "perfect"}, format="json")
    assert response.status_code == 201
    return response.json()


def test_a_move_for_a_past_ply_is_a_409_and_a_retry_is_answered_again(api, no_tasks):
    game = new_game(api)
    url = f"/api/games/{game['id']}/moves/"
    first, second = game["legal_moves"][:2]
    response = api.post(url, {"move": first, "ply": 0}, format="json")
    assert response.status_code == 201
    stored = GameMove.objects.get(game_id=game["id"], ply=0)
    # the answer was lost: the client posts the same move for the same ply again
    again = api.post(url, {"move": first, "ply": 0}, format="json")
    assert again.status_code == 201
    assert [m["move"] for m in again.json()["moves"]] == [first]
    assert GameMove.objects.filter(game_id=game["id"]).count() == 1
    assert GameMove.objects.get(game_id=game["id"], ply=0).pk == stored.pk
    # another move for the ply that is gone: refused, nothing changes
    other = api.post(url, {"move": second, "ply": 0}, format="json")
    assert other.status_code == 409
    assert "at ply 1, not 0" in other.json()["error"]
    # a ply from the future too
    future = api.post(url, {"move": first, "ply": 5}, format="json")
    assert future.status_code == 409
    assert GameMove.objects.filter(game_id=game["id"]).count() == 1


def test_sixteen_moves_for_one_turn_make_one_move(api, no_tasks):
    game = new_game(api)
    url = f"/api/games/{game['id']}/moves/"
    answers = [api.post(url, {"move": m, "ply": 0}, format="json").status_code for m in game["legal_moves"] * 4][:16]
    assert answers.count(201) >= 1
    assert set(answers) <= {201, 409}
    assert GameMove.objects.filter(game_id=game["id"]).count() == 1


def test_a_bad_ply_is_a_400(api, no_tasks):
    game = new_game(api)
    for ply in (-1, "two", 10**9):
        response = api.post(
            f"/api/games/{game['id']}/moves/", {"move": game["legal_moves"][0], "ply": ply}, format="json"
        )
        assert response.status_code == 400
        assert "ply" in response.json()["error"]
    assert GameMove.objects.filter(game_id=game["id"]).count() == 0


@pytest.mark.worker
@pytest.mark.web_workers(2)
def test_sixteen_moves_posted_at_once_to_the_running_site_make_one_move(running_site):
    """At the same instant, on the site as `make run` serves it (two web
    processes, threads in each): sixteen posts for the first turn, the legal
    moves each more than once.  One move is played; every other answer is a
    409, except the same move again, answered as the first time."""
    import threading

    from running_site import Player

    player = Player(running_site["base"])
    status, game = player.call("POST", "/api/games/", {"seed": SEED_A, "human": "A", "level": "perfect"})
    assert status == 201
    assert game["status"] == "your-move"
    assert game["ply"] == 0
    moves = (game["legal_moves"] * 16)[:16]
    assert len(set(moves)) > 1
    barrier = threading.Barrier(len(moves))
    answers: list[tuple[str, int, dict]] = []
    lock = threading.Lock()

    def post(move: str) -> None:
        barrier.wait()
        status, body = player.call("POST", f"/api/games/{game['id']}/moves/", {"move": move, "ply": 0}, timeout=30)
        with lock:
            answers.append((move, status, body))

    threads = [threading.Thread(target=post, args=(move,)) for move in moves]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    assert len(answers) == 16, answers
    assert {status for _, status, _ in answers} <= {201, 409}, answers
    played = {move for move, status, _ in answers if status == 201}
    assert len(played) == 1, answers
    [move] = played
    assert all(status == 409 for m, status, _ in answers if m != move)
    assert all(status == 201 for m, status, _ in answers if m == move)  # the same move again: a retry
    refused = [body for _, status, body in answers if status == 409]
    assert refused, refused
    assert all(isinstance(body.get("error"), str) and body["error"] for body in refused), refused
    _, now = player.call("GET", f"/api/games/{game['id']}/")
    human = [m for m in now["moves"] if m["by"] == "human"]
    assert [m["move"] for m in human] == [move]
    assert now["moves"][0]["ply"] == 0
    [(count,)] = running_site["query"](
        f"select count(*) from puzzles_gamemove where game_id = {game['id']} and by = 'human'"
    )
    assert count == 1
