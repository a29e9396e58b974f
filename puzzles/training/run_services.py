"""Writes of puzzle training's runs (streak and timed): starting one, a move
in its puzzle under way, a skip, a stop, and the end of a timed run's clock.
What happens when a run's puzzle ends (the count, the next puzzle, the end)
is ``lifecycle``'s, in the same transaction as that end.
"""

from __future__ import annotations

import logging
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone

from puzzles.accounts.players import Player
from puzzles.core.errors import ApplicationError, ConflictError, StaleError

from . import lifecycle, runs, selectors, services
from .models import PuzzleAttempt, PuzzleRun
from .tasks import run_expire_task

log = logging.getLogger(__name__)


# How many times a start meets another start's run before it gives up (409).
RUN_START_TRIES = 8


def run_start(*, player: Player, mode: str) -> PuzzleRun:
    """A new run of ``mode`` with its first puzzle; the player's runs still
    under way end first (one run at a time).  400 for an unknown mode, 409
    while there is no puzzle to start with."""
    if mode not in runs.MODES:
        raise ApplicationError(f"no mode {mode!r}: streak or timed")
    if not player.known:
        raise ApplicationError("no player: start a session first")
    now = timezone.now()
    # One run under way a player, which the database holds to (a unique index
    # over the active runs): starts sent at the same moment each close what
    # the others made and try again, so the last one wins, as when they come
    # one after another.
    for _ in range(RUN_START_TRIES):
        for old in selectors.runs_for_player(player).filter(status=PuzzleRun.Status.ACTIVE):
            lifecycle.run_close(run=old, now=now)
        try:
            return _run_create(player, mode, now)
        except IntegrityError:
            continue
    raise ConflictError("another run of yours is being started or ended at this moment: try again")


def _run_create(player: Player, mode: str, now: Any) -> PuzzleRun:
    with transaction.atomic():
        timed = mode == PuzzleRun.Mode.TIMED
        duration = runs.TIMED_DURATION if timed else 0
        run = PuzzleRun.objects.create(
            mode=mode,
            **player.owner_fields("user"),
            started_at=now,
            duration=duration,
            deadline=runs.deadline_of(now, duration, 0) if timed else None,
            best_before=selectors.run_best(player, mode),
        )
        if lifecycle.run_attempt_create(run, player, floor=0) is None:
            transaction.set_rollback(True)
            raise ConflictError("no puzzle yet: the generator is still filling the pool")
        if timed:
            transaction.on_commit(lambda: _run_expire_later(run.pk, duration))
    return run


def _run_expire_later(run_id: int, seconds: int) -> None:
    """Queue the task that closes a timed run when its clock runs out (the
    beat's upkeep closes it too, should this message be lost)."""
    try:
        run_expire_task.apply_async((run_id,), countdown=seconds + 1)
    except Exception:  # noqa: BLE001 - the upkeep task closes it later
        if run_expire_task.app.conf.task_always_eager:
            raise
        log.exception("could not queue the end of run %s", run_id)


def run_expire(*, run_id: int) -> bool:
    """Close a timed run once its clock has run out (the countdown task and
    the upkeep); a no-op before that.  True if it ended here."""
    run = PuzzleRun.objects.filter(pk=run_id, status=PuzzleRun.Status.ACTIVE, mode=PuzzleRun.Mode.TIMED).first()
    if run is None or not runs.clock_out(run, timezone.now()):
        return False
    return lifecycle.run_close(run=run)


def runs_expire_due(limit: int = 500) -> list[int]:
    """Close the timed runs whose clocks have run out (the beat's upkeep)."""
    due = list(
        PuzzleRun.objects.filter(
            status=PuzzleRun.Status.ACTIVE, mode=PuzzleRun.Mode.TIMED, deadline__lte=timezone.now()
        ).values_list("pk", flat=True)[:limit]
    )
    return [pk for pk in due if run_expire(run_id=pk)]


def run_play_move(*, run: PuzzleRun, move: Any, ply: int | None = None, attempt_id: int | None = None) -> PuzzleAttempt:
    """Play ``move`` in the run's puzzle under way (see ``services.attempt_play_move``);
    409 once the run is over, or when ``attempt_id`` is not that puzzle's attempt."""
    lifecycle.run_check_clock(run.pk)
    current = selectors.run_current(run)
    if current is None:
        raise ConflictError("the run has no puzzle under way")
    if attempt_id is not None and attempt_id != current.pk:
        raise StaleError("the run has moved on to another puzzle: reload it")
    return services.attempt_play_move(attempt=current, move=move, ply=ply)


def run_skip(*, run: PuzzleRun) -> PuzzleRun:
    """Skip the streak's puzzle under way (``runs.STREAK_SKIPS`` per streak):
    it neither counts nor ends the streak, and the next puzzle comes.  409
    for a timed run, once the skips are used, while a move is being graded,
    or once the run is over."""
    if run.mode != PuzzleRun.Mode.STREAK:
        raise ConflictError("only a streak can skip a puzzle")
    run.refresh_from_db()
    if run.status != PuzzleRun.Status.ACTIVE:
        raise ConflictError("the run is over")
    if run.skips >= runs.STREAK_SKIPS:
        raise ConflictError("you have skipped a puzzle of this streak already")
    current = selectors.run_current(run)
    if current is None or current.status != PuzzleAttempt.Status.YOUR_MOVE:
        raise ConflictError("your move is being graded: try again in a moment")
    if not lifecycle.attempt_finish(current, solved=False, fields={"gave_up": True, "unrated_because": "skipped"}):
        raise ConflictError("the puzzle changed meanwhile: reload the run and try again")
    run.refresh_from_db()
    return run


def run_stop(*, run: PuzzleRun) -> PuzzleRun:
    """The player ends their run (409 when it is over already)."""
    if not lifecycle.run_close(run=run):
        run.refresh_from_db()
        if run.status == PuzzleRun.Status.OVER:
            raise ConflictError("the run is over already")
        raise ConflictError("your last move is being graded: try again in a moment")
    return run
