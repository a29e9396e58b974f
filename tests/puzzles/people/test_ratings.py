"""Ratings of people games: a rated game between two accounts changes both
ratings exactly as ratings.glicko2 says, once however often the game's end
is told; a casual game and a guest's change nothing; a lost signal is made
good by the beat's sweep (never by a read); partnership rates each player against the
other team."""

from __future__ import annotations

import pytest

from puzzles.games.models import Game
from puzzles.games.signals import send_game_finished
from puzzles.people import ratings, upkeep
from puzzles.people.models import Challenge, GameRating, RatingChange
from puzzles.ratings import glicko2
from solver import Position

from .conftest import accept, assert_rated, expected, play_twice_each, post_challenge

pytestmark = pytest.mark.django_db(transaction=True)


def rated_game(creator, opponent, *, played: bool = True, **payload) -> Game:
    """A rated game of the two, ``played``: two moves each made (a game given up before is not rated)."""
    created = post_challenge(creator, rated=True, seat="A", **payload)
    game = Game.objects.get(pk=accept(opponent, created["id"])["game"])
    if played:
        seen = play_twice_each({"A": creator, "B": opponent}, game.pk)
        assert seen["status"] != "over", seen["result"]
        game.refresh_from_db()
    return game


def test_a_rated_game_changes_both_ratings_as_glicko2_says_once(account):
    ann, bob = account("ann"), account("bob")
    # Ratings with a history, so that the two differ.
    GameRating.objects.create(user=ann.user, time_class="live", family="lewicki", rating=1620, rd=120, volatility=0.06)
    GameRating.objects.create(user=bob.user, time_class="live", family="lewicki", rating=1480, rd=200, volatility=0.059)
    game = rated_game(ann, bob)
    assert bob.post(f"/api/games/{game.pk}/resign/").status_code == 200
    game.refresh_from_db()
    assert game.status == "over"
    assert game.result["winner"] == "A"
    ann_row, _bob_row = assert_rated(
        ann.user, bob.user, (glicko2.Rating(1620, 120, 0.06), glicko2.Rating(1480, 200, 0.059)), "live", "lewicki"
    )
    ann_after = expected(glicko2.Rating(1620, 120, 0.06), glicko2.Rating(1480, 200, 0.059), 1.0)
    # told again (a signal sent twice, the settle): nothing moves
    send_game_finished(game.pk)
    assert ratings.game_rate(game_id=game.pk) is False
    assert upkeep.people_settle() == 0
    assert RatingChange.objects.filter(game=game).count() == 2
    assert GameRating.objects.get(pk=ann_row.pk).rating == pytest.approx(ann_after.rating)
    change = RatingChange.objects.get(game=game, user=bob.user)
    assert (change.rating_before, change.score) == (1480, 0.0)
    # the other pools are untouched, and a correspondence game rates its own pool
    corr = rated_game(ann, bob, clock=None, days=1, variant="block+doubles")
    assert ann.post(f"/api/games/{corr.pk}/resign/").status_code == 200
    new = GameRating.objects.get(user=bob.user, time_class="correspondence", family="block")
    assert new.rating == pytest.approx(expected(glicko2.Rating(), glicko2.Rating(), 1.0).rating)


def test_a_lost_signal_is_made_good_by_the_beat_sweep_not_by_reads(account, client):
    from puzzles.people.tasks import people_settle_task

    ann, bob = account("ann"), account("bob")
    game = rated_game(ann, bob)
    Game.objects.filter(pk=game.pk).update(status="over", result={"winner": "B", "points": 12, "reason": "resigned"})
    assert not RatingChange.objects.exists()
    assert client.get("/players/").status_code == 200
    assert client.get("/players/bob/").status_code == 200
    assert not RatingChange.objects.exists()  # reads write nothing
    people_settle_task.apply()
    assert RatingChange.objects.filter(game=game).count() == 2
    assert GameRating.objects.get(user=bob.user).rating > 1500


def test_casual_and_aborted_games_change_nothing(account, other_api, settings):
    ann, bob = account("ann"), account("bob")
    casual = post_challenge(ann)
    game = Game.objects.get(pk=accept(bob, casual["id"])["game"])
    assert ann.post(f"/api/games/{game.pk}/resign/").status_code == 200
    guest_game = Game.objects.get(pk=accept(other_api, post_challenge(ann)["id"])["game"])
    assert other_api.post(f"/api/games/{guest_game.pk}/resign/").status_code == 200
    settings.OD_RATED_ABORT_WAIT_SECONDS = 0  # a rated game is aborted by the player waiting for a first move
    aborted = rated_game(ann, bob, played=False)
    waiting = bob if Position.parse(aborted.start_position).side == "A" else ann
    assert waiting.post(f"/api/games/{aborted.pk}/abort/").status_code == 200
    assert not GameRating.objects.exists()
    assert not RatingChange.objects.exists()
    assert Challenge.objects.get(game=aborted).rated_at is None


def test_partnership_rates_each_player_against_the_other_team(account):
    players = [account(name) for name in ("ann", "bob", "cid", "dan")]
    GameRating.objects.create(
        user=players[1].user, time_class="correspondence", family="partnership", rating=1700, rd=90
    )
    created = post_challenge(players[0], variant="partnership", rated=True, seat="A", clock=None, days=7)
    for client, seat in zip(players[1:], "BCD", strict=True):
        state = accept(client, created["id"], seat=seat)
    game = Game.objects.get(pk=state["game"])
    play_twice_each(dict(zip("ABCD", players, strict=True)), game.pk)
    assert players[2].post(f"/api/games/{game.pk}/resign/").status_code == 200  # C resigns: B+D win
    fresh = glicko2.Rating()
    b = glicko2.Rating(1700, 90, 0.06)
    team_bd = ratings.team_rating([b, fresh])
    team_ac = ratings.team_rating([fresh, fresh])
    rows = {r.user.username: r for r in GameRating.objects.select_related("user")}
    assert rows["ann"].rating == pytest.approx(expected(fresh, team_bd, 0.0).rating)
    assert rows["cid"].rating == pytest.approx(expected(fresh, team_bd, 0.0).rating)
    assert rows["bob"].rating == pytest.approx(expected(b, team_ac, 1.0).rating)
    assert rows["dan"].rating == pytest.approx(expected(fresh, team_ac, 1.0).rating)


def test_profile_and_leaderboard_api(account, api):
    from puzzles.people.serializers import LeaderboardOutputSerializer, ProfileOutputSerializer

    ann, bob = account("ann"), account("bob")
    game = rated_game(ann, bob)
    assert bob.post(f"/api/games/{game.pk}/resign/").status_code == 200
    profile = api.get("/api/players/ann/").json()
    assert ProfileOutputSerializer(data=profile).is_valid(), ProfileOutputSerializer(data=profile).errors
    row = GameRating.objects.get(user=ann.user)
    assert profile["ratings"][0]["rating"] == round(row.rating)
    assert profile["ratings"][0]["provisional"]
    assert [p["game"] for p in profile["history"]] == [game.pk]
    assert profile["history"][0]["score"] == 1.0
    assert profile["games"][0]["game"] == game.pk
    assert profile["games"][0]["url"] == f"/games/{game.pk}/review/"
    assert api.get("/api/players/nobody/").status_code == 404
    GameRating.objects.filter(pk=row.pk).update(rd=60)
    board = api.get("/api/players/?time=live&family=lewicki").json()
    assert LeaderboardOutputSerializer(data=board).is_valid()
    assert [r["name"] for r in board["rows"]] == ["ann"]
    bad = api.get("/api/players/?time=blitz")
    assert bad.status_code == 400
    assert "time is live or correspondence" in bad.json()["error"]


def test_ratings_are_locked_in_the_accounts_order_whatever_the_seats(account):
    """Two games of the same players ending at once, their seats swapped,
    lock the players' rating rows in the same order (by account), so that
    neither waits for a row the other holds (a deadlock on PostgreSQL)."""
    import re

    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    ann, bob = account("ann"), account("bob")
    orders = []
    for creator, opponent in ((ann, bob), (bob, ann)):
        game = rated_game(creator, opponent)
        with CaptureQueriesContext(connection) as queries:
            assert opponent.post(f"/api/games/{game.pk}/resign/").status_code == 200
        locked = [
            q["sql"]
            for q in queries.captured_queries
            if q["sql"].startswith("SELECT")
            and "people_playerrating" in q["sql"]
            and 'FROM "people_playerrating"' in q["sql"]
        ]
        orders.append([int(re.search(r'"user_id" = (\d+)', sql).group(1)) for sql in locked])
        assert RatingChange.objects.filter(game=game).count() == 2
    assert orders[0] == orders[1] == sorted({ann.user.pk, bob.user.pk}), orders
