"""The receivers of the lower apps' signals: each only queues a task (once
the current transaction commits, at once outside one), so that a move's
path never waits on a notice; but a game opened marks its notices read at
once (one update, on the page's own request), so that the bell the page
draws no longer counts them."""

from __future__ import annotations

from typing import Any

from puzzles.core import tasking

from . import services, tasks


def on_turn_passed(sender: Any, game_id: int, ply: int, seat: str, **kwargs: Any) -> None:
    tasking.enqueue(tasks.turn_notify_task, game_id, ply, seat)


def on_game_finished(sender: Any, game: Any, **kwargs: Any) -> None:
    if game.is_people:
        tasking.enqueue(tasks.ended_notify_task, game.pk)


def on_challenge_received(sender: Any, challenge_id: int, **kwargs: Any) -> None:
    tasking.enqueue(tasks.challenge_notify_task, challenge_id)


def on_tournament_started(sender: Any, tournament_id: int, **kwargs: Any) -> None:
    tasking.enqueue(tasks.tournament_notify_task, tournament_id)


def on_game_opened(sender: Any, game_id: int, user: Any, **kwargs: Any) -> None:
    services.game_notices_read(user=user, game_id=game_id)
