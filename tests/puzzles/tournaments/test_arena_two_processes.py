"""One arena served by two web processes, as ``make run`` serves it: guests
join and play through whichever process answers them, the pairings are
made by the worker, and a page long-polling the event (on either process)
is woken by a game's end counted elsewhere, with the new standings."""

from __future__ import annotations

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


def organiser(site: dict) -> Player:
    """An account (making an event needs one), signed up through the page's form."""
    player = Player(site["base"])
    token = player.csrf_token()
    body = urllib.parse.urlencode(
        {"username": "organiser", "password1": PASSWORD, "password2": PASSWORD, "csrfmiddlewaretoken": token}
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
