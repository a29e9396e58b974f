"""Online and playing: an account's requests mark it online for a minute
(one cache write per twenty seconds), the Following list and page put the
online and playing first, the profile shows the dot and the buttons."""

from __future__ import annotations

import pytest
from django.test import Client

from puzzles.social import presence, selectors

pytestmark = pytest.mark.django_db(transaction=True)

CLOCK = {"initial": 300, "increment": 3}


def test_a_request_marks_an_account_online_for_a_minute_with_few_writes(account, monkeypatch):
    ann = account("ann")
    assert selectors.online({ann.user.pk}) == set()
    writes = []
    real_set = presence.cache.set
    monkeypatch.setattr(presence.cache, "set", lambda *args, **kw: writes.append(args) or real_set(*args, **kw))
    for _ in range(3):
        ann.get("/api/social/following/")
    assert selectors.online({ann.user.pk, 999_999}) == {ann.user.pk}
    assert len(writes) == 1
    assert writes[0][2] == presence.ONLINE_SECONDS
    # Later than the refresh: written again.
    assert presence.seen(ann.user.pk, now=10**9) is True
    assert presence.seen(ann.user.pk, now=10**9 + presence.REFRESH_SECONDS - 1) is False


def test_the_following_list_puts_players_online_and_playing_first(account):
    ann, bob, cid, dan = account("ann"), account("bob"), account("cid"), account("dan")
    for name in ("bob", "cid", "dan"):
        ann.post(f"/api/social/follow/{name}/")
    presence.forget()
    challenge = cid.post("/api/challenges/", {"variant": "lewicki", "clock": CLOCK, "to": "dan"}, format="json")
    game = dan.post(f"/api/challenges/{challenge.json()['id']}/accept/", {}, format="json").json()["game"]
    presence.seen(bob.user.pk)
    rows = ann.get("/api/social/following/").json()["players"]
    assert [(r["username"], r["online"], r["playing"]) for r in rows] == [
        ("cid", True, True),
        ("dan", True, True),
        ("bob", True, False),
    ]
    assert rows[0]["game_url"] == f"/play/{game}/"
    # The page, in Dutch: the dot, "playing now", the watch link.
    page = ann.get("/following/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert page.count('class="online-dot"') == 3
    assert page.count("speelt nu") == 2
    assert f'href="/play/{game}/"' in page


def test_the_profile_shows_online_and_its_buttons_work_without_script(account, django_user_model):
    ann, bob = account("ann"), account("bob")
    browser = Client()
    browser.force_login(ann.user)
    page = browser.get("/players/bob/").content.decode()
    assert "online-dot" not in page
    assert 'action="/players/bob/relation/follow/"' in page
    bob.get("/api/social/following/")  # bob is seen
    response = browser.post("/players/bob/relation/follow/")
    assert response.status_code == 302
    assert response["Location"] == "/players/bob/"
    page = browser.get("/players/bob/").content.decode()
    assert "online-dot" in page
    assert 'action="/players/bob/relation/unfollow/"' in page
    assert selectors.follows(ann.user, bob.user)
    browser.post("/players/bob/relation/block/")
    page = browser.get("/players/bob/").content.decode()
    assert 'action="/players/bob/relation/unblock/"' in page
    assert "relation/follow/" not in page
    assert not selectors.follows(ann.user, bob.user)
    # A refusal is the next page's message: blocking oneself.
    browser.post("/players/ann/relation/block/")
    assert "You cannot block yourself." in browser.get("/players/ann/").content.decode()
    assert browser.post("/players/bob/relation/nothing/").status_code == 404


def test_the_leaderboard_marks_the_players_online(account, client):
    from puzzles.people.models import GameRating

    ann, bob = account("ann"), account("bob")
    for user, rating in ((ann.user, 1700), (bob.user, 1600)):
        GameRating.objects.create(user=user, time_class="live", family="lewicki", rating=rating, rd=50, games=20)
    presence.forget()
    from django.core.cache import cache

    cache.clear()
    presence.seen(bob.user.pk)
    assert selectors.present({ann.user.pk, bob.user.pk}) == {bob.user.pk}
    page = client.get("/players/").content.decode()
    rows = page.split("<tr>")[2:]
    assert "ann" in rows[0]
    assert "online-dot" not in rows[0]
    assert "bob" in rows[1]
    assert "online-dot" in rows[1]


def test_a_page_that_only_long_polls_keeps_its_player_online(account, redis_server, settings):
    """A held poll never reaches Django's middlewares (the long polls are
    held on the event loop first): it marks its player online itself."""
    import asyncio

    from asgiref.testing import ApplicationCommunicator
    from django.core.cache import cache
    from django.core.wsgi import get_wsgi_application

    from puzzles.core import events
    from puzzles.core.longpoll import LongPolls
    from puzzles.core.threaded_wsgi import ThreadedWsgi

    settings.OD_EVENTS = True
    settings.REDIS_URL = redis_server
    events._client = None
    bob = account("bob")
    version = bob.get("/api/lobby/1/for-you/").json()["version"]
    cache.clear()
    presence.forget()
    assert selectors.online({bob.user.pk}) == set()
    site = LongPolls(ThreadedWsgi(get_wsgi_application(), threads=2))
    cookie = f"{settings.SESSION_COOKIE_NAME}={bob.cookies[settings.SESSION_COOKIE_NAME].value}"
    scope = {
        "type": "http",
        "method": "GET",
        "path": "/api/lobby/1/for-you/",
        "root_path": "",
        "scheme": "http",
        "query_string": f"wait={version}&timeout=0.5".encode(),
        "headers": [(b"cookie", cookie.encode()), (b"host", b"testserver")],
        "server": ("testserver", 80),
        "client": ("127.0.0.1", 5000),
        "http_version": "1.1",
        "asgi": {"version": "3.0"},
    }

    async def poll() -> int:
        communicator = ApplicationCommunicator(site, scope)
        await communicator.send_input({"type": "http.request", "body": b"", "more_body": False})
        head = await communicator.receive_output(timeout=5)
        await communicator.receive_output(timeout=5)
        return int(head["status"])

    try:
        assert asyncio.run(poll()) == 304  # held, then nothing new: Django never saw it
    finally:
        events._client = None
    assert selectors.online({bob.user.pk}) == {bob.user.pk}


def test_the_processs_memory_of_writes_stays_bounded_and_sheds_stale_ones(monkeypatch):
    presence.forget()
    monkeypatch.setattr(presence, "_PRUNE_AT", 100)
    for pk in range(1, 1001):  # a thousand accounts seen within the same moment
        assert presence.seen(pk, now=5_000.0) is True
    assert len(presence._written) == 100
    assert presence.seen(1000, now=5_000.0) is False  # the newest are kept
    # Past the refresh the stale ones go as soon as anyone is seen.
    presence.seen(1, now=5_000.0 + presence.REFRESH_SECONDS)
    assert dict(presence._written) == {1: 5_000.0 + presence.REFRESH_SECONDS}
    presence.forget()


def test_threads_seeing_accounts_at_once_never_break_a_request(monkeypatch):
    import threading

    presence.forget()
    monkeypatch.setattr(presence, "_PRUNE_AT", 50)
    monkeypatch.setattr(presence.cache, "set", lambda *args, **kw: None)
    errors: list[BaseException] = []

    def busy(start: int) -> None:
        try:
            for pk in range(start, start + 5000):
                presence.seen(pk)
        except BaseException as exc:  # noqa: BLE001 - any error is the failure
            errors.append(exc)

    threads = [threading.Thread(target=busy, args=(n * 10_000,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len(presence._written) <= 50
    presence.forget()
