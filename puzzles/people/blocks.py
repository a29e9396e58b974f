"""Blocks between accounts (``social``) in play between people: neither of
two players where one blocked the other may challenge the other, take a seat
at the other's challenge or seek, offer the other a rematch or be paired
with the other by quick pairing.  Only the blocker is told why."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _

from puzzles.accounts.players import Player
from puzzles.core.errors import ApplicationError
from puzzles.social import selectors as social


def refuse(player: Player, others: Iterable[Any], challenging: bool = False) -> None:
    """403 when ``player`` and any of ``others`` (players, users, seats with an
    ``owner_id``) are blocked either way.  The blocker is told of their own
    block; the blocked player never learns of it: they are told only that
    they cannot play (``challenging``: challenge) this player now, as for any
    player who cannot be challenged."""
    if player.user is None:
        return
    blocked = social.blocked_ids(player)
    if not blocked:
        return
    ids = {other.owner_id if hasattr(other, "owner_id") else social.user_id(other) for other in others}
    found = ids & blocked
    if not found:
        return
    if found & social.blocks(player):
        raise ApplicationError(_("You blocked this player: unblock them to play them."), 403)
    if challenging:
        raise ApplicationError(_("This player cannot be challenged now."), 403)
    raise ApplicationError(_("You cannot play this player now."), 403)


def seek_blocked(seek_rows: Iterable[Any], blocked: set[int]) -> bool:
    """Whether a seek's seated people (``ChallengeSeat`` rows) include one of the ``blocked`` accounts."""
    return any(row.owner_id is not None and row.owner_id in blocked for row in seek_rows)
