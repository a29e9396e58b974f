"""Reads of matches (no writes here)."""

from __future__ import annotations

from django.db.models import QuerySet

from puzzles.accounts.players import Player
from puzzles.core.queries import one_or_404

from .models import Match


def matches_for_player(player: Player) -> QuerySet[Match]:
    return player.rows(Match.objects.all())


def match_get_for_player(player: Player, match_id: int) -> Match:
    """The match if it belongs to this player; else 404."""
    return one_or_404(matches_for_player(player).filter(pk=match_id), "match")


def match_version(match_id: int) -> int | None:
    return Match.objects.filter(pk=match_id).values_list("version", flat=True).first()


def match_version_for_player(player: Player, match_id: int) -> int | None:
    """The version of the player's match, else None: what a held long poll on
    the match compares with (as stored: a read settles nothing)."""
    return matches_for_player(player).filter(pk=match_id).values_list("version", flat=True).first()
