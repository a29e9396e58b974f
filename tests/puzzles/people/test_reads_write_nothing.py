"""Reads of challenges, matches between people, the lobby and profiles write
nothing, even with a lost ``game_finished`` waiting (a process killed between
a game's commit and its signal): they show the state as stored, and the beat's
sweep (``tasks.people_settle_task``) makes good what the signal would have
done, once."""

from __future__ import annotations

from contextlib import contextmanager

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from puzzles.games.models import Game
from puzzles.games.signals import game_finished, game_graded
from puzzles.people import ratings, services, upkeep
from puzzles.people.models import Challenge, ChallengeDeal, GameAccuracy, RatingChange
from puzzles.people.tasks import people_settle_task

from .conftest import accept, play_plies, post_challenge

pytestmark = pytest.mark.django_db(transaction=True)

WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")


@contextmanager
def people_signal_lost():
    """The people app's receivers of ``game_finished`` and ``game_graded``
    off, as when the processes died between the commits and the signals (the
    games app's own work, grading the moves, still done)."""
    assert game_finished.disconnect(dispatch_uid="puzzles.people.game_finished")
    assert game_graded.disconnect(dispatch_uid="puzzles.people.game_graded")
    try:
        yield
    finally:
        game_finished.connect(ratings.people_on_game_finished, dispatch_uid="puzzles.people.game_finished")
        game_graded.connect(services.accuracy_on_game_graded, dispatch_uid="puzzles.people.game_graded")


def writes_in(queries: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in queries.captured_queries if q["sql"].lstrip().upper().startswith(WRITES)]


def assert_reads_only(client, url: str) -> None:
    """A GET of ``url`` answers 200 with no statement that writes."""
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    assert queries.captured_queries, url  # it did read
    assert writes_in(queries) == [], url


def won_match_with_its_signal_lost(ann, bob) -> tuple[dict, Game]:
    """A rated match to one won deal, played (two moves each) and resigned by
    B with the people app's signal lost: the game is over, the match has not
    counted it."""
    created = post_challenge(ann, rated=True, seat="A", clock=None, days=1, target_wins=1)
    accept(bob, created["id"])
    game = Challenge.objects.get(pk=created["id"]).game
    play_plies({"A": ann, "B": bob}, game.pk, 4)
    with people_signal_lost():
        assert bob.post(f"/api/games/{game.pk}/resign/").status_code == 200
    game.refresh_from_db()
    assert game.status == "over"
    return created, game


def test_reads_write_nothing_and_the_sweep_settles_a_lost_signal_once(account):
    ann, bob = account("ann"), account("bob")
    created, game = won_match_with_its_signal_lost(ann, bob)
    challenge = Challenge.objects.get(pk=created["id"])
    urls = [
        f"/api/challenges/{challenge.pk}/",
        f"/api/challenges/{challenge.pk}/?wait={challenge.version}&timeout=0",
        created["url"],
        "/api/players/ann/",
        "/players/ann/",
        "/players/",
        "/lobby/",
        "/api/lobby/1/",
        "/api/lobby/1/for-you/",
    ]
    for url in urls:
        assert_reads_only(ann, url)
    # shown as stored: the deal not counted, the match not won, nobody rated
    state = ann.get(f"/api/challenges/{challenge.pk}/").json()
    assert state["match"]["winner"] is None
    assert state["match"]["wins"] == {"A": 0, "B": 0}
    assert not ChallengeDeal.objects.get(game=game).recorded_at
    assert not RatingChange.objects.exists()
    assert not GameAccuracy.objects.filter(game=game).exists()
    # the beat's sweep makes it good: the deal counted, the match won and rated, the accuracies recorded
    with CaptureQueriesContext(connection) as queries:
        people_settle_task.apply()
    assert writes_in(queries)  # what the reads left is written here
    state = ann.get(f"/api/challenges/{challenge.pk}/").json()
    assert state["match"]["winner"] == "A"
    assert state["match"]["wins"] == {"A": 1, "B": 0}
    assert state["version"] > challenge.version
    assert RatingChange.objects.filter(game=game).count() == 2
    assert GameAccuracy.objects.filter(game=game).count() == 2
    # once: a second sweep, or the signal coming late, changes nothing
    assert upkeep.people_settle() == 0
    game_finished.send(sender=Game, game=game)
    assert RatingChange.objects.count() == 2
    assert Challenge.objects.get(pk=challenge.pk).version == state["version"]


def test_the_sweep_rates_a_single_game_whose_signal_was_lost_and_the_profile_only_reads(account):
    ann, bob = account("ann"), account("bob")
    created = post_challenge(ann, rated=True, seat="A")
    game = Game.objects.get(pk=accept(bob, created["id"])["game"])
    play_plies({"A": ann, "B": bob}, game.pk, 4)
    with people_signal_lost():
        assert ann.post(f"/api/games/{game.pk}/resign/").status_code == 200
    assert_reads_only(bob, "/players/bob/")
    assert_reads_only(bob, "/api/players/bob/")
    assert bob.get("/api/players/bob/").json()["ratings"] == []
    assert upkeep.people_settle() == 1
    assert RatingChange.objects.filter(game=game).count() == 2
    assert [r["games"] for r in bob.get("/api/players/bob/").json()["ratings"]] == [1]
    assert upkeep.people_settle() == 0


def test_the_sweep_is_limited_a_run(account):
    ann, bob = account("ann"), account("bob")
    games = []
    for _ in range(2):
        created = post_challenge(ann, rated=True, seat="A", clock=None, days=1)
        game = Game.objects.get(pk=accept(bob, created["id"])["game"])
        play_plies({"A": ann, "B": bob}, game.pk, 4)
        with people_signal_lost():
            assert bob.post(f"/api/games/{game.pk}/resign/").status_code == 200
        games.append(game)
    assert upkeep.people_settle(limit=1) == 1
    assert upkeep.people_settle(limit=1) == 1
    assert upkeep.people_settle(limit=1) == 0
    assert RatingChange.objects.filter(game__in=games).count() == 4


def test_the_beat_runs_the_sweep_at_the_stale_work_pace(settings):
    beat = settings.CELERY_BEAT_SCHEDULE
    assert beat["people-settle"]["task"] == "puzzles.people.tasks.people_settle_task"
    assert beat["people-settle"]["schedule"] == beat["requeue-stale-work"]["schedule"]
    assert beat["challenges-expire"]["schedule"] == beat["requeue-stale-work"]["schedule"]
    assert beat["people-settle"]["schedule"].total_seconds() <= 15


def test_a_players_long_poll_and_the_vacation_read_write_nothing(account):
    """A seated player's held poll counts them at the table (the cache's,
    not a row's), and reading one's vacation makes no row."""
    ann, bob = account("ann"), account("bob")
    created = post_challenge(ann, seat="A")
    game = Game.objects.get(pk=accept(bob, created["id"])["game"])
    assert_reads_only(bob, f"/api/games/{game.pk}/?wait={game.version - 1}&timeout=20")
    assert_reads_only(ann, "/api/vacation/")
    seen = ann.get(f"/api/games/{game.pk}/claim/").json()
    assert seen["opponents"][0]["gone_since"] is None  # bob's poll shows him there
