"""Failed puzzles on the FSRS schedule, for a player who asks for it (a
guest here, known by the token of their session): the opt-in on the puzzles
page, the card its failure makes (FSRS's date, from the library), the home
page's count of due puzzles as the clock moves, the replay that reviews the
card and leaves the puzzle rating as it was, turning it off, and the cards
handed to the account the guest logs in to."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from fsrs import Card, Rating, Scheduler

from puzzles.coach.models import PuzzleCard
from puzzles.training import pool as puzzle_pool
from puzzles.training.models import Puzzle, PuzzleAttempt, PuzzleRating
from solver import Position, analyse

pytestmark = pytest.mark.django_db(transaction=True)

LIBRARY = Scheduler(
    desired_retention=0.9, learning_steps=(), relearning_steps=(), maximum_interval=365, enable_fuzzing=False
)
START = datetime(2026, 5, 4, 10, 0, tzinfo=UTC)


@pytest.fixture
def puzzles():
    """Two puzzles that are not a daily one (the home page chooses the daily,
    and a daily of a later day is not out yet)."""
    assert puzzle_pool.mine_seeds([11, 12, 13])["accepted"] >= 4
    return Puzzle.objects.order_by("id")


def two(puzzles, n: int = 2) -> list[Puzzle]:
    return list(puzzles.filter(daily_on__isnull=True)[:n])


def start(client, puzzle: Puzzle) -> dict:
    response = client.post(f"/api/puzzles/{puzzle.pk}/attempts/", content_type="application/json")
    assert response.status_code == 201, response.content
    return response.json()


def play(client, attempt: dict, move: str) -> dict:
    response = client.post(
        attempt["urls"]["moves"], {"move": move, "ply": len(attempt["moves"])}, content_type="application/json"
    )
    assert response.status_code == 201, response.content
    return client.get(attempt["urls"]["self"]).json()  # eager tasks: settled already


def fail(client, puzzle: Puzzle) -> dict:
    analysis = analyse(Position.parse(puzzle.position))
    assert analysis.moves[-1].value < analysis.value
    state = play(client, start(client, puzzle), str(analysis.moves[-1].move))
    assert state["status"] == "failed"
    return state


def solve(client, puzzle: Puzzle) -> dict:
    state = start(client, puzzle)
    for i in range(0, len(puzzle.line), 2):
        state = play(client, state, puzzle.line[i])
        if state["status"] == "solved":
            break
    assert state["status"] == "solved", state
    return state


def puzzles_due_on_home(client) -> int | None:
    text = client.get("/").content.decode()
    found = re.search(r"(\d+) failed puzzles? (?:is|are) due for review", text)
    return int(found.group(1)) if found else None


def opt(client, on: bool, back: str = "/puzzles/train/"):
    values = ["0", "1"] if on else ["0"]
    response = client.post("/coach/puzzles/replay/", {"replay_failed": values, "next": back})
    assert response.status_code == 302
    assert response["Location"] == back


def test_a_failed_puzzle_comes_back_on_fsrs_dates_and_its_replay_is_unrated(client, puzzles):
    with time_machine.travel(START, tick=False) as clock:
        client.get("/")
        first, second, third = two(puzzles, 3)
        failed = fail(client, first)
        assert failed["rating"]["after"] < failed["rating"]["before"]
        # not asked for: no card, and the home page says nothing of puzzles to review
        assert not PuzzleCard.objects.exists()
        assert puzzles_due_on_home(client) is None
        page = client.get("/puzzles/train/").content.decode()
        assert 'name="replay_failed"' in page
        assert " checked" not in page.split('name="replay_failed" value="1"')[1][:20]

        clock.move_to(START + timedelta(hours=1))
        opt(client, True)
        assert PuzzleRating.objects.get().replay_failed is True
        card = PuzzleCard.objects.get()
        assert card.puzzle_id == first.pk
        assert card.session_key
        assert card.user is None
        expected = Card(card_id=1, due=START)
        expected, _ = LIBRARY.review_card(expected, Rating.Again, review_datetime=START)
        assert card.due_at == expected.due
        assert card.reviews == 1
        assert puzzles_due_on_home(client) == 0
        assert (
            "checked" in client.get("/puzzles/train/").content.decode().split('name="replay_failed" value="1"')[1][:12]
        )

        # a puzzle solved at the first try makes no card; one failed now makes one at once
        solve(client, second)
        assert PuzzleCard.objects.count() == 1
        fail(client, third)
        assert PuzzleCard.objects.filter(puzzle=third).get().due_at > expected.due + timedelta(minutes=1)

        clock.move_to(expected.due - timedelta(minutes=1))
        assert puzzles_due_on_home(client) == 0
        clock.move_to(expected.due + timedelta(minutes=1))
        assert puzzles_due_on_home(client) == 1
        assert "1 failed puzzle is due for review." in client.get("/coach/").content.decode()
        listing = client.get("/coach/puzzles/").content.decode()
        link = f"/puzzles/{first.pk}/?next=%2Fcoach%2Fpuzzles%2F"
        assert link in listing
        assert client.get(link).status_code == 200

        # the replay: unrated, the rating stands; the card is reviewed Good
        rating_before = PuzzleRating.objects.get()
        replay_at = datetime.now(UTC)
        solved = solve(client, first)
        assert solved["rated"] is False
        assert solved["rating"] is None
        after = PuzzleRating.objects.get()
        assert (after.rating, after.rd, after.rated_count) == (
            rating_before.rating,
            rating_before.rd,
            rating_before.rated_count,
        )
        attempt = PuzzleAttempt.objects.filter(puzzle=first).latest("id")
        assert attempt.rating_before is None
        assert attempt.rating_after is None
        expected, _ = LIBRARY.review_card(expected, Rating.Good, review_datetime=attempt.finished_at)
        card.refresh_from_db()
        assert attempt.finished_at >= replay_at
        assert card.due_at == expected.due
        assert card.reviews == 2
        assert puzzles_due_on_home(client) == 0
        assert "Next review" in client.get("/coach/puzzles/").content.decode()

        # solved again ahead of time: practice, the card stands
        solve(client, first)
        card.refresh_from_db()
        assert card.due_at == expected.due
        assert card.reviews == 2

        # turned off: nothing shown, the cards kept for when it is turned on again
        opt(client, False, back="/coach/puzzles/")
        assert puzzles_due_on_home(client) is None
        assert PuzzleCard.objects.count() == 2
        assert f"/puzzles/{first.pk}/" not in client.get("/coach/puzzles/").content.decode()


def test_a_guests_cards_go_to_the_account_they_log_in_to(client, puzzles):
    from django.contrib.auth.models import User

    opt(client, True)
    client.get("/")
    fail(client, two(puzzles)[0])
    assert PuzzleCard.objects.get().user is None
    User.objects.create_user("bea", password="a-long-password-1")
    assert client.login(username="bea", password="a-long-password-1")
    card = PuzzleCard.objects.get()
    assert card.user.username == "bea"
    assert card.session_key == ""
    assert PuzzleRating.objects.get(user__username="bea").replay_failed is True
    assert "/coach/puzzles/" in client.get("/").content.decode()


def test_the_setting_refuses_nothing_silently_and_takes_only_site_paths(client):
    response = client.post("/coach/puzzles/replay/", {"replay_failed": ["0", "1"], "next": "//evil.example/"})
    assert response.status_code == 302
    assert response["Location"] == "/coach/puzzles/"
    assert PuzzleRating.objects.get().replay_failed is True
    assert client.get("/coach/puzzles/replay/").status_code == 405


def test_an_attempt_whose_signal_was_lost_counts_at_the_next_one(client, puzzles):
    from puzzles.coach import services
    from puzzles.training.signals import attempt_finished

    opt(client, True)
    client.get("/")
    first, second = two(puzzles)
    uid = "puzzles.coach.attempt-finished"
    attempt_finished.disconnect(dispatch_uid=uid)  # a process that died between the commit and the signal
    try:
        fail(client, first)
        assert not PuzzleCard.objects.exists()
    finally:
        attempt_finished.connect(services.puzzle_cards_on_attempt_finished, dispatch_uid=uid)
    fail(client, second)
    assert set(PuzzleCard.objects.values_list("puzzle_id", flat=True)) == {first.pk, second.pk}
    assert all(card.reviews == 1 for card in PuzzleCard.objects.all())
