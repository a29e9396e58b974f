"""Helpers of the bot accounts' tests: accounts made bots, the people tests' challenges."""

from __future__ import annotations

import pytest

from ..people.conftest import accept, lasting_deals, play_twice_each, post_challenge  # noqa: F401

__all__ = ["accept", "play_twice_each", "post_challenge", "upgrade"]


def upgrade(client) -> dict:
    """Make the client's account a bot through the API."""
    response = client.post("/api/bot/account/upgrade")
    assert response.status_code == 200, response.content
    return response.json()


@pytest.fixture
def bot(account):
    """A logged-in API client of a new account made a bot: ``bot("robo")``."""

    def make(name: str):
        client = account(name)
        upgrade(client)
        return client

    return make
