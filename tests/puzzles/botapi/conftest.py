from __future__ import annotations

import pytest

from tests.puzzles.games.conftest import now  # noqa: F401  (the clocks' time, moved by hand)

from .helpers import Stream


@pytest.fixture(autouse=True)
def close_streams():
    """Each stream a test opened is closed at its end (its loop and the seat it marked)."""
    yield
    Stream.close_all()
