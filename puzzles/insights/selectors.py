"""Reads of the insights: where a player loses points in their finished
games (practice games, match deals and games between people: in those, the
moves of the player's own seat), and their puzzle rating's history.

Every figure is computed from the stored grades of the human's moves
(``GameMove.points_lost``, filled in by the grading task): nothing runs the
solver here.  Only the latest ``GAMES_LIMIT`` finished games are read."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from puzzles.accounts.players import Player
from puzzles.games.models import Game, GameMove, GameSeat
from puzzles.games.selectors import games_played_by
from puzzles.training import selectors as training_selectors
from solver import DominoError, Position

from . import moves as move_kinds

GAMES_LIMIT = 200


def _bucket() -> dict[str, int]:
    return {"moves": 0, "points_lost": 0}


def _add(bucket: dict[str, int], lost: int) -> None:
    bucket["moves"] += 1
    bucket["points_lost"] += lost


def game_insights(player: Player, limit: int = GAMES_LIMIT) -> dict[str, Any]:
    """Per game (oldest first): the points the human lost and their accuracy
    (the share of best moves among those with a choice); the points lost by
    phase, by kind of move and by variant (each ``{"moves", "points_lost"}``:
    graded moves with a choice, and the points they lost)."""
    # An aborted game between people has no play worth counting.
    finished = (
        games_played_by(player)
        .filter(status=Game.Status.OVER)
        .exclude(kind=Game.Kind.PEOPLE, result__reason="aborted")
        .order_by("-created_at", "-id")
    )
    games = list(reversed(list(finished.values("id", "variant", "created_at", "kind")[:limit])))
    ids = [g["id"] for g in games]
    # In a game between people every person's moves are ``HUMAN``: only the player's seat counts.
    own_seat = dict(player.rows(GameSeat.objects.filter(level="", game_id__in=ids)).values_list("game_id", "seat"))
    rows = [
        (game_id, before, move, lost, grade)
        for game_id, side, before, move, lost, grade in GameMove.objects.filter(
            game_id__in=ids, by=GameMove.By.HUMAN, grade__isnull=False
        ).values_list("game_id", "side", "position_before", "move", "points_lost", "grade")
        if own_seat.get(game_id, side) == side
    ]
    per_game: dict[int, dict[str, int]] = defaultdict(lambda: {"choices": 0, "best": 0, "points_lost": 0})
    phases = {name: _bucket() for name in move_kinds.PHASES}
    kinds = {name: _bucket() for name in move_kinds.KINDS}
    for game_id, before, move, lost, grade in rows:
        try:
            position = Position.parse(before)
            if not move_kinds.has_choice(position):
                continue
            its_kinds = move_kinds.kinds(position, move)
        except DominoError:  # a row the solver no longer reads: left out, not a 500
            continue
        lost = lost or 0
        figures = per_game[game_id]
        figures["choices"] += 1
        figures["best"] += 1 if grade == "best" else 0
        figures["points_lost"] += lost
        _add(phases[move_kinds.phase(position)], lost)
        for kind in its_kinds:
            _add(kinds[kind], lost)
    variants: dict[str, dict[str, int]] = {}
    series = []
    for g in games:
        figures = per_game.get(g["id"], {"choices": 0, "best": 0, "points_lost": 0})
        accuracy = round(100 * figures["best"] / figures["choices"], 1) if figures["choices"] else None
        series.append(
            {
                "game": g["id"],
                "variant": g["variant"],
                "played_at": g["created_at"],
                "points_lost": figures["points_lost"],
                "accuracy": accuracy,
                "choices": figures["choices"],
            }
        )
        v = variants.setdefault(g["variant"], {"games": 0, "moves": 0, "points_lost": 0})
        v["games"] += 1
        v["moves"] += figures["choices"]
        v["points_lost"] += figures["points_lost"]
    return {"games": series, "phases": phases, "kinds": kinds, "variants": variants}


def puzzle_rating_history(player: Player) -> list[dict[str, Any]]:
    """The player's rating after each rated puzzle, oldest first."""
    return [row for row in training_selectors.history(player) if row["rating_after"] is not None]
