"""A tournament's game leads back to its tournament: the game's JSON names
the tournament's page (``tournament_url``) for its players and its
spectators, through the game's pairing (the games app does not import the
tournaments app), and any other game says null."""

from __future__ import annotations

import pytest

from ..games.people_helpers import account_client, guest_client

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_tournament_game_links_back_to_its_tournament_and_another_game_does_not(django_user_model):
    maker = account_client(django_user_model, "organiser")[0]
    made = maker.post(
        "/api/tournaments/",
        {"kind": "arena", "clock": {"initial": 300, "increment": 3}, "minutes": 30},
        format="json",
    ).json()
    ann, bob = guest_client()[0], guest_client()[0]
    for client in (ann, bob):
        assert client.post(f"/api/tournaments/{made['id']}/join/", format="json").status_code == 200
    game_id = ann.get(f"/api/tournaments/{made['id']}/").json()["your_game"]["id"]
    page = f"/tournaments/{made['id']}/"
    for client in (ann, bob, guest_client()[0]):
        assert client.get(f"/api/games/{game_id}/").json()["tournament_url"] == page
    assert bob.post(f"/api/games/{game_id}/resign/", format="json").status_code == 200
    over = ann.get(f"/api/games/{game_id}/").json()
    assert over["status"] == "over"
    assert over["tournament_url"] == page

    other = ann.post("/api/challenges/", {"seat": "A", "days": 3}, format="json").json()
    started = bob.post(f"/api/challenges/{other['id']}/accept/", format="json").json()["game"]
    assert ann.get(f"/api/games/{started}/").json()["tournament_url"] is None
    practice = ann.post("/api/games/", {}, format="json")
    assert practice.status_code == 201, practice.content
    assert practice.json()["tournament_url"] is None
