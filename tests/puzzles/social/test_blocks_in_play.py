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
