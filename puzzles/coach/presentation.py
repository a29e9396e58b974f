"""The JSON of the coach that the API returns and the pages embed.

The answer is guarded here: ``exercise_public`` has the position, the move
played in the game and its grade, but never the best moves, the best value or
any move's value; ``try_state`` (the answer to a try, which ends it) has them.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from urllib.parse import urlencode

from django.urls import reverse
from django.utils import timezone

from puzzles.games.presentation import players_state
from puzzles.matches.models import MatchDeal
from solver import Position

from .models import Exercise, ExerciseTry, PuzzleCard


def source_state(exercise: Exercise) -> dict[str, Any]:
    """Where the mistake was made, with links to the game it came from, and
    for a game between people who played each seat (``players``, else null)."""
    out: dict[str, Any] = {
        "kind": exercise.source,
        "ply": exercise.ply,
        "game": exercise.game_id,
        "game_analysis": exercise.game_analysis_id,
        "match": None,
        "url": None,
        "mistakes_url": None,
        "players": None,
    }
    if exercise.game_id is not None:
        game = exercise.game
        if game is not None and game.is_people:  # the opponents are people, named as the game page names them
            out["players"] = {seat: p["name"] for seat, p in players_state(game, exercise.side).items()}
        out["url"] = reverse("games:review-game", args=[exercise.game_id]) + f"?ply={exercise.ply}"
        out["mistakes_url"] = reverse("coach:game", args=[exercise.game_id])
        deal = MatchDeal.objects.filter(game_id=exercise.game_id).values_list("match_id", flat=True).first()
        if deal is not None:
            out["match"] = deal
    elif exercise.game_analysis_id is not None:
        out["url"] = reverse("study:game-analysis", args=[exercise.game_analysis_id])
        out["mistakes_url"] = reverse("coach:analysis", args=[exercise.game_analysis_id])
    return out


def exercise_public(exercise: Exercise, now: datetime | None = None) -> dict[str, Any]:
    now = now or timezone.now()
    position = Position.parse(exercise.position)
    board = position.to_json()
    return {
        "id": exercise.pk,
        "position": exercise.position,
        "side": exercise.side,
        "board": board,
        "legal_moves": board["legal_moves"],
        "played": exercise.played,
        "grade": exercise.grade,
        "source": source_state(exercise),
        "due": exercise.due_at <= now,
        "due_at": exercise.due_at,
        "learnt": exercise.card.learnt,
        "stability": None if exercise.stability is None else round(exercise.stability, 2),
        "last_review_at": exercise.last_review_at,
        "solved_count": exercise.solved_count,
        "failed_count": exercise.failed_count,
        "urls": {
            "self": reverse("coach:api-exercise-detail", args=[exercise.pk]),
            "tries": reverse("coach:api-exercise-tries", args=[exercise.pk]),
            "page": reverse("coach:exercise", args=[exercise.pk]),
        },
    }


def _value_of(exercise: Exercise, move: str) -> int | None:
    return next((m["value"] for m in exercise.moves if m.get("move") == move), None)


def try_state(exercise: Exercise, attempt: ExerciseTry) -> dict[str, Any]:
    """The answer to a try: right or wrong, and the solution."""
    return {
        "id": attempt.pk,
        "move": attempt.move,
        "correct": attempt.correct,
        "was_due": attempt.was_due,
        "value": _value_of(exercise, attempt.move),
        "solution": {
            "best_moves": exercise.best_moves,
            "best_value": exercise.best_value,
            "played": exercise.played,
            "played_value": exercise.best_value - exercise.points_lost,
            "points_lost": exercise.points_lost,
            "moves": exercise.moves,
        },
        "exercise": exercise_public(exercise),
    }


def counts_state(counts: dict[str, int]) -> dict[str, int]:
    return dict(counts)


def puzzle_card_state(card: PuzzleCard, back: str, now: datetime | None = None) -> dict[str, Any]:
    """A failed puzzle on the schedule: when it is due, and the link that replays it."""
    now = now or timezone.now()
    return {
        "id": card.pk,
        "puzzle": card.puzzle_id,
        "due": card.due_at <= now,
        "due_at": card.due_at,
        "last_review_at": card.last_review_at,
        "reviews": card.reviews,
        "url": reverse("training:puzzle", args=[card.puzzle_id]) + "?" + urlencode({"next": back}),
    }
