"""The receivers of the lower apps' signals: each only queues a task (once
the current transaction commits, at once outside one), so that a move's
path never waits on a notice."""

from __future__ import annotations

from typing import Any

from puzzles.core import tasking

from . import tasks


def on_turn_passed(sender: Any, game_id: int, ply: int, seat: str, **kwargs: Any) -> None:
    tasking.enqueue(tasks.turn_notify_task, game_id, ply, seat)


def on_game_finished(sender: Any, game: Any, **kwargs: Any) -> None:
    if game.is_people:
        tasking.enqueue(tasks.ended_notify_task, game.pk)


def on_challenge_received(sender: Any, challenge_id: int, **kwargs: Any) -> None:
    tasking.enqueue(tasks.challenge_notify_task, challenge_id)


def on_tournament_started(sender: Any, tournament_id: int, **kwargs: Any) -> None:
    tasking.enqueue(tasks.tournament_notify_task, tournament_id)
