from __future__ import annotations

import pytest

from .helpers import Stream


@pytest.fixture(autouse=True)
def close_streams():
    """Each stream a test opened is closed at its end (its loop and the seat it marked)."""
    yield
    Stream.close_all()
