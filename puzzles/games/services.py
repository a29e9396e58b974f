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

import copy
import logging
from typing import Any, NamedTuple

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from puzzles.accounts.players import Player
from puzzles.analyses.services import (
    analysis_ahead,
    analysis_keep,
    analysis_shown,
    analysis_solve,
)
from puzzles.core import events, tasking
from puzzles.core.errors import ApplicationError, ConflictError, StaleError
from solver import Analysis, DominoError, Position

from . import early, lookahead, opponent, people, seating, selectors, stoppages, turns, withheld
from .models import Game, GameMove
from .signals import game_finished_on_commit
from .tasks import grade_move_task, solver_turn_task, turn_prepare_task

log = logging.getLogger(__name__)

# A result's reason when the human gave the deal up (beside the rules' domino and blocked).
RESIGNED = "resigned"


def _notify(game_id: int, handed: selectors.GameAfter | None = None) -> None:
    events.notify_on_commit(events.channel("game", game_id), handed)


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
                _("the game is over (%(result)s): nothing to resign") % {"result": _describe_result(locked.result)}
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
            clock_ms=people.clocks_now(locked),
        )
        _notify(locked.pk)
        game_finished_on_commit(locked.pk)
    game.refresh_from_db()
    return game


def _retried(game: Game, move: str, ply: int, seat: str | None = None) -> GameMove | None:
    """The human's move stored at ``ply`` if ``move`` is that move again (a
    retry; in a game between people, by the same ``seat``)."""
    prior = GameMove.objects.filter(game=game, ply=ply, by=GameMove.By.HUMAN).first()
    if prior is None or (seat is not None and prior.side != seat):
        return None
    try:
        again = Position.parse(prior.position_before).normalise_move(move)
    except DominoError:
        return None
    return prior if str(again) == prior.move else None


class Played(NamedTuple):
    """A move as ``game_play`` stored it (the one stored the first time, for
    a retry), and the game and its moves as it left them when nothing else
    changes them before its notice goes out (a move between people that
    leaves another person to move): what the notice and the answer are
    drawn from, with no read of their own.  None otherwise."""

    move: GameMove
    after: selectors.GameAfter | None = None


def game_play_human_move(*, game: Game, move: str, ply: int | None = None, seat: str | None = None) -> GameMove:
    """``game_play``'s move."""
    return game_play(game=game, move=move, ply=ply, seat=seat).move


def game_play(*, game: Game, move: str, ply: int | None = None, seat: str | None = None) -> Played:
    """Validate the human's move and store it, in one transaction; then queue
    its grading (and the solver's reply).  When the analyses are at hand
    (``lookahead.turn_prepare`` computed them ahead of the turn) the move is graded
    here, and the solver's reply is played here too, stored in the same
    transaction.  ``ply`` is the ply the client meant
    the move for: if the game has moved on, 409; the same move again for the
    same ply (a retry after a lost answer) returns the move stored the first
    time.  In a game between people ``seat`` is the mover's seat, and its
    clock is charged (``people.turn_fields``).  Raises ``ApplicationError``
    (400: malformed or illegal move; 409: game over, not the human's turn,
    another ply, the clock run out), changing nothing."""
    if not isinstance(move, str):
        raise ApplicationError(f"a move is a string such as '36', '36R' or 'pass', not {move!r}")
    if not game.is_people:
        withheld.refuse_walk(game, move, Player.owning(game))
    # Read and work out before the transaction (Redis, or the process's
    # memory; the rules and the grade), so that the database's write lock is
    # held only for the writes: the records are made from the game as read
    # before, and made again under the lock only if it has moved on since.
    known: Analysis | None = None
    foreseen: list[tuple[Position, str, Analysis]] = []
    # A game between people shows no grade before its end: its moves are
    # graded together once it is over (``game_grade_moves``), and nothing is
    # looked up or prepared for them move by move.
    if settings.OD_GRADE_IN_REQUEST and not game.is_people:
        known, foreseen = lookahead.analyses_at_hand(game, move)
    seen = (game.ply_count, game.current_position, game.status)
    read = game  # the caller's read of the game, with the seats it checked the mover against
    try:
        planned: _Planned | None = _plan(game, move, known, foreseen)
    except DominoError:
        planned = None  # said under the lock, after the checks that come first

    def commit(lock: bool) -> Played:
        """The move played in one transaction, on the game locked first; or,
        without ``lock``, on ``read`` as it is if its version is still the
        same at the update (``_Raced`` if not, everything undone): a read
        fewer, on the way of a move between people to the opponent."""
        nonlocal planned
        with transaction.atomic():
            game = selectors.game_locked(read.pk) if lock else read
            if ply is not None and ply != game.ply_count:
                retried = _retried(game, move, ply, seat)
                if retried is not None:
                    return Played(retried)
                raise StaleError(
                    _("the game is at ply %(ply)s, not %(asked)s: reload it and try again")
                    % {"ply": game.ply_count, "asked": ply}
                )
            if game.status == Game.Status.OVER:
                raise ConflictError(
                    _("the game is over (%(result)s): no more moves") % {"result": _describe_result(game.result)}
                )
            before = Position.parse(game.current_position)
            if before.side not in game.person_seats:
                raise ConflictError(
                    _("it is not your move: %(seat)s (played by the solver) is to move") % {"seat": before.side}
                )
            if seat is not None and before.side != seat:
                raise ConflictError(_("it is not your move: %(seat)s is to move") % {"seat": before.side})
            # A move is timed when it reached the server (however long it then
            # waited here), and the outages in its turn push the deadline on.
            at, arrived = people.clock.now(), stoppages.move_arrival(game, people.clock.timed_at())
            if stoppages.out_of_time(game, arrived):  # the deadline less the outages, held flag or not
                raise ConflictError(_("the time to move has run out"))  # ended by the next read (game_check_deadline)
            if planned is None or (game.ply_count, game.current_position, game.status) != seen:
                try:
                    planned = _plan(game, move, known, foreseen if game.ply_count == seen[0] else [])
                except DominoError as exc:
                    raise ApplicationError(str(exc)) from None
            record, replies, after = planned
            if record.graded_at is not None:  # graded from ``known``: the row the grade came from, kept with the move
                assert known is not None
                analysis_keep(record.position_before, known)
            # a game between people: its moves so far, which say who has moved (and make the notice's state)
            earlier = selectors.game_moves(game) if game.is_people else []
            moved = seating.moved_seats_in(earlier)  # before this move
            try:
                GameMove.objects.bulk_create([record, *replies])
            except IntegrityError:  # another request played this ply first (the transaction is rolled back)
                if not lock:
                    raise _Raced from None
                raise StaleError(_("the game has moved on: reload it and try again")) from None
            # The move's grade shows the best moves where it was played, and each
            # reply the solver's choice where it stood: as good as their analyses.
            # (Robust: a failure there, logged, must not keep the queueing and the
            # notice below from running.)
            shown = [record.position_before, *(r.position_before for r in replies)]
            owner = Player.owning(game)
            transaction.on_commit(lambda: analysis_shown(player=owner, positions=shown), robust=True)
            moved_on = turns.moved_on(after, game.person_seats, plies=1 + len(replies))
            if game.is_people and after.is_over():  # a rated game over before its people have played: an abort
                moved_on["result"] = early.early_end(game, moved_on["result"], [*earlier, record, *replies])
            if game.is_people:
                clocks = people.turn_fields(game, after=after, at=at, moved=moved, mover=before.side, arrived=arrived)
                moved_on.update(clocks)
                people.queue_turn_deadline(game, clocks, game.ply_count + 1 + len(replies))
            if not Game.objects.filter(pk=game.pk, **({} if lock else {"version": game.version})).update(**moved_on):
                raise _Raced  # changed since it was read: the move is undone with the transaction
            if after.is_over():
                game_finished_on_commit(game.pk)
            queued: list[tuple[Any, tuple[Any, ...]]] = []
            if game.is_people:  # graded at the end; a seat the solver fills still plays its turn
                if moved_on["status"] == Game.Status.THINKING:
                    queued.append((solver_turn_task, (game.pk,)))
            elif record.graded_at is None:
                queued.append((grade_move_task, (record.pk,)))
            elif moved_on["status"] == Game.Status.THINKING:
                queued.append((solver_turn_task, (game.pk,)))
            if (
                moved_on["status"] == Game.Status.YOUR_MOVE and not game.is_people
            ):  # after the reply, or the human's again
                queued.append((turn_prepare_task, (game.pk, str(after))))
            # the change notice goes with the last message (one round trip to Redis)
            for index, (task, args) in enumerate(queued):
                notice = events.channel("game", game.pk) if index == len(queued) - 1 else None
                tasking.enqueue(task, *args, notice=notice)
            after_state = None
            if game.is_people and moved_on["status"] == Game.Status.YOUR_MOVE:
                # Nothing else changes the game before its notice goes out: no task
                # is queued, and no end of the game is recorded on its commit.
                after_state = _game_after(read, game, moved_on, 1 + len(replies), [*earlier, record, *replies])
            if not queued:
                _notify(game.pk, after_state)
        return Played(record, after_state)

    # A game between people is changed by its people's moves alone but for a
    # resignation, an abort, the clock's deadline or the solver's turn, each of
    # which moves its version on: played on the game as read, unless one of
    # them came in between, then again under the lock as the others are.
    if game.is_people and ply is not None and ply == game.ply_count and game.status != Game.Status.OVER:
        try:
            return commit(lock=False)
        except _Raced:
            log.info("game %s changed while move %s was played on it: played again under the lock", read.pk, ply)
            planned = None  # its records may carry the ids of the rows undone: made again under the lock
    return commit(lock=True)


class _Raced(Exception):
    """The game changed between its read and a move played without its lock."""


def _game_after(
    read: Game,
    locked: Game,
    fields: dict[str, Any],
    plies: int,
    moves: list[GameMove | selectors.MoveRow],
) -> selectors.GameAfter:
    """The game as the update of ``fields`` (``plies`` moves) leaves
    ``locked`` (read under the lock: nothing else has changed it since), with
    the seats of ``read``, and its ``moves`` as a read of them would give them."""
    after = copy.copy(locked)
    for name, value in fields.items():
        if name not in ("ply_count", "version"):  # the two the update counts on
            setattr(after, name, value)
    after.ply_count = locked.ply_count + plies
    after.version = locked.version + 1
    seating.keep_seats(after, read)
    rows = [m if isinstance(m, selectors.MoveRow) else selectors.move_row_of(m) for m in moves]
    return selectors.GameAfter(after, rows)


# The human's move as stored, the solver's replies stored with it, and the
# position they leave.
_Planned = tuple[GameMove, list[GameMove], Position]


def _plan(game: Game, move: str, known: Analysis | None, foreseen: list[tuple[Position, str, Analysis]]) -> _Planned:
    """The records of the human's ``move`` in the game's current position
    (nothing is written).  The analysis of the position before the move is
    usually ``known`` (the solver analysed it ahead of the human's turn):
    then grading is a lookup, stored with the move, and the answer to the
    request already carries the grade; otherwise one task grades the move and
    then plays the solver's reply (the grade committed first).  The solver's
    replies are played here when the analyses they are chosen from were
    ``foreseen`` for this very move, as the task would play them.  Raises
    ``DominoError`` for a malformed or illegal move."""
    before = Position.parse(game.current_position)
    played = before.normalise_move(move)
    after = before.push(played)
    grade: dict[str, Any] = {}
    if known is not None and str(known.position) == str(before):
        grade = {"graded_at": timezone.now(), **opponent.grade_fields(known, str(played))}
    record = GameMove(
        game=game,
        ply=game.ply_count,
        side=before.side,
        by=GameMove.By.HUMAN,
        move=str(played),
        position_before=str(before),
        position_after=str(after),
        **grade,
    )
    replies = []
    if grade and foreseen and str(foreseen[0][0]) == str(after):
        replies = [
            _solver_record(game, game.ply_count + 1 + i, position, reply, analysis)
            for i, (position, reply, analysis) in enumerate(foreseen)
        ]
        after = foreseen[-1][0].push(foreseen[-1][1])
    return record, replies, after


def _solver_record(game: Game, ply: int, before: Position, move: str, analysis: Analysis) -> GameMove:
    """The solver's move ``move`` in ``before`` at ``ply``, graded from ``analysis``."""
    return GameMove(
        game=game,
        ply=ply,
        side=before.side,
        by=GameMove.By.SOLVER,
        move=move,
        position_before=str(before),
        position_after=str(before.push(move)),
        graded_at=timezone.now(),
        **opponent.grade_fields(analysis, move),
    )


def _describe_result(result: dict | None) -> str:
    """A finished game's result in a few words, for the refusals that say the
    game is over, in the player's language."""
    if not result:
        return pgettext("a game's result", "finished")
    if result.get("reason") == RESIGNED:
        return _("%(seat)s resigned") % {"seat": result.get("resigned")}
    how = _reason_words(result.get("reason"))
    if result.get("winner") is None:
        return _("a draw, %(how)s") % {"how": how}
    return ngettext(
        "%(winner)s won %(points)s point, %(how)s", "%(winner)s won %(points)s points, %(how)s", result["points"]
    ) % {"winner": result["winner"], "points": result["points"], "how": how}


def _reason_words(reason: Any) -> str:
    """Why a deal ended, in the words of ``_describe_result`` (in English the reason itself)."""
    words = {
        "domino": _("domino"),
        "blocked": _("blocked"),
        people.TIME: pgettext("how a game ended", "time"),
        early.ABORTED: pgettext("how a game ended", "aborted"),
    }
    return words.get(str(reason), str(reason))


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
        _notify(game.pk)
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
        clocks = people.turn_fields(game, after=after, at=people.clock.now(), moved=seating.moved_seats(game))
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
            people.queue_turn_deadline(game, clocks, game.ply_count + 1)
        record = _solver_record(game, game.ply_count, before, move, analysis)
        record.save(force_insert=True)
        owner = Player.owning(game)
        transaction.on_commit(lambda: analysis_shown(player=owner, position=str(before)), robust=True)
        _notify(game.pk)
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
