"""Blocks between players, as the chat applies them (``social`` keeps them,
between accounts: a guest is blocked by nobody)."""

from __future__ import annotations

from puzzles.accounts.players import Player
from puzzles.social import selectors as social


def blocked(a: Player, b: Player) -> bool:
    """Whether either of ``a`` and ``b`` blocked the other."""
    return social.is_blocked(a, b)


def hidden_authors(reader: Player, author_ids: set[int]) -> set[int]:
    """The accounts among ``author_ids`` whose messages ``reader`` is not
    shown: those the reader blocked or who blocked the reader."""
    if reader.user is None or not author_ids:
        return set()
    return social.blocked_ids(reader) & author_ids
