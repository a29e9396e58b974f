"""Which accounts are bots (never a write).

Names are shown on many pages and in many lists, so whether an account is a
bot is read from the set of every bot's id, kept in the cache (bots are few,
and an account never stops being one): a page costs no query for it but the
first read after the cache was emptied.  The rules of play read the table."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.core.cache import cache
from django.db.models import QuerySet

from puzzles.accounts.players import Player

from .models import BotAccount

CACHE_KEY = "botaccounts:ids:v1"
CACHE_SECONDS = 600


def user_id(who: Any) -> int | None:
    """The account id of ``who`` (a ``Player``, a user, an id), None for a guest or nobody."""
    if who is None or isinstance(who, bool):
        return None
    if isinstance(who, Player):
        return int(who.user.pk) if who.user is not None else None
    if isinstance(who, int):
        return who
    if getattr(who, "is_authenticated", False):
        return int(who.pk)
    return None


def bot_ids() -> frozenset[int]:
    """Every bot's account id (from the cache; read and kept there on a miss)."""
    ids = cache.get(CACHE_KEY)
    if ids is None:
        ids = frozenset(BotAccount.objects.values_list("user_id", flat=True))
        cache.set(CACHE_KEY, ids, CACHE_SECONDS)
    return frozenset(ids)


def is_bot(who: Any) -> bool:
    """Whether ``who`` (a ``Player``, a user or an account id) is a bot; a guest never is."""
    uid = user_id(who)
    return uid is not None and uid in bot_ids()


def is_bot_stored(who: Any) -> bool:
    """``is_bot`` read from the table: what the rules of play ask."""
    uid = user_id(who)
    return uid is not None and BotAccount.objects.filter(user_id=uid).exists()


def bots_among(people: Iterable[Any]) -> set[int]:
    """The account ids of the bots among ``people`` (players, users or ids), read from the table."""
    ids = {uid for uid in (user_id(p) for p in people) if uid is not None}
    if not ids:
        return set()
    return set(BotAccount.objects.filter(user_id__in=ids).values_list("user_id", flat=True))


def bot_user_ids() -> QuerySet[BotAccount, Any]:
    """The bots' account ids as a subquery (``user_id__in=bot_user_ids()``)."""
    return BotAccount.objects.values("user_id")
