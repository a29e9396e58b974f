"""One arena served by two web processes, as ``make run`` serves it: guests
join and play through whichever process answers them, the pairings are
made by the worker, and a page long-polling the event (on either process)
is woken by a game's end counted elsewhere, with the new standings."""

from __future__ import annotations

import json
import threading
import urllib.parse
import urllib.request

import pytest
from running_site import Player, start_site, until

pytestmark = pytest.mark.worker

PASSWORD = "a-long-pass-phrase-29"


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    yield from start_site(tmp_path_factory.mktemp("arena-two"), web_workers=2)


def organiser(site: dict, name: str = "organiser") -> Player:
    """An account (making an event needs one), signed up through the page's form."""
    player = Player(site["base"])
    token = player.csrf_token()
    body = urllib.parse.urlencode(
        {"username": name, "password1": PASSWORD, "password2": PASSWORD, "csrfmiddlewaretoken": token}
    ).encode()
    request = urllib.request.Request(
        site["base"] + "/accounts/signup/", data=body, method="POST", headers={"Referer": site["base"] + "/"}
    )
    with player.opener.open(request, timeout=10) as response:
        assert response.status == 200
    return player


def test_an_arena_across_two_web_processes(site):

    status, made = organiser(site).call(
        "POST",
        "/api/tournaments/",
        {"kind": "arena", "clock": {"initial": 300, "increment": 3}, "minutes": 30},
    )
    assert status == 201, made
    path = f"/api/tournaments/{made['id']}/"
    guests = [Player(site["base"]) for _ in range(4)]
    for guest in guests:
        status, state = guest.call("POST", path + "join/")
        assert status == 200, state
    games = {guest: until(lambda g=guest: g.call("GET", path)[1]["your_game"], 60, "a pairing") for guest in guests}
    assert len({game["id"] for game in games.values()}) == 2  # paired by the worker
    # a page of the event waits on it (whichever process holds the poll) ...
    _, before = guests[0].call("GET", path)
    woken: dict = {}

    def poll() -> None:
        woken["answer"] = guests[3].call("GET", f"{path}?wait={before['version']}&timeout=20", timeout=30)

    waiting = threading.Thread(target=poll)
    waiting.start()
    # ... while a game ends through the other requests: its loser resigns
    game = games[guests[0]]
    loser = next(g for g in guests[1:] if games[g]["id"] == game["id"])
    status, resigned = loser.call("POST", f"/api/games/{game['id']}/resign/")
    assert status == 200, resigned
    waiting.join(40)
    status, state = woken["answer"]
    assert status == 200
    assert state["version"] > before["version"]
    # the standings, as read once the worker has counted the game
    state = until(
        lambda: next((s for s in [guests[3].call("GET", path)[1]] if s["standings"][0]["score"] == 2), None),
        60,
        "the game counted in the standings",
    )
    assert sorted(row["score"] for row in state["standings"]) == [0, 0, 0, 2]


def _page(site: dict, player: Player, tournament_id: int):
    """``player``'s event page following the event over its WebSocket."""
    from websockets.sync.client import connect

    jar = next(h.cookiejar for h in player.opener.handlers if hasattr(h, "cookiejar"))
    return connect(
        site["base"].replace("http://", "ws://") + f"/ws/tournaments/{tournament_id}/",
        origin=site["base"],
        additional_headers={"Cookie": "; ".join(f"{c.name}={c.value}" for c in jar)},
        open_timeout=30,
    )


def _until_version(page, version: int) -> dict:
    """The first event the page is sent at ``version`` or later."""
    while True:
        doc = json.loads(page.recv(timeout=30))
        if doc["version"] >= version:
            return doc


def _as_the_api_reads_it(page, reader: Player, path: str, version: int) -> dict:
    """The page's event at ``version`` or later, checked against the API's
    answer to the same reader at the same version, on their own page of the
    standings (read again while the event moves on between the two)."""
    for _ in range(10):
        doc = _until_version(page, version)
        api = reader.call("GET", path + "?page=mine")[1]
        if api["version"] == doc["version"]:
            assert doc == api
            return doc
        version = api["version"]
    raise AssertionError("the event kept moving on")


def test_event_pages_on_sockets_are_sent_each_change_as_the_api_reads_it(site):
    """Pages follow the event over WebSockets, on either process: each is
    sent the event as the API tells that reader, and again, by itself,
    once a game's end has been counted elsewhere; a visitor's page too,
    and an event that does not exist is refused."""
    from websockets.exceptions import InvalidStatus

    status, made = organiser(site, "streamer").call(
        "POST", "/api/tournaments/", {"kind": "arena", "clock": {"initial": 300, "increment": 3}, "minutes": 30}
    )
    assert status == 201, made
    path = f"/api/tournaments/{made['id']}/"
    guests = [Player(site["base"]) for _ in range(4)]
    for guest in guests:
        assert guest.call("POST", path + "join/")[0] == 200
    games = {guest: until(lambda g=guest: g.call("GET", path)[1]["your_game"], 60, "a pairing") for guest in guests}
    visitor = Player(site["base"])
    readers = [*guests, visitor]
    pages = [_page(site, reader, made["id"]) for reader in readers]
    try:
        _, now = guests[0].call("GET", path)
        for reader, page in zip(readers, pages, strict=True):
            doc = _as_the_api_reads_it(page, reader, path, now["version"])
            assert doc["you"]["joined"] == (reader is not visitor)
            if reader is not visitor:
                assert doc["your_game"] == games[reader]
                assert sum(line["you"] for line in doc["standings"]) == 1
        game = games[guests[0]]
        loser = next(g for g in guests[1:] if games[g]["id"] == game["id"])
        assert loser.call("POST", f"/api/games/{game['id']}/resign/")[0] == 200
        counted = until(
            lambda: next((s for s in [visitor.call("GET", path)[1]] if s["standings"][0]["score"] == 2), None),
            60,
            "the game counted in the standings",
        )
        for reader, page in zip(readers, pages, strict=True):
            doc = _as_the_api_reads_it(page, reader, path, counted["version"])
            assert sorted(line["score"] for line in doc["standings"]) == [0, 0, 0, 2]
        # a page asked for on the socket is sent at once (four lines: one page); anything else is refused
        visiting = pages[-1]
        visiting.send(json.dumps({"type": "page", "page": 2}))
        turned = json.loads(visiting.recv(timeout=30))
        assert turned["standings_page"] == {"page": 1, "pages": 1, "mine": None}
        assert turned["version"] >= counted["version"]
        visiting.send(json.dumps({"type": "page", "page": "last"}))
        assert json.loads(visiting.recv(timeout=30))["type"] == "refused"
    finally:
        for page in pages:
            page.close()
    with pytest.raises(InvalidStatus):  # closed before the handshake: refused
        _page(site, visitor, 1)
