"""How many open seeks and challenges one player (an account, or a guest by
their token) may have at once: a lobby or an inbox is not flooded by one
player.  A seek or a challenge counts while it is open and has not run out;
a started, declined, cancelled or expired one counts no more.  Beyond the
cap, posting is refused (409) with what to do: cancel one, or wait for one
to be taken or to run out.

The count is read before the write, so two posts at the same instant may
pass it together: the cap is against flooding, not an exact quota."""
from __future__ import annotations

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


def open_posted(player: Player, *, lobby: bool) -> QuerySet[Challenge]:
    """The player's own open seeks (``lobby``) or other open challenges, not run out."""
    mine = player.rows(Challenge.objects.all(), owner_field="creator")
    return mine.filter(status=Challenge.Status.OPEN, lobby=lobby, expires_at__gt=timezone.now())


def open_cap_check(player: Player, *, lobby: bool) -> None:
    """409 when the player already has as many open seeks (``lobby``) or
    challenges as a player may have."""
    if not player.known:
        return
    if lobby:
        if open_posted(player, lobby=True).count() >= MAX_OPEN_SEEKS:
            raise ConflictError(ngettext(
                "you have %(count)s open seek in the lobby, the most a player may have: cancel it (or wait "
                "for it to be taken or to run out) before posting another",
                "you have %(count)s open seeks in the lobby, the most a player may have: cancel one (or wait "
                "for one to be taken or to run out) before posting another",
                MAX_OPEN_SEEKS,
            ) % {"count": MAX_OPEN_SEEKS})
    elif open_posted(player, lobby=False).count() >= MAX_OPEN_CHALLENGES:
        raise ConflictError(ngettext(
            "you have %(count)s open challenge, the most a player may have: cancel it (or wait for it to be "
            "accepted, declined or to run out) before posting another",
            "you have %(count)s open challenges, the most a player may have: cancel one (or wait for one to be "
            "accepted, declined or to run out) before posting another",
            MAX_OPEN_CHALLENGES,
        ) % {"count": MAX_OPEN_CHALLENGES})
