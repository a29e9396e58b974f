"""The coach's schedule is FSRS's: a scripted player tries an exercise on a
moving clock (time-machine) through a sequence of passes and fails, and each
next review date is the one the ``fsrs`` library gives for the same reviews
(its scheduler built here with the settings the coach documents: pass/fail,
no learning steps, no fuzz); the home page's count of due exercises follows
the clock.  The migration that gives old exercises their cards replays their
tries through FSRS."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.utils.dateparse import parse_datetime
from fsrs import Card, Rating, Scheduler, State
from migrating import migrations_of

from puzzles.coach.models import Exercise
from solver import Position, analyse, deal

pytestmark = pytest.mark.django_db(transaction=True)

# The coach's settings, as its module's docstring gives them.
LIBRARY = Scheduler(
    desired_retention=0.9, learning_steps=(), relearning_steps=(), maximum_interval=365, enable_fuzzing=False
)
START = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)


def a_position_with_a_mistake(seed: int) -> tuple[str, list[str], str, int]:
    """A real position (a few moves into a seeded deal) with a move that
    loses value: the position, its best moves, that move, the best value."""
    position = deal(seed)
    for _ in range(6):
        position = position.push(position.legal_moves()[0])
    for _ in range(20):
        analysis = analyse(position)
        worse = [m for m in analysis.moves if m.value < analysis.value]
        if worse:
            return str(position), [str(m) for m in analysis.best_moves], str(worse[-1].move), analysis.value
        position = position.push(analysis.best_moves[0])
    raise AssertionError("no mistake to make in this deal")


def make_exercise(user, seed: int) -> Exercise:
    from django.utils import timezone

    from puzzles.coach import schedule
    from puzzles.coach.models import card_fields

    position, best, worse, value = a_position_with_a_mistake(seed)
    return Exercise.objects.create(
        user=user,
        source=Exercise.Source.ANALYSIS,
        ply=7,
        position=position,
        side=Position.parse(position).side,
        played=worse,
        grade="mistake",
        points_lost=2,
        best_moves=best,
        best_value=value,
        **card_fields(schedule.new_card(timezone.now())),
    )


def due_on_home(client) -> int:
    """The count of due exercises the home page shows."""
    text = client.get("/").content.decode()
    found = re.search(r"(\d+) of your mistakes (?:is|are) due", text)
    assert found, "the home page names the due exercises"
    return int(found.group(1))


def test_fsrs_intervals_for_passes_and_fails_and_the_home_page_count(client):
    user = get_user_model().objects.create_user("fsrs-player", password="x")
    with time_machine.travel(START, tick=False) as clock:
        client.force_login(user)
        first, second = make_exercise(user, 3), make_exercise(user, 5)
        assert due_on_home(client) == 2  # new: due at once

        card = Card(card_id=1, due=START)
        script = [True, True, False, True, True, False, True]
        intervals = []
        for passed in script:
            move = first.best_moves[0] if passed else first.played
            answer = client.post(
                f"/api/exercises/{first.pk}/tries/", {"move": move}, content_type="application/json"
            ).json()
            assert answer["correct"] is passed
            assert answer["was_due"] is True
            now = datetime.now(UTC)
            card, _log = LIBRARY.review_card(card, Rating.Good if passed else Rating.Again, review_datetime=now)
            due = parse_datetime(answer["exercise"]["due_at"])
            assert due == card.due, (passed, due, card.due)
            intervals.append((passed, round((card.due - now).total_seconds() / 86400, 2)))
            stored = Exercise.objects.get(pk=first.pk)
            assert (stored.stability, stored.difficulty, stored.card_state) == (
                pytest.approx(card.stability),
                pytest.approx(card.difficulty),
                int(State.Review),
            )
            # the second exercise has been due since the start; the first is not due now
            assert due_on_home(client) == 1
            # a solved try ahead of time is practice: the schedule stands
            if passed:
                early = client.post(
                    f"/api/exercises/{first.pk}/tries/", {"move": first.best_moves[0]}, content_type="application/json"
                ).json()
                assert early["was_due"] is False
                assert parse_datetime(early["exercise"]["due_at"]) == card.due
            # a minute before it is due, still one; a minute after, two
            clock.move_to(card.due - timedelta(minutes=1))
            client.force_login(user)  # a long journey outlives the session
            assert due_on_home(client) == 1
            clock.move_to(card.due + timedelta(minutes=1))
            client.force_login(user)
            assert due_on_home(client) == 2
        print("FSRS intervals (passed, days):", intervals)
        # the waits grow while solved, and a fail brings it back within days
        passes_before_fail = [d for p, d in intervals[:2]]
        assert passes_before_fail[1] > passes_before_fail[0]
        assert intervals[2][1] < intervals[1][1]
        # the exercise page and the coach list show the next review date
        page = client.get(f"/coach/exercises/{second.pk}/").content.decode()
        assert "Due now." in page
        client.post(
            f"/api/exercises/{second.pk}/tries/", {"move": second.best_moves[0]}, content_type="application/json"
        )
        page = client.get(f"/coach/exercises/{second.pk}/").content.decode()
        assert "Next review on" in page
        assert "Coming up" in client.get("/coach/").content.decode()


def test_the_migration_replays_old_tries_through_fsrs(transactional_db):
    with migrations_of("coach") as migrate:
        old = migrate("0004_one_exercise_per_mistake_constraints")
        Exercise, ExerciseTry = old.get_model("coach", "Exercise"), old.get_model("coach", "ExerciseTry")
        row = {
            "source": "analysis",
            "ply": 3,
            "side": "A",
            "played": "36",
            "grade": "mistake",
            "points_lost": 4,
            "best_moves": ["35"],
            "best_value": 2,
        }
        with time_machine.travel(START, tick=False) as clock:
            new = Exercise.objects.create(**row, position="p1", session_key="g", step=-1, due_at=START)
            tried = Exercise.objects.create(**row, position="p2", session_key="g", step=-1, due_at=START)
            clock.move_to(START + timedelta(hours=1))
            ExerciseTry.objects.create(exercise=tried, move="36", correct=False, was_due=True)
            clock.move_to(START + timedelta(days=2))
            ExerciseTry.objects.create(exercise=tried, move="35", correct=True, was_due=True)
            clock.move_to(START + timedelta(days=2, hours=1))  # ahead of time: practice
            ExerciseTry.objects.create(exercise=tried, move="35", correct=True, was_due=False)
        Exercise.objects.filter(pk=tried.pk).update(step=1, due_at=START + timedelta(days=5))
        migrated = migrate().get_model("coach", "Exercise")
        card = Card(card_id=1, due=START)
        card, _ = LIBRARY.review_card(card, Rating.Again, review_datetime=START + timedelta(hours=1))
        card, _ = LIBRARY.review_card(card, Rating.Good, review_datetime=START + timedelta(days=2))
        got = migrated.objects.get(pk=tried.pk)
        assert got.due_at == card.due
        assert got.stability == pytest.approx(card.stability)
        assert got.last_review_at == START + timedelta(days=2)
        assert got.card_state == int(State.Review)
        untouched = migrated.objects.get(pk=new.pk)
        assert untouched.due_at == START
        assert untouched.stability is None
        assert untouched.card_state == int(State.Learning)
