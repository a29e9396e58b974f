"""What an account has played, asked before it becomes a bot: the apps that
know games register a reader (in their ``AppConfig.ready``) that says whether
an account has played a game between people, this app sitting below them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

PlayedReader = Callable[[Any], bool]
_readers: list[PlayedReader] = []


def register_played(reader: PlayedReader) -> None:
    """Add a reader of whether an account has played a game between people (once)."""
    if reader not in _readers:
        _readers.append(reader)


def has_played_people(user: Any) -> bool:
    return any(reader(user) for reader in _readers)
