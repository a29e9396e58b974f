"""Blocks between players, as the chat applies them (``social`` keeps them,
between accounts: a guest is blocked by nobody).  A blocked player is never
told of the block: in a room they share with their blocker they may not
post, and are told so in neutral words, those of no other refusal."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext as _

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


def post_refusal(poster: Player, others: Iterable[Player]) -> str | None:
    """Why ``poster`` may not post in a players' room shared with ``others``:
    the blocker is told of their own block, the blocked player only that
    they cannot post here."""
    pairs = [other for other in others if blocked(poster, other)]
    if not pairs:
        return None
    mine = social.blocks(poster)
    if any(social.user_id(other) in mine for other in pairs):
        return _("You cannot chat with a player you blocked: unblock them to chat.")
    return _("You cannot post in this room.")
