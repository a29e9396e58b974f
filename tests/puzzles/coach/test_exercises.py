"""Your mistakes as exercises: a scripted client plays a practice game with
deliberate mistakes, finds exactly those positions among its exercises,
solves one, fails one, and sees the failed one due again on the schedule
(the clock is moved).  Nothing of an exercise's answer is in any answer
before a try."""

from __future__ import annotations

import json
from datetime import timedelta
from unittest import mock

import pytest
from corpus import move_with_mistakes, record_with_mistakes
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from fsrs import Card, Rating

from puzzles.coach.models import Exercise
from puzzles.coach.schedule import SCHEDULER
from solver import Position, analyse

pytestmark = pytest.mark.django_db(transaction=True)

ANSWER_KEYS = ("best_moves", "best_value", "points_lost", "solution", "value", "moves")


def play_with_mistakes(api, seed: int = 7, human: str = "A", mistakes: int = 3) -> tuple[dict, dict[str, str]]:
    """Play a game in which the human makes ``mistakes`` deliberate mistakes
    (a move the solver grades mistake or blunder) when one is available, and
    best moves otherwise.  Returns the game and {position before: move} of the mistakes."""
    game = api.post("/api/games/", {"seed": seed, "human": human, "level": "strong"}, format="json").json()
    url = f"/api/games/{game['id']}/"
    made: dict[str, str] = {}
    for _ in range(60):
        game = api.get(url).json()
        if game["status"] == "over":
            break
        assert game["status"] == "your-move"
        move = str(move_with_mistakes(Position.parse(game["position"]), made, mistakes))
        assert api.post(url + "moves/", {"move": move, "ply": game["ply"]}, format="json").status_code == 201
    assert game["status"] == "over"
    return game, made


def no_answer(body: dict) -> None:
    for e in body.get("exercises", [body]):
        for key in ANSWER_KEYS:
            assert key not in e, key
        text = json.dumps(e)
        assert "best" not in text


def test_mistakes_become_exercises_on_a_schedule(api):
    game, made = play_with_mistakes(api)
    assert len(made) >= 2, "the deal offered at least two mistakes"
    body = api.get("/api/exercises/").json()
    no_answer(body)
    exercises = body["exercises"]
    assert {e["position"]: e["played"] for e in exercises} == made
    assert all(e["due"] and e["source"]["game"] == game["id"] for e in exercises)
    assert body["counts"] == {"due": len(made), "total": len(made), "learnt": 0}
    # the same game's "learn from your mistakes" list, in the order played
    per_game = api.get(f"/api/exercises/?game={game['id']}").json()["exercises"]
    assert [e["id"] for e in per_game] == sorted(e["id"] for e in exercises)
    # the home page says how many are due
    assert f"{len(made)} of your mistakes are due as exercises" in api.get("/").content.decode()

    solved, failed = per_game[0], per_game[1]
    analysis = analyse(solved["position"])
    right = api.post(solved["urls"]["tries"], {"move": str(analysis.best_moves[-1])}, format="json")
    assert right.status_code == 201
    answer = right.json()
    assert answer["correct"] is True
    assert answer["solution"]["best_moves"] == [str(m) for m in analysis.best_moves]
    assert answer["exercise"]["learnt"] is False
    assert answer["exercise"]["due"] is False
    # its next review is FSRS's, for a new card rated Good when tried
    tried_at = Exercise.objects.get(pk=solved["id"]).last_review_at
    assert parse_datetime(answer["exercise"]["due_at"]) == fsrs_due(Rating.Good, tried_at)

    wrong_move = failed["played"]
    wrong = api.post(failed["urls"]["tries"], {"move": wrong_move}, format="json").json()
    assert wrong["correct"] is False
    assert wrong["exercise"]["due"] is False
    no_answer(api.get(failed["urls"]["self"]).json())
    failed_at = Exercise.objects.get(pk=failed["id"]).last_review_at
    again_due = fsrs_due(Rating.Again, failed_at)
    assert parse_datetime(wrong["exercise"]["due_at"]) == again_due

    def due_ids(at) -> list[int]:
        with mock.patch("django.utils.timezone.now", return_value=at):
            return [e["id"] for e in api.get("/api/exercises/?due=true").json()["exercises"]]

    assert failed["id"] not in due_ids(timezone.now())
    assert failed["id"] not in due_ids(again_due - timedelta(minutes=1))
    assert failed["id"] in due_ids(again_due + timedelta(minutes=1))
    assert solved["id"] not in due_ids(parse_datetime(answer["exercise"]["due_at"]) - timedelta(minutes=1))

    # solved on schedule, it is reviewed Good: FSRS's next date, not before
    later = again_due + timedelta(minutes=5)
    best = str(analyse(failed["position"]).best_moves[0])
    with mock.patch("django.utils.timezone.now", return_value=later):
        step = api.post(failed["urls"]["tries"], {"move": best}, format="json").json()
    assert step["correct"]
    assert step["was_due"]
    card = Card(card_id=1, due=failed_at)
    card, _ = SCHEDULER.review_card(card, Rating.Again, review_datetime=failed_at)
    card, _ = SCHEDULER.review_card(card, Rating.Good, review_datetime=later)
    assert parse_datetime(step["exercise"]["due_at"]) == card.due
    assert failed["id"] not in due_ids(card.due - timedelta(minutes=1))
    assert failed["id"] in due_ids(card.due + timedelta(minutes=1))


def fsrs_due(rating, at):
    """The library's due date for a new card reviewed once at ``at``."""
    card, _log = SCHEDULER.review_card(Card(card_id=1, due=at), rating, review_datetime=at)
    return card.due


def test_exercise_pages_and_errors(api, other_api):
    game, made = play_with_mistakes(api, seed=11, human="B", mistakes=2)
    exercises = api.get(f"/api/exercises/?game={game['id']}").json()["exercises"]
    assert exercises
    first = exercises[0]
    page = api.get(f"/coach/games/{game['id']}/").content.decode()
    assert first["played"] in page and "Mistake 1 of" in page or len(exercises) == 1
    # another player sees nothing of them
    assert other_api.get(first["urls"]["self"]).status_code == 404
    assert other_api.get("/api/exercises/").json()["counts"]["total"] == 0
    # nor is another player's game (or a missing one) an empty list of exercises: 404, as for an exercise
    for url in (f"/api/exercises/?game={game['id']}", "/api/exercises/?game=999999", "/api/exercises/?analysis=999999"):
        response = other_api.get(url)
        assert response.status_code == 404, url
        assert set(response.json()) == {"error"}, url
    assert api.post(first["urls"]["tries"], {"move": "99"}, format="json").status_code == 400
    # the page form, without a script: the answer is shown after the try only
    assert "Best moves:" not in api.get(first["urls"]["page"]).content.decode()
    response = api.post(
        f"/coach/exercises/{first['id']}/try/",
        {"move": first["played"], "back": f"/coach/games/{game['id']}/", "n": "0"},
    )
    assert response.status_code == 302
    assert "try=" in response["Location"]
    shown = api.get(response["Location"]).content.decode()
    assert "Best moves:" in shown
    assert api.get("/coach/").status_code == 200


def test_reading_the_exercises_writes_nothing_the_end_of_a_game_makes_them(api):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from puzzles.coach.models import Exercise
    from puzzles.coach.tasks import exercises_for_game_task

    game, made = play_with_mistakes(api, seed=7, mistakes=2)
    # made by the task the end of the game queued (eager here), before any read
    assert set(Exercise.objects.filter(game_id=game["id"]).values_list("position", flat=True)) == set(made)
    Exercise.objects.all().delete()
    reads = [
        "/",
        "/coach/",
        f"/coach/games/{game['id']}/",
        "/api/exercises/",
        "/api/exercises/?due=true",
        f"/api/exercises/?game={game['id']}",
        "/api/exercises/next/",
    ]
    with CaptureQueriesContext(connection) as queries:
        for url in reads:
            assert api.get(url).status_code in (200, 404), url
    writes = [
        q["sql"]
        for q in queries.captured_queries
        if q["sql"].lstrip().upper().startswith(("INSERT", "UPDATE", "DELETE")) and "coach_" in q["sql"]
    ]
    assert writes == []
    assert Exercise.objects.count() == 0
    # the task makes them again (idempotent: twice makes them once)
    exercises_for_game_task(game["id"])
    exercises_for_game_task(game["id"])
    assert set(Exercise.objects.values_list("position", flat=True)) == set(made)


def test_a_finished_record_analysis_makes_the_players_exercises(api):
    from puzzles.coach.models import Exercise

    # a record of deal 7 in which A (the tags say it is you) makes two mistakes
    record, mistakes = record_with_mistakes(7, 2)
    response = api.post("/api/game-analyses/", {"record": record}, format="json")
    assert response.status_code in (200, 201, 202), response.content
    # the analysis ran (eager tasks); its end queued the coach's task, which made them
    exercises = Exercise.objects.filter(game_analysis__isnull=False)
    assert {e.position: e.played for e in exercises} == mistakes
