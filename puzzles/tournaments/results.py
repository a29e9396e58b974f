"""An event's final standings kept on its entries once it is over (each
entry's ``rank`` and ``score``), so that a player's list of events (their
profile, the coach) reads them in one query instead of working out every
event's standings again."""

from __future__ import annotations

from django.db import transaction

from . import selectors
from .models import Entry, Tournament


def ranks_store(tournament_id: int) -> int:
    """Write the finished event's ranks and scores on its entries (a
    duplicate event's once its deals are solved); how many were written."""
    tournament = Tournament.objects.filter(pk=tournament_id, status=Tournament.Status.FINISHED).first()
    if tournament is None or (tournament.kind == Tournament.Kind.DUPLICATE and not tournament.pars):
        return 0
    rows = selectors.standings(tournament)
    entries = []
    for row in rows:
        row.entry.rank = row.rank
        if row.score is not None:
            row.entry.score = row.score
        entries.append(row.entry)
    with transaction.atomic():
        Entry.objects.bulk_update(entries, ["rank", "score"], batch_size=500)
    return len(entries)
