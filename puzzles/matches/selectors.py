"""Reads of matches (no writes here)."""
from __future__ import annotations

from django.db.models import QuerySet
from django.http import Http404

from puzzles.accounts.players import Player

from .models import Match


def matches_for_player(player: Player) -> QuerySet[Match]:
    return player.rows(Match.objects.all())


def match_get_for_player(player: Player, match_id: int) -> Match:
    """The match if it belongs to this player; else 404."""
    match = matches_for_player(player).filter(pk=match_id).first()
    if match is None:
        raise Http404("no such match")
    return match


def match_version(match_id: int) -> int | None:
    return Match.objects.filter(pk=match_id).values_list("version", flat=True).first()
