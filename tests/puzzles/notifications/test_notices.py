"""Notices of each kind (your turn in a correspondence game, a challenge to
you, a game's end, a tournament's start), on the site, by email and not
when switched off; the API's list, read, settings and push subscriptions."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from puzzles.accounts.models import LanguagePreference
from puzzles.notifications.models import Notice, PushSubscription

from .conftest import game_between, play_one, post_challenge

pytestmark = pytest.mark.django_db(transaction=True)


def notices(client) -> dict:
    response = client.get("/api/notifications/")
    assert response.status_code == 200, response.content
    return response.json()


def switch(client, **kinds) -> dict:
    response = client.put("/api/notifications/settings/", {"settings": kinds}, format="json")
    assert response.status_code == 200, response.content
    return response.json()


def test_a_challenge_to_you_is_a_notice_on_the_site_and_an_email(account):
    ann, bob = account("ann"), account("bob")
    challenge = post_challenge(ann, to="bob")
    state = notices(bob)
    assert state["unread"] == 1
    (notice,) = state["notices"]
    assert notice["kind"] == "challenge"
    assert "ann" in notice["text"]
    assert notice["url"] == f"/challenges/{challenge['id']}/"
    assert notices(ann)["unread"] == 0  # the challenger is told nothing
    (sent,) = mail.outbox
    assert sent.to == ["bob@example.com"]
    assert "ann" in sent.subject
    assert f"/challenges/{challenge['id']}/" in sent.body


def test_your_turn_in_a_correspondence_game_each_move_but_not_in_a_live_game(account):
    ann, bob = account("ann"), account("bob")
    game = game_between(ann, bob)
    clients = {"A": ann, "B": bob}
    mail.outbox.clear()
    next_seat = play_one(clients, game)
    told = clients[next_seat]
    turns = [n for n in notices(told)["notices"] if n["kind"] == "turn"]
    assert len(turns) == 1
    assert str(game) in turns[0]["text"]
    assert turns[0]["url"] == f"/play/{game}/"
    assert [m.to for m in mail.outbox] == [[f"{told.user.username}@example.com"]]
    play_one(clients, game)
    # the first mover was told at the start (ply 0), then one a move
    assert sorted(Notice.objects.filter(kind="turn").values_list("key", flat=True)) == [
        f"turn:{game}:{ply}" for ply in range(3)
    ]
    # a live game: nobody is told of each move
    live = game_between(ann, bob, days=None, clock={"initial": 300, "increment": 3})
    play_one(clients, live)
    assert not Notice.objects.filter(kind="turn", data__game=live).exists()


def test_a_games_end_tells_both_players(account):
    ann, bob = account("ann"), account("bob")
    game = game_between(ann, bob)
    response = bob.post(f"/api/games/{game}/resign/", format="json")
    assert response.status_code == 200, response.content
    for client, other in ((ann, "bob"), (bob, "ann")):
        ended = [n for n in notices(client)["notices"] if n["kind"] == "ended"]
        assert len(ended) == 1
        assert other in ended[0]["text"]
        assert str(game) in ended[0]["text"]


def test_a_tournaments_start_tells_its_entrants(account):
    from puzzles.tournaments.services import tournaments_tick

    maker, ann, bob = account("organiser"), account("ann"), account("bob")
    starts = timezone.now() + timedelta(hours=1)
    body = {
        "kind": "swiss",
        "name": "Winter cup",
        "variant": "lewicki",
        "days": 3,
        "rounds": 3,
        "starts_at": starts.isoformat(),
    }
    made = maker.post("/api/tournaments/", body, format="json")
    assert made.status_code == 201, made.content
    tournament = made.json()["id"]
    assert ann.post(f"/api/tournaments/{tournament}/join/", format="json").status_code == 200
    assert notices(ann)["unread"] == 0
    tournaments_tick(now=starts + timedelta(seconds=1))
    started = [n for n in notices(ann)["notices"] if n["kind"] == "tournament"]
    assert len(started) == 1
    assert "Winter cup" in started[0]["text"]
    assert started[0]["url"] == f"/tournaments/{tournament}/"
    assert not [n for n in notices(bob)["notices"] if n["kind"] == "tournament"]  # not entered


def test_each_kind_is_switched_off_by_channel(account):
    ann, bob = account("ann"), account("bob")
    settings = switch(bob, challenge={"site": False}, turn={"email": False})["settings"]
    assert settings["challenge"] == {"site": False, "push": True, "email": True}
    assert settings["turn"] == {"site": True, "push": True, "email": False}
    game = game_between(ann, bob)
    assert not [n for n in notices(bob)["notices"] if n["kind"] == "challenge"]  # the challenge: not on the site...
    assert [m.to for m in mail.outbox if "challenged" in m.subject] == [["bob@example.com"]]  # ...but by email
    mail.outbox.clear()
    clients = {"A": ann, "B": bob}
    while play_one(clients, game) != "B":
        pass
    assert {n["kind"] for n in notices(bob)["notices"]} == {"turn"}  # on the site...
    assert not [m for m in mail.outbox if m.to == ["bob@example.com"]]  # ...not by email
    # switched on again
    assert switch(bob, turn={"email": True})["settings"]["turn"]["email"] is True


def test_settings_refuse_what_is_not_a_kind_or_a_channel_and_guests(account, api):
    bob = account("bob")
    for body in ({"settings": {"moves": {"site": False}}}, {"settings": {"turn": {"pigeon": True}}}, {"email": "no"}):
        response = bob.put("/api/notifications/settings/", body, format="json")
        assert response.status_code == 400, body
        assert "error" in response.json()
    assert api.get("/api/notifications/").status_code == 403
    assert "error" in api.get("/api/notifications/").json()
    response = bob.put("/api/notifications/settings/", {"email": ""}, format="json")
    assert response.json()["email"] == ""


def test_no_email_without_an_address(account):
    ann, bob = account("ann"), account("bob", email="")
    post_challenge(ann, to="bob")
    assert notices(bob)["unread"] == 1
    assert mail.outbox == []


def test_notices_are_marked_read_one_or_all_and_the_version_moves(account):
    ann, bob = account("ann"), account("bob")
    for _ in range(3):
        post_challenge(ann, to="bob")
    state = notices(bob)
    assert state["unread"] == 3
    first = state["notices"][0]["id"]
    response = bob.post("/api/notifications/read/", {"ids": [first]}, format="json")
    assert response.json() == {"marked": 1, "unread": 2}
    after = notices(bob)
    assert after["version"] > state["version"]
    assert [n["read"] for n in after["notices"]] == [True, False, False]
    assert bob.post("/api/notifications/read/", {}, format="json").json() == {"marked": 2, "unread": 0}
    assert ann.post("/api/notifications/read/", {"ids": [first]}, format="json").json()["marked"] == 0  # not hers
    assert bob.post("/api/notifications/read/", {"ids": ["x"]}, format="json").status_code == 400
    assert bob.post("/api/notifications/read/", {"ids": [2**63]}, format="json").status_code == 400  # no key


def test_the_long_poll_answers_at_once_when_the_version_moved_and_304_when_not(account):
    ann, bob = account("ann"), account("bob")
    version = notices(bob)["version"]
    assert bob.get(f"/api/notifications/1/?wait={version}&timeout=0.2").status_code == 304
    post_challenge(ann, to="bob")
    response = bob.get(f"/api/notifications/1/?wait={version}&timeout=5")
    assert response.status_code == 200
    assert response.json()["unread"] == 1
    assert bob.get("/api/notifications/2/").status_code == 404


def test_notices_are_worded_in_the_players_language(account):
    ann, bob = account("ann"), account("bob")
    LanguagePreference.objects.create(user=bob.user, language="pl")
    post_challenge(ann, to="bob")
    (sent,) = mail.outbox
    assert sent.subject == "ann wyzywa cię na partię"


def test_push_subscriptions_are_kept_replaced_and_removed(account, api):
    bob = account("bob")
    vapid = api.get("/api/notifications/vapid/").json()["public_key"]
    assert vapid
    assert len(vapid) == 87
    sub = {"endpoint": "https://fcm.googleapis.com/fcm/send/abc", "keys": {"p256dh": "B" * 87, "auth": "A" * 22}}
    assert bob.post("/api/notifications/push/", sub, format="json").status_code == 201
    assert bob.post("/api/notifications/push/", sub, format="json").status_code == 201
    assert PushSubscription.objects.filter(user=bob.user).count() == 1
    assert (
        bob.post(
            "/api/notifications/push/", {"endpoint": "https://fcm.googleapis.com/fcm/send/x"}, format="json"
        ).status_code
        == 400
    )
    assert (
        bob.post("/api/notifications/push/", {"endpoint": "not a url", "keys": sub["keys"]}, format="json").status_code
        == 400
    )
    assert api.post("/api/notifications/push/", sub, format="json").status_code == 403
    assert bob.delete("/api/notifications/push/", {"endpoint": sub["endpoint"]}, format="json").status_code == 204
    assert not PushSubscription.objects.exists()


def test_the_notices_page_lists_them_and_its_forms_read_and_switch(account, client):
    ann, bob = account("ann"), account("bob")
    post_challenge(ann, to="bob")
    client.force_login(bob.user)
    page = client.get("/notifications/").content.decode()
    assert "ann" in page
    assert 'class="notice-bell-count"' in page
    assert ">1<" in page
    client.post("/notifications/read/")
    assert notices(bob)["unread"] == 0
    client.post("/notifications/settings/", {"turn:site": "on", "email": "bob@example.org"})
    state = bob.get("/api/notifications/settings/").json()
    assert state["email"] == "bob@example.org"
    assert state["settings"]["turn"]["site"] is True
    assert state["settings"]["turn"]["email"] is False
    assert state["settings"]["challenge"] == {"site": False, "push": False, "email": False}


def test_a_push_service_at_a_plain_http_address_is_refused_where_the_settings_say(account, settings):
    bob = account("bob")
    sub = {"endpoint": "http://127.0.0.1:9/push", "keys": {"p256dh": "B" * 87, "auth": "A" * 22}}
    settings.OD_PUSH_ALLOW_HTTP = False
    response = bob.post("/api/notifications/push/", sub, format="json")
    assert response.status_code == 400
    assert "https://" in response.json()["error"]
    settings.OD_PUSH_ALLOW_HTTP = True
    assert bob.post("/api/notifications/push/", sub, format="json").status_code == 201
