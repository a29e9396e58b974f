"""Writes: every change to analyses, games, moves and hints goes through here.

Crash safety, in one place:

- A human's move is validated and stored in one transaction, before anything
  else happens; the grading task and the solver's turn are queued only after
  that transaction commits (``transaction.on_commit``).
- Grading is idempotent: a graded move is never graded again, and the write is
  conditional on the move still being ungraded.
- The solver's turn is idempotent: it moves only while the game is still
  waiting for it, and the write is conditional on the game being unchanged
  (the unique ``(game, ply)`` constraint backs that up).
- If a worker dies mid-task, the message is handed out again (``acks_late``,
  ``reject_on_worker_lost``), and the beat task ``requeue_stale_work`` re-queues
  anything still waiting after ``PUZZLES_STALE_AFTER_SECONDS`` whatever
  happened to the message.
"""
from __future__ import annotations

import logging
import secrets
import time
from datetime import timedelta
from typing import Optional

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from solver import Position, analyse
from solver.deal import check_seed, deal
from solver.errors import DominoError

from . import events, opponent, selectors
from .cache import analysis_cache_set
from .models import Analysis, Game, GameMove, Hint

log = logging.getLogger(__name__)

# Random deal and opponent seeds stay below 2**53 so that JavaScript reads them exactly.
RANDOM_SEED_BOUND = 1 << 53


class GameError(Exception):
    """A request that the game refuses; ``status_code`` 400 (bad input) or 409
    (not possible in the game's current state).  The game is unchanged."""

    status_code = 400

    def __init__(self, message: str, status_code: Optional[int] = None) -> None:
        super().__init__(message)
        if status_code is not None:
            self.status_code = status_code


class GameConflict(GameError):
    status_code = 409


# ---------------------------------------------------------------- queueing

def _send(task_name: str, *args) -> None:
    """Send a task now.  If the broker cannot be reached the work is already
    recorded in the database and the beat task will queue it later."""
    from . import tasks

    task = getattr(tasks, task_name)
    try:
        task.delay(*args)
    except Exception:  # noqa: BLE001 - the beat task retries; eager mode (tests) re-raises
        if task.app.conf.task_always_eager:
            raise
        log.exception("could not queue %s%r; the beat task will", task_name, args)


def enqueue(task_name: str, *args) -> None:
    """Queue a task once the current transaction commits (at once outside one)."""
    transaction.on_commit(lambda: _send(task_name, *args))


def _notify(game_id: int) -> None:
    transaction.on_commit(lambda: events.game_changed(game_id))


GRADE_TASK = "grade_move_task"
SOLVER_TASK = "solver_turn_task"
ANALYSIS_TASK = "compute_analysis_task"


# ---------------------------------------------------------------- analyses

def analysis_request(*, position: str) -> Analysis:
    """The analysis of ``position`` (any spelling; stored normalised), created
    and queued if new.  Raises ``DominoError`` for an invalid position, before
    anything is stored or queued."""
    key = str(Position.parse(position))
    cached = selectors.analysis_result_cached(key)
    if cached is not None:
        analysis = selectors.analysis_by_position(key)
        if analysis is not None:
            return analysis
    with transaction.atomic():
        analysis, created = Analysis.objects.get_or_create(position=key)
        if analysis.status == Analysis.Status.FAILED:
            Analysis.objects.filter(pk=analysis.pk).update(
                status=Analysis.Status.PENDING, error="", updated_at=timezone.now()
            )
            analysis.status = Analysis.Status.PENDING
            created = True
        if created:
            enqueue(ANALYSIS_TASK, analysis.pk)
    return analysis


def _store_analysis(position: str, result: dict) -> None:
    now = timezone.now()
    fields = {"status": Analysis.Status.DONE, "result": result, "error": "", "computed_at": now, "updated_at": now}
    updated = Analysis.objects.filter(position=position).exclude(status=Analysis.Status.DONE).update(**fields)
    if not updated and not Analysis.objects.filter(position=position).exists():
        try:
            with transaction.atomic():
                Analysis.objects.create(position=position, **fields)
        except IntegrityError:  # someone else stored it first: same result
            pass
    analysis_cache_set(position, result)


def analysis_solve(position: str) -> dict:
    """The analysis (CLI JSON) of a normalised position: from the cache or the
    database, else computed here and stored.  For tasks only: this runs the solver."""
    result = selectors.analysis_result_cached(position)
    if result is None:
        result = analyse(Position.parse(position)).to_json()
        _store_analysis(position, result)
    return result


def analysis_compute(*, analysis: Analysis) -> Analysis:
    """Compute a pending analysis (a no-op once done)."""
    if analysis.status == Analysis.Status.DONE:
        return analysis
    try:
        position = Position.parse(analysis.position)
    except DominoError as exc:  # cannot happen for rows written by analysis_request
        Analysis.objects.filter(pk=analysis.pk).update(
            status=Analysis.Status.FAILED, error=str(exc), updated_at=timezone.now()
        )
        analysis.refresh_from_db()
        return analysis
    _store_analysis(analysis.position, analyse(position).to_json())
    analysis.refresh_from_db()
    return analysis


def analysis_fail(*, analysis_id: int, error: str) -> None:
    Analysis.objects.filter(pk=analysis_id).exclude(status=Analysis.Status.DONE).update(
        status=Analysis.Status.FAILED, error=error[:2000], updated_at=timezone.now()
    )


# ------------------------------------------------------------------- games

def _status_after(position: Position, human: str) -> str:
    if position.is_over():
        return Game.Status.OVER
    return Game.Status.YOUR_MOVE if position.side == human else Game.Status.THINKING


def _result_json(position: Position) -> Optional[dict]:
    result = position.result()
    if result is None:
        return None
    return {"winner": result.winner, "points": result.points, "reason": result.reason}


def game_create(
    *,
    owner=None,
    session_key: str = "",
    position: Optional[str] = None,
    seed=None,
    human: str = "A",
    level: str = Game.Level.STRONG,
    rng_seed: Optional[int] = None,
) -> Game:
    """A new practice game from ``position`` or from the deal of ``seed`` (a
    random seed when neither is given).  The solver's first move, when it is
    to move, and the analysis of the start are queued at once."""
    if position not in (None, "") and seed is not None:
        raise GameError("give either a position or a seed, not both")
    if human not in ("A", "B"):
        raise GameError(f"human is 'A' or 'B', not {human!r}")
    if level not in Game.Level.values:
        raise GameError(f"level is one of {', '.join(Game.Level.values)}, not {level!r}")
    if position not in (None, ""):
        start = Position.parse(position)  # DominoError: 400
        seed = None
    else:
        seed = check_seed(seed) if seed is not None else secrets.randbelow(RANDOM_SEED_BOUND)
        start = deal(seed)
    if start.is_over():
        raise GameError(f"this deal is already over ({start.result()}): there is nothing to play")
    if rng_seed is None:
        rng_seed = secrets.randbelow(RANDOM_SEED_BOUND)
    elif not isinstance(rng_seed, int) or not 0 <= rng_seed < 1 << 63:
        raise GameError(f"rng_seed is a whole number 0 <= rng_seed < 2**63, not {rng_seed!r}")
    status = _status_after(start, human)
    with transaction.atomic():
        game = Game.objects.create(
            start_position=str(start),
            current_position=str(start),
            human_side=human,
            level=level,
            seed=None if seed is None else str(seed),
            rng_seed=rng_seed,
            status=status,
            owner=owner if owner is not None and owner.is_authenticated else None,
            session_key="" if owner is not None and owner.is_authenticated else session_key,
        )
        if status == Game.Status.THINKING:
            enqueue(SOLVER_TASK, game.pk)
        else:  # warm the analysis the first grade and any hint will need
            analysis_request(position=str(start))
    return game


def game_play_human_move(*, game: Game, move: str) -> GameMove:
    """Validate the human's move and store it, in one transaction; then queue
    its grading (and the solver's reply).  Raises ``GameError`` (400: malformed
    or illegal move; 409: game over, not the human's turn), changing nothing."""
    if not isinstance(move, str):
        raise GameError(f"a move is a string such as '36', '36R' or 'pass', not {move!r}")
    with transaction.atomic():
        game = Game.objects.select_for_update().get(pk=game.pk)
        if game.status == Game.Status.OVER:
            raise GameConflict(f"the game is over ({_describe_result(game.result)}): no more moves")
        before = Position.parse(game.current_position)
        if before.side != game.human_side:
            raise GameConflict(f"it is not your move: {before.side} (the solver) is to move")
        try:
            played = before.normalise_move(move)
        except DominoError as exc:
            raise GameError(str(exc)) from None
        after = before.push(played)
        try:
            with transaction.atomic():
                record = GameMove.objects.create(
                    game=game,
                    ply=game.ply_count,
                    side=before.side,
                    by=GameMove.By.HUMAN,
                    move=str(played),
                    position_before=str(before),
                    position_after=str(after),
                )
        except IntegrityError:  # another request played this ply first
            raise GameConflict("the game has moved on: reload it and try again") from None
        status = _status_after(after, game.human_side)
        Game.objects.filter(pk=game.pk).update(
            current_position=str(after),
            ply_count=F("ply_count") + 1,
            status=status,
            result=_result_json(after),
            version=F("version") + 1,
            updated_at=timezone.now(),
        )
        # One task grades the move and then plays the solver's reply (one
        # message per move; the grade is committed before the reply starts).
        enqueue(GRADE_TASK, record.pk)
        _notify(game.pk)
    return record


def _describe_result(result: Optional[dict]) -> str:
    if not result:
        return "finished"
    if result.get("winner") is None:
        return f"a draw, {result.get('reason')}"
    return f"{result['winner']} won {result['points']} points, {result.get('reason')}"


def move_grade(*, move: GameMove) -> GameMove:
    """Fill in the value, best value, best moves, grade and points lost of a
    move.  A no-op if it is graded already."""
    if move.graded_at is not None:
        return move
    if settings.PUZZLES_GRADE_DELAY_SECONDS:  # crash tests: a window to kill the worker in
        time.sleep(settings.PUZZLES_GRADE_DELAY_SECONDS)
    fields = opponent.grade_fields(analysis_solve(move.position_before), move.move)
    with transaction.atomic():
        updated = GameMove.objects.filter(pk=move.pk, graded_at__isnull=True).update(
            graded_at=timezone.now(), **fields
        )
        if updated:
            Game.objects.filter(pk=move.game_id).update(version=F("version") + 1, updated_at=timezone.now())
            _notify(move.game_id)
    move.refresh_from_db()
    return move


def human_move_settle(*, move: GameMove) -> GameMove:
    """What follows a human's move: grade it (``move_grade``), then, if the
    solver is to move, queue its reply (``solver_turn_task``, on the general
    queue, so that the grading workers stay free for grades).  Idempotent."""
    move = move_grade(move=move)
    if Game.objects.filter(pk=move.game_id, status=Game.Status.THINKING).exists():
        enqueue(SOLVER_TASK, move.game_id)
    return move


def game_play_solver_turn(*, game: Game) -> Optional[GameMove]:
    """Play the solver's move if it is the solver's turn (a forced pass too);
    else do nothing.  The move is chosen by the game's level and its seeded
    generator, so running this twice plays the same move once."""
    if game.status != Game.Status.THINKING:
        return None
    before = Position.parse(game.current_position)
    if before.side != game.solver_side or before.is_over():
        # Should not happen; put the status right rather than wait forever.
        Game.objects.filter(pk=game.pk, version=game.version).update(
            status=_status_after(before, game.human_side), result=_result_json(before),
            version=F("version") + 1, updated_at=timezone.now(),
        )
        _notify(game.pk)
        return None
    analysis = analysis_solve(game.current_position)
    move = opponent.choose_move(analysis, game.level, game.rng_seed, game.ply_count)
    after = before.push(move)
    status = _status_after(after, game.human_side)
    with transaction.atomic():
        updated = Game.objects.filter(
            pk=game.pk, ply_count=game.ply_count, current_position=game.current_position,
            status=Game.Status.THINKING,
        ).update(
            current_position=str(after),
            ply_count=F("ply_count") + 1,
            status=status,
            result=_result_json(after),
            version=F("version") + 1,
            updated_at=timezone.now(),
        )
        if not updated:  # someone else played this turn already
            return None
        record = GameMove.objects.create(
            game=game,
            ply=game.ply_count,
            side=before.side,
            by=GameMove.By.SOLVER,
            move=move,
            position_before=str(before),
            position_after=str(after),
            graded_at=timezone.now(),
            **opponent.grade_fields(analysis, move),
        )
        _notify(game.pk)
    if status == Game.Status.YOUR_MOVE:
        # The human's next grade and hints need this analysis: have it ready.
        try:
            analysis_solve(str(after))
        except Exception:  # noqa: BLE001 - only a warm-up; grading computes it if needed
            log.exception("could not analyse %s ahead of time", after)
    return record


# ------------------------------------------------------------------- hints

def _hint_content(analysis: dict, level: int) -> dict:
    moves = analysis["moves"]
    value = analysis["value"]
    best = [m["move"] for m in moves if m["value"] == value]
    if level == 1:
        return {"value": value, "outcome": "win" if value > 0 else "loss" if value < 0 else "draw"}
    if level == 2:
        stones: list[str] = []
        for move in best:
            stone = "pass" if move == "pass" else move[:2]
            if stone not in stones:
                stones.append(stone)
        return {"value": value, "stones": stones}
    return {"value": value, "move": best[0], "moves": best}


def game_hint(*, game: Game, level: int) -> tuple[Optional[Hint], Optional[Analysis]]:
    """The hint of ``level`` for the human's current position: ``(hint, None)``
    when the analysis is at hand (the hint is recorded on the game), else
    ``(None, analysis)`` with the analysis queued; ask again later.  Asking
    twice for the same hint returns the recorded one and counts it once."""
    if level not in (1, 2, 3):
        raise GameError(f"a hint level is 1, 2 or 3, not {level!r}")
    if game.status == Game.Status.OVER:
        raise GameConflict("the game is over: no hints")
    if game.status != Game.Status.YOUR_MOVE:
        raise GameConflict("it is not your move: hints are for your own moves")
    existing = Hint.objects.filter(game=game, ply=game.ply_count, level=level).first()
    if existing is not None:
        return existing, None
    analysis = selectors.analysis_result_cached(game.current_position)
    if analysis is None:
        return None, analysis_request(position=game.current_position)
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        if locked.ply_count != game.ply_count or locked.status != Game.Status.YOUR_MOVE:
            raise GameConflict("the game moved on while the hint was prepared; ask again")
        hint, created = Hint.objects.get_or_create(
            game=locked, ply=locked.ply_count, level=level,
            defaults={"content": _hint_content(analysis, level)},
        )
        if created:
            Game.objects.filter(pk=game.pk).update(
                hints_used=F("hints_used") + 1, version=F("version") + 1, updated_at=timezone.now()
            )
            _notify(game.pk)
    return hint, None


# ---------------------------------------------------------- players, upkeep

def games_claim(*, user, session_key: str) -> int:
    """Hand an anonymous player's games to the user they just logged in as."""
    if not session_key or not user.is_authenticated:
        return 0
    return Game.objects.filter(owner__isnull=True, session_key=session_key).update(owner=user, session_key="")


def on_user_logged_in(sender, request, user, **kwargs) -> None:
    token = request.session.get(selectors.PLAYER_SESSION_KEY) if request is not None else None
    if token:
        games_claim(user=user, session_key=token)


def requeue_stale_work(*, stale_after: Optional[float] = None, limit: int = 500) -> dict:
    """Queue again whatever has waited too long: ungraded moves, solver turns
    not played, analyses still pending.  Every task is idempotent, so a
    duplicate costs nothing."""
    stale_after = settings.PUZZLES_STALE_AFTER_SECONDS if stale_after is None else stale_after
    cutoff = timezone.now() - timedelta(seconds=stale_after)
    moves = list(
        GameMove.objects.filter(graded_at__isnull=True, created_at__lt=cutoff).values_list("pk", flat=True)[:limit]
    )
    games = list(
        Game.objects.filter(status=Game.Status.THINKING, updated_at__lt=cutoff).values_list("pk", flat=True)[:limit]
    )
    analyses = list(
        Analysis.objects.filter(status=Analysis.Status.PENDING, updated_at__lt=cutoff).values_list("pk", flat=True)[
            :limit
        ]
    )
    for pk in moves:
        _send(GRADE_TASK, pk)
    for pk in games:
        _send(SOLVER_TASK, pk)
    for pk in analyses:
        _send(ANALYSIS_TASK, pk)
    if moves or games or analyses:
        log.info("requeued %d moves, %d solver turns, %d analyses", len(moves), len(games), len(analyses))
    return {"moves": moves, "games": games, "analyses": analyses}
