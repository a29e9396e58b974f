"""A move in a game between people brings the players and spectators who
wait on it their new view of the game with its change notice: on the site as
``make run`` serves it, the opponent's and a spectator's held long polls are
answered with the bodies the notice carried (each in its reader's language,
from its reader's seat), which are what a read of the game gives, with the
headers of the API's own answers."""

from __future__ import annotations

import http.client
import json
import threading
import time

import pytest
import redis
from running_site import Player, start_site

pytestmark = pytest.mark.worker

# What a fresh read shows differently from the view rendered at the move:
# the time it was read at and the running clock counted down to it.
READ_TIME_FIELDS = {"server_time", "clocks"}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    # One web process: the one that has answered the game's reads through
    # Django knows the headers the views are sent with.
    yield from start_site(tmp_path_factory.mktemp("pushed-views"), web_workers=1)


class Reader(Player):
    """A guest whose requests say which language they want."""

    def __init__(self, base: str, language: str) -> None:
        super().__init__(base)
        self.language = language
        self.opener.addheaders = [("Accept-Language", language)]

    def raw_get(self, path: str, timeout: float = 30) -> tuple[int, dict[str, str], bytes]:
        """A GET on a connection of its own: the status, headers and body as sent."""
        jar = next(h.cookiejar for h in self.opener.handlers if hasattr(h, "cookiejar"))
        host, port = self.base.removeprefix("http://").split(":")
        conn = http.client.HTTPConnection(host, int(port), timeout=timeout)
        try:
            conn.request(
                "GET",
                path,
                headers={
                    "Cookie": "; ".join(f"{c.name}={c.value}" for c in jar),
                    "Accept-Language": self.language,
                },
            )
            response = conn.getresponse()
            return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
        finally:
            conn.close()


def wanted_views(wishes: redis.Redis, game_id: int) -> set[str]:
    return {" ".join(key.decode().split(" ")[:2]) for key in wishes.hgetall(f"od:game:{game_id}:views")}


def test_held_polls_are_answered_with_the_views_the_move_sent(site):
    ann, bob, carol = Reader(site["base"], "nl"), Reader(site["base"], "en"), Reader(site["base"], "pl")
    status, challenge = ann.call(
        "POST",
        "/api/challenges/",
        {
            "variant": "lewicki",
            "rated": False,
            "seat": "A",
            "clock": {"initial": 300, "increment": 3},
        },
    )
    assert status == 201, challenge
    status, accepted = bob.call("POST", f"/api/challenges/{challenge['id']}/accept/", {})
    assert status == 200, accepted
    path = f"/api/games/{accepted['game']}/"
    reads = {name: reader.raw_get(path) for name, reader in (("ann", ann), ("bob", bob), ("carol", carol))}
    assert all(status == 200 for status, _, _ in reads.values())
    game = json.loads(reads["ann"][2])
    mover, waiter = (ann, bob) if game["to_move"] == "A" else (bob, ann)
    waiter_seat = "B" if mover is ann else "A"
    legal = json.loads(reads["ann" if mover is ann else "bob"][2])["legal_moves"]

    notices = redis.Redis.from_url(site["redis"]).pubsub(ignore_subscribe_messages=True)
    notices.subscribe(f"od:game:{game['id']}")
    answers: dict[str, tuple[int, dict[str, str], bytes]] = {}

    def hold(name: str, reader: Reader) -> None:
        answers[name] = reader.raw_get(f"{path}?wait={game['version']}&timeout=25")

    threads = [
        threading.Thread(target=hold, args=(name, reader), daemon=True)
        for name, reader in (("waiter", waiter), ("carol", carol))
    ]
    for thread in threads:
        thread.start()
    # both polls held, each having asked for its view
    wishes = redis.Redis.from_url(site["redis"])
    deadline = time.monotonic() + 30
    wanted = {f"{waiter_seat} {waiter.language}", "- pl"}
    while wanted_views(wishes, game["id"]) != wanted:  # "<who> <language> <the poll's own tag>"
        assert time.monotonic() < deadline, wishes.hgetall(f"od:game:{game['id']}:views")
        time.sleep(0.05)
    assert not answers

    status, moved = mover.call("POST", f"{path}moves/", {"move": legal[0], "ply": 0})
    assert status == 201, moved
    for thread in threads:
        thread.join(30)
    notice, deadline = None, time.monotonic() + 10
    while notice is None or notice["type"] != "message":  # (None too for the subscription's confirmation)
        assert time.monotonic() < deadline, "no notice of the move"
        notice = notices.get_message(timeout=1)
    carried = json.loads(notice["data"])
    assert carried["version"] == moved["version"]
    # the polls answered, their wishes for views are dropped
    deadline = time.monotonic() + 10
    while wanted_views(wishes, game["id"]):
        assert time.monotonic() < deadline, wishes.hgetall(f"od:game:{game['id']}:views")
        time.sleep(0.05)

    for name, reader, key, seat in (
        ("waiter", waiter, f"{waiter_seat} {waiter.language}", waiter_seat),
        ("carol", carol, "- pl", None),
    ):
        status, headers, body = answers[name]
        assert status == 200
        # the poll's answer is the view the notice carried, byte for byte
        assert body == carried["views"][key].encode()
        view = json.loads(body)
        assert view["ply"] == 1
        assert view["version"] == moved["version"]
        assert view["my_seat"] == seat
        assert view["spectator"] is (seat is None)
        assert view["moves"][0]["move"] == moved["moves"][0]["move"]
        # it is what a read of the game gives now, but for the time read
        _, read_headers, fresh = reader.raw_get(path)
        fresh_view = json.loads(fresh)
        assert {k: v for k, v in view.items() if k not in READ_TIME_FIELDS} == {
            k: v for k, v in fresh_view.items() if k not in READ_TIME_FIELDS
        }
        assert view["clocks"][seat or waiter_seat] == fresh_view["clocks"][seat or waiter_seat]  # not running yet
        # with the API's headers, in the reader's language
        assert headers["content-language"] == reader.language == read_headers["content-language"]
        assert headers["content-length"] == str(len(body))
        for header in (
            "content-type",
            "content-security-policy",
            "x-frame-options",
            "x-content-type-options",
            "referrer-policy",
        ):
            assert headers[header] == read_headers[header], header
        assert (
            set(headers["vary"].split(", ")) == set(read_headers["vary"].split(", ")) >= {"Accept-Language", "Cookie"}
        )
    # the mover's answer is theirs, not the waiter's
    assert moved["my_seat"] != waiter_seat
    assert moved["legal_moves"] == []
    # in Polish, the guests are named in Polish
    names = [player["name"] for player in json.loads(answers["carol"][2])["players"].values()]
    assert len(names) == 2, names
    assert all(name.startswith("Gość ") for name in names), names
