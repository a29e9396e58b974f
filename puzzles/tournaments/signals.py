"""``tournament_started``: sent with ``tournament_id`` after the commit that
started an event (its entrants are its ``Entry`` rows).  Apps above
tournaments (the notifications) connect to it in their ``AppConfig.ready``;
a receiver must be quick (it may only queue work) and idempotent."""

from __future__ import annotations

from django.db import transaction
from django.dispatch import Signal

tournament_started = Signal()


def tournament_started_on_commit(tournament_id: int) -> None:
    transaction.on_commit(
        lambda: tournament_started.send(sender=tournament_started, tournament_id=tournament_id), robust=True
    )
