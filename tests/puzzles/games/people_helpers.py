"""Helpers of the tests of games between people: API clients of guests and
accounts, and a whole game played through the API by its players."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from importlib import import_module

from django.conf import settings
from rest_framework.test import APIClient

from puzzles.accounts.players import PLAYER_SESSION_KEY, Player, guest


def guest_client() -> tuple[APIClient, Player]:
    """An API client whose session is a guest's (with its token), and that guest."""
    token = secrets.token_urlsafe(18)
    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store[PLAYER_SESSION_KEY] = token
    store.create()
    client = APIClient()
    client.cookies[settings.SESSION_COOKIE_NAME] = store.session_key
    return client, guest(token)


def account_client(user_model, name: str) -> tuple[APIClient, Player]:
    user = user_model.objects.create_user(name, password="a-long-pass-phrase-29")
    client = APIClient()
    client.force_login(user)
    return client, Player(user, "")


def state(client: APIClient, game_id: int) -> dict:
    response = client.get(f"/api/games/{game_id}/")
    assert response.status_code == 200, response.content
    return response.json()


def play_out(
    clients: dict[str, APIClient],
    game_id: int,
    choose: Callable[[dict], str] | None = None,
    limit: int = 200,
    each: Callable[[dict], None] | None = None,
) -> dict:
    """Play the game to its end: each turn the client of the seat to move
    reads the game, picks a move from its legal moves (``choose``, else the
    first) and posts it with the ply.  ``each`` sees every state read."""
    for _ in range(limit):
        seen = state(next(iter(clients.values())), game_id)
        if seen["status"] == "over":
            return seen
        if seen["status"] == "thinking":  # a solver's seat (eager tasks: it has moved by the next read)
            continue
        mover = clients[seen["to_move"]]
        mine = state(mover, game_id)
        if each is not None:
            each(mine)
        assert mine["my_seat"] == mine["to_move"], mine
        assert mine["legal_moves"], mine
        move = choose(mine) if choose else mine["legal_moves"][0]
        response = mover.post(f"/api/games/{game_id}/moves/", {"move": move, "ply": mine["ply"]}, format="json")
        assert response.status_code == 201, response.content
    raise AssertionError("the game did not end")
