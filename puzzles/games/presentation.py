"""The JSON of a game that the API returns and the pages embed: the state,
its words (in the reader's language) and its URLs."""
from __future__ import annotations

from typing import Any

from django.urls import reverse

from solver import Position
from solver.position import line_from_moves

from . import texts
from .models import Game, GameMove, Hint


def move_state(move: GameMove) -> dict[str, Any]:
    return {
        "ply": move.ply,
        "side": move.side,
        "by": move.by,
        "move": move.move,
        "value": move.value,
        "best_value": move.best_value,
        "best_moves": move.best_moves,
        "grade": move.grade,
        "points_lost": move.points_lost,
        "position_before": move.position_before,
    }


def hint_state(hint: Hint) -> dict[str, Any]:
    return {"ply": hint.ply, "level": hint.level, "content": hint.content, "text": texts.hint_text(hint.level, hint.content)}


def result_state(game: Game) -> dict[str, Any] | None:
    if not game.result:
        return None
    result = dict(game.result)
    winner = result.get("winner")
    if winner is None:
        result["outcome"], result["human_points"] = "draw", 0
    elif winner == game.human_side:
        result["outcome"], result["human_points"] = "win", result["points"]
    else:
        result["outcome"], result["human_points"] = "loss", -result["points"]
    result["text"] = texts.result_text(result)
    return result


def game_urls(game: Game) -> dict[str, Any]:
    return {
        "self": reverse("games:api-game-detail", args=[game.pk]),
        "moves": reverse("games:api-game-moves", args=[game.pk]),
        "hint": reverse("games:api-game-hint", args=[game.pk]),
        "play": reverse("games:play-game", args=[game.pk]),
        "review": reverse("games:review-game", args=[game.pk]),
    }


def game_state(game: Game, moves: list[GameMove] | None = None, hints: list[Hint] | None = None) -> dict[str, Any]:
    """The game as the API returns it (see ``serializers.GameOutputSerializer``)."""
    if moves is None:
        moves = list(game.moves.all())
    if hints is None:
        hints = list(game.hints.all())
    start = Position.parse(game.start_position)
    position = Position.parse(game.current_position)
    board = position.to_json(line=line_from_moves(start, [m.move for m in moves]))
    return {
        "id": game.pk,
        "start": game.start_position,
        "position": game.current_position,
        "human": game.human_side,
        "solver": game.solver_side,
        "level": game.level,
        "seed": int(game.seed) if game.seed is not None else None,
        "rng_seed": game.rng_seed,
        "status": game.status,
        "to_move": None if game.status == Game.Status.OVER else position.side,
        "legal_moves": board["legal_moves"] if game.status == Game.Status.YOUR_MOVE else [],
        "moves": [move_state(m) for m in moves],
        "ungraded": sum(1 for m in moves if m.graded_at is None),
        "result": result_state(game),
        "hints": [hint_state(h) for h in hints],
        "hints_used": game.hints_used,
        "ply": game.ply_count,
        "version": game.version,
        "board": board,
        "created_at": game.created_at,
        "updated_at": game.updated_at,
        "urls": game_urls(game),
    }


def positions_of_game(game: Game, moves: list[GameMove]) -> list[dict[str, Any]]:
    """The board after each ply (0 = the start), for the review page."""
    start = Position.parse(game.start_position)
    out = [start.to_json(line=[])]
    played: list[str] = []
    for move in moves:
        played.append(move.move)
        out.append(Position.parse(move.position_after).to_json(line=line_from_moves(start, played)))
    return out
