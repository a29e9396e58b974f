"""Caps on open seeks and challenges per player (guest or account), and a
clock of 0 refused on every way in (challenge, seek, the schema)."""

from __future__ import annotations

import pytest

from puzzles.people import limits
from puzzles.people.models import Challenge

from .conftest import post_challenge

pytestmark = pytest.mark.django_db(transaction=True)


def seek(client, **payload):
    body = {"variant": "lewicki", "clock": {"initial": 300, "increment": 3}, **payload}
    return client.post("/api/seeks/", body, format="json")


def test_open_seeks_are_capped_per_player(api, other_api):
    for _ in range(limits.MAX_OPEN_SEEKS):
        assert seek(api).status_code == 201
    refused = seek(api)
    assert refused.status_code == 409
    assert "cancel one" in refused.json()["error"]
    assert Challenge.objects.filter(lobby=True).count() == limits.MAX_OPEN_SEEKS
    assert len(api.get("/api/lobby/1/").json()["seeks"]) == limits.MAX_OPEN_SEEKS
    assert seek(other_api).status_code == 201  # another player's are their own
    # one cancelled: room for one more
    first = Challenge.objects.filter(lobby=True).order_by("created_at").first()
    assert api.post(f"/api/challenges/{first.pk}/cancel/").status_code == 200
    assert seek(api).status_code == 201
    # a quick pairing that finds no seek posts one, and is capped the same way
    other = other_api.post("/api/seeks/quick/", {"control": "1d"}, format="json")
    assert other.status_code in (200, 201)


def test_open_challenges_are_capped_per_player(account):
    ann = account("ann")
    account("bob")
    for _ in range(limits.MAX_OPEN_CHALLENGES):
        post_challenge(ann, to="bob")
    refused = ann.post("/api/challenges/", {"seat": "A", "clock": {"initial": 300, "increment": 3}}, format="json")
    assert refused.status_code == 409
    assert f"{limits.MAX_OPEN_CHALLENGES} open challenges" in refused.json()["error"]
    assert "cancel one" in refused.json()["error"]
    assert seek(ann).status_code == 201  # seeks are counted apart


def test_a_clock_of_0_is_refused_for_seeks_too(api):
    refused = seek(api, clock={"initial": 0, "increment": 5})
    assert refused.status_code == 400
    assert "clock.initial is a whole number from 1" in refused.json()["error"]
    assert not Challenge.objects.exists()


def test_the_schema_states_the_clocks_minimum(api):
    schema = api.get("/api/schema/?format=json").json()
    clock = schema["components"]["schemas"]["ClockInput"]["properties"]
    assert clock["initial"]["minimum"] == 1
    assert clock["increment"]["minimum"] == 0


def test_new_guest_sessions_of_one_address_do_not_flood_the_lobby(account):
    # Each guest may keep 5 seeks open; a client that starts a new guest for
    # every five is held by what the guests of its address post together.
    from rest_framework.test import APIClient

    from puzzles.core.throttles import PlayerThrottle

    rate = PlayerThrottle.THROTTLE_RATES["lobby_address"]
    allowed = int(rate.split("/")[0])
    answers = []
    while len(answers) < allowed + limits.MAX_OPEN_SEEKS:
        guest = APIClient()
        answers += [seek(guest).status_code for _ in range(limits.MAX_OPEN_SEEKS)]
    assert answers[:allowed] == [201] * allowed
    assert set(answers[allowed:]) == {429}
    assert Challenge.objects.filter(lobby=True).count() == allowed
    refused = seek(APIClient())
    assert refused.status_code == 429
    assert "error" in refused.json()
    # an account is held by its own caps, not by its address's guests
    assert seek(account("ann")).status_code == 201
