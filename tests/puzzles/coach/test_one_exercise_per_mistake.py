"""One exercise per mistake of a player, and the pages of one game's mistakes
only for that game's player.

A player who analyses the same record twice (typed, then uploaded), or the
record of a practice game they played here, meets the same mistakes again:
each stays one exercise, with the schedule of the first.  Another player's
game (or analysis), or one that does not exist, is a 404 on the coach's
pages, as an exercise of theirs is; your own game without mistakes has its
page."""

from __future__ import annotations

import io

import pytest
from corpus import record_with_mistakes
from migrating import migrations_of

from .test_exercises import play_with_mistakes

pytestmark = pytest.mark.django_db(transaction=True)


def mistakes_of(api) -> list[tuple[str, str]]:
    return sorted((e["position"], e["played"]) for e in api.get("/api/exercises/").json()["exercises"])


def test_the_same_record_analysed_twice_makes_its_exercises_once(api):
    from puzzles.coach.models import Exercise

    record, mistakes = record_with_mistakes()
    first = api.post("/api/game-analyses/", {"record": record}, format="json")
    assert first.status_code in (200, 201, 202), first.content
    assert mistakes_of(api) == sorted(mistakes.items())
    # the first exercise has been tried and failed: its schedule must survive
    exercise = Exercise.objects.order_by("ply").first()
    wrong = api.post(f"/api/exercises/{exercise.pk}/tries/", {"move": exercise.played}, format="json").json()
    assert wrong["correct"] is False
    due_at = Exercise.objects.get(pk=exercise.pk).due_at

    # the same record typed again, then uploaded as a file
    again = api.post("/api/game-analyses/", {"record": record}, format="json")
    assert again.status_code in (200, 201, 202), again.content
    upload = io.BytesIO(record.encode())
    upload.name = "game.txt"
    uploaded = api.post("/api/game-analyses/", {"file": upload}, format="multipart")
    assert uploaded.status_code in (200, 201, 202), uploaded.content
    analyses = {first.json()["id"], again.json()["id"], uploaded.json()["id"]}
    assert len(analyses) >= 2, "the record was analysed more than once"

    assert mistakes_of(api) == sorted(mistakes.items())
    kept = Exercise.objects.get(pk=exercise.pk)
    assert kept.due_at == due_at
    assert kept.failed_count == 1
    assert kept.tries.count() == 1
    # each analysis steps through the same exercises, in the order played
    ids = [e["id"] for e in api.get(f"/api/exercises/?analysis={first.json()['id']}").json()["exercises"]]
    assert len(ids) == len(mistakes)
    for analysis in analyses:
        assert [e["id"] for e in api.get(f"/api/exercises/?analysis={analysis}").json()["exercises"]] == ids
        page = api.get(f"/coach/analyses/{analysis}/").content.decode()
        assert f"Mistake 1 of {len(mistakes)}" in page


def test_the_record_of_a_game_played_here_adds_no_exercises(api):
    from puzzles.coach.models import Exercise
    from puzzles.games.models import Game
    from puzzles.games.selectors import game_record

    game, made = play_with_mistakes(api, seed=7, mistakes=2)
    assert mistakes_of(api) == sorted(made.items())
    record = str(game_record(Game.objects.get(pk=game["id"])))
    response = api.post("/api/game-analyses/", {"record": record}, format="json")
    assert response.status_code in (200, 201, 202), response.content
    assert response.json()["status"] == "done"
    assert mistakes_of(api) == sorted(made.items())
    assert not Exercise.objects.filter(game_analysis__isnull=False).exists()
    # the record's mistakes are the game's exercises, in the same order
    of_game = [e["id"] for e in api.get(f"/api/exercises/?game={game['id']}").json()["exercises"]]
    of_record = [e["id"] for e in api.get(f"/api/exercises/?analysis={response.json()['id']}").json()["exercises"]]
    assert of_record == of_game
    assert len(of_game) == len(made)


def test_a_guests_exercises_join_an_account_without_doubling_a_mistake(api):
    from django.contrib.auth import get_user_model

    from puzzles.coach.models import Exercise
    from puzzles.coach.services import exercises_claim

    record, mistakes = record_with_mistakes()
    assert api.post("/api/game-analyses/", {"record": record}, format="json").status_code in (200, 201, 202)
    guest = Exercise.objects.first().session_key
    user = get_user_model().objects.create_user("coach-claim", password="a long enough password")
    position, played = next(iter(mistakes.items()))
    mine = Exercise.objects.filter(position=position, played=played).values()[0]
    mine = {k: v for k, v in mine.items() if k not in ("id", "session_key", "user_id", "game_analysis_id")}
    Exercise.objects.create(**mine, user=user, session_key="")
    exercises_claim(user=user, session_key=guest)
    assert sorted(Exercise.objects.filter(user=user).values_list("position", "played")) == sorted(mistakes.items())
    assert not Exercise.objects.filter(user__isnull=True).exists()


def test_another_players_or_a_missing_games_mistakes_are_404(api, other_api):
    game = api.post("/api/games/", {"seed": 3, "human": "A", "level": "strong"}, format="json").json()
    record, _ = record_with_mistakes(seed=7, count=1)
    analysis = api.post("/api/game-analyses/", {"record": record}, format="json").json()
    other_api.post("/api/games/", {"seed": 4, "human": "A"}, format="json")  # the other player is known too

    # the owner's game without mistakes (not finished) still has its page
    own = api.get(f"/coach/games/{game['id']}/")
    assert own.status_code == 200
    assert "No mistakes to learn from" in own.content.decode()
    assert api.get(f"/coach/analyses/{analysis['id']}/").status_code == 200

    for client in (other_api, api):
        for url in (
            f"/coach/games/{game['id'] + 1000}/",
            f"/coach/analyses/{analysis['id'] + 1000}/",
            "/coach/games/9223372036854775808/",
            "/coach/analyses/9223372036854775808/",
        ):
            assert client.get(url).status_code == 404, url
    assert other_api.get(f"/coach/games/{game['id']}/").status_code == 404
    assert other_api.get(f"/coach/analyses/{analysis['id']}/").status_code == 404


def test_the_migration_folds_the_duplicates_made_before_into_the_first():
    with migrations_of("coach") as migrate:
        old = migrate("0002_position_of_any_variant")
        Exercise, ExerciseTry = old.get_model("coach", "Exercise"), old.get_model("coach", "ExerciseTry")
        row = {
            "source": "analysis",
            "ply": 3,
            "position": "p",
            "side": "A",
            "played": "36",
            "grade": "mistake",
            "points_lost": 4,
            "best_moves": ["35"],
            "best_value": 2,
        }
        first = Exercise.objects.create(**row, session_key="guest", step=1, failed_count=1)
        second = Exercise.objects.create(**row, session_key="guest")
        third = Exercise.objects.create(**row, session_key="guest")
        other = Exercise.objects.create(**row, session_key="another guest")
        ExerciseTry.objects.create(exercise=second, move="36", correct=False, was_due=True)
        new = migrate("0003_one_exercise_per_mistake")
        Exercise, ExerciseTry = new.get_model("coach", "Exercise"), new.get_model("coach", "ExerciseTry")
        assert sorted(Exercise.objects.values_list("pk", flat=True)) == [first.pk, other.pk]
        assert Exercise.objects.get(pk=first.pk).step == 1
        assert ExerciseTry.objects.get().exercise_id == first.pk
        assert third.pk not in set(Exercise.objects.values_list("pk", flat=True))


@pytest.mark.parametrize("n", ["--1", "\u00b2", "x", "-5", "999"])
def test_a_strange_step_through_a_games_mistakes_shows_one_of_them(api, n):
    game, _made = play_with_mistakes(api, mistakes=2)
    response = api.get(f"/coach/games/{game['id']}/?n={n}")
    assert response.status_code == 200
