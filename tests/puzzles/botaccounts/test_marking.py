"""A bot is marked BOT wherever its name is shown, and its player objects in
the API say ``bot``; a person's say ``bot`` false."""

from __future__ import annotations

import pytest

from puzzles.people.models import GameRating
from puzzles.tournaments.models import Tournament

from .conftest import accept, post_challenge

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def game(account, bot):
    """A casual game of ann (A) against the bot robo (B): the clients and the game's id."""
    ann, robo = account("ann"), bot("robo")
    game_id = accept(robo, post_challenge(ann, seat="A", to="robo")["id"])["game"]
    return ann, robo, game_id


def test_the_game_page_and_its_json_mark_the_bot(game, client):
    ann, _robo, game_id = game
    players = ann.get(f"/api/games/{game_id}/").json()["players"]
    assert players["B"]["bot"] is True
    assert players["A"]["bot"] is False
    page = client.get(f"/play/{game_id}/").content.decode()  # a spectator's server-drawn page
    assert "robo BOT (B)" in page
    assert "ann BOT" not in page


def test_the_watch_list_marks_the_bot(game, client):
    _ann, _robo, game_id = game
    listed = client.get("/api/watch/").json()["games"]
    (row,) = [g for g in listed if g["game"] == game_id]
    assert {p["name"]: p["bot"] for p in row["players"]} == {"ann": False, "robo": True}
    assert 'class="bot-badge"' in client.get("/watch/").content.decode()


def test_the_challenge_list_and_the_profile_mark_the_bot(account, bot):
    ann, robo = account("ann"), bot("robo")
    post_challenge(robo, seat="A", to="ann")
    (mine,) = ann.get("/api/challenges/").json()
    people = {s["player"]["name"]: s["player"]["bot"] for s in mine["seats"] if s["player"]}
    assert people == {"robo": True, "ann": False}
    assert ann.get("/api/players/robo/").json()["bot"] is True
    assert ann.get("/api/players/ann/").json()["bot"] is False
    assert 'class="bot-badge"' in ann.get("/players/robo/").content.decode()
    assert 'class="bot-badge"' not in ann.get("/players/ann/").content.decode()


def test_the_notice_of_a_bots_challenge_marks_it(account, bot):
    ann, robo = account("ann"), bot("robo")
    post_challenge(robo, seat="A", to="ann")
    (notice,) = ann.get("/api/notifications/").json()["notices"]
    assert "robo BOT" in notice["text"]


def test_the_chat_marks_the_bot(game):
    ann, robo, game_id = game
    url = f"/api/chat/games/{game_id}/players/"
    assert robo.post(url, {"text": "good luck"}, format="json").status_code == 201
    (message,) = ann.get(url).json()["messages"]
    assert message["bot"] is True
    assert message["author"] == "robo BOT"


def test_my_games_mark_the_bot(game):
    ann, _robo, game_id = game
    (row,) = [g for g in ann.get("/api/games/mine/").json()["games"] if g["id"] == game_id]
    assert row["opponents"] == ["robo BOT"]


def test_the_standings_mark_the_bot(account, bot):
    maker, robo = account("maker"), bot("robo")
    body = {"kind": "arena", "variant": "lewicki", "clock": {"initial": 300, "increment": 3}, "minutes": 30}
    made = maker.post("/api/tournaments/", body, format="json").json()
    assert robo.post(f"/api/tournaments/{made['id']}/join/", format="json").status_code == 200
    assert maker.post(f"/api/tournaments/{made['id']}/join/", format="json").status_code == 200
    standings = maker.get(f"/api/tournaments/{made['id']}/").json()["standings"]
    assert {row["player"]: row["bot"] for row in standings} == {"robo BOT": True, "maker": False}
    assert Tournament.objects.get(pk=made["id"]).entries.count() == 2


def test_bots_have_a_leaderboard_of_their_own(account, bot):
    ann, robo = account("ann"), bot("robo")
    for user, rating in ((ann.user, 1700), (robo.user, 1900)):
        GameRating.objects.create(user=user, time_class="live", family="lewicki", rating=rating, rd=60)
    people = ann.get("/api/players/?time=live&family=lewicki").json()["rows"]
    assert [row["name"] for row in people] == ["ann"]
    bots = ann.get("/api/players/?time=live&family=lewicki&bots=true").json()["rows"]
    assert [(row["name"], row["bot"]) for row in bots] == [("robo", True)]
    page = ann.get("/players/?time=live&family=lewicki").content.decode()
    assert "/players/robo/" not in page
    assert "/players/robo/" in ann.get("/players/?time=live&family=lewicki&bots=1").content.decode()
