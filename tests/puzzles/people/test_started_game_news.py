"""A game that starts is news on its players' challenges-for-you poll, which
every page of theirs holds: the seek's creator, waiting on any page, is
woken and told where the game is; a spectator of nothing hears nothing."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from puzzles.people.models import Challenge

from .conftest import accept, post_challenge

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_seek_creators_pages_are_woken_and_told_of_the_game(api, other_api, client):
    waiting = api.post("/api/seeks/quick/", {"control": "3+2"}, format="json").json()
    before = api.get("/api/lobby/1/for-you/").json()
    assert before["started"] == []
    other_api.get("/api/lobby/1/for-you/")  # a session for the second player too
    paired = other_api.post("/api/seeks/quick/", {"control": "3+2"}, format="json").json()
    assert paired["id"] == waiting["id"]
    woken = api.get(f"/api/lobby/1/for-you/?wait={before['version']}&timeout=2")
    assert woken.status_code == 200
    news = woken.json()
    assert news["version"] > before["version"]
    assert news["started"] == [{"game": paired["game"], "url": f"/play/{paired['game']}/"}]
    assert other_api.get("/api/lobby/1/for-you/").json()["started"] == news["started"]
    assert client.get("/api/lobby/1/for-you/").json()["started"] == []
    # Past the first seconds the game is no longer news.
    Challenge.objects.filter(pk=paired["id"]).update(started_at=timezone.now() - timedelta(minutes=1))
    assert api.get("/api/lobby/1/for-you/").json()["started"] == []


def test_a_correspondence_game_started_is_not_news_to_go_to(api, other_api):
    api.get("/api/lobby/1/for-you/")
    other_api.get("/api/lobby/1/for-you/")
    made = post_challenge(api, clock=None, days=3)
    game = accept(other_api, made["id"])["game"]
    assert game
    assert api.get("/api/lobby/1/for-you/").json()["started"] == []
    assert other_api.get("/api/lobby/1/for-you/").json()["started"] == []
