"""A move in a game between people: checked and stored in one transaction,
the mover's clock charged and the next turn's deadline set, the move pushed
to the game's streams as an event, and the game as the move left it handed
to the answer.

A game between people is changed by its people's moves alone but for a
resignation, an abort, the clock's deadline or the solver's turn in a seat
it fills, each of which moves the game's version on.  So the move is played
on the game as the request read it, the update conditional on that version
(a read fewer on the way to the opponent), on PostgreSQL in one statement
with the move's row (``move_write``); if one of those came in between
(``moves.Raced``) everything is undone and the move is played again on the
game locked first, as the others are.  Nothing is graded or prepared move
by move: a game between people shows no grade before its end, and its
moves are graded together once it is over (``grading``)."""

from __future__ import annotations

import contextlib
import copy
import logging
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from puzzles.core.errors import ConflictError

from . import clock, deadlines, early, move_write, moves, pushed, seating, selectors, stoppages, table, turns
from .models import Game, GameMove
from .signals import game_finished_on_commit, turn_passed_on_commit
from .tasks import solver_turn_task

log = logging.getLogger(__name__)


def people_play(
    *, game: Game, move: str, ply: int | None, seat: str | None, known: list[selectors.MoveRow] | None = None
) -> moves.Played:
    """``services.game_play`` for a game between people: ``seat`` is the
    mover's, checked by the caller on ``game`` as it read it (or as a
    socket's ``table`` holds it, with its moves ``known``)."""
    intent = moves.Intent.of(game, move, ply, seat)
    if ply is not None and ply == game.ply_count and game.status != Game.Status.OVER:
        try:  # no transaction around a move stored in one statement: its hooks run once it is stored
            with contextlib.nullcontext() if move_write.available() else transaction.atomic():
                return _play(game, game, intent, optimistic=True, known=known)
        except moves.Raced:
            log.info("game %s changed while move %s was played on it: played again under the lock", game.pk, ply)
            intent.planned = None  # its records may carry the ids of the rows undone: made again
    with transaction.atomic():
        return _play(selectors.game_locked(game.pk), game, intent, optimistic=False)


def _play(
    game: Game, read: Game, intent: moves.Intent, *, optimistic: bool, known: list[selectors.MoveRow] | None = None
) -> moves.Played:
    """The move on ``game`` (``read`` itself when ``optimistic``, else the
    row locked), in the caller's transaction; ``known``: its moves, if held."""
    retried = moves.turn_checked(game, intent)
    if retried is not None:
        return moves.Played(retried)
    # A move is timed when it reached the server (however long it then
    # waited here), and the outages in its turn push the deadline on.
    at, arrived = clock.now(), stoppages.move_arrival(game, clock.timed_at())
    if stoppages.out_of_time(game, arrived):  # the deadline less the outages, held flag or not
        raise ConflictError(_("the time to move has run out"))  # ended by the next read (game_check_deadline)
    record, _replies, after = moves.planned_for(game, intent)
    # which say who has moved, and make the notice's state
    earlier = known if known is not None else selectors.game_moves(game)
    fields = turns.moved_on(after, game.person_seats)
    if after.is_over():  # a rated game over before its people have played: an abort
        fields["result"] = early.early_end(game, fields["result"], [*earlier, record])
    clocks = deadlines.turn_fields(
        game, after=after, at=at, moved=seating.moved_seats_in(earlier), mover=record.side, arrived=arrived
    )
    fields.update(clocks)
    # Stored before anything is queued after the commit: in one statement,
    # which is its own commit, where it can be (``move_write``).
    if not (optimistic and move_write.write(game, record, fields)):
        moves.store([record], optimistic=optimistic)
        moves.update(game, fields, optimistic=optimistic)
    moves.show_analyses(game, [record])
    deadlines.queue_turn_deadline(game, clocks, game.ply_count + 1)
    if after.is_over():
        game_finished_on_commit(game.pk)
    if fields["status"] == Game.Status.THINKING:  # a seat the solver fills plays its turn
        moves.announce(game.pk, [(solver_turn_task, (game.pk,))])
        return moves.Played(record)
    # Nothing else changes the game before its notice goes out when another
    # person is to move: no task is queued, no end recorded on the commit.
    handed = _game_after(read, game, fields, [*earlier, record]) if fields["status"] == Game.Status.YOUR_MOVE else None
    if handed is not None and game.days:  # a correspondence game: the next person is told
        turn_passed_on_commit(game.pk, game.ply_count + 1, after.side)
    event = pushed.move_event(handed) if handed is not None else None
    if event is not None:  # for the sockets' tables (never sent to a reader)
        event[table.ROW] = table.row_of(fields, record)
    moves.announce(game.pk, [], event)
    return moves.Played(record, handed, event)


def _game_after(
    read: Game, game: Game, fields: dict[str, Any], rows: list[GameMove | selectors.MoveRow]
) -> selectors.GameAfter:
    """The game as the update of ``fields`` (one move) leaves ``game`` (read
    under the lock or checked by the update's version: nothing else has
    changed it since), with the seats of ``read``, and its moves as a read of
    them would give them."""
    after = copy.copy(game)
    for name, value in fields.items():
        if name not in ("ply_count", "version"):  # the two the update counts on
            setattr(after, name, value)
    after.ply_count = game.ply_count + 1
    after.version = game.version + 1
    seating.keep_seats(after, read)
    moved = [m if isinstance(m, selectors.MoveRow) else selectors.move_row_of(m) for m in rows]
    return selectors.GameAfter(after, moved)
