"""A human's move as both kinds of game play it: worked out before the
transaction (``Intent``: the rules and the grade, from the game as read),
checked against the game in the transaction (``turn_checked``), made again
only if the game has moved on since (``planned_for``), and stored
(``store``, ``update``).  The practice move (``services``) and the move
between people (``people_moves``) are each a short sequence of these."""

from __future__ import annotations

import contextlib
import logging
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from puzzles.accounts.players import Player
from puzzles.analyses.services import analysis_shown
from puzzles.core import events, tasking
from puzzles.core.errors import ApplicationError, ConflictError, StaleError
from solver import Analysis, DominoError, Position

from . import early, notices, opponent, selectors
from .deadlines import TIME
from .models import Game, GameMove

log = logging.getLogger(__name__)

# A result's reason when the human gave the deal up (beside the rules' domino and blocked).
RESIGNED = "resigned"

# The human's move as stored, the solver's replies stored with it, and the
# position they leave.
Planned = tuple[GameMove, list[GameMove], Position]
Foreseen = list[tuple[Position, str, Analysis]]


class Played(NamedTuple):
    """A move as ``game_play`` stored it (the one stored the first time, for
    a retry), and the game and its moves as it left them when nothing else
    changes them before its notice goes out (a move between people that
    leaves another person to move): what the notice and the answer are
    drawn from, with no read of their own.  None otherwise.  ``event``: what
    the move pushed to the game's streams (``pushed.move_event``), then."""

    move: GameMove
    after: selectors.GameAfter | None = None
    event: dict[str, Any] | None = None


class Raced(Exception):
    """The game changed between its read and a move played without its lock
    (everything the transaction wrote is undone with it)."""


@dataclass
class Intent:
    """What a move request asks, and its records as made from the game as
    read before the transaction (``planned``; None if the move is illegal
    there: said under the lock, after the checks that come first)."""

    move: str
    ply: int | None
    seat: str | None
    known: Analysis | None = None
    foreseen: Foreseen = field(default_factory=list)
    seen: tuple[int, str, str] = (0, "", "")
    planned: Planned | None = None

    @classmethod
    def of(
        cls,
        game: Game,
        move: str,
        ply: int | None,
        seat: str | None = None,
        known: Analysis | None = None,
        foreseen: Foreseen | None = None,
    ) -> Intent:
        intent = cls(move, ply, seat, known, foreseen or [], (game.ply_count, game.current_position, game.status))
        with contextlib.suppress(DominoError):  # said under the lock, after the checks that come first
            intent.planned = plan(game, move, known, intent.foreseen)
        return intent


def turn_checked(game: Game, intent: Intent) -> GameMove | None:
    """The move stored the first time when ``intent`` is a retry of it; None
    when the move may be played on ``game`` as it is.  Raises 409 for another
    ply, a game over, or a seat not the mover's."""
    if intent.ply is not None and intent.ply != game.ply_count:
        retried = _retried(game, intent.move, intent.ply, intent.seat)
        if retried is not None:
            return retried
        raise StaleError(
            _("the game is at ply %(ply)s, not %(asked)s: reload it and try again")
            % {"ply": game.ply_count, "asked": intent.ply}
        )
    if game.status == Game.Status.OVER:
        raise ConflictError(
            _("the game is over (%(result)s): no more moves") % {"result": describe_result(game.result)}
        )
    side = Position.parse(game.current_position).side
    if side not in game.person_seats:
        raise ConflictError(_("it is not your move: %(seat)s (played by the solver) is to move") % {"seat": side})
    if intent.seat is not None and side != intent.seat:
        raise ConflictError(_("it is not your move: %(seat)s is to move") % {"seat": side})
    return None


def planned_for(game: Game, intent: Intent) -> Planned:
    """The move's records on ``game`` as it is in the transaction: those made
    before it unless the game has moved on since (400 for an illegal move)."""
    if intent.planned is None or (game.ply_count, game.current_position, game.status) != intent.seen:
        foreseen = intent.foreseen if game.ply_count == intent.seen[0] else []
        try:
            intent.planned = plan(game, intent.move, intent.known, foreseen)
        except DominoError as exc:
            raise ApplicationError(str(exc)) from None
    return intent.planned


def store(records: list[GameMove], *, optimistic: bool) -> None:
    """Insert the move and the replies played with it: ``Raced`` (optimistic)
    or 409 when another request played the ply first."""
    try:
        GameMove.objects.bulk_create(records)
    except IntegrityError:  # the transaction is rolled back
        if optimistic:
            raise Raced from None
        raise StaleError(_("the game has moved on: reload it and try again")) from None


def show_analyses(game: Game, records: list[GameMove]) -> None:
    """Tell puzzle training, after the commit, the positions the moves'
    grades show (as good as their analyses).  Robust: a failure there, logged,
    must not keep the queueing and the notice from running."""
    shown = [record.position_before for record in records]
    owner = Player.owning(game)
    transaction.on_commit(lambda: analysis_shown(player=owner, positions=shown), robust=True)


def update(game: Game, fields: dict[str, Any], *, optimistic: bool) -> None:
    """Write the game's new ``fields``; optimistic: only if its version is
    still the one read (``Raced`` if not)."""
    rows = Game.objects.filter(pk=game.pk, **({"version": game.version} if optimistic else {}))
    if not rows.update(**fields):
        raise Raced


def announce(game_id: int, queued: list[tuple[Any, tuple[Any, ...]]], event: dict[str, Any] | None = None) -> None:
    """Queue the tasks after the commit, the change notice with the last of
    them; with nothing queued the notice alone, carrying ``event`` (what the
    move changed, ``pushed.move_event``) to the game's streams if given."""
    for index, (task, args) in enumerate(queued):
        notice = events.channel("game", game_id) if index == len(queued) - 1 else None
        tasking.enqueue(task, *args, notice=notice)
    if not queued:
        notices.game_changed(game_id, event)


def plan(game: Game, move: str, known: Analysis | None, foreseen: Foreseen) -> Planned:
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
            solver_record(game, game.ply_count + 1 + i, position, reply, analysis)
            for i, (position, reply, analysis) in enumerate(foreseen)
        ]
        after = foreseen[-1][0].push(foreseen[-1][1])
    return record, replies, after


def solver_record(game: Game, ply: int, before: Position, move: str, analysis: Analysis) -> GameMove:
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


def describe_result(result: dict[str, Any] | None) -> str:
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
    """Why a deal ended, in the words of ``describe_result`` (in English the reason itself)."""
    words = {
        "domino": _("domino"),
        "blocked": _("blocked"),
        TIME: pgettext("how a game ended", "time"),
        early.ABORTED: pgettext("how a game ended", "aborted"),
        "abandoned": _("left the table"),  # ``disconnects.ABANDONED``
    }
    return words.get(str(reason), str(reason))


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
