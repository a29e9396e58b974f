"""Reads of puzzle training (issue 4): finding puzzles and attempts for a
player, and the JSON the API returns and the pages embed.

The answer is guarded here: ``puzzle_public`` never has the line, the themes,
the value or the moves' values; ``attempt_state`` adds ``solution`` (the line
annotated, the themes, every first move's value) only once the attempt is
solved or failed, and the best moves of each played step only then.
"""
from __future__ import annotations

import random
from typing import Optional

from django.db.models import F
from django.db.models.functions import Abs
from django.http import Http404
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from solver import Position

from . import mining
from .glicko2 import DEFAULT_RATING
from .models_training import PlayerRating, Puzzle, PuzzleAttempt
from .selectors import player_token
from .training_services import player_rating_get, streak_current, utc_today


# ---------------------------------------------------------------- players

def player_of(request, create: bool = False) -> tuple[Optional[object], str]:
    """(user or None, anonymous token) of the request."""
    if request.user.is_authenticated:
        return request.user, ""
    return None, player_token(request, create=create)


def player_rating(request) -> Optional[PlayerRating]:
    user, token = player_of(request)
    return player_rating_get(user=user, session_key=token, create=False)


def attempts_for_player(request):
    user, token = player_of(request)
    if user is not None:
        return PuzzleAttempt.objects.filter(user=user)
    if not token:
        return PuzzleAttempt.objects.none()
    return PuzzleAttempt.objects.filter(user__isnull=True, session_key=token)


def attempt_get_for_player(request, attempt_id: int) -> PuzzleAttempt:
    attempt = attempts_for_player(request).select_related("puzzle").filter(pk=attempt_id).first()
    if attempt is None:
        raise Http404("no such attempt")
    return attempt


def player_state(request) -> dict:
    rating = player_rating(request)
    return {
        "rating": round(rating.rating) if rating else round(DEFAULT_RATING),
        "rd": round(rating.rd) if rating else 350,
        "rated_count": rating.rated_count if rating else 0,
        "streak": streak_current(rating),
        "best_streak": rating.best_streak if rating else 0,
        "solved_today": bool(rating and rating.streak_day == utc_today()),
    }


# ---------------------------------------------------------------- puzzles

def puzzle_get(puzzle_id: int) -> Puzzle:
    puzzle = Puzzle.objects.filter(pk=puzzle_id).first()
    if puzzle is None:
        raise Http404("no such puzzle")
    if puzzle.daily_on is not None and puzzle.daily_on > utc_today():
        raise Http404("no such puzzle")  # a future daily is not out yet
    return puzzle


def daily_puzzle(day=None) -> Optional[Puzzle]:
    return Puzzle.objects.filter(daily_on=day or utc_today()).first()


def daily_archive(limit: int = 366):
    return Puzzle.objects.filter(daily_on__isnull=False, daily_on__lte=utc_today()).order_by("-daily_on")[:limit]


def puzzle_next(request, theme: Optional[str] = None) -> Optional[Puzzle]:
    """A training puzzle near the player's rating that they have not tried:
    one of the few nearest (at random), never a daily puzzle."""
    rating = player_rating(request)
    target = rating.rating if rating else DEFAULT_RATING
    tried = attempts_for_player(request).values_list("puzzle_id", flat=True)
    queryset = Puzzle.objects.filter(daily_on__isnull=True).exclude(pk__in=tried)
    if theme:
        queryset = queryset.filter(themes__icontains=f'"{theme}"')
    nearest = list(
        queryset.annotate(distance=Abs(F("rating") - target)).order_by("distance", "id").values_list("pk", flat=True)[:8]
    )
    if not nearest:
        return None
    return Puzzle.objects.get(pk=random.choice(nearest))


# The themes in the reader's language (mining.THEMES holds the English descriptions).
THEME_TEXTS = {
    "block": (_("block"), _("The key move leaves the opponent without a stone that fits: a forced pass.")),
    "unlock": (_("unlock"), _("The key move frees a back stone that the line then plays.")),
    "starve": (_("starve"), _("The key move leaves an end number the opponent has no stone of.")),
    "domino": (_("domino"), _("The winning line ends with going out.")),
    "count": (_("count"), _("The winning line blocks the game and wins on the pip count.")),
    "double": (_("double"), _("The key move is a double.")),
    "not-heaviest": (_("not the heaviest"), _("The key move is not the heaviest stone that fits: shedding pips would fail.")),
    "long-line": (_("long line"), _("Three or more moves to find.")),
    "back-row": (_("back row"), _("The key move plays a stone from the back row.")),
    "lockdown": (_("lockdown"), _("The line makes the opponent pass twice or more.")),
}


def theme_state(name: str) -> dict:
    label, description = THEME_TEXTS.get(name, (name, mining.THEMES.get(name, (name, None))[0]))
    return {"name": name, "label": str(label), "description": str(description)}


def themes() -> list[dict]:
    return [theme_state(name) for name in mining.THEMES]


def _board(start: Position, position: Position, moves: list[str]) -> dict:
    line = [f"{a}{b}" for a, b in start.table_line()]
    current = start
    for move in moves:
        m = current.normalise_move(move)
        if m.stone is not None:
            ends = current.ends
            if ends is None:
                line = [f"{m.stone.low}{m.stone.high}"]
            elif m.end == "L":
                line.insert(0, f"{m.stone.other(ends[0])}{ends[0]}")
            else:
                line.append(f"{ends[1]}{m.stone.other(ends[1])}")
        current = current.play(m)
    board = position.to_json()
    board["line"] = line
    return board


def puzzle_public(puzzle: Puzzle) -> dict:
    """What anyone may see of a puzzle before solving it: nothing of the answer."""
    start = Position.parse(puzzle.position)
    return {
        "id": puzzle.pk,
        "position": puzzle.position,
        "side": puzzle.side,
        "kind": puzzle.kind,
        "rating": round(puzzle.rating),
        "daily_on": puzzle.daily_on,
        "attempts": puzzle.attempts_count,
        "solved": puzzle.solved_count,
        "board": _board(start, start, []),
        "urls": {
            "attempts": reverse("api-puzzle-attempts", args=[puzzle.pk]),
            "page": reverse("training-puzzle", args=[puzzle.pk]),
        },
    }


def solution_state(puzzle: Puzzle) -> dict:
    """The stored solution, annotated: every move of the line with its value
    for the mover and its grade (the line is optimal: the solving side's moves
    keep the puzzle's value, the defender's replies hold it to that), every
    legal first move with its value, and the themes with their descriptions."""
    start = Position.parse(puzzle.position)
    line, position = [], start
    for i, text in enumerate(puzzle.line):
        move = position.normalise_move(text)
        solver = position.side == puzzle.side
        line.append({
            "move": str(move), "side": position.side, "by": "solver-side" if solver else "defender",
            "value": puzzle.value if solver else -puzzle.value, "grade": "best", "key": solver,
        })
        position = position.play(move)
    return {
        "line": line,
        "value": puzzle.value,
        "kind": puzzle.kind,
        "solver_moves": puzzle.solver_moves,
        "first_moves": puzzle.start_moves,
        "themes": [theme_state(t) for t in puzzle.themes],
        "board_after": _board(start, position, puzzle.line),
        "source": {"seed": puzzle.seed, "ply": puzzle.ply},
    }


# --------------------------------------------------------------- attempts

def _move_state(m: dict, finished: bool) -> dict:
    out = {k: m.get(k) for k in ("ply", "side", "by", "move", "value", "best_value", "grade", "points_lost", "correct")}
    # The other moves that kept the value are part of the answer: only at the end.
    out["best_moves"] = m.get("best_moves") if finished else None
    return out


def attempt_state(attempt: PuzzleAttempt) -> dict:
    puzzle = attempt.puzzle
    start = Position.parse(puzzle.position)
    position = Position.parse(attempt.position)
    finished = attempt.finished
    board = _board(start, position, [m["move"] for m in attempt.moves])
    player_moves = [m for m in attempt.moves if m["by"] == "player"]
    last_player = player_moves[-1] if player_moves else None
    feedback = None
    if last_player is not None and last_player.get("correct") is not None:
        feedback = "correct" if last_player["correct"] else "incorrect"
    state = {
        "id": attempt.pk,
        "puzzle": puzzle_public(puzzle),
        "status": attempt.status,
        "gave_up": attempt.gave_up,
        "rated": attempt.rated,
        "daily": attempt.daily_on is not None,
        "start": puzzle.position,
        "position": attempt.position,
        "side": puzzle.side,
        "to_move": None if position.is_over() or finished else position.side,
        "legal_moves": board["legal_moves"] if attempt.status == PuzzleAttempt.Status.YOUR_MOVE else [],
        "moves": [_move_state(m, finished) for m in attempt.moves],
        "last_move": attempt.moves[-1]["move"] if attempt.moves else None,
        "found": attempt.found,
        "feedback": feedback,
        "board": board,
        "version": attempt.version,
        "rating": None,
        "solution": solution_state(puzzle) if finished else None,
        "created_at": attempt.created_at,
        "finished_at": attempt.finished_at,
        "urls": {
            "self": reverse("api-attempt-detail", args=[attempt.pk]),
            "moves": reverse("api-attempt-moves", args=[attempt.pk]),
            "give_up": reverse("api-attempt-give-up", args=[attempt.pk]),
            "retry": reverse("api-puzzle-attempts", args=[puzzle.pk]),
        },
    }
    if finished and attempt.rating_after is not None:
        state["rating"] = {
            "before": round(attempt.rating_before), "after": round(attempt.rating_after),
            "change": round(attempt.rating_after) - round(attempt.rating_before),
            "puzzle_before": round(attempt.puzzle_rating_before), "puzzle_after": round(attempt.puzzle_rating_after),
        }
    return state


def attempt_version(attempt_id: int) -> Optional[int]:
    return PuzzleAttempt.objects.filter(pk=attempt_id).values_list("version", flat=True).first()


def history(request, limit: int = 200) -> list[dict]:
    """The player's finished attempts, oldest first, with the rating after each."""
    rows = attempts_for_player(request).filter(finished_at__isnull=False).select_related("puzzle").order_by("finished_at", "id")
    out = []
    for a in list(rows)[-limit:]:
        out.append({
            "attempt": a.pk,
            "puzzle": a.puzzle_id,
            "puzzle_rating": round(a.puzzle_rating_before if a.puzzle_rating_before is not None else a.puzzle.rating),
            "kind": a.puzzle.kind,
            "status": a.status,
            "solved": a.status == PuzzleAttempt.Status.SOLVED,
            "gave_up": a.gave_up,
            "rated": a.rated,
            "daily_on": a.daily_on,
            "rating_before": None if a.rating_before is None else round(a.rating_before),
            "rating_after": None if a.rating_after is None else round(a.rating_after),
            "finished_at": a.finished_at,
        })
    return out


def rating_chart(points: list[dict], width: int = 640, height: int = 200, pad: int = 28) -> Optional[dict]:
    """An inline SVG chart of the rating after each rated attempt: the
    polyline's points and the axis labels (the template draws it)."""
    values = [p["rating_after"] for p in points if p["rating_after"] is not None]
    if not values:
        return None
    first = next(p["rating_before"] for p in points if p["rating_before"] is not None)
    values = [first] + values
    low, high = min(values) - 20, max(values) + 20
    n = len(values)
    xs = [pad + (width - 2 * pad) * (i / (n - 1) if n > 1 else 0.5) for i in range(n)]
    ys = [height - pad - (height - 2 * pad) * (v - low) / (high - low) for v in values]
    return {
        "width": width, "height": height, "pad": pad,
        "points": " ".join(f"{x:.1f},{y:.1f}" for x, y in zip(xs, ys)),
        "dots": [{"x": round(x, 1), "y": round(y, 1), "v": v} for x, y, v in zip(xs, ys, values)],
        "low": round(low), "high": round(high), "last": values[-1],
        "bottom": height - pad, "right": width - pad,
    }
