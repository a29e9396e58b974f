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
