"""The JSON of puzzle training that the API returns and the pages embed,
with its words and URLs.

The answer is guarded here: ``puzzle_public`` never has the line, the themes,
the value or the moves' values; ``attempt_state`` adds ``solution`` (the line
annotated, the themes, every first move's value) only once the attempt is
solved or failed, and the best moves of each played step only then.
"""

from __future__ import annotations

from typing import Any

from django.urls import reverse
from django.utils import timezone

from puzzles.ratings.glicko2 import DEFAULT_RATING
from solver import Position
from solver.position import line_from_moves

from . import days, runs, selectors
from .mining import THEMES
from .models import Puzzle, PuzzleAttempt, PuzzleRating, PuzzleRun


def player_state(rating: PuzzleRating | None) -> dict[str, Any]:
    return {
        "rating": round(rating.rating) if rating else round(DEFAULT_RATING),
        "rd": round(rating.rd) if rating else 350,
        "rated_count": rating.rated_count if rating else 0,
        "streak": days.streak_current(rating),
        "best_streak": rating.best_streak if rating else 0,
        "solved_today": bool(rating and rating.streak_day == days.utc_today()),
        "difficulty": rating.difficulty if rating else "normal",
    }


def difficulties() -> list[dict[str, Any]]:
    labels = dict(PuzzleRating.Difficulty.choices)
    return [{"name": key, "label": str(labels[key]), "offset": offset} for key, offset in days.DIFFICULTIES.items()]


def dashboard_state(figures: dict[str, Any]) -> dict[str, Any]:
    """The dashboard with the themes' words and the link to train the weakest."""

    def named(row: dict[str, Any]) -> dict[str, Any]:
        return {
            **row,
            **{k: v for k, v in theme_state(row["theme"]).items() if k != "name"},
            "train_url": reverse("training:train") + f"?theme={row['theme']}",
            "replay_url": reverse("training:replay") + f"?theme={row['theme']}",
        }

    weakest = figures["weakest"][0] if figures["weakest"] else None
    return {
        **figures,
        "themes": [named(t) for t in figures["themes"]],
        "strongest": [theme_state(t) for t in figures["strongest"]],
        "weakest": [theme_state(t) for t in figures["weakest"]],
        "train_weakest_url": reverse("training:train") + f"?theme={weakest}" if weakest else None,
    }


def votes_state(puzzle: Puzzle, mine: bool | None) -> dict[str, Any]:
    return {
        "up": puzzle.votes_up,
        "down": puzzle.votes_down,
        "yours": mine,
        "url": reverse("training:api-puzzle-vote", args=[puzzle.pk]),
    }


def theme_state(key: str) -> dict[str, Any]:
    theme = THEMES.get(key)
    if theme is None:
        return {"name": key, "label": key, "description": ""}
    return {"name": key, "label": str(theme.name), "description": str(theme.description)}


def themes() -> list[dict[str, Any]]:
    return [theme_state(key) for key in THEMES]


def _board(start: Position, position: Position, moves: list[str]) -> dict[str, Any]:
    """The board of ``position``, reached by ``moves`` from ``start``, with the
    table in played order (the start's stones first)."""
    return position.to_json(line=line_from_moves(start, moves, start.table_line()))


def puzzle_card(puzzle: Puzzle) -> dict[str, Any]:
    """What names a puzzle on its card: id, position, side to find the line
    for, kind and rating (nothing of the answer)."""
    return {
        "id": puzzle.pk,
        "position": puzzle.position,
        "side": puzzle.side,
        "kind": puzzle.kind,
        "rating": round(puzzle.rating),
    }


def puzzle_public(puzzle: Puzzle) -> dict[str, Any]:
    """What anyone may see of a puzzle before solving it: nothing of the answer."""
    start = Position.parse(puzzle.position)
    return {
        **puzzle_card(puzzle),
        "daily_on": puzzle.daily_on,
        "attempts": puzzle.attempts_count,
        "solved": puzzle.solved_count,
        "board": _board(start, start, []),
        "urls": {
            "attempts": reverse("training:api-puzzle-attempts", args=[puzzle.pk]),
            "page": reverse("training:puzzle", args=[puzzle.pk]),
        },
    }


def solution_state(puzzle: Puzzle) -> dict[str, Any]:
    """The stored solution, annotated: every move of the line with its value
    for the mover and its grade (the line is optimal: the solving side's moves
    keep the puzzle's value, the defender's replies hold it to that), every
    legal first move with its value, and the themes with their descriptions."""
    start = Position.parse(puzzle.position)
    line, position = [], start
    for text in puzzle.line:
        move = position.normalise_move(text)
        solver = position.side == puzzle.side
        line.append(
            {
                "move": str(move),
                "side": position.side,
                "by": "solver-side" if solver else "defender",
                "value": puzzle.value if solver else -puzzle.value,
                "grade": "best",
                "key": solver,
            }
        )
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
        "quality": puzzle.quality,
        "quality_facts": puzzle.quality_facts,
        "vote_url": reverse("training:api-puzzle-vote", args=[puzzle.pk]),
    }


ANSWER_FIELDS = ("value", "best_value", "points_lost", "best_moves")


def _move_state(m: dict[str, Any], finished: bool) -> dict[str, Any]:
    out = {k: m.get(k) for k in ("ply", "side", "by", "move", "value", "best_value", "grade", "points_lost", "correct")}
    out["best_moves"] = m.get("best_moves")
    if not finished:
        # A step's value (and the other moves that kept it) tell the puzzle's
        # value and part of its line: they are part of the answer, shown at the end.
        out.update(dict.fromkeys(ANSWER_FIELDS))
    return out


def run_over_now(run: PuzzleRun, now: Any = None) -> bool:
    """Whether ``run`` is over as of now (``runs.is_over``: a timed run out of time is, before it is written)."""
    current = selectors.run_current(run)
    return runs.is_over(
        run, now or timezone.now(), current is not None and current.status == PuzzleAttempt.Status.THINKING
    )


def attempt_state(attempt: PuzzleAttempt, *, run_over: bool | None = None) -> dict[str, Any]:
    """An attempt as its player sees it.  An attempt of a run shows its
    answer (solution, values, best moves) only once the run is over: in a
    timed run a failed puzzle's solution waits for the result screen, and a
    puzzle cut short by the clock shows its solution there."""
    puzzle = attempt.puzzle
    start = Position.parse(puzzle.position)
    position = Position.parse(attempt.position)
    in_run = attempt.run_id is not None
    if in_run and run_over is None:
        run_over = run_over_now(attempt.run)  # type: ignore[arg-type]
    finished = bool(run_over) if in_run else attempt.finished
    closed = attempt.finished or bool(run_over)
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
        "unrated_because": attempt.unrated_because or None,
        "daily": attempt.daily_on is not None,
        "start": puzzle.position,
        "position": attempt.position,
        "side": puzzle.side,
        "to_move": None if position.is_over() or closed else position.side,
        "legal_moves": board["legal_moves"] if attempt.status == PuzzleAttempt.Status.YOUR_MOVE and not closed else [],
        "moves": [_move_state(m, finished) for m in attempt.moves],
        "last_move": attempt.moves[-1]["move"] if attempt.moves else None,
        "found": attempt.found,
        "feedback": feedback,
        "board": board,
        "version": attempt.version,
        "rating": None,
        "solution": solution_state(puzzle) if finished else None,
        "run": attempt.run_id,
        "created_at": attempt.created_at,
        "finished_at": attempt.finished_at,
        "urls": {
            "self": reverse("training:api-attempt-detail", args=[attempt.pk]),
            "moves": reverse("training:api-attempt-moves", args=[attempt.pk]),
            "give_up": reverse("training:api-attempt-give-up", args=[attempt.pk]),
            "retry": reverse("training:api-puzzle-attempts", args=[puzzle.pk]),
        },
    }
    rated = (attempt.rating_before, attempt.rating_after, attempt.puzzle_rating_before, attempt.puzzle_rating_after)
    if finished and None not in rated:
        before, after, puzzle_before, puzzle_after = (round(v) for v in rated if v is not None)
        state["rating"] = {
            "before": before,
            "after": after,
            "change": after - before,
            "puzzle_before": puzzle_before,
            "puzzle_after": puzzle_after,
        }
    return state


def rating_chart(
    points: list[dict[str, Any]], width: int = 640, height: int = 200, pad: int = 28
) -> dict[str, Any] | None:
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
        "width": width,
        "height": height,
        "pad": pad,
        "points": " ".join(f"{x:.1f},{y:.1f}" for x, y in zip(xs, ys, strict=True)),
        "dots": [{"x": round(x, 1), "y": round(y, 1), "v": v} for x, y, v in zip(xs, ys, values, strict=True)],
        "low": round(low),
        "high": round(high),
        "last": values[-1],
        "bottom": height - pad,
        "right": width - pad,
    }


# ------------------------------------------------------------------ runs


def run_puzzle_state(index: int, attempt: PuzzleAttempt, over: bool) -> dict[str, Any]:
    """One puzzle of a run as the run's list shows it: how it went, and
    (only once the run is over) the puzzle's solution."""
    if attempt.status == PuzzleAttempt.Status.SOLVED:
        result = "solved"
    elif attempt.unrated_because == "skipped":
        result = "skipped"
    elif attempt.status == PuzzleAttempt.Status.FAILED:
        result = "failed"
    else:
        result = "unfinished"
    rating = attempt.puzzle_rating_before if attempt.puzzle_rating_before is not None else attempt.puzzle.rating
    return {
        "index": index,
        "puzzle": attempt.puzzle_id,
        "attempt": attempt.pk,
        "rating": round(rating),
        "side": attempt.puzzle.side,
        "result": result,
        "played": [m["move"] for m in attempt.moves if m["by"] == "player"],
        "solution": solution_state(attempt.puzzle) if over else None,
        "urls": {
            "page": reverse("training:attempt", args=[attempt.pk]),
            "puzzle": reverse("training:puzzle", args=[attempt.puzzle_id]),
        },
    }


def run_state(run: PuzzleRun, attempts: list[PuzzleAttempt], best: int, now: Any = None) -> dict[str, Any]:
    """A run as its player sees it: the clock (timed), the score, the puzzle
    under way (``attempt``, without its answer) and the puzzles so far; once
    the run is over, no puzzle under way and every puzzle with its solution.
    A run that a wrong move ended keeps that puzzle's attempt (``ended_by``,
    with its solution) so that its board can still be shown."""
    now = now or timezone.now()
    current = attempts[-1] if attempts else None
    over = runs.is_over(run, now, current is not None and current.status == PuzzleAttempt.Status.THINKING)
    end_reason = run.end_reason or (PuzzleRun.EndReason.TIME.value if over else "")
    return {
        "id": run.pk,
        "mode": run.mode,
        "status": "over" if over else "active",
        "end_reason": end_reason or None,
        "score": run.score,
        "mistakes": run.mistakes,
        "skips_left": max(0, runs.STREAK_SKIPS - run.skips) if run.mode == PuzzleRun.Mode.STREAK else 0,
        "duration": run.duration or None,
        "penalty_seconds": run.penalty_seconds,
        "penalty_per_mistake": runs.TIMED_PENALTY if run.mode == PuzzleRun.Mode.TIMED else None,
        "time_left": runs.time_left(run, now) if not over or run.status == PuzzleRun.Status.OVER else 0.0,
        "started_at": run.started_at,
        "deadline": run.deadline,
        "finished_at": run.finished_at,
        "best": max(best, run.score) if over else best,
        "best_before": run.best_before,
        "new_best": over and run.score > run.best_before,
        "version": run.version,
        "attempt": attempt_state(current, run_over=False) if current is not None and not over else None,
        "ended_by": (
            attempt_state(current, run_over=True)
            if current is not None and over and end_reason == PuzzleRun.EndReason.WRONG_MOVE
            else None
        ),
        "puzzles": [run_puzzle_state(i + 1, a, over) for i, a in enumerate(attempts)],
        "urls": {
            "self": reverse("training:api-run-detail", args=[run.pk]),
            "moves": reverse("training:api-run-moves", args=[run.pk]),
            "stop": reverse("training:api-run-stop", args=[run.pk]),
            "skip": reverse("training:api-run-skip", args=[run.pk]),
            "start": reverse("training:api-runs"),
            "page": reverse("training:run", args=[run.pk]),
            "mode_page": reverse(f"training:{run.mode}"),
        },
    }


def run_summary(run: PuzzleRun) -> dict[str, Any]:
    """A finished or running run in a list (the mode page's recent runs)."""
    return {
        "id": run.pk,
        "mode": run.mode,
        "status": run.status,
        "score": run.score,
        "mistakes": run.mistakes,
        "started_at": run.started_at,
        "end_reason": run.end_reason or None,
        "page": reverse("training:run", args=[run.pk]),
    }
