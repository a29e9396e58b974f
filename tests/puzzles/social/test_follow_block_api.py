"""Follow and block through the API, and the selectors other apps read."""

from __future__ import annotations

import pytest
from django.test import Client

from puzzles.accounts.players import Player, guest
from puzzles.social import selectors
from puzzles.social.models import Block, Follow

pytestmark = pytest.mark.django_db


def test_follow_lists_the_player_and_unfollow_removes_them(account):
    ann, bob = account("ann"), account("bob")
    response = ann.post("/api/social/follow/bob/")
    assert response.status_code == 200, response.content
    assert response.json()["following"] is True
    assert ann.post("/api/social/follow/bob/").status_code == 200  # twice: one row
    assert Follow.objects.filter(follower=ann.user, followed=bob.user).count() == 1
    players = ann.get("/api/social/following/").json()["players"]
    assert [(p["username"], p["online"], p["playing"]) for p in players] == [("bob", False, False)]
    assert players[0]["profile_url"] == "/players/bob/"
    assert [u.username for u in selectors.followed(Player(ann.user, ""))] == ["bob"]
    response = ann.delete("/api/social/follow/bob/")
    assert response.status_code == 200
    assert response.json()["following"] is False
    assert ann.get("/api/social/following/").json()["players"] == []


def test_no_self_follow_or_block_nobody_unknown_and_guests_refused(account, api):
    ann = account("ann")
    for path in ("/api/social/follow/ann/", "/api/social/block/ann/"):
        response = ann.post(path)
        assert response.status_code == 400
        assert "yourself" in response.json()["error"]
    response = ann.post("/api/social/follow/nobody/")
    assert response.status_code == 404
    assert response.json()["error"]
    response = api.post("/api/social/follow/ann/")
    assert response.status_code == 403
    assert "Log in" in response.json()["error"]
    assert api.get("/api/social/following/").json() == {"players": []}
    assert not Follow.objects.exists()
    assert not Block.objects.exists()


def test_block_ends_follows_both_ways_and_is_seen_from_both_sides(account):
    ann, bob, cid = account("ann"), account("bob"), account("cid")
    ann.post("/api/social/follow/bob/")
    bob.post("/api/social/follow/ann/")
    response = ann.post("/api/social/block/bob/")
    assert response.status_code == 200
    assert response.json() | {"online": None} == {
        "username": "bob",
        "following": False,
        "blocking": True,
        "blocked": True,
        "online": None,
        "playing": False,
        "game_url": None,
    }
    assert not Follow.objects.exists()
    assert selectors.is_blocked(Player(ann.user, ""), Player(bob.user, ""))
    assert selectors.is_blocked(bob.user, ann.user.pk)
    assert not selectors.is_blocked(ann.user, cid.user)
    assert not selectors.is_blocked(guest("tok"), ann.user)
    assert selectors.blocked_ids(bob.user) == {ann.user.pk}
    assert selectors.blocked_ids(ann.user) == {bob.user.pk}
    # Neither may follow the other while the block stands; the blocked one is not told why.
    response = ann.post("/api/social/follow/bob/")
    assert response.status_code == 403
    assert "blocked" in response.json()["error"]
    response = bob.post("/api/social/follow/ann/")
    assert response.status_code == 403
    assert response.json()["error"] == "You cannot follow this player."
    # The blocked player's view of the blocker says nothing of the block: the same buttons as anyone's.
    assert bob.delete("/api/social/block/ann/").json()["blocked"] is False
    browser = Client()
    browser.force_login(bob.user)
    page = browser.get("/players/ann/").content.decode()
    assert 'data-action="follow"' in page
    assert 'data-action="block"' in page
    # Only the blocker can lift it.
    assert selectors.is_blocked(ann.user, bob.user)
    response = ann.delete("/api/social/block/bob/")
    assert response.status_code == 200
    assert response.json()["blocked"] is False
    assert not selectors.is_blocked(ann.user, bob.user)
    assert ann.post("/api/social/follow/bob/").json()["following"] is True
