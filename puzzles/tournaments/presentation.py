"""The JSON the tournaments API returns and the pages embed."""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils.translation import gettext as _

from puzzles.accounts.players import Player
from puzzles.core.texts import variant_name

from . import selectors
from .models import Entry, Pairing, Tournament


def urls(tournament: Tournament) -> dict[str, str]:
    return {
        "page": reverse("tournaments:page", args=[tournament.pk]),
        "api": reverse("tournaments:api-tournament", args=[tournament.pk]),
        "join": reverse("tournaments:api-join", args=[tournament.pk]),
        "leave": reverse("tournaments:api-leave", args=[tournament.pk]),
    }


def control_text(tournament: Tournament) -> str:
    """The event's control in words: "3+2", "3 days a move", "5 deals against the solver"."""
    if tournament.clock_initial is not None:
        minutes = tournament.clock_initial / 60
        shown = f"{minutes:g}" if minutes >= 1 else f"{tournament.clock_initial}s"
        return f"{shown}+{tournament.clock_increment}"
    if tournament.days is not None:
        return _("%(days)s days a move") % {"days": tournament.days}
    return _("%(deals)s deals against the solver") % {"deals": tournament.deals}


def kind_text(tournament: Tournament) -> str:
    return str(Tournament.Kind(tournament.kind).label)


def name_of(tournament: Tournament) -> str:
    """Its name: its maker's, or a recurring event's in the reader's language."""
    return _(tournament.name) if tournament.scheduled else tournament.name


def summary(tournament: Tournament) -> dict[str, Any]:
    """One event as the lists show it."""
    return {
        "id": tournament.pk,
        "name": name_of(tournament),
        "kind": tournament.kind,
        "kind_text": kind_text(tournament),
        "variant": tournament.variant,
        "variant_text": variant_name(tournament.variant),
        "rated": tournament.rated,
        "control": control_text(tournament),
        "clock": {"initial": tournament.clock_initial, "increment": tournament.clock_increment}
        if tournament.clock_initial is not None
        else None,
        "days": tournament.days,
        "minutes": tournament.minutes,
        "rounds": tournament.rounds,
        "deals": tournament.deals,
        "status": tournament.status,
        "status_text": str(Tournament.Status(tournament.status).label),
        "starts_at": tournament.starts_at.isoformat(),
        "ends_at": tournament.ends_at.isoformat() if tournament.ends_at else None,
        "url": reverse("tournaments:page", args=[tournament.pk]),
    }


def _game_row(pairing: Pairing, mine: Entry | None) -> dict[str, Any]:
    """One game of the event.  A duplicate event's games are their
    entrants' own practice games: linked for their entrant alone, and their
    outcomes hidden from everyone until the event is over."""
    tournament = pairing.tournament
    private = tournament.kind == Tournament.Kind.DUPLICATE
    shown = not private or (mine is not None and pairing.a_id == mine.pk)
    hidden = private and tournament.status != Tournament.Status.FINISHED
    return {
        "id": pairing.game_id if shown else None,
        "url": reverse("games:play-game", args=[pairing.game_id]) if pairing.game_id and shown else None,
        "round": pairing.round,
        "a": selectors.entry_name(pairing.a),
        "b": selectors.entry_name(pairing.b) if pairing.b is not None else None,
        "outcome": None if hidden else pairing.outcome or None,
        "over": pairing.finished_at is not None,
    }


def _standing(row: selectors.Row, mine: Entry | None) -> dict[str, Any]:
    return {
        "player": selectors.entry_name(row.entry),
        "score": row.score,
        "rank": row.rank,
        "games": row.games,
        "active": row.entry.active,
        "you": mine is not None and row.entry.pk == mine.pk,
        **row.extra,
    }


def tournament_state(tournament: Tournament, player: Player) -> dict[str, Any]:
    """The event as a player (or a visitor) reads it: its standings, its
    latest games, their own entry and game in it."""
    mine = selectors.entry_of(tournament, player)
    game = selectors.current_game(mine)
    rows = selectors.standings(tournament)
    standings = [_standing(row, mine) for row in rows]
    return {
        **summary(tournament),
        "version": tournament.version,
        "round": tournament.round,
        "standings": standings,
        "podium": [s for s in standings if s["rank"] is not None and s["rank"] <= 3 and s["games"] > 0]
        if tournament.status == Tournament.Status.FINISHED
        else [],
        "games": [_game_row(pairing, mine) for pairing in selectors.games_of(tournament)],
        "travellers": selectors.travellers(tournament) if tournament.kind == Tournament.Kind.DUPLICATE else [],
        "your_game": {"id": game.game_id, "url": reverse("games:play-game", args=[game.game_id])}
        if game is not None and game.game_id is not None
        else None,
        "you": {"joined": mine is not None, "active": bool(mine and mine.active)},
        "urls": urls(tournament),
    }
