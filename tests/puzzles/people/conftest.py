"""Helpers of the people tests: two players posting and accepting challenges."""
from __future__ import annotations

import pytest


def post_challenge(api, **payload) -> dict:
    body = {"variant": "lewicki", "rated": False, "seat": "A", "clock": {"initial": 300, "increment": 3}, **payload}
    response = api.post("/api/challenges/", body, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def accept(api, challenge_id: int, **payload) -> dict:
    response = api.post(f"/api/challenges/{challenge_id}/accept/", payload, format="json")
    assert response.status_code == 200, response.content
    return response.json()


@pytest.fixture
def account(django_user_model):
    """A logged-in API client of a new account: ``account("ann")``."""
    from rest_framework.test import APIClient

    def make(name: str):
        user = django_user_model.objects.create_user(name, password=f"pw-{name}-12345")
        client = APIClient()
        client.force_login(user)
        client.user = user
        return client

    return make
