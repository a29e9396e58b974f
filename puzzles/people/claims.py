"""A guest's challenges handed to the account they log in to (a receiver of
``accounts.signals.guest_claimed``).

One account never holds two seats of one challenge: a guest's seat in a
challenge where the account already sits (the guest accepted the account's
challenge, or the account the guest's) is not handed over but stays the
guest's, and such a challenge still open is cancelled (it could never start
as a game between two people); a started one's game is aborted by the games
app's own hand-over.  The player is told by a message on the next page."""

from __future__ import annotations

import logging
from typing import Any

from django.contrib import messages
from django.db import transaction
from django.db.models import Q
from django.utils.translation import ngettext

from puzzles.accounts.players import Player

from .models import Challenge, ChallengeSeat
from .services import _bump, inbox_bump

log = logging.getLogger(__name__)


def challenges_claim(*, user: Any, session_key: str, request: Any = None, **kwargs: Any) -> int:
    """Hand a guest's challenges and seats to the account they logged in to,
    but for the seats of challenges where the account sits already (above);
    how many seats were handed over."""
    guest = Q(owner__isnull=True, session_key=session_key)
    clashing = set(
        ChallengeSeat.objects.filter(guest)
        .filter(challenge_id__in=ChallengeSeat.objects.filter(owner=user).values("challenge_id"))
        .values_list("challenge_id", flat=True)
    )
    count = ChallengeSeat.objects.filter(guest).exclude(challenge_id__in=clashing).update(owner=user, session_key="")
    Challenge.objects.filter(creator__isnull=True, session_key=session_key).exclude(pk__in=clashing).update(
        creator=user, session_key=""
    )
    cancelled = 0
    for challenge_id in sorted(clashing):
        with transaction.atomic():
            challenge = (
                Challenge.objects.select_for_update().filter(pk=challenge_id, status=Challenge.Status.OPEN).first()
            )
            if challenge is not None:
                _bump(challenge, status=Challenge.Status.CANCELLED)
                cancelled += 1
    if count or cancelled:  # a seat kept for the guest may now be in the account's list, or gone from it
        inbox_bump([Player(user, "")])
    if cancelled:
        log.info("%d challenges cancelled at log-in: %s would hold two seats", cancelled, user)
        if request is not None and hasattr(request, "_messages"):
            messages.warning(
                request,
                ngettext(
                    "Your guest seat in %(count)d open challenge was in a challenge of this same account: "
                    "one account cannot take both seats, so the challenge was cancelled.",
                    "Your guest seats in %(count)d open challenges were in challenges of this same account: "
                    "one account cannot take both seats, so the challenges were cancelled.",
                    cancelled,
                )
                % {"count": cancelled},
            )
    return count
