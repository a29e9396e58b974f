"""Reads of follows, blocks and who is online (never a write).

The players here are accounts: a ``Player``, a user or a user's id may be
given; a guest (no account) follows nobody and is blocked by nobody."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Q, QuerySet

from puzzles.accounts.players import Player

from . import presence
from .models import Block, Follow

# Who is seated in a live game in progress, registered by the apps that
# know games (``register_playing`` in their ``AppConfig.ready``): each live
# game of a user as the user id and the game's address; ``playing`` keeps one
# a user, one others may watch first.
_playing: list[Callable[[set[int]], Iterable[tuple[int, str | None]]]] = []


def user_id(who: Any) -> int | None:
    """The account id of ``who`` (a ``Player``, a user, an id), None for a guest or nobody."""
    if who is None:
        return None
    if isinstance(who, Player):
        return who.user.pk if who.user is not None else None
    if isinstance(who, bool):
        return None
    if isinstance(who, int):
        return who
    if getattr(who, "is_authenticated", False):
        return int(who.pk)
    return None


def is_blocked(a: Any, b: Any) -> bool:
    """Whether either of ``a`` and ``b`` has blocked the other: then neither
    may challenge, pair with or chat with the other."""
    first, second = user_id(a), user_id(b)
    if first is None or second is None or first == second:
        return False
    return Block.objects.filter(
        Q(blocker_id=first, blocked_id=second) | Q(blocker_id=second, blocked_id=first)
    ).exists()


def blocked_ids(player: Any) -> set[int]:
    """The accounts ``player`` blocked or was blocked by."""
    me = user_id(player)
    if me is None:
        return set()
    rows = Block.objects.filter(Q(blocker_id=me) | Q(blocked_id=me)).values_list("blocker_id", "blocked_id")
    return {other for pair in rows for other in pair if other != me}


def blocked_pairs(user_ids: Iterable[int]) -> set[frozenset[int]]:
    """The pairs among the accounts ``user_ids`` one of whom blocked the other (one query)."""
    wanted = {pk for pk in user_ids if pk is not None}
    if len(wanted) < 2:
        return set()
    rows = Block.objects.filter(blocker_id__in=wanted, blocked_id__in=wanted).values_list("blocker_id", "blocked_id")
    return {frozenset(pair) for pair in rows}


def blocks(player: Any) -> set[int]:
    """The accounts ``player`` blocked (not those who blocked them)."""
    me = user_id(player)
    if me is None:
        return set()
    return set(Block.objects.filter(blocker_id=me).values_list("blocked_id", flat=True))


def follows(player: Any, other: Any) -> bool:
    """Whether ``player`` follows ``other``."""
    me, them = user_id(player), user_id(other)
    return me is not None and them is not None and Follow.objects.filter(follower_id=me, followed_id=them).exists()


def followed(player: Any) -> QuerySet[Any]:
    """The accounts ``player`` follows, by name."""
    me = user_id(player)
    users = get_user_model().objects.all()
    if me is None:
        return users.none()
    return users.filter(followers__follower_id=me).order_by("username")


def online(player_ids: Iterable[int]) -> set[int]:
    """The accounts among ``player_ids`` the site has seen in the last ``presence.ONLINE_SECONDS``."""
    return presence.online(player_ids)


def register_playing(source: Callable[[set[int]], Iterable[tuple[int, str | None]]]) -> None:
    """Add a source of who is playing: for user ids, each live game of theirs
    as the user id and the game's address (None for a game nobody else may
    watch)."""
    if source not in _playing:
        _playing.append(source)


def playing(player_ids: Iterable[int]) -> dict[int, str | None]:
    """The accounts among ``player_ids`` seated in a live game in progress,
    with that game's address: a game others may watch first, else None."""
    wanted = set(player_ids)
    found: dict[int, str | None] = {}
    if not wanted:
        return found
    for source in _playing:
        for pk, url in source(wanted):
            if found.get(pk) is None:
                found[pk] = url
    return found


def present(player_ids: Iterable[int]) -> set[int]:
    """The accounts among ``player_ids`` online or playing (one cache read and one query for them all)."""
    wanted = set(player_ids)
    return online(wanted) | set(playing(wanted))


def following_list(player: Any) -> list[dict[str, Any]]:
    """Each account ``player`` follows with its status: online first (playing ones first of those), then by name."""
    users = list(followed(player))
    ids = {user.pk for user in users}
    here = online(ids)
    games = playing(ids)
    rows = [
        {
            "user": user,
            "online": user.pk in here or user.pk in games,
            "playing": user.pk in games,
            "game_url": games.get(user.pk),
        }
        for user in users
    ]
    rows.sort(key=lambda row: (not row["online"], not row["playing"], row["user"].username.lower()))
    return rows
