"""Fixtures of the offline tests."""

from __future__ import annotations

import pytest

from puzzles.offline import selectors


@pytest.fixture(autouse=True)
def whole_pool_offline(monkeypatch):
    """These tests' pools are a handful of puzzles: each may be given out whole
    (on the site, at most half of the pool goes offline: one test says so)."""
    monkeypatch.setattr(selectors, "OFFLINE_MAX_SHARE", 1.0)
