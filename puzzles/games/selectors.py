"""Reads: finding analyses and games, and the JSON state of a game that the
API returns and the pages embed."""
from __future__ import annotations

from typing import Optional

from django.http import Http404
from django.urls import reverse

from solver import Position
from solver.position import line_from_moves

from . import texts
from .cache import analysis_cache_get, analysis_cache_set
from .models import Analysis, Game, GameMove, Hint

# The anonymous player's token lives in the session under this key.
PLAYER_SESSION_KEY = "od_player"


# ---------------------------------------------------------------- analyses

def analysis_result_cached(position: str) -> Optional[dict]:
    """The finished analysis of a normalised position, from Redis or the
    database (refilling Redis), or ``None`` if it is not finished."""
    result = analysis_cache_get(position)
    if result is not None:
        return result
    row = (
        Analysis.objects.filter(position=position, status=Analysis.Status.DONE)
        .values_list("result", flat=True)
        .first()
    )
    if row is not None:
        analysis_cache_set(position, row)
    return row


def analysis_by_position(position: str) -> Optional[Analysis]:
    return Analysis.objects.filter(position=position).first()


def analysis_get(analysis_id: int) -> Analysis:
    try:
        return Analysis.objects.get(pk=analysis_id)
    except Analysis.DoesNotExist:
        raise Http404("no such analysis") from None


def analysis_state(analysis: Analysis) -> dict:
    return {
        "id": analysis.pk,
        "status": analysis.status,
        "position": analysis.position,
        "result": analysis.result if analysis.status == Analysis.Status.DONE else None,
        "error": analysis.error or None,
    }


# ------------------------------------------------------------------ players

def player_token(request, create: bool = False) -> str:
    """The anonymous player's token ('' if none and not ``create``)."""
    token = request.session.get(PLAYER_SESSION_KEY, "")
    if not token and create:
        import secrets

        token = secrets.token_urlsafe(18)
        request.session[PLAYER_SESSION_KEY] = token
    return token


def games_for_player(request):
    if request.user.is_authenticated:
        return Game.objects.filter(owner=request.user)
    token = player_token(request)
    if not token:
        return Game.objects.none()
    return Game.objects.filter(owner__isnull=True, session_key=token)


def game_get_for_player(request, game_id: int) -> Game:
    """The game if it belongs to this user or anonymous session; else 404
    (another player's game is as good as missing)."""
    game = games_for_player(request).filter(pk=game_id).first()
    if game is None:
        raise Http404("no such game")
    return game


# -------------------------------------------------------------- game state

def move_state(move: GameMove) -> dict:
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


def hint_state(hint: Hint) -> dict:
    return {"ply": hint.ply, "level": hint.level, "content": hint.content, "text": texts.hint_text(hint.level, hint.content)}


def result_state(game: Game) -> Optional[dict]:
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


def game_urls(game: Game) -> dict:
    return {
        "self": reverse("api-game-detail", args=[game.pk]),
        "moves": reverse("api-game-moves", args=[game.pk]),
        "hint": reverse("api-game-hint", args=[game.pk]),
        "play": reverse("play-game", args=[game.pk]),
        "review": reverse("review-game", args=[game.pk]),
    }


def game_state(game: Game, moves: Optional[list[GameMove]] = None, hints: Optional[list[Hint]] = None) -> dict:
    """The game as the API returns it (see ``apis.GameOutputSerializer``)."""
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


def game_version(game_id: int) -> Optional[int]:
    return Game.objects.filter(pk=game_id).values_list("version", flat=True).first()


def positions_of_game(game: Game, moves: list[GameMove]) -> list[dict]:
    """The board after each ply (0 = the start), for the review page."""
    start = Position.parse(game.start_position)
    out = [start.to_json(line=[])]
    played: list[str] = []
    for move in moves:
        played.append(move.move)
        out.append(Position.parse(move.position_after).to_json(line=line_from_moves(start, played)))
    return out
