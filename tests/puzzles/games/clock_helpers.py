"""Helpers of the clock tests: outages read afresh, a live game of two
guests on a fixed deal, and a move by whoever is to move."""

from __future__ import annotations

import pytest

from puzzles.core import outages
from puzzles.games.people_start import game_start_people

from .people_helpers import guest_client, state


@pytest.fixture
def outages_afresh():
    """Each test reads the outages from the database, not from the process's copy."""
    outages.forget()
    yield
    outages.forget()


def start(clock=(10, 0)):
    (ann, ann_player), (bob, bob_player) = guest_client(), guest_client()
    game = game_start_people(
        seats={"A": ann_player, "B": bob_player}, variant="lewicki", rated=False, clock=clock, seed=7
    )
    return game, {"A": ann, "B": bob}


def move(clients, game_id: int, expect: int = 201) -> dict:
    """The first legal move of the seat to move, posted by its player."""
    seen = state(clients["A"], game_id)
    mover = clients[seen["to_move"]]
    legal = state(mover, game_id)["legal_moves"]
    response = mover.post(f"/api/games/{game_id}/moves/", {"move": legal[0], "ply": seen["ply"]}, format="json")
    assert response.status_code == expect, response.content
    return response.json()
