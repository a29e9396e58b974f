"""Blocks in play between people: no challenge, no seat at the other's
challenge or seek, no rematch, and quick pairing passes the other's seek by."""

from __future__ import annotations

import pytest

from puzzles.games.models import Game
from puzzles.people.models import Challenge

pytestmark = pytest.mark.django_db(transaction=True)

CLOCK = {"initial": 300, "increment": 3}


# What each side of a block is told, by language: the blocker of their own
# block; the blocked player, who must not learn of it, only that this player
# cannot be challenged (or played) now, as for any refusal.
BLOCKER_TOLD = {
    "en": "You blocked this player: unblock them to play them.",
    "pl": "Nie możesz grać z zablokowanym przez ciebie graczem: odblokuj go, aby z nim zagrać.",
    "nl": "Je hebt deze speler geblokkeerd: deblokkeer die om ertegen te spelen.",
    "ro": "Ai blocat acest jucător: deblochează-l ca să joci cu el.",
}
BLOCKED_TOLD = {
    "en": "This player cannot be challenged now.",
    "pl": "Tego gracza nie można teraz wyzwać.",
    "nl": "Deze speler kan nu niet worden uitgedaagd.",
    "ro": "Acest jucător nu poate fi provocat acum.",
}
BLOCKED_SEAT_TOLD = {
    "en": "You cannot play this player now.",
    "pl": "Nie możesz teraz zagrać z tym graczem.",
    "nl": "Je kunt nu niet tegen deze speler spelen.",
    "ro": "Nu poți juca acum cu acest jucător.",
}


def challenge_to(client, name: str, language: str = "en"):
    body = {"variant": "lewicki", "clock": CLOCK, "to": name}
    return client.post("/api/challenges/", body, format="json", HTTP_ACCEPT_LANGUAGE=language)


def test_the_blocker_is_told_of_their_block_when_challenging(account):
    ann, bob = account("ann"), account("bob")
    bob.post("/api/social/block/ann/")
    for language, words in BLOCKER_TOLD.items():
        response = challenge_to(bob, "ann", language)
        assert response.status_code == 403, response.content
        assert response.json()["error"] == words
    bob.delete("/api/social/block/ann/")
    assert challenge_to(bob, "ann").status_code == 201
    assert challenge_to(ann, "bob").status_code == 201


def test_the_blocked_player_is_refused_in_neutral_words_and_never_told_of_the_block(account):
    ann, bob = account("ann"), account("bob")
    open_link = ann.post("/api/challenges/", {"variant": "lewicki", "clock": CLOCK}, format="json").json()
    bob.post("/api/social/block/ann/")
    for language in BLOCKED_TOLD:
        response = challenge_to(ann, "bob", language)
        assert response.status_code == 403, response.content
        assert response.json()["error"] == BLOCKED_TOLD[language]
        assert response.json()["error"] != BLOCKER_TOLD[language]
        assert "block" not in response.json()["error"].lower()
    # the blocker takes no seat at the blocked player's open challenge, and is told why
    response = bob.post(f"/api/challenges/{open_link['id']}/accept/", {}, format="json")
    assert response.status_code == 403
    assert response.json()["error"] == BLOCKER_TOLD["en"]
    assert Challenge.objects.get(pk=open_link["id"]).status == "open"
    # the blocked player takes no seat at the blocker's challenge, told no more than that
    bobs = bob.post("/api/challenges/", {"variant": "lewicki", "clock": CLOCK}, format="json").json()
    for language, words in BLOCKED_SEAT_TOLD.items():
        response = ann.post(f"/api/challenges/{bobs['id']}/accept/", {}, format="json", HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 403
        assert response.json()["error"] == words
    bob.delete("/api/social/block/ann/")
    assert challenge_to(ann, "bob").status_code == 201


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
