"""``attempt_finished``: sent with ``attempt`` (a fresh ``PuzzleAttempt`` row)
once an attempt has ended, solved or failed, after the commit that ended it.
Apps above training connect to it in their ``AppConfig.ready`` (the coach, to
schedule the failed puzzles a player asked to replay); training knows nothing
of them.

A process may die between the commit and the signal, so a receiver must be
idempotent and must not rely on the signal alone (the coach looks at every
attempt of the player it has not taken into account yet).
"""

from __future__ import annotations

from django.db import transaction
from django.dispatch import Signal

from .models import PuzzleAttempt

attempt_finished = Signal()


def send_attempt_finished(attempt_id: int) -> None:
    attempt = PuzzleAttempt.objects.filter(pk=attempt_id, finished_at__isnull=False).first()
    if attempt is not None:
        attempt_finished.send(sender=PuzzleAttempt, attempt=attempt)


def attempt_finished_on_commit(attempt_id: int) -> None:
    """Send ``attempt_finished`` for this attempt once the current transaction commits."""
    transaction.on_commit(lambda: send_attempt_finished(attempt_id), robust=True)
