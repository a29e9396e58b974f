"""Reads (never a write): a tournament, its standings by its own rules, its
games, a player's entry and game in it, and the lists of events."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet
from django.http import Http404

from puzzles.accounts.players import Player
from puzzles.games.selectors import guest_tag
from puzzles.games.texts import guest_name

from . import arena_rules, pairings, swiss
from .models import Entry, Pairing, Tournament

# How many of an event's games its page lists (the latest first).
GAMES_SHOWN = 50


def tournament_get(tournament_id: int) -> Tournament:
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        raise Http404("no such tournament")
    return tournament


def tournament_version(tournament_id: int) -> int | None:
    return Tournament.objects.filter(pk=tournament_id).values_list("version", flat=True).first()


def entry_of(tournament: Tournament, player: Player) -> Entry | None:
    return player.rows(Entry.objects.filter(tournament=tournament)).first()


def entry_name(entry: Entry) -> str:
    """The name an entrant is shown by: their account's, or "Guest 1a2b"."""
    return entry.name or guest_name(guest_tag(entry.session_key))


@dataclass(frozen=True)
class Row:
    """One line of the standings."""

    entry: Entry
    rank: int
    score: float
    games: int
    extra: dict[str, Any]  # the kind's own: an arena's fire, a Swiss's tie-breaks


def standings(tournament: Tournament) -> list[Row]:
    """The event's standings, best first, by the rules of its kind."""
    entries = {entry.pk: entry for entry in Entry.objects.filter(tournament=tournament).order_by("id")}
    if tournament.kind == Tournament.Kind.SWISS:
        return _swiss_rows(tournament, entries)
    rows = arena_rules.standings(
        arena_rules.Entry(
            player=entry.pk,
            results=tuple(arena_rules.Result(r) for r in entry.results),
            rating=round(entry.rating),
            joined=entry.joined_at,
        )
        for entry in entries.values()
    )
    return [
        Row(
            entries[row.player],
            row.rank,
            row.score,
            row.played,
            {"on_fire": row.on_fire, "sheet": [game.points for game in row.sheet.games]},
        )
        for row in rows
    ]


def _swiss_rows(tournament: Tournament, entries: dict[int, Entry]) -> list[Row]:
    rounds = pairings.swiss_rounds(tournament)
    ratings = {pk: entry.rating for pk, entry in entries.items()}
    played = {pk: 0 for pk in entries}
    for one in rounds:
        for game in one.games:
            played[game.a] += 1
            played[game.b] += 1
    rows = swiss.standings(rounds, ratings)
    return [
        Row(
            entries[row.player],
            row.rank,
            row.score,
            played[row.player],
            {"buchholz": row.buchholz, "sonneborn_berger": row.sonneborn_berger},
        )
        for row in rows
        if row.player in entries
    ]


def games_of(tournament: Tournament, limit: int = GAMES_SHOWN) -> list[Pairing]:
    """The event's latest games (byes too), the latest first."""
    return list(Pairing.objects.filter(tournament=tournament).select_related("a", "b", "game").order_by("-id")[:limit])


def current_game(entry: Entry | None) -> Pairing | None:
    """The entrant's game in progress in the event, if any."""
    if entry is None:
        return None
    return (
        Pairing.objects.filter(tournament_id=entry.tournament_id, finished_at__isnull=True, game__isnull=False)
        .filter(Q(a=entry) | Q(b=entry))
        .order_by("-id")
        .first()
    )


def tournaments_listed() -> dict[str, QuerySet[Tournament]]:
    """The tournaments page's three lists."""
    base = Tournament.objects.all()
    return {
        "upcoming": base.filter(status=Tournament.Status.CREATED).order_by("starts_at")[:50],
        "running": base.filter(status=Tournament.Status.STARTED).order_by("starts_at")[:50],
        "finished": base.filter(status=Tournament.Status.FINISHED).order_by("-starts_at")[:30],
    }
