"""How many open seeks and challenges one player (an account, or a guest by
their token) may have at once: a lobby or an inbox is not flooded by one
player.  A seek or a challenge counts while it is open and has not run out;
a started, declined, cancelled or expired one counts no more.  Beyond the
cap, posting is refused (409) with what to do: cancel one, or wait for one
to be taken or to run out.

The count and the write are one transaction, the player locked first
(``player_lock``): two posts at the same instant (two tabs, a script) take
turns, and the second counts the first's."""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import ngettext

from puzzles.accounts.players import Player
from puzzles.core.errors import ConflictError

from .models import Challenge

# Open seeks in the lobby a player may have at once.
MAX_OPEN_SEEKS = 5
# Open challenges (by link, to a named player, a rematch) a player may have at once.
MAX_OPEN_CHALLENGES = 10


def accounts_lock(user_ids: Iterable[int]) -> None:
    """Lock the accounts' rows until the transaction ends (in the ids'
    order, so that two transactions locking the same accounts cannot each
    hold one and wait for the other); the check of a limit that spans
    requests is read after it.  No key lock: rows referring to the accounts
    are written meanwhile as ever."""
    ids = sorted(set(user_ids))
    if ids:
        list(
            get_user_model()
            .objects.select_for_update(no_key=True)
            .filter(pk__in=ids)
            .order_by("pk")
            .values_list("pk", flat=True)
        )


def player_lock(player: Player) -> None:
    """Lock the player (an account's row, a guest's token) until the
    transaction ends.  On SQLite a transaction holds the database's write
    turn from its begin (``puzzles.core.sqlite``): nothing more to lock."""
    if player.user is not None:
        accounts_lock([player.user.pk])
    elif player.token and connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(hashtextextended(%s, 0))", [f"od-guest:{player.token}"])


def open_posted(player: Player, *, lobby: bool) -> QuerySet[Challenge]:
    """The player's own open seeks (``lobby``) or other open challenges, not run out."""
    mine = player.rows(Challenge.objects.all(), owner_field="creator")
    return mine.filter(status=Challenge.Status.OPEN, lobby=lobby, expires_at__gt=timezone.now())


def open_cap_check(player: Player, *, lobby: bool) -> None:
    """409 when the player already has as many open seeks (``lobby``) or
    challenges as a player may have.  Called in the transaction that writes
    the new one: the player is locked until it ends."""
    if not player.known:
        return
    player_lock(player)
    if lobby:
        if open_posted(player, lobby=True).count() >= MAX_OPEN_SEEKS:
            raise ConflictError(
                ngettext(
                    "you have %(count)s open seek in the lobby, the most a player may have: cancel it (or wait "
                    "for it to be taken or to run out) before posting another",
                    "you have %(count)s open seeks in the lobby, the most a player may have: cancel one (or wait "
                    "for one to be taken or to run out) before posting another",
                    MAX_OPEN_SEEKS,
                )
                % {"count": MAX_OPEN_SEEKS}
            )
    elif open_posted(player, lobby=False).count() >= MAX_OPEN_CHALLENGES:
        raise ConflictError(
            ngettext(
                "you have %(count)s open challenge, the most a player may have: cancel it (or wait for it to be "
                "accepted, declined or to run out) before posting another",
                "you have %(count)s open challenges, the most a player may have: cancel one (or wait for one to be "
                "accepted, declined or to run out) before posting another",
                MAX_OPEN_CHALLENGES,
            )
            % {"count": MAX_OPEN_CHALLENGES}
        )
