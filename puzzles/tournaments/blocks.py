"""Blocks between entrants, as the pairings apply them: two entrants one of
whom blocked the other (``social``, between accounts) are never paired, in
an arena (another partner is found) or a Swiss (a forbidden pairing, as a
repeat is).  The people app would refuse their game anyway; left to it, an
arena would pair the same two again at every tick."""

from __future__ import annotations

from collections.abc import Iterable

from puzzles.social.selectors import blocked_pairs

from .models import Entry


def entries_to_avoid(entries: Iterable[Entry]) -> dict[int, frozenset[int]]:
    """Each entry's id to the ids of the entries it must not meet (one query)."""
    by_owner: dict[int, list[int]] = {}
    for entry in entries:
        if entry.owner_id is not None:
            by_owner.setdefault(entry.owner_id, []).append(entry.pk)
    avoid: dict[int, set[int]] = {}
    for pair in blocked_pairs(by_owner):
        first, second = tuple(pair)
        for a in by_owner[first]:
            for b in by_owner[second]:
                avoid.setdefault(a, set()).add(b)
                avoid.setdefault(b, set()).add(a)
    return {pk: frozenset(others) for pk, others in avoid.items()}
