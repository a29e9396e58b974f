"""Reads of the coach and of the insights write nothing: a finished game
whose exercises were never made (its ``game_finished`` lost) gets none from
a page or the API; the coach's task makes them, and reads of them still
write nothing."""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from puzzles.coach import services
from puzzles.coach.models import Exercise
from puzzles.coach.tasks import exercises_for_game_task
from puzzles.games.signals import game_finished

from .test_exercises import play_with_mistakes

pytestmark = pytest.mark.django_db(transaction=True)

WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")


@contextmanager
def coach_signal_lost():
    assert game_finished.disconnect(dispatch_uid="puzzles.coach.game-finished")
    try:
        yield
    finally:
        game_finished.connect(services.exercises_on_game_finished, dispatch_uid="puzzles.coach.game-finished")


def read(client, url: str, code: int = 200) -> None:
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == code, (url, response.status_code)
    assert queries.captured_queries, url
    writes = [q["sql"] for q in queries.captured_queries if q["sql"].lstrip().upper().startswith(WRITES)]
    assert writes == [], url


def test_reads_of_the_coach_make_no_exercise_and_write_nothing(api):
    with coach_signal_lost():
        game, made = play_with_mistakes(api, mistakes=2)
    assert made, "the deal offered a mistake"
    game_urls = (f"/api/exercises/?game={game['id']}", f"/coach/games/{game['id']}/")
    urls = ("/coach/", "/coach/puzzles/", "/api/exercises/", "/api/exercises/?due=true", "/insights/", *game_urls)
    for url in urls:
        read(api, url)
    read(api, "/api/exercises/next/", 404)  # none due: none was made
    assert Exercise.objects.count() == 0
    exercises_for_game_task.apply((game["id"],))
    exercises = list(Exercise.objects.order_by("ply"))
    assert {e.position: e.played for e in exercises} == made
    for url in (
        *urls,
        "/api/exercises/next/",
        f"/api/exercises/{exercises[0].pk}/",
        f"/coach/exercises/{exercises[0].pk}/",
    ):
        read(api, url)
    assert Exercise.objects.count() == len(made)
