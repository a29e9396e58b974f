"""The challenges for you, on every page: ``/api/lobby/1/for-you/`` lists the
open challenges that keep a seat for the reader and long-polls on the
lobby's version; every page's header shows their count to a reader the site
knows, with the script that brings new ones as they come."""
from __future__ import annotations

import re

import pytest
from django.test import Client

from puzzles.people.serializers import ForYouOutputSerializer

from .conftest import post_challenge

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_challenge_to_a_named_player_is_theirs_to_see_and_wakes_their_poll(account):
    ann, bob, cat = account("ann"), account("bob"), account("cat")
    before = bob.get("/api/lobby/1/for-you/").json()
    assert before["challenges"] == []
    assert bob.get(f"/api/lobby/1/for-you/?wait={before['version']}&timeout=0.2").status_code == 304
    made = post_challenge(ann, to="bob", days=3, clock=None)
    # the held poll's version has moved on: it answers at once, with the challenge
    after = bob.get(f"/api/lobby/1/for-you/?wait={before['version']}&timeout=5").json()
    assert ForYouOutputSerializer(data=after).is_valid(), ForYouOutputSerializer(data=after).errors
    assert after["version"] > before["version"]
    [row] = after["challenges"]
    assert row["id"] == made["id"] and row["by"] == "ann" and row["url"] == f"/challenges/{made['id']}/"
    assert row["you"]["can_accept"] and row["you"]["can_decline"] and row["control_text"]
    # nobody else's list has it
    assert cat.get("/api/lobby/1/for-you/").json()["challenges"] == []
    assert ann.get("/api/lobby/1/for-you/").json()["challenges"] == []
    assert bob.get("/api/lobby/2/for-you/").status_code == 404
    # declined, it is gone
    assert bob.post(f"/api/challenges/{made['id']}/decline/", {}, format="json").status_code == 200
    assert bob.get("/api/lobby/1/for-you/").json()["challenges"] == []


def inbox(html: str) -> re.Match | None:
    return re.search(r'<a id="challenge-inbox"[^>]*?( hidden)?>.*?challenge-inbox-count">(\d+)<', html, re.S)


def test_every_page_shows_a_known_reader_the_challenges_for_them(account):
    ann, bob = account("ann"), account("bob")
    post_challenge(ann, to="bob")
    post_challenge(ann, to="bob", variant="block")
    for path in ("/analysis/", "/puzzles/daily/", "/players/"):
        found = inbox(bob.get(path).content.decode())
        assert found and found.group(1) is None and found.group(2) == "2", path
    # someone with nothing waiting has the notice hidden (its script shows it when one comes)
    found = inbox(ann.get("/analysis/").content.decode())
    assert found and found.group(1) == " hidden" and found.group(2) == "0"
    # a first-time visitor has none, and no request is made for them
    assert 'id="challenge-inbox"' not in Client().get("/analysis/").content.decode()


def test_the_header_speaks_the_readers_language(account):
    ann, bob = account("ann"), account("bob")
    post_challenge(ann, to="bob")
    html = bob.get("/analysis/", HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert re.search(r'challenge-inbox-words">Wyzwania dla ciebie<', html)
