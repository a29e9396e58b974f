"""``game_finished``: sent with ``game`` (a fresh ``Game`` row) once a game's
status has become over, after the commit that made it so.  Apps above games
(matches, coach; the people app, to rate a game between people) connect to it in
their ``AppConfig.ready``; games know nothing of them.  A game between people's
``result`` says how it ended: ``reason`` is ``domino``, ``blocked``,
``resigned`` (with the seat in ``resigned``), ``time`` (the seat that ran out
in ``flagged``) or ``aborted`` (nobody won: not to be rated); ``winner`` is a
team (``A``, ``B``, ``A+C``, ``B+D``) or ``None``; ``selectors.game_players``
says who played each seat.

A process may die between the commit and the signal, so a receiver must be
idempotent and must not rely on the signal alone (a beat sweep looks again:
``people.upkeep.people_settle``, ``matches.services.matches_settle``).
A receiver that fails is logged, never turned into a failed move: the move is
committed already.
"""

from __future__ import annotations

from django.db import transaction
from django.dispatch import Signal

from .models import Game

game_finished = Signal()

# Sent with ``game_id`` once the moves of a finished game between people have
# been graded (they are graded together when it ends, after ``game_finished``):
# what is made from grades (the coach's exercises) is made then.
game_graded = Signal()

# Sent with ``game_id``, ``ply`` (the moves played) and ``seat`` (the person
# to move) after the commit of a person's move in a correspondence game that
# hands the turn to another person, and of such a game's start when a person
# moves first: the notifications tell them.  Sent on the
# move's path, so a receiver only queues work.
turn_passed = Signal()

# Sent with ``game_id`` and ``user`` (an account) when that account opens the
# game's play page: the notifications mark what they told of it read.
game_opened = Signal()


def send_game_finished(game_id: int) -> None:
    game = Game.objects.filter(pk=game_id, status=Game.Status.OVER).first()
    if game is None:
        return
    if game.is_people:  # its moves were left ungraded while it was played: one task grades them all
        from puzzles.core import tasking

        from .tasks import grade_game_task

        tasking.enqueue(grade_game_task, game.pk)
    game_finished.send(sender=Game, game=game)


def game_finished_on_commit(game_id: int) -> None:
    """Send ``game_finished`` for this game once the current transaction commits."""
    transaction.on_commit(lambda: send_game_finished(game_id), robust=True)


def turn_passed_on_commit(game_id: int, ply: int, seat: str) -> None:
    """Send ``turn_passed`` once the current transaction commits."""
    transaction.on_commit(lambda: turn_passed.send(sender=Game, game_id=game_id, ply=ply, seat=seat), robust=True)
