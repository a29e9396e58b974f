"""The ends of puzzle training's attempts and runs, which both the attempts'
writes (``services``) and the runs' (``run_services``) reach: an attempt's end
with the rating change of a rated attempt and the daily streak
(``attempt_finish``), and a run's lifecycle after that (the next puzzle, the
end, the player's best).  Reads and writes the database only.

A run (streak or timed) is judged on the server: its clock, its penalties and
the puzzle under way live in the database, a move is refused once the clock
has run out (``run_check_clock``), and the next puzzle is chosen when the last
one ends, in the same transaction as that end (``attempt_finish`` calls
``_run_after_attempt``).  Clients only show it.
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from puzzles.accounts.players import Player
from puzzles.core import events
from puzzles.core.errors import ConflictError
from puzzles.ratings import glicko2

from . import days, runs, selectors, signals, withheld
from .models import Puzzle, PuzzleAttempt, PuzzleRating, PuzzleRun


def attempt_notify(attempt_id: int) -> None:
    """Wake the clients long-polling the attempt."""
    events.notify_on_commit(events.channel("attempt", attempt_id))


# --------------------------------------------------------------- ratings


def player_rating_ensure(player: Player) -> PuzzleRating | None:
    """The player's rating row, created if missing (None for a guest without a token)."""
    if player.user is not None:
        return PuzzleRating.objects.get_or_create(user=player.user)[0]
    if not player.token:
        return None
    try:
        with transaction.atomic():
            return PuzzleRating.objects.get_or_create(user=None, session_key=player.token)[0]
    except IntegrityError:
        return PuzzleRating.objects.get(user=None, session_key=player.token)


# --------------------------------------------------------------- attempts


def attempt_finish(attempt: PuzzleAttempt, *, solved: bool, fields: dict) -> bool:
    """Write the end of an attempt (conditional on its version) with the
    rating change of a rated attempt and the streak.  True if written.  A
    rated attempt at a puzzle withheld from its player by now (``withheld``:
    its key was given to them while it was under way) ends unrated, and
    an attempt unrated so does not count for the streak."""
    now = timezone.now()
    with transaction.atomic():
        locked = PuzzleAttempt.objects.select_for_update().filter(pk=attempt.pk, version=attempt.version).first()
        if locked is None or locked.finished:
            return False
        fields = {
            **fields,
            "status": PuzzleAttempt.Status.SOLVED if solved else PuzzleAttempt.Status.FAILED,
            "finished_at": now,
            "updated_at": now,
            "version": locked.version + 1,
        }
        if solved:
            Puzzle.objects.filter(pk=locked.puzzle_id).update(solved_count=F("solved_count") + 1)
        owner = Player.owning(locked, "user")
        player = player_rating_ensure(owner)
        held = withheld.reason_for(owner, locked.puzzle_id) if locked.rated else ""
        if held:
            fields.update(rated=False, unrated_because=held)
        held = held or (locked.unrated_because if locked.unrated_because in withheld.reasons() else "")
        if locked.rated and not held and player is not None:
            puzzle = Puzzle.objects.select_for_update().get(pk=locked.puzzle_id)
            new_player, new_puzzle = glicko2.rate_attempt(
                player.glicko2_rating, glicko2.Rating(puzzle.rating, puzzle.rd, puzzle.volatility), solved
            )
            fields.update(
                rating_before=player.rating,
                rating_after=new_player.rating,
                puzzle_rating_before=puzzle.rating,
                puzzle_rating_after=new_puzzle.rating,
            )
            player.glicko2_set(new_player)
            player.rated_count += 1
            Puzzle.objects.filter(pk=puzzle.pk).update(
                rating=new_puzzle.rating, rd=new_puzzle.rd, volatility=new_puzzle.volatility
            )
        if (
            player is not None
            and solved
            and not held
            and locked.daily_on is not None
            and locked.daily_on == days.utc_today()
        ):
            days.streak_record(player, locked.daily_on)
        if player is not None:
            player.save()
        PuzzleAttempt.objects.filter(pk=locked.pk).update(**fields)
        if locked.run_id is not None:
            _run_after_attempt(locked, solved, now, skipped=fields.get("unrated_because") == "skipped")
        attempt_notify(locked.pk)
        signals.attempt_finished_on_commit(locked.pk)
    return True


# ------------------------------------------------------------------- runs


def _run_notify(run_id: int) -> None:
    events.notify_on_commit(events.channel("run", run_id))


def run_attempt_create(run: PuzzleRun, player: Player, floor: float) -> PuzzleAttempt | None:
    """The run's next puzzle as a new (unrated) attempt; None when none is left."""
    index = run.attempts.count()
    puzzle = selectors.run_puzzle_pick(player, run, index, floor)
    if puzzle is None:
        return None
    attempt = PuzzleAttempt.objects.create(
        puzzle=puzzle,
        **player.owner_fields("user"),
        status=PuzzleAttempt.Status.YOUR_MOVE,
        position=puzzle.position,
        rated=False,
        run=run,
        puzzle_rating_before=puzzle.rating,
    )
    Puzzle.objects.filter(pk=puzzle.pk).update(attempts_count=F("attempts_count") + 1)
    return attempt


def run_end(run: PuzzleRun, reason: str, now: Any = None) -> None:
    """Close a run (locked by the caller) and keep the player's best."""
    now = now or timezone.now()
    fields = {"status": PuzzleRun.Status.OVER, "end_reason": reason, "finished_at": now, "version": F("version") + 1}
    PuzzleRun.objects.filter(pk=run.pk, status=PuzzleRun.Status.ACTIVE).update(**fields)
    rating = player_rating_ensure(Player.owning(run, "user"))
    if rating is not None:
        field = "best_puzzle_streak" if run.mode == PuzzleRun.Mode.STREAK else "best_timed_score"
        if run.score > getattr(rating, field):
            PuzzleRating.objects.filter(pk=rating.pk).update(**{field: run.score})
    _run_notify(run.pk)


def run_close(*, run: PuzzleRun, now: Any = None) -> bool:
    """End a run that is under way: a timed run out of time as "time", else
    as "stopped" (the player left it, or started another).  A timed run out
    of time whose last move (accepted in time) is being graded is left to
    that grading, within the grace period.  True if it ended here."""
    now = now or timezone.now()
    with transaction.atomic():
        locked = PuzzleRun.objects.select_for_update().filter(pk=run.pk, status=PuzzleRun.Status.ACTIVE).first()
        if locked is None:
            return False
        current = selectors.run_current(locked)
        thinking = current is not None and current.status == PuzzleAttempt.Status.THINKING
        if runs.clock_out(locked, now):
            if not runs.is_over(locked, now, thinking):
                return False
            run_end(locked, PuzzleRun.EndReason.TIME, now)
        else:
            run_end(locked, PuzzleRun.EndReason.STOPPED, now)
    run.refresh_from_db()
    return True


def run_check_clock(run_id: int) -> None:
    """Before a move of a run's puzzle: 409 once the run is over (and it is
    closed if its clock ran out just now)."""
    run = PuzzleRun.objects.get(pk=run_id)
    if run.status == PuzzleRun.Status.ACTIVE and runs.clock_out(run, timezone.now()):
        run_close(run=run)
        run.refresh_from_db()
    if run.status == PuzzleRun.Status.OVER:
        raise ConflictError("the run is over" + (": time is up" if run.end_reason == "time" else ""))


def _run_after_attempt(attempt: PuzzleAttempt, solved: bool, now: Any, skipped: bool = False) -> None:
    """A puzzle of a run has just ended (inside ``attempt_finish``'s transaction):
    count it, then end the run or give it its next puzzle.  Streak: a
    failure ends it (a skip does not).  Timed: a failure costs
    ``TIMED_PENALTY`` seconds; a puzzle whose last move came after the
    deadline does not count."""
    run = PuzzleRun.objects.select_for_update().filter(pk=attempt.run_id or 0).first()
    if run is None or run.status != PuzzleRun.Status.ACTIVE:
        return
    player = Player.owning(run, "user")
    if run.mode == PuzzleRun.Mode.STREAK and skipped:
        run.skips += 1
    elif run.mode == PuzzleRun.Mode.STREAK:
        if not solved:
            run_end(run, PuzzleRun.EndReason.WRONG_MOVE, now)
            return
        run.score += 1
    else:
        in_time = run.last_move_at is None or run.deadline is None or run.last_move_at <= run.deadline
        if in_time and solved:
            run.score += 1
        elif in_time:
            run.mistakes += 1
            run.penalty_seconds += runs.TIMED_PENALTY
            run.deadline = runs.deadline_of(run.started_at, run.duration, run.penalty_seconds)
    PuzzleRun.objects.filter(pk=run.pk).update(
        score=run.score,
        mistakes=run.mistakes,
        skips=run.skips,
        penalty_seconds=run.penalty_seconds,
        deadline=run.deadline,
        version=F("version") + 1,
    )
    if runs.clock_out(run, now):
        run_end(run, PuzzleRun.EndReason.TIME, now)
        return
    floor = (attempt.puzzle_rating_before or 0) if run.mode == PuzzleRun.Mode.STREAK else 0
    if run_attempt_create(run, player, floor) is None:
        run_end(run, PuzzleRun.EndReason.EXHAUSTED, now)
        return
    _run_notify(run.pk)
