"""Moves name their turn: a move posted for a ply the game has left is a 409
and changes nothing; the same move posted again for its ply (a retry after a
lost answer) is answered as the first time; without a ply the move is for the
current turn, as before."""
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
    assert again.status_code == 201 and [m["move"] for m in again.json()["moves"]] == [first]
    assert GameMove.objects.filter(game_id=game["id"]).count() == 1
    assert GameMove.objects.get(game_id=game["id"], ply=0).pk == stored.pk
    # another move for the ply that is gone: refused, nothing changes
    other = api.post(url, {"move": second, "ply": 0}, format="json")
    assert other.status_code == 409 and "at ply 1, not 0" in other.json()["error"]
    # a ply from the future too
    future = api.post(url, {"move": first, "ply": 5}, format="json")
    assert future.status_code == 409
    assert GameMove.objects.filter(game_id=game["id"]).count() == 1


def test_sixteen_moves_for_one_turn_make_one_move(api, no_tasks):
    game = new_game(api)
    url = f"/api/games/{game['id']}/moves/"
    answers = [api.post(url, {"move": m, "ply": 0}, format="json").status_code for m in game["legal_moves"] * 4][:16]
    assert answers.count(201) >= 1 and set(answers) <= {201, 409}
    assert GameMove.objects.filter(game_id=game["id"]).count() == 1


def test_a_bad_ply_is_a_400(api, no_tasks):
    game = new_game(api)
    for ply in (-1, "two", 10**9):
        response = api.post(f"/api/games/{game['id']}/moves/", {"move": game["legal_moves"][0], "ply": ply}, format="json")
        assert response.status_code == 400 and "ply" in response.json()["error"]
    assert GameMove.objects.filter(game_id=game["id"]).count() == 0
