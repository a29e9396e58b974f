"""Writes of puzzle training: storing mined puzzles, the daily
puzzle, attempts (the player's moves, the solver's replies, the end), ratings
and streaks.  The solver runs only in tasks (``mine_seeds``, ``attempt_settle``);
what a web request calls here reads and writes the database only.

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

import logging
from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from puzzles.accounts.players import Player
from puzzles.analyses.services import analysis_solve
from puzzles.core import events, tasking
from puzzles.core.errors import ApplicationError, ConflictError, StaleError
from solver import Analysis, DominoError, Position

from . import days, glicko2, mining, runs, selectors
from .models import PlayerRating, Puzzle, PuzzleAttempt, PuzzleRun, PuzzleVote
from .tasks import attempt_settle_task, run_expire_task

log = logging.getLogger(__name__)


def _notify(attempt_id: int) -> None:
    """Wake the clients long-polling the attempt."""
    events.notify_on_commit(events.channel("attempt", attempt_id))


# --------------------------------------------------------------- players

def player_rating_ensure(player: Player) -> PlayerRating | None:
    """The player's rating row, created if missing (None for a guest without a token)."""
    if player.user is not None:
        return PlayerRating.objects.get_or_create(user=player.user)[0]
    if not player.token:
        return None
    try:
        with transaction.atomic():
            return PlayerRating.objects.get_or_create(user=None, session_key=player.token)[0]
    except IntegrityError:
        return PlayerRating.objects.get(user=None, session_key=player.token)


def difficulty_set(*, player: Player, difficulty: str) -> PlayerRating:
    """Remember the player's training difficulty (``days.DIFFICULTIES``); 400 for an unknown one."""
    if difficulty not in days.DIFFICULTIES:
        raise ApplicationError(f"no difficulty {difficulty!r}: one of {', '.join(days.DIFFICULTIES)}")
    rating = player_rating_ensure(player)
    if rating is None:
        raise ApplicationError("no player: start a session first")
    PlayerRating.objects.filter(pk=rating.pk).update(difficulty=difficulty)
    rating.refresh_from_db()
    return rating


def attempts_unrate_analysed(
    *, player: Player, position: str, positions: Iterable[str] = (), **kwargs: Any
) -> int:
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
                _finish(current, solved=False, fields={"unrated_because": "analysed"})
    if not hit:
        return 0
    with transaction.atomic():
        PuzzleAttempt.objects.filter(pk__in=hit).update(
            rated=False, unrated_because="analysed", version=F("version") + 1, updated_at=timezone.now()
        )
        for pk in hit:
            _notify(pk)
    return len(hit)


def ratings_claim(*, user: Any, session_key: str, **kwargs: Any) -> None:
    """On log-in (a receiver of ``accounts.signals.guest_claimed``): hand the
    guest's attempts to the user, and their rating too if the user has none yet."""
    PuzzleAttempt.objects.filter(user__isnull=True, session_key=session_key).update(user=user, session_key="")
    guest_runs = PuzzleRun.objects.filter(user__isnull=True, session_key=session_key)
    if guest_runs.filter(status=PuzzleRun.Status.ACTIVE).exists():
        # One run under way a player: the guest's, just played, goes on.
        for old in PuzzleRun.objects.filter(user=user, status=PuzzleRun.Status.ACTIVE):
            run_close(run=old)
    try:
        with transaction.atomic():
            guest_runs.update(user=user, session_key="")
    except IntegrityError:
        # The account's run could not be closed (its last move is being
        # graded) or another start of the account's came between: the
        # guest's run ends, and the rest is handed over as ever.
        for run in guest_runs.filter(status=PuzzleRun.Status.ACTIVE):
            _run_end(run, PuzzleRun.EndReason.STOPPED)
        guest_runs.update(user=user, session_key="")
    anon = PlayerRating.objects.filter(user__isnull=True, session_key=session_key).first()
    if anon is None:
        return
    mine = PlayerRating.objects.filter(user=user).first()
    if mine is None:
        anon.user, anon.session_key = user, ""
        anon.save(update_fields=["user", "session_key"])
    else:
        # The account keeps its rating; the guest's best runs count if they are better.
        PlayerRating.objects.filter(pk=mine.pk).update(
            best_puzzle_streak=max(mine.best_puzzle_streak, anon.best_puzzle_streak),
            best_timed_score=max(mine.best_timed_score, anon.best_timed_score),
        )


# --------------------------------------------------------------- attempts

def attempt_start(*, puzzle: Puzzle, player: Player) -> PuzzleAttempt:
    """A new attempt at ``puzzle`` from its start; rated when it is this
    player's first attempt at it."""
    if not player.known:
        raise ApplicationError("no player: start a session first")
    if puzzle.pk in selectors.run_active_puzzle_ids(player):
        raise ConflictError("this puzzle is under way in your run: finish or stop the run first")
    with transaction.atomic():
        rated = not player.rows(PuzzleAttempt.objects.all(), "user").filter(puzzle=puzzle).exists()
        attempt = PuzzleAttempt.objects.create(
            puzzle=puzzle,
            **player.owner_fields("user"),
            status=PuzzleAttempt.Status.YOUR_MOVE,
            position=puzzle.position,
            rated=rated,
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
        _run_check_clock(attempt.run_id)
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
            "ply": len(attempt.moves), "side": before.side, "by": "player", "move": str(played),
            "position_before": str(before), "value": None, "best_value": None, "grade": None,
            "points_lost": None, "correct": None,
        }
        PuzzleAttempt.objects.filter(pk=attempt.pk).update(
            moves=attempt.moves + [record], position=str(after), status=PuzzleAttempt.Status.THINKING,
            version=F("version") + 1, updated_at=timezone.now(),
        )
        if attempt.run_id is not None:
            # Judged against the run's clock: the time the server accepted the move.
            PuzzleRun.objects.filter(pk=attempt.run_id).update(last_move_at=timezone.now())
        tasking.enqueue(attempt_settle_task, attempt.pk)
        _notify(attempt.pk)
    attempt.refresh_from_db()
    return attempt


def _finish(attempt: PuzzleAttempt, *, solved: bool, fields: dict) -> bool:
    """Write the end of an attempt (conditional on its version) with the
    rating change of a rated attempt and the streak.  True if written."""
    now = timezone.now()
    with transaction.atomic():
        locked = PuzzleAttempt.objects.select_for_update().filter(pk=attempt.pk, version=attempt.version).first()
        if locked is None or locked.finished:
            return False
        fields = {**fields, "status": PuzzleAttempt.Status.SOLVED if solved else PuzzleAttempt.Status.FAILED,
                  "finished_at": now, "updated_at": now, "version": locked.version + 1}
        if solved:
            Puzzle.objects.filter(pk=locked.puzzle_id).update(solved_count=F("solved_count") + 1)
        player = player_rating_ensure(Player.owning(locked, "user"))
        if locked.rated and player is not None:
            puzzle = Puzzle.objects.select_for_update().get(pk=locked.puzzle_id)
            new_player, new_puzzle = glicko2.rate_attempt(
                glicko2.Rating(player.rating, player.rd, player.volatility),
                glicko2.Rating(puzzle.rating, puzzle.rd, puzzle.volatility),
                solved,
            )
            fields.update(
                rating_before=player.rating, rating_after=new_player.rating,
                puzzle_rating_before=puzzle.rating, puzzle_rating_after=new_puzzle.rating,
            )
            player.rating, player.rd, player.volatility = new_player.rating, new_player.rd, new_player.volatility
            player.rated_count += 1
            Puzzle.objects.filter(pk=puzzle.pk).update(
                rating=new_puzzle.rating, rd=new_puzzle.rd, volatility=new_puzzle.volatility
            )
        if player is not None and solved and locked.daily_on is not None and locked.daily_on == days.utc_today():
            days.streak_record(player, locked.daily_on)
        if player is not None:
            player.save()
        PuzzleAttempt.objects.filter(pk=locked.pk).update(**fields)
        if locked.run_id is not None:
            _run_after_attempt(locked, solved, now, skipped=fields.get("unrated_because") == "skipped")
        _notify(locked.pk)
    return True


def attempt_give_up(*, attempt: PuzzleAttempt) -> PuzzleAttempt:
    """End the attempt as failed (the solution is then shown).  409 when over."""
    attempt.refresh_from_db()
    if attempt.finished:
        raise ConflictError(f"the attempt is over already ({attempt.status})")
    if attempt.run_id is not None:
        _run_check_clock(attempt.run_id)
    if not _finish(attempt, solved=False, fields={"gave_up": True}):
        raise ConflictError("the attempt changed meanwhile: reload it and try again")
    attempt.refresh_from_db()
    return attempt


def _grade(analysis: Analysis, move: str) -> dict[str, Any]:
    entry = analysis.move_value(move)
    return {"value": entry.value, "best_value": analysis.value, "grade": entry.grade,
            "points_lost": analysis.value - entry.value,
            "best_moves": [str(m) for m in analysis.best_moves]}


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
        _finish(attempt, solved=False, fields={"moves": moves})
        attempt.refresh_from_db()
        return attempt
    found = attempt.found + 1
    position = Position.parse(attempt.position)
    solved = position.is_over() or found >= attempt.puzzle.solver_moves
    if not solved:
        reply = mining.defender_reply(position)
        reply_analysis = analysis_solve(str(position))
        reply_record = {
            "ply": len(moves), "side": position.side, "by": "solver", "move": str(reply),
            "position_before": str(position), "correct": None, **_grade(reply_analysis, str(reply)),
        }
        moves.append(reply_record)
        position = position.push(reply)
        if position.is_over():
            solved = True
        else:
            # The solving side's next step: a deep choice, or nothing left to find.
            solved = not mining.is_deep_choice(analysis_solve(str(position)))
    if solved:
        _finish(attempt, solved=True, fields={"moves": moves, "found": found, "position": str(position)})
    else:
        with transaction.atomic():
            PuzzleAttempt.objects.filter(
                pk=attempt.pk, version=attempt.version, status=PuzzleAttempt.Status.THINKING
            ).update(
                moves=moves, found=found, position=str(position), status=PuzzleAttempt.Status.YOUR_MOVE,
                version=F("version") + 1, updated_at=timezone.now(),
            )
            _notify(attempt.pk)
    attempt.refresh_from_db()
    return attempt


def puzzle_vote(*, puzzle: Puzzle, player: Player, up: bool) -> Puzzle:
    """A thumbs up or down for ``puzzle`` once the player has finished an
    attempt at it (409 before: a vote must not wait on the answer); voting
    again changes the vote.  The puzzle's ``score`` follows the votes."""
    if not player.rows(PuzzleAttempt.objects.all(), "user").filter(
        puzzle=puzzle, status__in=[PuzzleAttempt.Status.SOLVED, PuzzleAttempt.Status.FAILED]
    ).exists():
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
        PuzzleAttempt.objects.filter(status=PuzzleAttempt.Status.THINKING, updated_at__lt=cutoff)
        .values_list("pk", flat=True)[:limit]
    )
    for pk in ids:
        tasking.send(attempt_settle_task, pk)
    return ids


# ------------------------------------------------------------------- runs
#
# A run (streak or timed) is judged here: its clock, its penalties and the
# puzzle under way live in the database, a move is refused once the clock
# has run out, and the next puzzle is chosen when the last one ends (in the
# same transaction as that end, see ``_finish``).  Clients only show it.

def _run_notify(run_id: int) -> None:
    events.notify_on_commit(events.channel("run", run_id))


def _run_attempt_create(run: PuzzleRun, player: Player, floor: float) -> PuzzleAttempt | None:
    """The run's next puzzle as a new (unrated) attempt; None when none is left."""
    index = run.attempts.count()
    puzzle = selectors.run_puzzle_pick(player, run, index, floor)
    if puzzle is None:
        return None
    attempt = PuzzleAttempt.objects.create(
        puzzle=puzzle, **player.owner_fields("user"), status=PuzzleAttempt.Status.YOUR_MOVE,
        position=puzzle.position, rated=False, run=run, puzzle_rating_before=puzzle.rating,
    )
    Puzzle.objects.filter(pk=puzzle.pk).update(attempts_count=F("attempts_count") + 1)
    return attempt


def _run_end(run: PuzzleRun, reason: str, now: Any = None) -> None:
    """Close a run (locked by the caller) and keep the player's best."""
    now = now or timezone.now()
    fields = {"status": PuzzleRun.Status.OVER, "end_reason": reason, "finished_at": now,
              "version": F("version") + 1}
    PuzzleRun.objects.filter(pk=run.pk, status=PuzzleRun.Status.ACTIVE).update(**fields)
    rating = player_rating_ensure(Player.owning(run, "user"))
    if rating is not None:
        field = "best_puzzle_streak" if run.mode == PuzzleRun.Mode.STREAK else "best_timed_score"
        if run.score > getattr(rating, field):
            PlayerRating.objects.filter(pk=rating.pk).update(**{field: run.score})
    _run_notify(run.pk)


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
            run_close(run=old, now=now)
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
            mode=mode, **player.owner_fields("user"), started_at=now, duration=duration,
            deadline=runs.deadline_of(now, duration, 0) if timed else None,
            best_before=selectors.run_best(player, mode),
        )
        if _run_attempt_create(run, player, floor=0) is None:
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
            _run_end(locked, PuzzleRun.EndReason.TIME, now)
        else:
            _run_end(locked, PuzzleRun.EndReason.STOPPED, now)
    run.refresh_from_db()
    return True


def run_expire(*, run_id: int) -> bool:
    """Close a timed run once its clock has run out (the countdown task and
    the upkeep); a no-op before that.  True if it ended here."""
    run = PuzzleRun.objects.filter(pk=run_id, status=PuzzleRun.Status.ACTIVE, mode=PuzzleRun.Mode.TIMED).first()
    if run is None or not runs.clock_out(run, timezone.now()):
        return False
    return run_close(run=run)


def runs_expire_due(limit: int = 500) -> list[int]:
    """Close the timed runs whose clocks have run out (the beat's upkeep)."""
    due = list(
        PuzzleRun.objects.filter(status=PuzzleRun.Status.ACTIVE, mode=PuzzleRun.Mode.TIMED,
                                 deadline__lte=timezone.now()).values_list("pk", flat=True)[:limit]
    )
    return [pk for pk in due if run_expire(run_id=pk)]


def _run_check_clock(run_id: int) -> None:
    """Before a move of a run's puzzle: 409 once the run is over (and it is
    closed if its clock ran out just now)."""
    run = PuzzleRun.objects.get(pk=run_id)
    if run.status == PuzzleRun.Status.ACTIVE and runs.clock_out(run, timezone.now()):
        run_close(run=run)
        run.refresh_from_db()
    if run.status == PuzzleRun.Status.OVER:
        raise ConflictError("the run is over" + (": time is up" if run.end_reason == "time" else ""))


def run_play_move(*, run: PuzzleRun, move: Any, ply: int | None = None, attempt_id: int | None = None) -> PuzzleAttempt:
    """Play ``move`` in the run's puzzle under way (see ``attempt_play_move``);
    409 once the run is over, or when ``attempt_id`` is not that puzzle's attempt."""
    _run_check_clock(run.pk)
    current = selectors.run_current(run)
    if current is None:
        raise ConflictError("the run has no puzzle under way")
    if attempt_id is not None and attempt_id != current.pk:
        raise StaleError("the run has moved on to another puzzle: reload it")
    return attempt_play_move(attempt=current, move=move, ply=ply)


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
    if not _finish(current, solved=False, fields={"gave_up": True, "unrated_because": "skipped"}):
        raise ConflictError("the puzzle changed meanwhile: reload the run and try again")
    run.refresh_from_db()
    return run


def run_stop(*, run: PuzzleRun) -> PuzzleRun:
    """The player ends their run (409 when it is over already)."""
    if not run_close(run=run):
        run.refresh_from_db()
        if run.status == PuzzleRun.Status.OVER:
            raise ConflictError("the run is over already")
        raise ConflictError("your last move is being graded: try again in a moment")
    return run


def _run_after_attempt(attempt: PuzzleAttempt, solved: bool, now: Any, skipped: bool = False) -> None:
    """A puzzle of a run has just ended (inside ``_finish``'s transaction):
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
            _run_end(run, PuzzleRun.EndReason.WRONG_MOVE, now)
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
        score=run.score, mistakes=run.mistakes, skips=run.skips, penalty_seconds=run.penalty_seconds,
        deadline=run.deadline, version=F("version") + 1,
    )
    if runs.clock_out(run, now):
        _run_end(run, PuzzleRun.EndReason.TIME, now)
        return
    floor = (attempt.puzzle_rating_before or 0) if run.mode == PuzzleRun.Mode.STREAK else 0
    if _run_attempt_create(run, player, floor) is None:
        _run_end(run, PuzzleRun.EndReason.EXHAUSTED, now)
        return
    _run_notify(run.pk)
