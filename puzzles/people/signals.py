"""``challenge_received``: sent with ``challenge_id`` after the commit that
posted a challenge keeping a seat for someone (a challenge to an account, a
rematch offered); the seats kept say for whom.  Apps above people (the
notifications) connect to it in their ``AppConfig.ready``.  A receiver must
be quick (it may only queue work) and idempotent."""

from __future__ import annotations

from django.db import transaction
from django.dispatch import Signal

challenge_received = Signal()


def challenge_received_on_commit(challenge_id: int) -> None:
    transaction.on_commit(
        lambda: challenge_received.send(sender=challenge_received, challenge_id=challenge_id), robust=True
    )
