"""Helpers of the notifications tests: accounts with an email address, a
correspondence game between two of them, moves played through the API."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from puzzles.notifications.models import NoticeBox


@pytest.fixture
def account(django_user_model):
    """A logged-in API client of a new account with an email address (confirmed unless ``confirmed=False``):
    ``account("ann")``."""

    def make(name: str, email: str | None = None, confirmed: bool = True):
        user = django_user_model.objects.create_user(
            name, email=f"{name}@example.com" if email is None else email, password=f"pw-{name}-12345"
        )
        if confirmed:  # as if its owner had followed the link mailed to it (test_confirm.py follows one)
            NoticeBox.objects.create(user=user, email_confirmed=user.email)
        client = APIClient()
        client.force_login(user)
        client.user = user
        return client

    return make


def post_challenge(api, **payload) -> dict:
    body = {"variant": "lewicki", "rated": False, "seat": "A", "days": 3, **payload}
    response = api.post("/api/challenges/", body, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def accept(api, challenge_id: int) -> dict:
    response = api.post(f"/api/challenges/{challenge_id}/accept/", {}, format="json")
    assert response.status_code == 200, response.content
    return response.json()


def game_between(ann, bob, **payload) -> int:
    """A game of Ann's challenge to Bob (correspondence unless ``payload`` says otherwise), Ann in seat A."""
    challenge = post_challenge(ann, to=bob.user.username, **payload)
    return accept(bob, challenge["id"])["game"]


def play_one(clients: dict, game_id: int) -> str:
    """The seat to move plays its first legal move; the seat to move next."""
    seen = next(iter(clients.values())).get(f"/api/games/{game_id}/").json()
    mover = clients[seen["to_move"]]
    mine = mover.get(f"/api/games/{game_id}/").json()
    response = mover.post(
        f"/api/games/{game_id}/moves/", {"move": mine["legal_moves"][0], "ply": mine["ply"]}, format="json"
    )
    assert response.status_code == 201, response.content
    return response.json()["to_move"]
