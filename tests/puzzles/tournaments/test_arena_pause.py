"""An arena pauses a waiting player whose pages of the site are all gone (no
poll, no socket, no read of the event for ``presence.GONE_SECONDS``), as
Lichess does: not paired again until they press Resume (join again).  The
presence clock is the tick's ``now``: the test moves it on instead of
waiting."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from puzzles.tournaments import presence
from puzzles.tournaments.models import Entry, Pairing
from puzzles.tournaments.services import tournaments_tick

from ..games.people_helpers import account_client, guest_client

pytestmark = pytest.mark.django_db(transaction=True)


def read(client, tournament_id: int) -> dict:
    response = client.get(f"/api/tournaments/{tournament_id}/")
    assert response.status_code == 200, response.content
    return response.json()


def games_of(entry: Entry) -> int:
    return (
        Pairing.objects.filter(tournament_id=entry.tournament_id, a=entry).count()
        + Pairing.objects.filter(tournament_id=entry.tournament_id, b=entry).count()
    )


def test_a_player_whose_pages_are_gone_is_paused_until_they_resume(django_user_model):
    maker = account_client(django_user_model, "arena-maker")[0]
    made = maker.post(
        "/api/tournaments/", {"kind": "arena", "minutes": 30, "clock": {"initial": 180, "increment": 2}}, format="json"
    )
    assert made.status_code == 201, made.content
    tournament_id = made.json()["id"]
    (c1, p1), (c2, p2), (c3, p3), (c4, p4) = (guest_client() for _ in range(4))
    for client in (c1, c2, c3):
        assert client.post(f"/api/tournaments/{tournament_id}/join/", format="json").status_code == 200
    e1, e2, e3 = (Entry.objects.get(tournament_id=tournament_id, session_key=p.token) for p in (p1, p2, p3))
    assert games_of(e1) == games_of(e2) == 1
    assert games_of(e3) == 0

    # the third player's pages close; a while later the tick finds nothing of theirs seen
    start = timezone.now()
    Entry.objects.filter(pk=e3.pk).update(waiting_since=start - timedelta(seconds=60))
    tournaments_tick(now=start + timedelta(seconds=presence.GONE_SECONDS - 5))
    assert Entry.objects.get(pk=e3.pk).paused is False  # seen (joining) within the time
    tournaments_tick(now=start + timedelta(seconds=presence.GONE_SECONDS + 1))
    e3.refresh_from_db()
    assert e3.paused is True
    assert e3.waiting_since is None
    assert e3.active is True

    # a fourth player waits as long but has a page open (its poll seen): not paused
    assert c4.post(f"/api/tournaments/{tournament_id}/join/", format="json").status_code == 200
    e4 = Entry.objects.get(tournament_id=tournament_id, session_key=p4.token)
    Entry.objects.filter(pk=e4.pk).update(waiting_since=start - timedelta(seconds=60))
    presence.seen([("s", p4.token)], now=start + timedelta(seconds=60))
    tournaments_tick(now=start + timedelta(seconds=70))
    assert Entry.objects.get(pk=e4.pk).paused is False

    # the standings mark the paused player, whose own page offers Resume
    state = read(c1, tournament_id)
    marks = {row["player"]: row.get("paused") for row in state["standings"]}
    assert sorted(marks.values()) == [False, False, False, True]
    own = read(c3, tournament_id)
    assert own["you"] == {**own["you"], "joined": True, "active": True, "paused": True}
    page = c3.get(f"/tournaments/{tournament_id}/", HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "Wznów" in page
    assert "(wstrzymany)" in page

    # the first game ends: its players wait again, the fourth is paired, the paused one is not
    game = Pairing.objects.get(tournament_id=tournament_id, a__in=[e1, e2], b__in=[e1, e2]).game_id
    assert c1.post(f"/api/games/{game}/resign/", format="json").status_code == 200
    assert games_of(Entry.objects.get(pk=e4.pk)) == 1
    assert games_of(Entry.objects.get(pk=e3.pk)) == 0
    tournaments_tick()
    assert games_of(Entry.objects.get(pk=e3.pk)) == 0

    # Resume: paired at once with the one left waiting
    resumed = c3.post(f"/api/tournaments/{tournament_id}/join/", format="json").json()
    assert resumed["you"]["paused"] is False
    assert games_of(Entry.objects.get(pk=e3.pk)) == 1
    assert read(c3, tournament_id)["your_game"] is not None


def test_every_held_poll_says_its_reader_is_there():
    from puzzles.core import longpoll

    assert presence.request_seen in longpoll._seen


class _Page:
    """An event page on a socket, as the room holds it (only who reads it matters here)."""

    language = "en"

    def __init__(self, who) -> None:
        self.who = who


def test_an_event_page_on_a_socket_keeps_saying_its_reader_is_there(monkeypatch):
    import asyncio

    from django.core.cache import cache

    from puzzles.tournaments import stream

    monkeypatch.setattr(presence, "SOCKET_EVERY", 0)  # at each wake, not every ten seconds
    room = stream.Room(123)
    room.pages.add(_Page(("s", "a-reader")))

    async def follow_a_while() -> None:
        task = asyncio.ensure_future(room.follow())
        await asyncio.sleep(0.6)
        room.pages.clear()
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)

    cache.delete("tournaments:seen:s:a-reader")
    asyncio.run(follow_a_while())
    assert cache.get("tournaments:seen:s:a-reader") is not None
