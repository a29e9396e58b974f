"""A game followed over a WebSocket on the site as ``make run`` serves it: a
move between people reaches the opponent's and a spectator's pages as one
event each, with the opponent's legal moves and none for the spectator, and
the long poll still answers the reader that has no stream.  A move sent over
the socket is played as a posted one, and refused as the API refuses one.
A practice game streams to its owner alone, and a stream opened from
another site is refused."""

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
    yield from start_site(
        tmp_path_factory.mktemp("game-stream"), web_workers=2, settings={"OD_MAX_SOCKETS_PER_CLIENT": str(SOCKETS)}
    )


# Sockets a client may hold open in each of the site's two web processes.
SOCKETS = 3


def stream(
    site: dict, player: Player, game_id: int, origin: str | None = None, language: str = "en"
) -> ClientConnection:
    """``player``'s page following the game (its session cookie, the site's origin)."""
    jar = next(h.cookiejar for h in player.opener.handlers if hasattr(h, "cookiejar"))
    url = site["base"].replace("http://", "ws://") + f"/ws/games/{game_id}/"
    return connect(
        url,
        origin=origin or site["base"],
        additional_headers={"Cookie": "; ".join(f"{c.name}={c.value}" for c in jar), "Accept-Language": language},
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
        hello = received(mine)
        # (the worker may have moved the game on since: the analyses of the owner's turn, the solver's move)
        assert (hello["type"], hello["game"], hello["seat"]) == ("hello", game["id"], None)
        assert hello["version"] >= game["version"]
    with pytest.raises(InvalidStatus) as refused:
        stream(site, stranger, game["id"])
    assert refused.value.response.status_code == 403
    with pytest.raises(InvalidStatus) as foreign:
        stream(site, owner, game["id"], origin="http://evil.example")
    assert foreign.value.response.status_code == 403


def live_game(site: dict) -> tuple[Player, Player, int, dict]:
    ann, bob = Player(site["base"]), Player(site["base"])
    status, challenge = ann.call(
        "POST",
        "/api/challenges/",
        {"variant": "lewicki", "rated": False, "seat": "A", "clock": {"initial": 300, "increment": 3}},
    )
    assert status == 201, challenge
    status, accepted = bob.call("POST", f"/api/challenges/{challenge['id']}/accept/", {})
    assert status == 200, accepted
    _, game = ann.call("GET", f"/api/games/{accepted['game']}/")
    return (ann, bob, accepted["game"], game) if game["to_move"] == "A" else (bob, ann, accepted["game"], game)


def test_a_move_sent_over_the_socket_is_played_and_reaches_the_opponent(site):
    mover, waiter, game_id, game = live_game(site)
    _, mine = mover.call("GET", f"/api/games/{game_id}/")
    with stream(site, mover, game_id) as own, stream(site, waiter, game_id) as theirs:
        assert received(own)["type"] == received(theirs)["type"] == "hello"
        own.send(json.dumps({"type": "move", "move": mine["legal_moves"][0], "ply": 0, "id": 7}))
        answer = received(own)
        event = received(theirs)
        assert answer["type"] == "played"
        # the reply reaches the mover as its next message: its own move's event is not sent twice
        theirs.send(json.dumps({"type": "move", "move": event["you"]["legal_moves"][0], "ply": 1, "id": 8}))
        assert received(theirs)["type"] == "played"
        reply = received(own)
        assert (reply["type"], reply["version"]) == ("move", answer["event"]["version"] + 1)
    assert answer["id"] == 7
    assert answer["ply"] == 0
    assert answer["event"]["version"] == event["version"] == game["version"] + 1
    assert answer["event"]["move"] == event["move"]
    assert answer["event"]["you"]["legal_moves"] == []  # the mover's own part: the opponent is to move
    _, now = waiter.call("GET", f"/api/games/{game_id}/")
    assert now["moves"][0]["move"] == mine["legal_moves"][0]
    assert event["you"]["legal_moves"] != []
    _, mover_now = mover.call("GET", f"/api/games/{game_id}/")
    assert reply["you"]["legal_moves"] == mover_now["legal_moves"]  # the mover's part of the reply


def test_a_move_over_the_socket_is_refused_as_the_api_refuses_it_in_the_page_s_language(site):
    mover, waiter, game_id, _game = live_game(site)
    _, mine = mover.call("GET", f"/api/games/{game_id}/")
    spectator = Player(site["base"])
    spectator.opener.addheaders = [("Accept-Language", "pl")]
    posted = spectator.call("POST", f"/api/games/{game_id}/moves/", {"move": mine["legal_moves"][0], "ply": 0})
    assert posted[0] == 403
    with (
        stream(site, spectator, game_id, language="pl") as watching,
        stream(site, waiter, game_id) as theirs,
        stream(site, mover, game_id) as own,
    ):
        for connection in (watching, theirs, own):
            assert received(connection)["type"] == "hello"
        watching.send(json.dumps({"type": "move", "move": mine["legal_moves"][0], "ply": 0, "id": "a"}))
        assert received(watching) == {"type": "refused", "status": 403, "error": posted[1]["error"], "id": "a"}
        theirs.send(json.dumps({"type": "move", "move": mine["legal_moves"][0], "ply": 0, "id": 1}))
        assert (received(theirs)["status"]) == 409  # not their turn
        own.send(json.dumps({"type": "move", "move": "99R", "ply": 0, "id": 2}))
        illegal = received(own)
        assert (illegal["status"], illegal["id"]) == (400, 2)
        assert "99" in illegal["error"]
        own.send(json.dumps({"type": "move", "move": mine["legal_moves"][0], "id": 3}))
        assert "ply" in received(own)["error"]  # required, as by the API
        own.send(json.dumps({"type": "chat", "text": "hi"}))
        assert received(own)["status"] == 400
    _, still = mover.call("GET", f"/api/games/{game_id}/")
    assert still["version"] == mine["version"]
    assert still["moves"] == []


def test_a_client_holds_at_most_so_many_sockets_open_and_others_are_not_held_back(site):
    _mover, waiter, game_id, _game = live_game(site)
    opened: list[ClientConnection] = []
    refused: InvalidStatus | None = None
    try:
        for _ in range(2 * SOCKETS + 1):  # more than both processes hold for one client
            try:
                opened.append(stream(site, waiter, game_id))
            except InvalidStatus as exc:
                refused = exc
                break
            assert received(opened[-1])["type"] == "hello"
        assert refused is not None
        assert refused.response.status_code == 403
        assert SOCKETS <= len(opened) <= 2 * SOCKETS
        with stream(site, Player(site["base"]), game_id) as other:  # another client is not held back
            assert received(other)["type"] == "hello"
    finally:
        for connection in opened:
            connection.close()


def test_any_other_change_reaches_every_socket_as_changed_whether_its_player_has_moved_or_not(site):
    mover, waiter, game_id, game = live_game(site)
    _, mine = mover.call("GET", f"/api/games/{game_id}/")
    with stream(site, mover, game_id) as own, stream(site, waiter, game_id) as theirs:
        assert received(own)["type"] == received(theirs)["type"] == "hello"
        own.send(json.dumps({"type": "move", "move": mine["legal_moves"][0], "ply": 0, "id": 1}))
        assert received(own)["type"] == "played"
        assert received(theirs)["type"] == "move"
        # the player who has not moved resigns: each socket, the mover's too, is told to read the game
        status, _over = waiter.call("POST", f"/api/games/{game_id}/resign/")
        assert status == 200
        assert received(own) == {"type": "changed"}
        assert received(theirs) == {"type": "changed"}
