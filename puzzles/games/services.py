"""Writes: a game's moves, the human's and the solver's, and its
resignation.  A new game is ``starting``'s, the moves' grades ``grading``'s.

Crash safety, in one place:

- A human's move is validated and stored in one transaction, before anything
  else happens; the grading task and the solver's turn are queued only after
  that transaction commits (``transaction.on_commit``).
- Grading is idempotent (``grading``).
- The solver's turn is idempotent: it moves only while the game is still
  waiting for it, and the write is conditional on the game being unchanged
  (the unique ``(game, ply)`` constraint backs that up).
- If a worker dies mid-task, the message is handed out again (``acks_late``,
  ``reject_on_worker_lost``), and the beat task ``requeue_stale_work`` re-queues
  anything still waiting after ``OD_STALE_AFTER_SECONDS`` whatever
  happened to the message.

The refusals a page can show (a move, resigning, by the page's plain forms
or its script) are in the player's language; those of raw API inputs the
pages cannot send stay in English.
"""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from puzzles.accounts.players import Player
from puzzles.analyses.services import (
    analysis_ahead,
    analysis_keep,
    analysis_shown,
    analysis_solve,
)
from puzzles.core import tasking
from puzzles.core.errors import ApplicationError, ConflictError
from solver import Position

from . import clock, deadlines, early, lookahead, moves, notices, people_moves, seating, selectors, turns, withheld
from .models import Game, GameMove
from .moves import RESIGNED, Played
from .signals import game_finished_on_commit
from .tasks import grade_move_task, solver_turn_task, turn_prepare_task

log = logging.getLogger(__name__)


# ------------------------------------------------------------------- games


def game_resign(*, game: Game, seat: str | None = None) -> Game:
    """The human gives the deal up: it is over at once, counted as if the
    other side had gone out (it scores the pips left in the hands of the
    human's side).  409 once the game is over.  Moves still ungraded are
    graded as usual; a solver's turn queued meanwhile finds the game over."""
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        if locked.status == Game.Status.OVER:
            raise ConflictError(
                _("the game is over (%(result)s): nothing to resign") % {"result": moves.describe_result(locked.result)}
            )
        position = Position.parse(locked.current_position)
        rules = position.variant
        seat = seat or locked.human_side  # a game between people: the resigning player's seat
        mine = rules.team_of(seat)
        result = early.early_end(
            locked,
            {  # a rated game between people resigned at once: an abort
                "winner": rules.team_name(1 - mine),
                "points": position.team_pips(mine),
                "reason": RESIGNED,
                "resigned": seat,
            },
        )
        Game.objects.filter(pk=locked.pk).update(
            status=Game.Status.OVER,
            result=result,
            version=F("version") + 1,
            updated_at=timezone.now(),
            deadline=None,
            turn_started_at=None,
            clock_ms=deadlines.clocks_now(locked),
        )
        notices.game_changed(locked.pk)
        game_finished_on_commit(locked.pk)
    game.refresh_from_db()
    return game


def game_play_human_move(*, game: Game, move: str, ply: int | None = None, seat: str | None = None) -> GameMove:
    """``game_play``'s move."""
    return game_play(game=game, move=move, ply=ply, seat=seat).move


def game_play(
    *,
    game: Game,
    move: str,
    ply: int | None = None,
    seat: str | None = None,
    known: list[selectors.MoveRow] | None = None,
) -> Played:
    """Validate the human's move and store it, in one transaction; then queue
    what follows it.  ``ply`` is the ply the client meant the move for: if the
    game has moved on, 409; the same move again for the same ply (a retry
    after a lost answer) returns the move stored the first time.  A game
    between people is ``people_moves``'s: ``seat`` is the mover's seat, and
    its clock is charged.  Raises ``ApplicationError`` (400: malformed or
    illegal move; 409: game over, not the human's turn, another ply, the
    clock run out), changing nothing.  ``known``: the moves of a game between
    people as a socket holds them with ``game`` (``table``), if it does."""
    if not isinstance(move, str):
        raise ApplicationError(f"a move is a string such as '36', '36R' or 'pass', not {move!r}")
    if game.is_people:
        return people_moves.people_play(game=game, move=move, ply=ply, seat=seat, known=known)
    return _practice_play(game, move, ply)


def _practice_play(game: Game, move: str, ply: int | None) -> Played:
    """A move against the solver.  When the analyses are at hand
    (``lookahead.turn_prepare`` computed them ahead of the turn) the move is
    graded here, and the solver's reply is played here too, stored in the
    same transaction; else the grading task grades it and then plays the
    reply.  The rules and the grade are worked out before the transaction
    (from Redis or the process's memory), so that the database's write lock
    is held only for the writes."""
    withheld.refuse_walk(game, move, Player.owning(game))
    known, foreseen = lookahead.analyses_at_hand(game, move) if settings.OD_GRADE_IN_REQUEST else (None, [])
    intent = moves.Intent.of(game, move, ply, None, known, foreseen)
    with transaction.atomic():
        locked = selectors.game_locked(game.pk)
        retried = moves.turn_checked(locked, intent)
        if retried is not None:
            return Played(retried)
        record, replies, after = moves.planned_for(locked, intent)
        if record.graded_at is not None:  # graded from ``known``: the row the grade came from, kept with the move
            assert known is not None
            analysis_keep(record.position_before, known)
        moves.store([record, *replies], optimistic=False)
        moves.show_analyses(locked, [record, *replies])
        fields = turns.moved_on(after, locked.person_seats, plies=1 + len(replies))
        moves.update(locked, fields, optimistic=False)
        if after.is_over():
            game_finished_on_commit(locked.pk)
        queued: list[tuple[Any, tuple[Any, ...]]] = []
        if record.graded_at is None:
            queued.append((grade_move_task, (record.pk,)))
        elif fields["status"] == Game.Status.THINKING:
            queued.append((solver_turn_task, (locked.pk,)))
        if fields["status"] == Game.Status.YOUR_MOVE:  # after the reply, or the human's again
            queued.append((turn_prepare_task, (locked.pk, str(after))))
        moves.announce(locked.pk, queued)
    return Played(record)


def game_play_solver_turn(*, game: Game) -> GameMove | None:
    """Play the solver's move if a seat the solver plays is to move (a forced
    pass too); else do nothing.  The move is chosen by the seat's level and
    the game's seeded generator, so running this twice plays the same move
    once.  When the solver is still to move afterwards (the next seat is its
    own, or a double let the seat move again), the next turn is queued."""
    if game.status != Game.Status.THINKING:
        return None
    before = Position.parse(game.current_position)
    if before.side in game.person_seats or before.is_over():
        # Should not happen; put the status right rather than wait forever.
        Game.objects.filter(pk=game.pk, version=game.version).update(
            status=turns.status_after(before, game.person_seats),
            result=turns.result_json(before),
            version=F("version") + 1,
            updated_at=timezone.now(),
        )
        notices.game_changed(game.pk)
        if before.is_over():
            game_finished_on_commit(game.pk)
        return None
    # Only this task needs the analysis the solver chooses its move from:
    # it is not stored (the move's own grading columns keep what matters).
    analysis = analysis_solve(game.current_position, keep=False)
    move = lookahead.solver_choice(game, before, analysis, game.ply_count)
    after = before.push(move)
    status = turns.status_after(after, game.person_seats)
    if status == Game.Status.YOUR_MOVE:
        # The human's grade and hints need the analysis of the position the
        # reply leaves: have it in Redis before the reply is stored, so that the
        # human's move is graded in its own request (a lookup) rather than on a
        # worker.
        try:
            analysis_ahead(str(after))
        except Exception:  # noqa: BLE001 - only a warm-up; grading computes it if needed
            log.exception("could not analyse %s ahead of time", after)
    moved_on = turns.moved_on(after, game.person_seats)
    if game.is_people:  # a person's turn may begin: its clock and deadline
        clocks = deadlines.turn_fields(game, after=after, at=clock.now(), moved=seating.moved_seats(game))
        moved_on.update(clocks)
    with transaction.atomic():
        updated = Game.objects.filter(
            pk=game.pk,
            ply_count=game.ply_count,
            current_position=game.current_position,
            status=Game.Status.THINKING,
        ).update(**moved_on)
        if not updated:  # someone else played this turn already
            return None
        if game.is_people:
            deadlines.queue_turn_deadline(game, clocks, game.ply_count + 1)
        record = moves.solver_record(game, game.ply_count, before, move, analysis)
        record.save(force_insert=True)
        owner = Player.owning(game)
        transaction.on_commit(lambda: analysis_shown(player=owner, position=str(before)), robust=True)
        notices.game_changed(game.pk)
        if status == Game.Status.OVER:
            game_finished_on_commit(game.pk)
        elif status == Game.Status.THINKING:
            tasking.enqueue(solver_turn_task, game.pk)
    if status == Game.Status.YOUR_MOVE:  # committed: now the analyses of the replies to the human's move
        try:
            lookahead.foresee(game, after, game.ply_count + 1)
        except Exception:  # noqa: BLE001 - only ahead of need; the reply is then played by a task
            log.exception("could not look ahead from %s", after)
    return record
