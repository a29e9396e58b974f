"""Fixtures of the games tests."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from puzzles.games import clock


@pytest.fixture
def now(monkeypatch):
    """The clocks' time, moved on by hand: ``now.move(seconds)``."""

    class Now:
        at = timezone.now()

        def move(self, seconds: float) -> None:
            self.at += timedelta(seconds=seconds)

    moving = Now()
    monkeypatch.setattr(clock, "now", lambda: moving.at)
    return moving
