"""Reads for study: game analyses, practice games to analyse, endgames and
the players' progress (no writes; the JSON and words are in ``presentation``)."""

from __future__ import annotations

from typing import Any

from django.core import signing
from django.db.models import QuerySet
from django.urls import reverse
from django.utils.crypto import constant_time_compare

from puzzles.accounts.players import Player
from puzzles.core.queries import one_or_404
from puzzles.games.models import Game
from puzzles.games.selectors import games_for_player

from .models import Endgame, EndgameProgress, GameAnalysis


def game_analyses_for_player(player: Player) -> QuerySet[GameAnalysis]:
    return player.rows(GameAnalysis.objects.all())


def game_analysis_get_for_player(player: Player, analysis_id: int) -> GameAnalysis:
    return one_or_404(game_analyses_for_player(player).filter(pk=analysis_id), "game analysis")


SHARE_SALT = "puzzles.study.game-analysis.share"


def game_analysis_share_key(analysis_id: int) -> str:
    """The key of an analysis's share link: a signature of its id, so that
    the link opens that analysis only and needs nothing stored."""
    return signing.Signer(salt=SHARE_SALT).signature(str(analysis_id))


def game_analysis_get_shared(player: Player, analysis_id: int, key: str | None) -> GameAnalysis:
    """The analysis for its owner, or for anyone with its share key."""
    if key and constant_time_compare(key, game_analysis_share_key(analysis_id)):
        analysis = GameAnalysis.objects.filter(pk=analysis_id).first()
        if analysis is not None:
            return analysis
    return game_analysis_get_for_player(player, analysis_id)


def practice_games(player: Player) -> list[Game]:
    return list(games_for_player(player).filter(ply_count__gt=0)[:30])


def progress_map(player: Player, endgame_ids: Any = None) -> dict[int, EndgameProgress]:
    """The player's progress rows by endgame id."""
    rows = player.rows(EndgameProgress.objects.all())
    if endgame_ids is not None:
        rows = rows.filter(endgame_id__in=endgame_ids)
    return {row.endgame_id: row for row in rows}


def endgame_get(endgame_id: int, include_hidden: bool = False) -> Endgame:
    qs = Endgame.objects.select_related("chapter")
    if not include_hidden:
        qs = qs.filter(hidden=False)
    return one_or_404(qs.filter(pk=endgame_id), "endgame")


def neighbours(endgame: Endgame) -> dict[str, Any]:
    siblings = list(
        Endgame.objects.filter(chapter=endgame.chapter, hidden=False)
        .order_by("order", "pk")
        .values_list("pk", flat=True)
    )
    i = siblings.index(endgame.pk) if endgame.pk in siblings else -1
    prev_id = siblings[i - 1] if i > 0 else None
    next_id = siblings[i + 1] if 0 <= i < len(siblings) - 1 else None
    return {
        "previous": reverse("study:endgame", args=[prev_id]) if prev_id else None,
        "next": reverse("study:endgame", args=[next_id]) if next_id else None,
    }
