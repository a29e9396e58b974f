"""Blocks in play between people: no challenge, no seat at the other's
challenge or seek, no rematch, and quick pairing passes the other's seek by."""

from __future__ import annotations

import pytest

from puzzles.games.models import Game
from puzzles.people.models import Challenge

pytestmark = pytest.mark.django_db(transaction=True)

CLOCK = {"initial": 300, "increment": 3}


def test_a_blocked_player_cannot_be_challenged_or_take_the_others_seat(account):
    ann, bob = account("ann"), account("bob")
    open_link = ann.post("/api/challenges/", {"variant": "lewicki", "clock": CLOCK}, format="json").json()
    bob.post("/api/social/block/ann/")
    for client, name in ((ann, "bob"), (bob, "ann")):
        response = client.post("/api/challenges/", {"variant": "lewicki", "clock": CLOCK, "to": name}, format="json")
        assert response.status_code == 403, response.content
        assert "blocked" in response.json()["error"]
    response = bob.post(f"/api/challenges/{open_link['id']}/accept/", {}, format="json")
    assert response.status_code == 403
    assert "blocked" in response.json()["error"]
    assert Challenge.objects.get(pk=open_link["id"]).status == "open"
    # In Polish too.
    response = ann.post(
        "/api/challenges/",
        {"variant": "lewicki", "clock": CLOCK, "to": "bob"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="pl",
    )
    assert response.status_code == 403
    assert "blocked" not in response.json()["error"]
    bob.delete("/api/social/block/ann/")
    response = ann.post("/api/challenges/", {"variant": "lewicki", "clock": CLOCK, "to": "bob"}, format="json")
    assert response.status_code == 201


def test_quick_pairing_never_pairs_two_players_one_of_whom_blocked_the_other(account):
    ann, bob, cid = account("ann"), account("bob"), account("cid")
    ann.post("/api/social/block/bob/")
    waiting = ann.post("/api/seeks/quick/", {"control": "3+2"}, format="json").json()
    assert waiting["game"] is None
    # bob passes ann's seek by and waits with his own; cid takes ann's, the oldest.
    bobs = bob.post("/api/seeks/quick/", {"control": "3+2"}, format="json").json()
    assert bobs["id"] != waiting["id"]
    assert bobs["game"] is None
    paired = cid.post("/api/seeks/quick/", {"control": "3+2"}, format="json").json()
    assert paired["id"] == waiting["id"]
    game = Game.objects.get(pk=paired["game"])
    assert {seat.owner.username for seat in game.seats.all()} == {"ann", "cid"}


def test_a_block_cancels_the_open_challenges_between_the_two(account):
    ann, bob, cid = account("ann"), account("bob"), account("cid")
    to_bob = ann.post("/api/challenges/", {"variant": "lewicki", "clock": CLOCK, "to": "bob"}, format="json").json()
    from_bob = bob.post("/api/challenges/", {"variant": "lewicki", "clock": CLOCK, "to": "ann"}, format="json").json()
    to_cid = ann.post("/api/challenges/", {"variant": "lewicki", "clock": CLOCK, "to": "cid"}, format="json").json()
    link = ann.post("/api/challenges/", {"variant": "lewicki", "clock": CLOCK}, format="json").json()
    assert [c["id"] for c in bob.get("/api/lobby/1/for-you/").json()["challenges"]] == [to_bob["id"]]
    bob.post("/api/social/block/ann/")
    status = dict(Challenge.objects.values_list("pk", "status"))
    assert status[to_bob["id"]] == status[from_bob["id"]] == "cancelled"
    assert status[to_cid["id"]] == status[link["id"]] == "open"
    assert bob.get("/api/lobby/1/for-you/").json()["challenges"] == []
    assert cid.post(f"/api/challenges/{to_cid['id']}/accept/", {}, format="json").status_code == 200
