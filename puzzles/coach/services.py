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

The failed puzzles of a player who asked for them to come back are cards on
the same FSRS schedule (``PuzzleCard``), brought up to date with the player's
finished attempts whenever one ends (``training.signals.attempt_finished``)
and when the player turns the replay on.  A replay is an ordinary attempt at
the puzzle: never the player's first, so never rated (training rates only
the first attempt at a puzzle).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Exists, F, OuterRef, Q
from django.utils import timezone

from puzzles.accounts.players import Player
from puzzles.analyses.selectors import analysis_json_cached
from puzzles.core import tasking
from puzzles.core.errors import ApplicationError
from puzzles.games.models import Game, GameMove
from puzzles.games.selectors import game_people, games_played_by
from puzzles.study.models import GameAnalysis
from puzzles.study.selectors import game_analyses_for_player
from puzzles.training import selectors as training_selectors
from puzzles.training import services as training_services
from puzzles.training.models import PuzzleAttempt
from solver import DominoError, Position

from . import schedule
from .mistakes import MISTAKES, mistake_key, record_mistakes
from .models import Exercise, ExerciseTry, PuzzleCard, card_fields, card_of


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
            Exercise.objects.create(
                **{**fields, "position": key[0], "played": key[1]}, **card_fields(schedule.new_card(timezone.now()))
            )
    except IntegrityError:  # made meanwhile by another worker
        return False
    return True


def exercises_from_game(game: Game) -> int:
    """Exercises for the human's graded mistakes and blunders of a finished
    game (a deal of a match is a game too; in a game between people, each
    player's own, for that player).  Returns how many were made."""
    if game.status != Game.Status.OVER or game.concealed:  # an event's deal: its answers wait for the event's end
        return 0
    done = set(Exercise.objects.filter(game=game).values_list("ply", flat=True))
    rows = GameMove.objects.filter(game=game, by=GameMove.By.HUMAN, grade__in=MISTAKES).exclude(ply__in=done)
    players = game_people(game)
    known = {seat: _known_mistakes(p) for seat, p in players.items()}
    made = 0
    for m in rows.order_by("ply"):
        if m.side not in players:
            continue
        made += _create(
            {
                **players[m.side].owner_fields("user"),
                "source": Exercise.Source.GAME,
                "game": game,
                "ply": m.ply,
                "position": m.position_before,
                "side": m.side,
                "played": m.move,
                "grade": m.grade,
                "points_lost": m.points_lost or 0,
                "best_moves": m.best_moves or [],
                "best_value": m.best_value,
                "moves": _moves_of(m.position_before),
            },
            known[m.side],
        )
    return made


def exercises_from_analysis(analysis: GameAnalysis) -> int:
    """Exercises for the player's mistakes in a finished game analysis (a
    practice game's analysis is left out: the game itself gives them)."""
    if (
        analysis.status != GameAnalysis.Status.DONE
        or not analysis.result
        or analysis.source == GameAnalysis.Source.GAME
    ):
        return 0
    done = set(Exercise.objects.filter(game_analysis=analysis).values_list("ply", flat=True))
    player = Player.owning(analysis, "owner")
    owner, known = player.owner_fields("user"), _known_mistakes(player)
    made = 0
    for p in record_mistakes(analysis.result):
        if p["ply"] in done:
            continue
        made += _create(
            {
                **owner,
                "source": Exercise.Source.ANALYSIS,
                "game_analysis": analysis,
                "ply": p["ply"],
                "position": p["position"],
                "side": p["side"],
                "played": p["move"],
                "grade": p["grade"],
                "points_lost": p["points_lost"],
                "best_moves": p["best_moves"],
                "best_value": p["best"],
                "moves": _moves_of(p["position"]),
            },
            known,
        )
    return made


def exercises_sync(player: Player) -> int:
    """Make the exercises missing for this player's finished games and
    analyses (idempotent; cheap when nothing is missing)."""
    if not player.known:
        return 0
    exercises_adopt(player)
    made = 0
    games = games_played_by(player).filter(status=Game.Status.OVER)
    pending = GameMove.objects.filter(game__in=games, by=GameMove.By.HUMAN, grade__in=MISTAKES).values_list(
        "game_id", "ply", "position_before", "move"
    )
    have = set(Exercise.objects.filter(game__in=games).values_list("game_id", "ply"))
    known = _known_mistakes(player)
    # A mistake already met elsewhere (an analysed record) is not missing.
    missing_games = {
        g
        for g, ply, before, move in pending
        if (g, ply) not in have and (before, move) not in known and mistake_key(before, move) not in known
    }
    for game in Game.objects.filter(pk__in=missing_games):
        made += exercises_from_game(game)
    analyses = (
        game_analyses_for_player(player)
        .filter(status=GameAnalysis.Status.DONE)
        .exclude(source=GameAnalysis.Source.GAME)
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
    for player in game_people(game).values():
        exercises_sync(player)
    return GameMove.objects.filter(game=game, by=GameMove.By.HUMAN, grade__isnull=True).count()


def exercises_after_analysis(*, analysis_id: int) -> int:
    """A game record's analysis has finished: make its exercises (and any the player is missing)."""
    analysis = GameAnalysis.objects.filter(pk=analysis_id).first()
    if analysis is None:
        return 0
    made = exercises_from_analysis(analysis)
    return made + exercises_sync(Player.owning(analysis, "owner"))


def exercises_on_game_finished(sender: Any, game: Game, **kwargs: Any) -> None:
    """Receiver of ``games.signals.game_finished``: queue the making of its
    exercises.  Not for a game between people: its moves are graded only
    once it is over, and ``game_graded`` queues its exercises then."""
    from .tasks import exercises_for_game_task

    if game.is_people:
        return
    tasking.enqueue(exercises_for_game_task, game.pk)


def exercises_on_game_graded(sender: Any, game_id: int, **kwargs: Any) -> None:
    """Receiver of ``games.signals.game_graded``: queue the making of the game's exercises."""
    from .tasks import exercises_for_game_task

    tasking.enqueue(exercises_for_game_task, game_id)


def exercises_on_record_graded(sender: Any = None, args: Any = None, **kwargs: Any) -> None:
    """Receiver of Celery's ``task_postrun`` for study's ``grade_game_record_task``
    (its first argument is the analysis): queue the making of its exercises."""
    from .tasks import exercises_for_analysis_task

    if args:
        tasking.enqueue(exercises_for_analysis_task, int(args[0]))


def _hand_over(exercises: list[tuple[int, str, str]], user: Any) -> int:
    """Give the exercises ``(pk, position, played)`` of a guest to ``user``.
    A mistake the account has an exercise for already keeps the account's
    (and its schedule); the guest's copy goes, its tries moving to the
    account's.  How many changed hands."""
    kept = dict(
        ((position, played), pk)
        for pk, position, played in Exercise.objects.filter(user=user).values_list("pk", "position", "played")
    )
    moved = []
    for pk, position, played in exercises:
        same = kept.get((position, played))
        if same is not None:
            ExerciseTry.objects.filter(exercise_id=pk).update(exercise_id=same)
            Exercise.objects.filter(pk=pk).delete()
        else:
            moved.append(pk)
    return Exercise.objects.filter(pk__in=moved, user__isnull=True).update(user=user, session_key="")


def exercises_claim(*, user: Any, session_key: str, **kwargs: Any) -> int:
    """Hand a guest's exercises to the account they logged in to (a receiver
    of ``accounts.signals.guest_claimed``)."""
    with transaction.atomic():
        guest = Exercise.objects.filter(user__isnull=True, session_key=session_key)
        return _hand_over(list(guest.values_list("pk", "position", "played")), user)


def exercises_adopt(player: Player) -> int:
    """Give the account the exercises made for its guest seat of a game after
    the game was claimed: a task that read the game's players just before the
    claim makes them for the guest, after the claim has handed the guest's
    exercises over.  How many changed hands."""
    if player.user is None:
        return 0
    stray = Exercise.objects.filter(user__isnull=True, game__in=games_played_by(player)).select_related("game")
    mine = []
    for exercise in stray:
        owner = game_people(exercise.game).get(exercise.side) if exercise.game is not None else None
        if owner is not None and owner.user is not None and owner.user.pk == player.user.pk:
            mine.append((exercise.pk, exercise.position, exercise.played))
    if not mine:
        return 0
    with transaction.atomic():
        return _hand_over(mine, player.user)


def exercise_try(*, exercise: Exercise, move: Any, now: datetime | None = None) -> tuple[Exercise, ExerciseTry]:
    """Grade a try: right when the move keeps the best value.  A failed try,
    or a solved one when due, is a review of the exercise's FSRS card
    (``schedule.after_try``).  400 for a malformed or illegal move."""
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
        was_due = schedule.is_due(card_of(locked), now)
        card, _reviewed = schedule.after_try(card_of(locked), correct, now)
        Exercise.objects.filter(pk=locked.pk).update(
            **card_fields(card),
            last_tried_at=now,
            solved_count=F("solved_count") + (1 if correct else 0),
            failed_count=F("failed_count") + (0 if correct else 1),
        )
        attempt = ExerciseTry.objects.create(exercise=locked, move=played, correct=correct, was_due=was_due)
    exercise.refresh_from_db()
    return exercise, attempt


# ------------------------------------------------------------- failed puzzles


def _attempt_passed(attempt: PuzzleAttempt) -> bool:
    """A solved attempt passes unless the player looked at the analysis on the way."""
    return attempt.status == PuzzleAttempt.Status.SOLVED and attempt.unrated_because != "analysed"


def puzzle_cards_sync(player: Player) -> int:
    """Bring the player's failed-puzzle cards up to date with their finished
    attempts, when they asked for failed puzzles to come back: a card for
    every puzzle failed and not carded yet (its first failure being its first
    review), and every attempt at a carded puzzle that ended after the card's
    ``last_attempt_at`` taken as a try, in the order they ended.  Idempotent;
    returns how many attempts were taken into account."""
    rating = training_selectors.player_rating(player)
    if rating is None or not rating.replay_failed:
        return 0
    attempts = training_selectors.attempts_for_player(player).filter(finished_at__isnull=False)
    cards = player.rows(PuzzleCard.objects.all(), "user")
    carded = set(cards.values_list("puzzle_id", flat=True))
    failed = (
        attempts.filter(status=PuzzleAttempt.Status.FAILED)
        .exclude(puzzle_id__in=carded)
        .values_list("puzzle_id", flat=True)
        .distinct()
    )
    owner = player.owner_fields("user")
    for puzzle_id in set(failed):
        first = attempts.filter(puzzle_id=puzzle_id, status=PuzzleAttempt.Status.FAILED).order_by("finished_at").first()
        assert first is not None
        assert first.finished_at is not None
        try:
            with transaction.atomic():
                PuzzleCard.objects.create(
                    **owner,
                    puzzle_id=puzzle_id,
                    last_attempt_at=None,
                    **card_fields(schedule.new_card(first.finished_at)),
                )
        except IntegrityError:  # made meanwhile by another request
            pass
    # Only the cards with an attempt they have not taken into account yet.
    newer_exists = Exists(attempts.filter(puzzle_id=OuterRef("puzzle_id"), finished_at__gt=OuterRef("last_attempt_at")))
    stale = cards.filter(Q(last_attempt_at__isnull=True) | Q(newer_exists))
    taken = 0
    for card_row in stale:
        with transaction.atomic():
            locked = PuzzleCard.objects.select_for_update().get(pk=card_row.pk)
            newer = attempts.filter(puzzle_id=locked.puzzle_id)
            if locked.last_attempt_at is not None:
                newer = newer.filter(finished_at__gt=locked.last_attempt_at)
            card, reviews, last = card_of(locked), locked.reviews, locked.last_attempt_at
            for attempt in newer.order_by("finished_at", "id"):
                assert attempt.finished_at is not None
                card, reviewed = schedule.after_try(card, _attempt_passed(attempt), attempt.finished_at)
                reviews += 1 if reviewed else 0
                last, taken = attempt.finished_at, taken + 1
            if last != locked.last_attempt_at:
                PuzzleCard.objects.filter(pk=locked.pk).update(
                    **card_fields(card), reviews=reviews, last_attempt_at=last
                )
    return taken


def puzzle_cards_on_attempt_finished(sender: Any, attempt: PuzzleAttempt, **kwargs: Any) -> None:
    """Receiver of ``training.signals.attempt_finished``: take the attempt
    (and any other the player's cards missed) into account."""
    puzzle_cards_sync(Player.owning(attempt, "user"))


def puzzle_replay_set(*, player: Player, on: bool) -> int:
    """Turn the spaced replay of failed puzzles on or off for the player
    (``training.PuzzleRating.replay_failed``).  Turned on, the puzzles failed
    so far get their cards at once.  The cards stay when it is turned off (and
    are not shown): turned on again, their schedule goes on."""
    training_services.replay_failed_set(player=player, on=on)
    return puzzle_cards_sync(player) if on else 0


def puzzle_cards_claim(*, user: Any, session_key: str, **kwargs: Any) -> int:
    """Hand a guest's puzzle cards to the account they logged in to; a puzzle
    the account has a card for keeps the account's."""
    with transaction.atomic():
        mine = PuzzleCard.objects.filter(user=user).values_list("puzzle_id", flat=True)
        guest = PuzzleCard.objects.filter(user__isnull=True, session_key=session_key)
        guest.filter(puzzle_id__in=list(mine)).delete()
        return guest.update(user=user, session_key="")
