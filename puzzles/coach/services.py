"""Writes of the coach: exercises made from a player's graded mistakes, and
tries at them (graded at once from the stored answer: no solver here).

Exercises are made idempotently (``(game, ply)`` and ``(game_analysis, ply)``
are unique, and so is a player's mistake: the position before it and the move
played, so that the same mistake met again, in another analysis of the same
record or in the record of a game played here, keeps its first exercise and
that one's schedule) on the workers, never while a page or the API is read: when a
game ends (``games.signals.game_finished`` queues ``exercises_for_game_task``,
which looks again while the game's last moves are still being graded) and
when a game record's analysis is done (the end of study's grading task
queues ``exercises_for_analysis_task``).  Each of these also runs
``exercises_sync`` for the player, which makes whatever an earlier signal
missed (a worker that died between the commit and the signal).
"""
from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from puzzles.accounts.players import Player
from puzzles.analyses.selectors import analysis_json_cached
from puzzles.core import tasking
from puzzles.core.errors import ApplicationError
from puzzles.games.models import Game, GameMove
from puzzles.games.selectors import games_for_player
from puzzles.study.models import GameAnalysis
from puzzles.study.selectors import game_analyses_for_player
from solver import DominoError, Position

from . import schedule
from .mistakes import MISTAKES, mistake_key, record_mistakes
from .models import Exercise, ExerciseTry


def _moves_of(position: str) -> list[dict[str, Any]]:
    """Every legal move of ``position`` with its value and grade, when its analysis is stored."""
    analysis = analysis_json_cached(position)
    if not analysis:
        return []
    return [{k: m.get(k) for k in ("move", "value", "grade")} for m in analysis.get("moves", [])]


def _known_mistakes(player: Player) -> set[tuple[str, str]]:
    """The mistakes the player already has an exercise for."""
    return set(player.rows(Exercise.objects.all(), "user").values_list("position", "played"))


def _create(fields: dict[str, Any], known: set[tuple[str, str]]) -> bool:
    """Makes the exercise unless the player has that mistake's already (then
    its first exercise keeps its schedule).  The unique constraints settle a
    race with another worker making the same one: the loser makes nothing."""
    key = mistake_key(fields["position"], fields["played"])
    if key in known:
        return False
    known.add(key)
    try:
        with transaction.atomic():
            Exercise.objects.create(**{**fields, "position": key[0], "played": key[1]}, due_at=timezone.now())
    except IntegrityError:  # made meanwhile by another worker
        return False
    return True


def exercises_from_game(game: Game) -> int:
    """Exercises for the human's graded mistakes and blunders of a finished
    game (a deal of a match is a game too).  Returns how many were made."""
    if game.status != Game.Status.OVER:
        return 0
    done = set(Exercise.objects.filter(game=game).values_list("ply", flat=True))
    rows = GameMove.objects.filter(game=game, by=GameMove.By.HUMAN, grade__in=MISTAKES).exclude(ply__in=done)
    player = Player.owning(game, "owner")
    owner, known = player.owner_fields("user"), _known_mistakes(player)
    made = 0
    for m in rows.order_by("ply"):
        made += _create({
            **owner, "source": Exercise.Source.GAME, "game": game, "ply": m.ply, "position": m.position_before,
            "side": m.side, "played": m.move, "grade": m.grade, "points_lost": m.points_lost or 0,
            "best_moves": m.best_moves or [], "best_value": m.best_value, "moves": _moves_of(m.position_before),
        }, known)
    return made


def exercises_from_analysis(analysis: GameAnalysis) -> int:
    """Exercises for the player's mistakes in a finished game analysis (a
    practice game's analysis is left out: the game itself gives them)."""
    if analysis.status != GameAnalysis.Status.DONE or not analysis.result or analysis.source == GameAnalysis.Source.GAME:
        return 0
    done = set(Exercise.objects.filter(game_analysis=analysis).values_list("ply", flat=True))
    player = Player.owning(analysis, "owner")
    owner, known = player.owner_fields("user"), _known_mistakes(player)
    made = 0
    for p in record_mistakes(analysis.result):
        if p["ply"] in done:
            continue
        made += _create({
            **owner, "source": Exercise.Source.ANALYSIS, "game_analysis": analysis, "ply": p["ply"],
            "position": p["position"], "side": p["side"], "played": p["move"], "grade": p["grade"],
            "points_lost": p["points_lost"], "best_moves": p["best_moves"], "best_value": p["best"],
            "moves": _moves_of(p["position"]),
        }, known)
    return made


def exercises_sync(player: Player) -> int:
    """Make the exercises missing for this player's finished games and
    analyses (idempotent; cheap when nothing is missing)."""
    if not player.known:
        return 0
    made = 0
    games = games_for_player(player).filter(status=Game.Status.OVER)
    pending = (
        GameMove.objects.filter(game__in=games, by=GameMove.By.HUMAN, grade__in=MISTAKES)
        .values_list("game_id", "ply", "position_before", "move")
    )
    have = set(Exercise.objects.filter(game__in=games).values_list("game_id", "ply"))
    known = _known_mistakes(player)
    # A mistake already met elsewhere (an analysed record) is not missing.
    missing_games = {
        g for g, ply, before, move in pending
        if (g, ply) not in have and (before, move) not in known and mistake_key(before, move) not in known
    }
    for game in Game.objects.filter(pk__in=missing_games):
        made += exercises_from_game(game)
    analyses = game_analyses_for_player(player).filter(status=GameAnalysis.Status.DONE).exclude(
        source=GameAnalysis.Source.GAME
    )
    seen = set(Exercise.objects.filter(game_analysis__in=analyses).values_list("game_analysis_id", flat=True))
    for analysis in analyses.exclude(pk__in=seen):
        # A record whose every mistake has its exercise already (from a game or another analysis) has nothing to make.
        if all(mistake_key(p["position"], p["move"]) in known for p in record_mistakes(analysis.result or {})):
            continue
        made += exercises_from_analysis(analysis)
    return made


def exercises_after_game(*, game_id: int) -> int:
    """A game has ended: make its exercises, and any the player is missing.
    Returns how many of the human's moves of the game are still ungraded
    (the task looks again while there are some)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None or game.status != Game.Status.OVER:
        return 0
    exercises_from_game(game)
    exercises_sync(Player.owning(game, "owner"))
    return GameMove.objects.filter(game=game, by=GameMove.By.HUMAN, grade__isnull=True).count()


def exercises_after_analysis(*, analysis_id: int) -> int:
    """A game record's analysis has finished: make its exercises (and any the player is missing)."""
    analysis = GameAnalysis.objects.filter(pk=analysis_id).first()
    if analysis is None:
        return 0
    made = exercises_from_analysis(analysis)
    return made + exercises_sync(Player.owning(analysis, "owner"))


def exercises_on_game_finished(sender: Any, game: Game, **kwargs: Any) -> None:
    """Receiver of ``games.signals.game_finished``: queue the making of its exercises."""
    from .tasks import exercises_for_game_task

    tasking.enqueue(exercises_for_game_task, game.pk)


def exercises_on_record_graded(sender: Any = None, args: Any = None, **kwargs: Any) -> None:
    """Receiver of Celery's ``task_postrun`` for study's ``grade_game_record_task``
    (its first argument is the analysis): queue the making of its exercises."""
    from .tasks import exercises_for_analysis_task

    if args:
        tasking.enqueue(exercises_for_analysis_task, int(args[0]))


def exercises_claim(*, user: Any, session_key: str, **kwargs: Any) -> int:
    """Hand a guest's exercises to the account they logged in to.  A mistake
    the account has an exercise for already keeps the account's (and its
    schedule); the guest's copy goes, its tries moving to the account's."""
    with transaction.atomic():
        guest = Exercise.objects.filter(user__isnull=True, session_key=session_key)
        kept = dict(
            ((position, played), pk)
            for pk, position, played in Exercise.objects.filter(user=user).values_list("pk", "position", "played")
        )
        for pk, position, played in guest.values_list("pk", "position", "played"):
            same = kept.get((position, played))
            if same is not None:
                ExerciseTry.objects.filter(exercise_id=pk).update(exercise_id=same)
                Exercise.objects.filter(pk=pk).delete()
        return guest.update(user=user, session_key="")


def exercise_try(*, exercise: Exercise, move: Any, now: datetime | None = None) -> tuple[Exercise, ExerciseTry]:
    """Grade a try: right when the move keeps the best value.  Moves the
    schedule on (``schedule.after_try``).  400 for a malformed or illegal move."""
    if not isinstance(move, str):
        raise ApplicationError(f"a move is a string such as '36', '36R' or 'pass', not {move!r}")
    try:
        played = str(Position.parse(exercise.position).normalise_move(move))
    except DominoError as exc:
        raise ApplicationError(str(exc)) from None
    now = now or timezone.now()
    correct = played in exercise.best_moves
    with transaction.atomic():
        locked = Exercise.objects.select_for_update().get(pk=exercise.pk)
        was_due = locked.due_at is not None and locked.due_at <= now
        step = schedule.after_try(locked.step, locked.due_at, correct, now)
        Exercise.objects.filter(pk=locked.pk).update(
            step=step.step, due_at=step.due_at, last_tried_at=now,
            solved_count=F("solved_count") + (1 if correct else 0),
            failed_count=F("failed_count") + (0 if correct else 1),
        )
        attempt = ExerciseTry.objects.create(exercise=locked, move=played, correct=correct, was_due=was_due)
    exercise.refresh_from_db()
    return exercise, attempt
