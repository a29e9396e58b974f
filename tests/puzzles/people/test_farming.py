"""Rating farming: a rated game given up before each player has moved twice
ends as an abort, unrated, and says why; past a pair's rated games of the
day a game is played but not rated, and both players are told; the admin's
farming report lists the pairs with many rated games in a short time."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from puzzles.games import clock, deadlines
from puzzles.games.models import Game
from puzzles.people import farming, upkeep
from puzzles.people.models import Challenge, FarmingFlag, GameRating, RatingChange

from .conftest import accept, play_plies, play_twice_each, post_challenge

pytestmark = pytest.mark.django_db(transaction=True)


def rated(creator, opponent, **payload) -> tuple[dict, Game]:
    created = post_challenge(creator, rated=True, seat="A", **payload)
    return created, Game.objects.get(pk=accept(opponent, created["id"])["game"])


def test_a_rated_game_resigned_at_once_ends_as_an_abort_and_changes_no_rating(account):
    ann, bob = account("ann"), account("bob")
    created, game = rated(ann, bob)
    answer = bob.post(f"/api/games/{game.pk}/resign/")
    assert answer.status_code == 200
    result = answer.json()["result"]
    assert (result["reason"], result["winner"], result["points"]) == ("aborted", None, 0)
    assert result["unrated"] == "early"
    assert result["ended"] == "resigned"
    assert result["aborted"] == "B"
    assert "before each player has moved twice" in result["text"]
    assert not RatingChange.objects.exists()
    assert not GameRating.objects.filter(games__gt=0).exists()
    state = ann.get(f"/api/challenges/{created['id']}/").json()
    assert state["unrated_because"] == "early"
    assert "moved twice" in state["unrated_text"]
    assert "moved twice" in ann.get(created["url"]).content.decode()
    assert upkeep.people_settle() == 0
    assert not RatingChange.objects.exists()


def test_one_move_each_is_not_enough_but_two_are(account):
    ann, bob = account("ann"), account("bob")
    _created, game = rated(ann, bob)
    play_plies({"A": ann, "B": bob}, game.pk, 3)  # the opener has moved twice, the other once
    assert ann.post(f"/api/games/{game.pk}/resign/").json()["result"]["reason"] == "aborted"
    assert not RatingChange.objects.exists()
    _created, game = rated(ann, bob)
    play_twice_each({"A": ann, "B": bob}, game.pk)
    result = ann.post(f"/api/games/{game.pk}/resign/").json()["result"]
    assert result["reason"] == "resigned"
    assert result["winner"] == "B"
    assert "unrated" not in result
    assert RatingChange.objects.filter(game=game).count() == 2


def test_a_loss_on_time_before_two_moves_each_is_an_abort(account, monkeypatch):
    ann, bob = account("ann"), account("bob")
    later = [timezone.now()]
    monkeypatch.setattr(clock, "now", lambda: later[0])
    _created, game = rated(ann, bob, clock={"initial": 30, "increment": 0})
    play_plies({"A": ann, "B": bob}, game.pk, 2)  # each side's free first move
    later[0] += timedelta(seconds=31)  # the opener's clock runs out on its second move
    deadlines.games_check_deadlines()
    game.refresh_from_db()
    assert game.result["reason"] == "aborted"
    assert game.result["ended"] == "time"
    assert game.result["unrated"] == "early"
    assert not RatingChange.objects.exists()


def test_a_casual_game_resigned_at_once_is_a_resignation(account):
    ann, bob = account("ann"), account("bob")
    created = post_challenge(ann, seat="A")
    game = Game.objects.get(pk=accept(bob, created["id"])["game"])
    assert bob.post(f"/api/games/{game.pk}/resign/").json()["result"]["reason"] == "resigned"


def test_past_the_pair_limit_a_game_is_played_but_not_rated_and_both_are_told(account):
    ann, bob, cid = account("ann"), account("bob"), account("cid")
    for _ in range(farming.PAIR_DAILY_LIMIT):
        _created, game = rated(ann, bob)
        assert game.rated
    created, game = rated(bob, ann)  # the pair's next rated game today, seats swapped
    assert not game.rated
    for reader in (ann, bob):
        state = reader.get(f"/api/challenges/{created['id']}/").json()
        assert state["rated"]
        assert state["unrated_because"] == "pair-limit"
        assert f"{farming.PAIR_DAILY_LIMIT} rated games against each other today" in state["unrated_text"]
        seen = reader.get(f"/api/games/{game.pk}/").json()
        assert seen["rated"] is False
        assert "already played today's rated games" in seen["unrated_note"]
        assert "not rated" in reader.get(f"/play/{game.pk}/").content.decode()
    play_twice_each({"A": bob, "B": ann}, game.pk)
    assert ann.post(f"/api/games/{game.pk}/resign/").status_code == 200
    assert not RatingChange.objects.filter(game=game).exists()
    assert Challenge.objects.get(pk=created["id"]).unrated_because == "pair-limit"
    # another pair is not limited, and a game that ended unrated does not count
    _created, other = rated(ann, cid)
    assert other.rated
    Challenge.objects.filter(rated=True, seats__owner=bob.user).update(unrated_because="early")
    _created, again = rated(ann, bob)
    assert again.rated
    # tomorrow (UTC) the pair plays rated again
    Challenge.objects.update(unrated_because="", started_at=timezone.now() - timedelta(days=1))
    _created, tomorrow = rated(ann, bob)
    assert tomorrow.rated


def test_the_farming_report_lists_a_pair_with_many_rated_games(account, admin_client):
    ann, bob = account("ann"), account("bob")
    for _ in range(farming.FARMING_GAMES):
        _created, game = rated(ann, bob)
        assert bob.post(f"/api/games/{game.pk}/resign/").status_code == 200
    flag = FarmingFlag.objects.get()
    assert {flag.user_a_id, flag.user_b_id} == {ann.user.pk, bob.user.pk}
    assert (flag.games, flag.one_sided, flag.short, flag.resigned_early) == (farming.FARMING_GAMES,) * 4
    assert not flag.reviewed
    assert len(flag.games_ids) == farming.FARMING_GAMES
    page = admin_client.get("/admin/people/farmingflag/")
    assert page.status_code == 200
    assert farming.FARMING_RULE in page.content.decode()
    # no ban: both still play rated games
    assert Challenge.objects.filter(rated=True).count() == farming.FARMING_GAMES
