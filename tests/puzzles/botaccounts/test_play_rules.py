"""A bot at the people's tables: rated against a person only when the person
asked for it (challenged it by name); bots play each other rated; quick
pairing is for people; no rated tournaments for a bot."""

from __future__ import annotations

import pytest

from puzzles.games.models import Game
from puzzles.people.models import GameRating

from .conftest import accept, play_twice_each, post_challenge

pytestmark = pytest.mark.django_db(transaction=True)

CLOCK = {"initial": 300, "increment": 3}


def refused(response, status: int, words: str) -> None:
    assert response.status_code == status, response.content
    assert words in response.json()["error"]


def test_a_person_challenges_a_bot_rated_and_the_game_is_rated(account, bot):
    ann, robo = account("ann"), bot("robo")
    created = post_challenge(ann, rated=True, seat="A", to="robo")
    game = Game.objects.get(pk=accept(robo, created["id"])["game"])
    assert game.rated
    seen = play_twice_each({"A": ann, "B": robo}, game.pk)
    assert seen["status"] != "over"
    assert seen["players"]["B"]["bot"] is True
    assert seen["players"]["A"]["bot"] is False
    assert robo.post(f"/api/games/{game.pk}/resign/").status_code == 200
    ann_row = GameRating.objects.get(user=ann.user, time_class="live", family="lewicki")
    robo_row = GameRating.objects.get(user=robo.user, time_class="live", family="lewicki")
    assert ann_row.games == robo_row.games == 1
    assert ann_row.rating > robo_row.rating


def test_a_bots_rated_challenge_to_a_person_is_refused(account, bot):
    account("ann")
    robo = bot("robo")
    body = {"variant": "lewicki", "rated": True, "seat": "A", "clock": CLOCK, "to": "ann"}
    refused(robo.post("/api/challenges/", body, format="json"), 403, "cannot challenge a person to a rated game")
    # casual is anyone's
    casual = robo.post("/api/challenges/", {**body, "rated": False}, format="json")
    assert casual.status_code == 201, casual.content


def test_a_bots_rated_challenge_by_link_is_refused(bot):
    robo = bot("robo")
    body = {"variant": "lewicki", "rated": True, "seat": "A", "clock": CLOCK}
    refused(robo.post("/api/challenges/", body, format="json"), 403, "names its opponent, a bot")


def test_bots_play_each_other_rated(bot):
    robo, droid = bot("robo"), bot("droid")
    created = post_challenge(robo, rated=True, seat="A", to="droid")
    game = Game.objects.get(pk=accept(droid, created["id"])["game"])
    assert game.rated


def test_a_bot_cannot_take_a_persons_rated_challenge_it_was_not_named_in(account, bot):
    ann, robo = account("ann"), bot("robo")
    created = post_challenge(ann, rated=True, seat="A")  # by link: anyone's seat
    refused(robo.post(f"/api/challenges/{created['id']}/accept/", format="json"), 403, "not kept for you")
    # a casual one it may
    casual = post_challenge(ann, rated=False, seat="A")
    assert accept(robo, casual["id"])["game"] is not None


def test_a_person_cannot_take_a_bots_rated_challenge(account):
    robo, bob = account("robo"), account("bob")
    created = post_challenge(robo, rated=True, seat="A")  # posted before it became a bot
    assert robo.post("/api/bot/account/upgrade").status_code == 200
    refused(bob.post(f"/api/challenges/{created['id']}/accept/", format="json"), 403, "a bot's")


def test_a_bot_seeks_no_rated_game_in_the_lobby(bot):
    robo = bot("robo")
    refused(robo.post("/api/seeks/", {"clock": CLOCK, "rated": True}, format="json"), 403, "lobby")
    assert robo.post("/api/seeks/", {"clock": CLOCK}, format="json").status_code == 201


def test_quick_pairing_is_for_people(account, bot):
    robo, ann = bot("robo"), account("ann")
    refused(robo.post("/api/seeks/quick/", {"control": "3+2"}, format="json"), 403, "quick pairing is for people")
    seek = robo.post("/api/seeks/", {"clock": {"initial": 180, "increment": 2}}, format="json").json()
    mine = ann.post("/api/seeks/quick/", {"control": "3+2"}, format="json").json()
    assert mine["id"] != seek["id"]  # not paired with the bot's seek: a seek of her own
    assert mine["game"] is None


def test_a_bot_joins_no_rated_tournament(account, bot):
    maker, robo = account("maker"), bot("robo")
    body = {"kind": "arena", "variant": "lewicki", "clock": CLOCK, "minutes": 30}
    rated = maker.post("/api/tournaments/", {**body, "rated": True}, format="json").json()
    casual = maker.post("/api/tournaments/", {**body, "rated": False}, format="json").json()
    refused(robo.post(f"/api/tournaments/{rated['id']}/join/", format="json"), 403, "rated tournament")
    assert robo.post(f"/api/tournaments/{casual['id']}/join/", format="json").status_code == 200


def test_a_rated_rematch_is_the_persons_to_offer(account, bot):
    ann, robo = account("ann"), bot("robo")
    created = post_challenge(ann, rated=True, seat="A", to="robo")
    game_id = accept(robo, created["id"])["game"]
    play_twice_each({"A": ann, "B": robo}, game_id)  # a game resigned sooner is called off
    assert ann.post(f"/api/games/{game_id}/resign/").status_code == 200
    assert robo.get(f"/api/games/{game_id}/rematch-offer/").json()["can_offer"] is False  # no button to refuse
    assert ann.get(f"/api/games/{game_id}/rematch-offer/").json()["can_offer"] is True
    refused(robo.post(f"/api/challenges/{created['id']}/rematch/", format="json"), 403, "only the person")
    offered = ann.post(f"/api/challenges/{created['id']}/rematch/", format="json")
    assert offered.status_code == 201, offered.content
    game = Game.objects.get(pk=accept(robo, offered.json()["id"])["game"])
    assert game.rated
