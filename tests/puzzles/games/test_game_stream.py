"""A game followed over a WebSocket on the site as ``make run`` serves it: a
move between people reaches the opponent's and a spectator's pages as one
event each, with the opponent's legal moves and none for the spectator, and
the long poll still answers the reader that has no stream.  A practice game
streams to its owner alone, and a stream opened from another site is
refused."""

from __future__ import annotations

import json
import threading

import pytest
from running_site import Player, start_site
from websockets.exceptions import InvalidStatus
from websockets.sync.client import ClientConnection, connect

pytestmark = pytest.mark.worker


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    yield from start_site(tmp_path_factory.mktemp("game-stream"), web_workers=2)


def stream(site: dict, player: Player, game_id: int, origin: str | None = None) -> ClientConnection:
    """``player``'s page following the game (its session cookie, the site's origin)."""
    jar = next(h.cookiejar for h in player.opener.handlers if hasattr(h, "cookiejar"))
    url = site["base"].replace("http://", "ws://") + f"/ws/games/{game_id}/"
    return connect(
        url,
        origin=origin or site["base"],
        additional_headers={"Cookie": "; ".join(f"{c.name}={c.value}" for c in jar)},
        open_timeout=30,
    )


def received(connection: ClientConnection) -> dict:
    return json.loads(connection.recv(timeout=30))


def test_a_move_reaches_the_opponent_and_a_spectator_as_an_event(site):
    ann, bob, carol = Player(site["base"]), Player(site["base"]), Player(site["base"])
    status, challenge = ann.call(
        "POST",
        "/api/challenges/",
        {"variant": "lewicki", "rated": False, "seat": "A", "clock": {"initial": 300, "increment": 3}},
    )
    assert status == 201, challenge
    status, accepted = bob.call("POST", f"/api/challenges/{challenge['id']}/accept/", {})
    assert status == 200, accepted
    game_id = accepted["game"]
    path = f"/api/games/{game_id}/"
    _, game = ann.call("GET", path)
    mover, waiter = (ann, bob) if game["to_move"] == "A" else (bob, ann)
    waiter_seat = "B" if mover is ann else "A"
    _, mine = mover.call("GET", path)

    with stream(site, waiter, game_id) as theirs, stream(site, carol, game_id) as watching:
        hello = received(theirs)
        assert hello == {"type": "hello", "game": game_id, "version": game["version"], "seat": waiter_seat}
        assert received(watching)["seat"] is None
        polled: dict = {}
        poll = threading.Thread(
            target=lambda: polled.update(
                answer=carol.call("GET", f"{path}?wait={game['version']}&timeout=25", timeout=40)
            )
        )
        poll.start()
        status, moved = mover.call("POST", f"{path}moves/", {"move": mine["legal_moves"][0], "ply": 0})
        assert status == 201, moved
        event, seen = received(theirs), received(watching)
        poll.join(40)

    assert event["type"] == seen["type"] == "move"
    assert event["version"] == seen["version"] == moved["version"]
    assert event["move"]["move"] == moved["moves"][0]["move"]
    assert event["to_move"] == waiter_seat
    _, now = waiter.call("GET", path)
    assert event["you"]["legal_moves"] == now["legal_moves"] != []
    assert event["board"] == now["board"]
    assert seen["you"] is None
    assert {k: v for k, v in seen.items() if k != "you"} == {k: v for k, v in event.items() if k != "you"}
    # the reader without a stream: the long poll answers with the game read again
    status, answer = polled["answer"]
    assert status == 200
    assert answer["version"] == moved["version"]


def test_a_practice_game_streams_to_its_owner_alone_and_only_to_the_site_s_pages(site):
    owner, stranger = Player(site["base"]), Player(site["base"])
    status, game = owner.call("POST", "/api/games/", {"variant": "lewicki"})
    assert status == 201, game
    with stream(site, owner, game["id"]) as mine:
        assert received(mine)["version"] == game["version"]
    with pytest.raises(InvalidStatus) as refused:
        stream(site, stranger, game["id"])
    assert refused.value.response.status_code == 403
    with pytest.raises(InvalidStatus) as foreign:
        stream(site, owner, game["id"], origin="http://evil.example")
    assert foreign.value.response.status_code == 403
