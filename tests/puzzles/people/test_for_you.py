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
    assert row["id"] == made["id"]
    assert row["by"] == "ann"
    assert row["url"] == f"/challenges/{made['id']}/"
    assert row["you"]["can_accept"]
    assert row["you"]["can_decline"]
    assert row["control_text"]
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
        assert found, path
        assert found.group(1) is None, path
        assert found.group(2) == "2", path
    # someone with nothing waiting has the notice hidden (its script shows it when one comes)
    found = inbox(ann.get("/analysis/").content.decode())
    assert found
    assert found.group(1) == " hidden"
    assert found.group(2) == "0"
    # a first-time visitor has none, and no request is made for them
    assert 'id="challenge-inbox"' not in Client().get("/analysis/").content.decode()


def test_the_header_speaks_the_readers_language(account):
    ann, bob = account("ann"), account("bob")
    post_challenge(ann, to="bob")
    html = bob.get("/analysis/", HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert re.search(r'challenge-inbox-words">Wyzwania dla ciebie<', html)


def for_you(client) -> dict:
    return client.get("/api/lobby/1/for-you/").json()


def test_only_the_challenges_that_keep_a_seat_for_a_player_move_their_version(account):
    """Each player's list has its own version: a seek in the lobby, or a
    challenge for someone else, leaves it (and every page of theirs waiting
    on it) alone; a challenge for them moves it at each step, until it is
    off their list."""
    ann, bob, cat = account("ann"), account("bob"), account("cat")
    start = for_you(bob)["version"]
    seek = cat.post(
        "/api/seeks/",
        {"variant": "lewicki", "rated": False, "seat": "A", "clock": {"initial": 600, "increment": 5}},
        format="json",
    )
    assert seek.status_code == 201
    post_challenge(ann, to="cat")
    assert for_you(bob)["version"] == start
    assert for_you(cat)["version"] > 0
    assert bob.get(f"/api/lobby/1/for-you/?wait={start}&timeout=0.3").status_code == 304
    made = post_challenge(ann, to="bob")
    posted = for_you(bob)
    assert posted["version"] > start
    assert [c["id"] for c in posted["challenges"]] == [made["id"]]
    assert ann.post(f"/api/challenges/{made['id']}/cancel/", {}, format="json").status_code == 200
    cancelled = for_you(bob)
    assert cancelled["version"] > posted["version"]
    assert cancelled["challenges"] == []
    again = post_challenge(ann, to="bob")
    offered = for_you(bob)
    accepted = bob.post(f"/api/challenges/{again['id']}/accept/", {}, format="json")
    assert accepted.status_code == 200
    assert accepted.json()["game"]
    taken = for_you(bob)
    assert taken["version"] > offered["version"] > cancelled["version"]
    assert taken["challenges"] == []
    # the creator's own list moved once, when her challenge's game started (her pages go to it), and
    # never lists her own challenges
    mine = for_you(ann)
    assert mine["version"] == 1
    assert mine["challenges"] == []
    assert mine["started"] == [{"game": accepted.json()["game"], "url": f"/play/{accepted.json()['game']}/"}]


def test_a_seat_kept_for_a_guest_comes_to_the_account_they_log_in_to(account, django_user_model):
    from rest_framework.test import APIClient

    from puzzles.accounts.players import Player, guest
    from puzzles.accounts.signals import guest_claimed
    from puzzles.people import selectors, services

    ann = account("ann")
    visitor = APIClient()
    post_challenge(visitor)  # the guest's token is made with their first challenge
    token = visitor.session["od_player"]
    made = services.challenge_create(player=Player(ann.user, ""), seat="A", days=3, reserved={"B": guest(token)})
    as_guest = for_you(visitor)
    assert as_guest["version"] > 0
    assert [c["id"] for c in as_guest["challenges"]] == [made.pk]
    # the guest's channel names no token
    assert token not in selectors.inbox_channel(guest(token))
    gus = django_user_model.objects.create_user("gus", password="pw-gus-12345")
    before = selectors.inbox_version(Player(gus, ""))
    guest_claimed.send(sender=None, user=gus, session_key=token)
    assert selectors.inbox_version(Player(gus, "")) > before
    assert [c.pk for c in selectors.challenges_waiting_for(Player(gus, ""))] == [made.pk]


def test_on_the_site_a_held_poll_wakes_for_its_reader_alone(account, redis_server, settings):
    """As ``make run`` serves it (the long polls held on the event loop, with
    Redis): bob's held poll of his challenges reads nothing while seeks come
    and go and challenges are sent to others (his channel is his own), and
    is answered at once, with the challenge, when one comes for him."""
    import asyncio
    import json
    from unittest import mock

    from asgiref.sync import sync_to_async
    from asgiref.testing import ApplicationCommunicator
    from django.core.wsgi import get_wsgi_application

    from puzzles.core import events
    from puzzles.core.longpoll import LongPolls
    from puzzles.core.threaded_wsgi import ThreadedWsgi
    from puzzles.people import selectors

    settings.OD_EVENTS = True
    settings.REDIS_URL = redis_server
    events._client = None
    ann, bob, cat = account("ann"), account("bob"), account("cat")
    version = for_you(bob)["version"]
    site = LongPolls(ThreadedWsgi(get_wsgi_application(), threads=2))
    cookie = f"{settings.SESSION_COOKIE_NAME}={bob.cookies[settings.SESSION_COOKIE_NAME].value}"
    scope = {
        "type": "http",
        "method": "GET",
        "path": "/api/lobby/1/for-you/",
        "root_path": "",
        "scheme": "http",
        "query_string": f"wait={version}&timeout=10".encode(),
        "headers": [(b"cookie", cookie.encode()), (b"host", b"testserver")],
        "server": ("testserver", 80),
        "client": ("127.0.0.1", 5000),
        "http_version": "1.1",
        "asgi": {"version": "3.0"},
    }
    reads = mock.Mock(wraps=selectors.inbox_version)

    async def scenario() -> tuple[int, int, float, dict]:
        poll = ApplicationCommunicator(site, scope)
        await poll.send_input({"type": "http.request", "body": b"", "more_body": False})
        await asyncio.sleep(0.5)  # held: subscribed, its version read once
        held_reads = reads.call_count
        await sync_to_async(post_challenge)(ann, to="cat")
        await sync_to_async(cat.post)(
            "/api/seeks/",
            {"variant": "block", "rated": False, "seat": "A", "clock": {"initial": 300, "increment": 3}},
            format="json",
        )
        await asyncio.sleep(0.5)
        quiet_reads = reads.call_count - held_reads
        start = asyncio.get_running_loop().time()
        made = await sync_to_async(post_challenge)(ann, to="bob")
        head = await poll.receive_output(timeout=5)
        body = await poll.receive_output(timeout=5)
        took = asyncio.get_running_loop().time() - start
        answer = json.loads(body["body"])
        assert head["status"] == 200
        assert [c["id"] for c in answer["challenges"]] == [made["id"]]
        return held_reads, quiet_reads, took, answer

    try:
        with mock.patch.object(selectors, "inbox_version", reads):
            held_reads, quiet_reads, took, answer = asyncio.run(scenario())
    finally:
        events._client = None
    assert held_reads >= 1, (held_reads, quiet_reads)
    assert quiet_reads == 0, (held_reads, quiet_reads)
    assert answer["version"] > version, took
    assert took < 3, took


def test_a_challenge_that_runs_out_leaves_its_players_list_once(account):
    from datetime import timedelta

    from django.utils import timezone

    from puzzles.people import services
    from puzzles.people.models import Challenge

    ann, bob = account("ann"), account("bob")
    made = post_challenge(ann, to="bob")
    offered = for_you(bob)
    Challenge.objects.filter(pk=made["id"]).update(expires_at=timezone.now() - timedelta(seconds=1))
    assert services.challenges_expire() == 1
    expired = for_you(bob)
    assert expired["version"] > offered["version"]
    assert expired["challenges"] == []
    # a sweep that finds nothing more to close moves nobody's list
    assert services.challenges_expire() == 0
    assert for_you(bob)["version"] == expired["version"]
