"""What an account has played and entered, asked before it becomes a bot:
the apps that know games and events register readers (in their
``AppConfig.ready``), this app sitting below them.  One says whether an
account has played a game between people; another names the rated events
not yet over that it is in (a bot plays in none)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

PlayedReader = Callable[[Any], bool]
EnteredReader = Callable[[Any], list[str]]
_readers: list[PlayedReader] = []
_entered: list[EnteredReader] = []


def register_played(reader: PlayedReader) -> None:
    """Add a reader of whether an account has played a game between people (once)."""
    if reader not in _readers:
        _readers.append(reader)


def has_played_people(user: Any) -> bool:
    return any(reader(user) for reader in _readers)


def register_entered(reader: EnteredReader) -> None:
    """Add a reader of the names of the rated events, not over, that an account is in (once)."""
    if reader not in _entered:
        _entered.append(reader)


def rated_events_entered(user: Any) -> list[str]:
    return [name for reader in _entered for name in reader(user)]
