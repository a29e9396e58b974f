"""Helpers of the social tests: logged-in API clients of new accounts."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def fresh_presence():
    """Each test starts with no account seen by this process (the cache is emptied too)."""
    from puzzles.social import presence

    presence.forget()
    yield
    presence.forget()


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
