"""Writes of puzzle training: attempts (the player's moves, the solver's
replies, giving up), votes, the difficulty, and a guest's rows handed to their
account.  The end of an attempt, with its rating change, and what it means for
a run are ``lifecycle``'s; the runs' own writes are ``run_services``.  The
solver runs only in a task (``attempt_settle``); what a web request calls here
reads and writes the database only.

An attempt travels like a game's move:

1. ``attempt_play_move`` (the request): the move is checked for legality and
   stored ungraded, the attempt goes to ``thinking`` and, after the commit,
   ``attempt_settle_task`` is queued.
2. ``attempt_settle`` (the task): grades the move from the analysis of the
   position before it (``analyses.services.analysis_solve``: cache, table, else
   the solver).  A move that loses value fails the attempt.  A move that keeps it
   counts as found; the attempt is solved when the deal is over, when as many
   moves were found as the stored line has, or when the solving side faces no
   deep choice any more (``mining.is_deep_choice``); else the defender replies
   (``mining.defender_reply``) and it is the player's move again.
   Idempotent: it acts only while the attempt is ``thinking`` and writes only
   if the attempt's version is unchanged.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from puzzles.accounts.players import Player
from puzzles.analyses.services import analysis_solve
from puzzles.core import tasking
from puzzles.core.errors import ApplicationError, ConflictError, StaleError
from solver import Analysis, DominoError, Position

from . import days, lifecycle, mining, selectors, withheld
from .models import Puzzle, PuzzleAttempt, PuzzleRating, PuzzleRun, PuzzleVote
from .tasks import attempt_settle_task

# --------------------------------------------------------------- players


def difficulty_set(*, player: Player, difficulty: str) -> PuzzleRating:
    """Remember the player's training difficulty (``days.DIFFICULTIES``); 400 for an unknown one."""
    if difficulty not in days.DIFFICULTIES:
        raise ApplicationError(f"no difficulty {difficulty!r}: one of {', '.join(days.DIFFICULTIES)}")
    return _player_setting_set(player, difficulty=difficulty)


def replay_failed_set(*, player: Player, on: bool) -> PuzzleRating:
    """Whether the puzzles the player fails come back on a spaced schedule
    (the coach schedules them, from the attempts ``attempt_finished`` tells it of)."""
    return _player_setting_set(player, replay_failed=on)


def _player_setting_set(player: Player, **settings: object) -> PuzzleRating:
    """Store the player's training settings on their rating row (made when
    they have none yet); 400 without a player."""
    rating = lifecycle.player_rating_ensure(player)
    if rating is None:
        raise ApplicationError("no player: start a session first")
    PuzzleRating.objects.filter(pk=rating.pk).update(**settings)
    rating.refresh_from_db()
    return rating


def attempts_unrate_analysed(*, player: Player, position: str, positions: Iterable[str] = (), **kwargs: Any) -> int:
    """A player asked for the analysis of ``position`` (or was shown those of
    ``positions``): their unfinished rated attempts that stand at one, or at
    the puzzle's start, or passed one, are no longer rated (a receiver of
    ``analyses.signals.analysis_asked``).  Returns how many."""
    asked = {position, *positions}
    touched = [a for a in selectors.attempts_open_positions(player) if asked & a.positions]
    hit = [a.pk for a in touched if a.rated]
    # A puzzle of a run under way is judged on the server: asking for its
    # analysis counts as a wrong move there (unless it has changed since it
    # was read: a move came meanwhile, and is being graded).
    for a in touched:
        if a.run_id is not None and a.status == PuzzleAttempt.Status.YOUR_MOVE:
            current = PuzzleAttempt.objects.filter(pk=a.pk, version=a.version).first()
            if current is not None:
                lifecycle.attempt_finish(current, solved=False, fields={"unrated_because": "analysed"})
    if not hit:
        return 0
    with transaction.atomic():
        PuzzleAttempt.objects.filter(pk__in=hit).update(
            rated=False, unrated_because="analysed", version=F("version") + 1, updated_at=timezone.now()
        )
        for pk in hit:
            lifecycle.attempt_notify(pk)
    return len(hit)


def ratings_claim(*, user: Any, session_key: str, **kwargs: Any) -> None:
    """On log-in (a receiver of ``accounts.signals.guest_claimed``): hand the
    guest's attempts to the user, and their rating too if the user has none yet."""
    PuzzleAttempt.objects.filter(user__isnull=True, session_key=session_key).update(user=user, session_key="")
    guest_runs = PuzzleRun.objects.filter(user__isnull=True, session_key=session_key)
    if guest_runs.filter(status=PuzzleRun.Status.ACTIVE).exists():
        # One run under way a player: the guest's, just played, goes on.
        for old in PuzzleRun.objects.filter(user=user, status=PuzzleRun.Status.ACTIVE):
            lifecycle.run_close(run=old)
    try:
        with transaction.atomic():
            guest_runs.update(user=user, session_key="")
    except IntegrityError:
        # The account's run could not be closed (its last move is being
        # graded) or another start of the account's came between: the
        # guest's run ends, and the rest is handed over as ever.
        for run in guest_runs.filter(status=PuzzleRun.Status.ACTIVE):
            lifecycle.run_end(run, PuzzleRun.EndReason.STOPPED)
        guest_runs.update(user=user, session_key="")
    anon = PuzzleRating.objects.filter(user__isnull=True, session_key=session_key).first()
    if anon is None:
        return
    mine = PuzzleRating.objects.filter(user=user).first()
    if mine is None:
        anon.user, anon.session_key = user, ""
        anon.save(update_fields=["user", "session_key"])
    else:
        # The account keeps its rating; the guest's best runs count if they are better.
        PuzzleRating.objects.filter(pk=mine.pk).update(
            best_puzzle_streak=max(mine.best_puzzle_streak, anon.best_puzzle_streak),
            best_timed_score=max(mine.best_timed_score, anon.best_timed_score),
        )


# --------------------------------------------------------------- attempts


def attempt_start(*, puzzle: Puzzle, player: Player) -> PuzzleAttempt:
    """A new attempt at ``puzzle`` from its start; rated when it is this
    player's first attempt at it, unless the puzzle is withheld from them
    (``withheld``: they hold its key), which its ``unrated_because`` says."""
    if not player.known:
        raise ApplicationError("no player: start a session first")
    if puzzle.pk in selectors.run_active_puzzle_ids(player):
        raise ConflictError("this puzzle is under way in your run: finish or stop the run first")
    with transaction.atomic():
        first = not player.rows(PuzzleAttempt.objects.all(), "user").filter(puzzle=puzzle).exists()
        held = withheld.reason_for(player, puzzle.pk) if first else ""
        rated = first and not held
        attempt = PuzzleAttempt.objects.create(
            puzzle=puzzle,
            **player.owner_fields("user"),
            status=PuzzleAttempt.Status.YOUR_MOVE,
            position=puzzle.position,
            rated=rated,
            unrated_because=held,
            daily_on=puzzle.daily_on if puzzle.daily_on == days.utc_today() else None,
        )
        Puzzle.objects.filter(pk=puzzle.pk).update(attempts_count=F("attempts_count") + 1)
    return attempt


def _attempt_retried(attempt: PuzzleAttempt, move: str, ply: int) -> bool:
    """Whether ``move`` is the player's move already stored at ``ply`` (a retry)."""
    if ply >= len(attempt.moves) or attempt.moves[ply]["by"] != "player":
        return False
    stored = attempt.moves[ply]
    try:
        again = Position.parse(stored["position_before"]).normalise_move(move)
    except DominoError:
        return False
    return str(again) == stored["move"]


def attempt_play_move(*, attempt: PuzzleAttempt, move: Any, ply: int | None = None) -> PuzzleAttempt:
    """Store the player's move (ungraded) and queue its settling.  400 for a
    malformed or illegal move, 409 when it is not the player's move or the
    attempt is past ``ply`` (the ply the client meant; the same move again for
    the same ply is a retry, answered with the attempt as it is)."""
    if not isinstance(move, str):
        raise ApplicationError(f"a move is a string such as '36', '36R' or 'pass', not {move!r}")
    if attempt.run_id is not None:
        lifecycle.run_check_clock(attempt.run_id)
    with transaction.atomic():
        attempt = PuzzleAttempt.objects.select_for_update().get(pk=attempt.pk)
        if ply is not None and ply != len(attempt.moves):
            if _attempt_retried(attempt, move, ply):
                return attempt
            raise StaleError(f"the attempt is at ply {len(attempt.moves)}, not {ply}: reload it and try again")
        if attempt.finished:
            raise ConflictError(f"the attempt is over ({attempt.status}): start a new one to try again")
        if attempt.status != PuzzleAttempt.Status.YOUR_MOVE:
            raise ConflictError("it is not your move: the solver is replying")
        before = Position.parse(attempt.position)
        try:
            played = before.normalise_move(move)
        except DominoError as exc:
            raise ApplicationError(str(exc)) from None
        after = before.push(played)
        record = {
            "ply": len(attempt.moves),
            "side": before.side,
            "by": "player",
            "move": str(played),
            "position_before": str(before),
            "value": None,
            "best_value": None,
            "grade": None,
            "points_lost": None,
            "correct": None,
        }
        PuzzleAttempt.objects.filter(pk=attempt.pk).update(
            moves=attempt.moves + [record],
            position=str(after),
            status=PuzzleAttempt.Status.THINKING,
            version=F("version") + 1,
            updated_at=timezone.now(),
        )
        if attempt.run_id is not None:
            # Judged against the run's clock: the time the server accepted the move.
            PuzzleRun.objects.filter(pk=attempt.run_id).update(last_move_at=timezone.now())
        tasking.enqueue(attempt_settle_task, attempt.pk)
        lifecycle.attempt_notify(attempt.pk)
    attempt.refresh_from_db()
    return attempt


def attempt_give_up(*, attempt: PuzzleAttempt) -> PuzzleAttempt:
    """End the attempt as failed (the solution is then shown).  409 when over."""
    attempt.refresh_from_db()
    if attempt.finished:
        raise ConflictError(f"the attempt is over already ({attempt.status})")
    if attempt.run_id is not None:
        lifecycle.run_check_clock(attempt.run_id)
    if not lifecycle.attempt_finish(attempt, solved=False, fields={"gave_up": True}):
        raise ConflictError("the attempt changed meanwhile: reload it and try again")
    attempt.refresh_from_db()
    return attempt


def _grade(analysis: Analysis, move: str) -> dict[str, Any]:
    entry = analysis.move_value(move)
    return {
        "value": entry.value,
        "best_value": analysis.value,
        "grade": entry.grade,
        "points_lost": analysis.value - entry.value,
        "best_moves": [str(m) for m in analysis.best_moves],
    }


def attempt_settle(*, attempt: PuzzleAttempt) -> PuzzleAttempt:
    """Grade the player's last move and reply (see the module's docstring).
    Runs the solver: for tasks only.  A no-op unless the attempt is thinking."""
    if attempt.status != PuzzleAttempt.Status.THINKING:
        return attempt
    moves = [dict(m) for m in attempt.moves]
    last = moves[-1]
    grade = _grade(analysis_solve(last["position_before"]), last["move"])
    last.update(grade)
    last["correct"] = grade["value"] == grade["best_value"]
    if not last["correct"]:
        lifecycle.attempt_finish(attempt, solved=False, fields={"moves": moves})
        attempt.refresh_from_db()
        return attempt
    found = attempt.found + 1
    position = Position.parse(attempt.position)
    solved = position.is_over() or found >= attempt.puzzle.solver_moves
    if not solved:
        reply = mining.defender_reply(position)
        reply_analysis = analysis_solve(str(position))
        reply_record = {
            "ply": len(moves),
            "side": position.side,
            "by": "solver",
            "move": str(reply),
            "position_before": str(position),
            "correct": None,
            **_grade(reply_analysis, str(reply)),
        }
        moves.append(reply_record)
        position = position.push(reply)
        # Solved once the game is over, or when the solving side's next step is no deep choice: nothing left to find.
        solved = position.is_over() or not mining.is_deep_choice(analysis_solve(str(position)))
    if solved:
        lifecycle.attempt_finish(
            attempt, solved=True, fields={"moves": moves, "found": found, "position": str(position)}
        )
    else:
        with transaction.atomic():
            PuzzleAttempt.objects.filter(
                pk=attempt.pk, version=attempt.version, status=PuzzleAttempt.Status.THINKING
            ).update(
                moves=moves,
                found=found,
                position=str(position),
                status=PuzzleAttempt.Status.YOUR_MOVE,
                version=F("version") + 1,
                updated_at=timezone.now(),
            )
            lifecycle.attempt_notify(attempt.pk)
    attempt.refresh_from_db()
    return attempt


def puzzle_vote(*, puzzle: Puzzle, player: Player, up: bool) -> Puzzle:
    """A thumbs up or down for ``puzzle`` once the player has finished an
    attempt at it (409 before: a vote must not wait on the answer); voting
    again changes the vote.  The puzzle's ``score`` follows the votes."""
    if (
        not player.rows(PuzzleAttempt.objects.all(), "user")
        .filter(puzzle=puzzle, status__in=[PuzzleAttempt.Status.SOLVED, PuzzleAttempt.Status.FAILED])
        .exists()
    ):
        raise ConflictError("vote after solving (or failing) the puzzle")
    with transaction.atomic():
        locked = Puzzle.objects.select_for_update().get(pk=puzzle.pk)
        vote = player.rows(PuzzleVote.objects.filter(puzzle=locked), "user").first()
        if vote is None:
            PuzzleVote.objects.create(puzzle=locked, up=up, **player.owner_fields("user"))
        elif vote.up != up:
            PuzzleVote.objects.filter(pk=vote.pk).update(up=up)
        up_count = PuzzleVote.objects.filter(puzzle=locked, up=True).count()
        down_count = PuzzleVote.objects.filter(puzzle=locked, up=False).count()
        Puzzle.objects.filter(pk=locked.pk).update(
            votes_up=up_count, votes_down=down_count, score=mining.vote_score(locked.quality, up_count, down_count)
        )
    puzzle.refresh_from_db()
    return puzzle


def requeue_stale_attempts(*, stale_after: float = 10, limit: int = 200) -> list[int]:
    cutoff = timezone.now() - timedelta(seconds=stale_after)
    ids = list(
        PuzzleAttempt.objects.filter(status=PuzzleAttempt.Status.THINKING, updated_at__lt=cutoff).values_list(
            "pk", flat=True
        )[:limit]
    )
    for pk in ids:
        tasking.send(attempt_settle_task, pk)
    return ids
