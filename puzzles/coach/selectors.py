"""Reads of the coach: a player's exercises, the due ones, one game's."""

from __future__ import annotations

from datetime import datetime

from django.db.models import QuerySet
from django.http import Http404
from django.utils import timezone

from puzzles.accounts.players import Player
from puzzles.core.queries import one_or_404
from puzzles.games.models import GameMove
from puzzles.games.selectors import games_played_by
from puzzles.study.models import GameAnalysis
from puzzles.study.selectors import game_analyses_for_player
from puzzles.training import selectors as training_selectors

from . import schedule
from .mistakes import MISTAKES, mistake_key, record_mistakes
from .models import Exercise, PuzzleCard


def exercises_for_player(player: Player) -> QuerySet[Exercise]:
    return player.rows(Exercise.objects.all(), "user")


# How many of a player's worst moves in events the coach's events page lists.
EVENT_MISTAKES = 20


def event_mistakes(player: Player, limit: int = EVENT_MISTAKES) -> list[Exercise]:
    """The player's worst moves in events' games (an event's deal makes its
    exercises once the deal may be shown: ``Game.concealed``), most points
    lost first, each with its game and event (one query)."""
    rows = exercises_for_player(player).filter(game__tournament_pairing__isnull=False)
    rows = rows.select_related("game", "game__tournament_pairing__tournament")
    return list(rows.order_by("-points_lost", "-id")[:limit])


def exercise_get_for_player(player: Player, exercise_id: int) -> Exercise:
    return one_or_404(exercises_for_player(player).filter(pk=exercise_id), "exercise")


def exercises_due(player: Player, now: datetime | None = None) -> QuerySet[Exercise]:
    """The exercises due now, the longest waiting first."""
    return exercises_for_player(player).filter(due_at__lte=now or timezone.now()).order_by("due_at", "id")


def exercises_upcoming(player: Player, now: datetime | None = None) -> QuerySet[Exercise]:
    """The exercises not due yet, the soonest first."""
    return exercises_for_player(player).filter(due_at__gt=now or timezone.now()).order_by("due_at", "id")


def exercise_counts(player: Player, now: datetime | None = None) -> dict[str, int]:
    mine = exercises_for_player(player)
    return {
        "due": mine.filter(due_at__lte=now or timezone.now()).count(),
        "total": mine.count(),
        "learnt": mine.filter(stability__gte=schedule.LEARNT_STABILITY_DAYS).count(),
    }


def replay_failed_on(player: Player) -> bool:
    """Whether the player asked for their failed puzzles to come back."""
    rating = training_selectors.player_rating(player)
    return rating is not None and rating.replay_failed


def puzzle_cards_for_player(player: Player) -> QuerySet[PuzzleCard]:
    """The player's failed-puzzle cards: none shown while the replay is off."""
    if not replay_failed_on(player):
        return PuzzleCard.objects.none()
    return player.rows(PuzzleCard.objects.all(), "user")


def puzzle_cards_due(player: Player, now: datetime | None = None) -> QuerySet[PuzzleCard]:
    """The failed puzzles due now, the longest waiting first."""
    return puzzle_cards_for_player(player).filter(due_at__lte=now or timezone.now()).order_by("due_at", "id")


def due_today(player: Player, now: datetime | None = None) -> dict[str, int | bool]:
    """The home page's queue: how many exercises and failed puzzles are due now."""
    now = now or timezone.now()
    return {
        "exercises": exercises_for_player(player).filter(due_at__lte=now).count(),
        "puzzles": puzzle_cards_due(player, now).count(),
        "replay_on": replay_failed_on(player),
    }


def _mistakes_of(*, game_id: int | None, analysis_id: int | None) -> dict[tuple[str, str], int]:
    """The player's mistakes in one game or analysed record, each with its ply there."""
    out: dict[tuple[str, str], int] = {}
    if game_id is not None:
        rows = GameMove.objects.filter(game_id=game_id, by=GameMove.By.HUMAN, grade__in=MISTAKES)
        for ply, before, move in rows.values_list("ply", "position_before", "move"):
            out.setdefault(mistake_key(before, move), ply)
    if analysis_id is not None:
        analysis = GameAnalysis.objects.filter(pk=analysis_id, status=GameAnalysis.Status.DONE).first()
        for p in record_mistakes(analysis.result or {}) if analysis is not None else []:
            out.setdefault(mistake_key(p["position"], p["move"]), p["ply"])
    return out


def exercises_of_game(player: Player, *, game_id: int | None = None, analysis_id: int | None = None) -> list[Exercise]:
    """One game's (or analysed record's) exercises, in the order they were
    played: those made from it, and those of the same mistakes first met in
    another game or record (a mistake is one exercise, wherever it was made)."""
    if game_id is None and analysis_id is None:
        return []
    mine = exercises_for_player(player)
    own = mine.filter(game_id=game_id) if game_id is not None else mine.filter(game_analysis_id=analysis_id)
    mistakes = _mistakes_of(game_id=game_id, analysis_id=analysis_id)
    found = {e.pk: (e.ply, e) for e in own}
    if mistakes:
        elsewhere = mine.filter(position__in={position for position, _ in mistakes}).exclude(pk__in=found)
        for e in elsewhere:
            ply = mistakes.get((e.position, e.played))
            if ply is not None:
                found[e.pk] = (ply, e)
    return [e for _ply, e in sorted(found.values(), key=lambda item: (item[0], item[1].pk))]


def exercises_of_own_game(
    player: Player, *, game_id: int | None = None, analysis_id: int | None = None
) -> list[Exercise]:
    """Like ``exercises_of_game``, for the pages of one game: 404 unless the
    game (or the analysed record) is the player's own, as every other coach
    page answers for another player's id or a missing one; the player's own
    game without mistakes gives an empty list."""
    if game_id is not None and not games_played_by(player).filter(pk=game_id).exists():
        raise Http404("no such game")
    if analysis_id is not None and not game_analyses_for_player(player).filter(pk=analysis_id).exists():
        raise Http404("no such game analysis")
    return exercises_of_game(player, game_id=game_id, analysis_id=analysis_id)
