"""A live game between people survives dead processes: the whole site runs as
``make run`` starts it (``scripts/run.sh`` under supervisord), two guests
start a game by a challenge link and play it through the API, and in the
middle of it the grading worker and the general worker are killed (kill -9),
then a web process while a move is half posted, the web process that holds
the opponent's long poll, and the web process a whole move was just posted
to; and a move's answer is lost on the way back (the player sends it again).
Every move the API accepted is in the game once and in order, a move
sent again after a broken connection is played once, every clock equals what
the players' own watches allow, nobody is flagged, the game ends as the
rules say and every move is graded once the workers are back.

Then the deadline passes while the workers and beat are down: the game whose
player waits on a long poll is ended by that poll, the game nobody reads by
the beat's sweep once the workers are back; each for the right seat, once."""

from __future__ import annotations

import ast
import http.client
import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
from dataclasses import dataclass, field

import psutil
import pytest
import redis
from running_site import Player, start_site, supervised_pid

from solver import Position

pytestmark = pytest.mark.worker

# What a clock may differ from the players' own watches by: loopback, the
# server's wall clock against the tests' monotonic one, rounding to the ms.
TOLERANCE_MS = 250
POLL_SECONDS = 5  # the hold of the long polls of the game whose deadline passes
NETWORK_ERRORS = (OSError, urllib.error.URLError, http.client.HTTPException, json.JSONDecodeError)


# The beat's sweep every 5 s: a deadline less than 15 s off
# (``deadlines.task_horizon_seconds``) is queued as a task at once, and one
# further off by the sweep once it comes that near.
REQUEUE_EVERY = 5


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    yield from start_site(tmp_path_factory.mktemp("people-faults"), settings={"OD_REQUEUE_EVERY": str(REQUEUE_EVERY)})


class Guest(Player):
    """A guest with a raw connection of its own when a test needs to know
    which web process holds it (its local port) or to break it half-way."""

    def __init__(self, base: str) -> None:
        super().__init__(base)
        self.host, self.port = base.removeprefix("http://").split(":")

    def headers(self, body: bytes | None) -> dict[str, str]:
        jar = next(h.cookiejar for h in self.opener.handlers if hasattr(h, "cookiejar"))
        token = self.csrf_token()
        cookies = "; ".join(f"{c.name}={c.value}" for c in jar)
        headers = {
            "Cookie": cookies,
            "X-CSRFToken": token,
            "Content-Type": "application/json",
            "Referer": self.base + "/",
        }
        if body is not None:
            headers["Content-Length"] = str(len(body))
        return headers

    def connect(self, timeout: float = 15) -> tuple[http.client.HTTPConnection, int]:
        conn = http.client.HTTPConnection(self.host, int(self.port), timeout=timeout)
        conn.connect()
        return conn, conn.sock.getsockname()[1]

    def retrying(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
        """``call`` again after a broken connection (the web process answering was killed)."""
        for _ in range(100):
            try:
                return self.call(method, path, body)
            except NETWORK_ERRORS:
                self.errors += 1
                time.sleep(0.1)
        raise AssertionError(f"{method} {path}: no answer")


def server_pid(site_port: int, client_port: int, seconds: float = 5) -> int:
    """The web process that accepted the connection from ``client_port``."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        for conn in psutil.net_connections("tcp"):
            if (
                conn.pid
                and conn.laddr
                and conn.raddr
                and conn.laddr.port == site_port
                and conn.raddr.port == client_port
            ):
                return conn.pid
        time.sleep(0.01)
    raise AssertionError(f"no web process holds the connection from port {client_port}")


def web_workers(site) -> set[int]:
    master = supervised_pid(site, "web")
    return {
        int(pid) for pid in subprocess.run(["pgrep", "-P", str(master)], capture_output=True, text=True).stdout.split()
    }


def kill_web(site, pid: int) -> None:
    assert pid in web_workers(site), (pid, web_workers(site))  # a web worker, not the master nor anything else
    os.kill(pid, signal.SIGKILL)


def supervisorctl(site, *args: str) -> str:
    return subprocess.run(
        [sys.executable, "-m", "supervisor.supervisorctl", "-s", f"unix://{site['run']}/supervisor.sock", *args],
        capture_output=True,
        text=True,
        timeout=30,
    ).stdout


@dataclass
class Played:
    """A move as its player saw it: sent first at ``sent``, answered 201 at
    ``received`` (the tests' monotonic time, ms), and that answer."""

    ply: int
    seat: str
    move: str
    sent: float
    received: float
    answer: dict
    attempts: int = 1


@dataclass
class Table:
    """A live game between two guests, and what its players saw."""

    site: dict
    guests: dict[str, Guest]
    game: int
    played: list[Played] = field(default_factory=list)
    seen: list[dict] = field(default_factory=list)  # every game state read, by either player

    def read(self, seat: str) -> dict:
        status, state = self.guests[seat].retrying("GET", f"/api/games/{self.game}/")
        assert status == 200, state
        self.seen.append(state)
        return state


def ms() -> float:
    return time.monotonic() * 1000


def live_game(site, initial: int, increment: int) -> Table:
    """Ann challenges by link with a clock, Bob accepts: the game between them."""
    ann, bob = Guest(site["base"]), Guest(site["base"])
    status, challenge = ann.call(
        "POST",
        "/api/challenges/",
        {"variant": "lewicki", "rated": False, "seat": "A", "clock": {"initial": initial, "increment": increment}},
    )
    assert status == 201, challenge
    assert challenge["url"]
    status, accepted = bob.call("POST", f"/api/challenges/{challenge['id']}/accept/", {})
    assert status in (200, 201), accepted
    assert accepted["game"], accepted
    table = Table(site, {"A": ann, "B": bob}, accepted["game"])
    assert table.read("A")["my_seat"] == "A"
    assert table.read("B")["my_seat"] == "B"
    return table


class Poll(threading.Thread):
    """The opponent's long poll, held until the game moves past ``ply``;
    polled again after a broken connection (``breaks``)."""

    def __init__(self, table: Table, seat: str, version: int, ply: int) -> None:
        super().__init__(daemon=True)
        self.table, self.seat, self.version, self.ply = table, seat, version, ply
        self.client_port: int | None = None
        self.held = threading.Event()
        self.state: dict | None = None
        self.breaks = 0

    def run(self) -> None:
        guest = self.table.guests[self.seat]
        path = f"/api/games/{self.table.game}/?wait={self.version}&timeout=15"
        end = time.monotonic() + 60
        while time.monotonic() < end:
            try:
                conn, self.client_port = guest.connect(timeout=20)
                conn.request("GET", path, headers=guest.headers(None))
                self.held.set()
                response = conn.getresponse()
                body = response.read()
                conn.close()
                if response.status == 200:
                    state = json.loads(body)
                    if state["ply"] > self.ply or state["status"] == "over":
                        self.state = state
                        return
                    self.version = state["version"]
            except NETWORK_ERRORS:
                self.breaks += 1
                time.sleep(0.05)


def post_move(table: Table, fault: str | None) -> Played:
    """The player to move reads the game and posts its first legal move,
    with ``fault`` on the way; sent again (same move, same ply) after a
    broken connection until answered."""
    site = table.site
    seat = table.read("A")["to_move"]
    mine = table.read(seat)
    other = "B" if seat == "A" else "A"
    move, ply = mine["legal_moves"][0], mine["ply"]
    guest = table.guests[seat]
    poll = Poll(table, other, mine["version"], ply)
    poll.start()
    assert poll.held.wait(10)
    time.sleep(0.2)  # the poll is held by then
    if fault == "workers":
        for name in ("grades", "main"):
            os.kill(supervised_pid(site, name), signal.SIGKILL)
    elif fault == "poll's web process":
        kill_web(site, server_pid(int(guest.port), poll.client_port))
    path = f"/api/games/{table.game}/moves/"
    body = json.dumps({"move": move, "ply": ply}).encode()
    sent, attempts, answer = ms(), 0, None
    while answer is None:
        attempts += 1
        assert attempts < 50, "the move was never answered"
        try:
            conn, port = guest.connect()
            if attempts == 1 and fault == "half-posted":
                # the headers and half the body: the web process is reading it when it dies
                conn.putrequest("POST", path)
                for name, value in guest.headers(body).items():
                    conn.putheader(name, value)
                conn.endheaders(body[: len(body) // 2])
                kill_web(site, server_pid(int(guest.port), port))
            elif attempts == 1 and fault == "posted":
                conn.request("POST", path, body=body, headers=guest.headers(body))
                kill_web(site, server_pid(int(guest.port), port))  # whenever it gets there: before, during or after
            elif attempts == 1 and fault == "answer lost":
                # the whole move goes, then the connection breaks before the answer comes
                conn.request("POST", path, body=body, headers=guest.headers(body))
                conn.close()
                poll.join(15)
                assert poll.state is not None, "a move whose answer was lost was not played"
                raise ConnectionResetError("the answer was lost")
            else:
                conn.request("POST", path, body=body, headers=guest.headers(body))
            response = conn.getresponse()
            data = json.loads(response.read())
            conn.close()
            if fault == "half-posted" and attempts == 1:
                raise AssertionError(f"a half-posted move was answered: {response.status} {data}")
            assert response.status == 201, (response.status, data)
            answer = data
        except NETWORK_ERRORS:
            guest.errors += 1
            time.sleep(0.05)
    played = Played(ply, seat, move, sent, ms(), answer, attempts)
    table.played.append(played)
    assert answer["ply"] > ply, answer
    assert answer["moves"][ply]["move"] == move, answer
    poll.join(30)
    assert poll.state is not None, "the opponent's long poll never saw the move"
    assert poll.state["moves"][ply]["move"] == move
    table.seen += [answer, poll.state]
    if fault == "poll's web process":
        assert poll.breaks >= 1  # its connection was the one broken
    return played


def check_clocks(table: Table, initial: int, increment: int) -> list[int]:
    """Every clock the server gave against the players' watches; returns the
    time each timed move was charged (ms)."""
    left = {"A": initial * 1000, "B": initial * 1000}
    moved: set[str] = set()
    charged = []
    for index, move in enumerate(table.played):
        after = move.answer["clocks"]
        other = "B" if move.seat == "A" else "A"
        # the other clock, running now if its seat has moved, counts down from its turn's start
        assert left[other] - (move.received - move.sent) - TOLERANCE_MS <= after[other] <= left[other], (move, after)
        if other not in moved:
            assert after[other] == left[other], (move, after)
        if move.seat not in moved:  # a seat's first move is free
            assert after[move.seat] == left[move.seat], (move, after)
        else:
            previous = table.played[index - 1]  # the move that began this turn
            charge = left[move.seat] + increment * 1000 - after[move.seat]
            shortest = move.sent - previous.received - TOLERANCE_MS
            longest = move.received - previous.sent + TOLERANCE_MS
            assert shortest <= charge <= longest, (move.ply, move.attempts, charge, shortest, longest)
            charged.append(charge)
        moved.add(move.seat)
        left[move.seat] = after[move.seat]
    # no state read at any time had a waiting player's clock lower than after their move
    by_ply = {m.ply + 1: m.answer["clocks"] for m in table.played}
    for state in table.seen:
        if state["status"] != "over" and state["ply"] in by_ply:
            waiting = "B" if state["to_move"] == "A" else "A"
            assert state["clocks"][waiting] == by_ply[state["ply"]][waiting], state
    return charged


def graded(site, game: int, seconds: float) -> float:
    """Seconds until every move of ``game`` is graded in the database."""
    start = time.monotonic()
    while True:
        [(moves, ungraded)] = site["query"](
            f"select count(*), sum(case when graded_at is null then 1 else 0 end) from puzzles_gamemove"
            f" where game_id = {game}"
        )
        if moves and not ungraded:
            return time.monotonic() - start
        assert time.monotonic() - start < seconds, (moves, ungraded, site["log"].read_text(errors="replace")[-3000:])
        time.sleep(0.2)


def test_processes_killed_during_a_live_game_lose_no_move_and_charge_no_outage(site):
    initial, increment = 40, 1
    faults = {2: "workers", 3: "half-posted", 4: "poll's web process", 5: "posted", 6: "answer lost", 8: "workers"}
    tables, done, left_ungraded = [], set(), []
    started = time.monotonic()
    while len(done) < len(faults):
        table = live_game(site, initial, increment)
        tables.append(table)
        while table.read("A")["status"] != "over":
            ply = len(table.played)
            fault = faults.get(ply) if ply not in done else None
            post_move(table, fault)
            if fault:
                done.add(ply)
            if faults.get(ply - 1) == "workers":  # played just after the workers died (graded by the
                # request itself when the analyses were prepared before, else once a worker is back)
                [(ungraded,)] = site["query"](
                    f"select count(*) from puzzles_gamemove where game_id = {table.game} and ply = {ply}"
                    " and graded_at is null"
                )
                left_ungraded.append(ungraded)
    played_for = time.monotonic() - started

    for table in tables:
        final = table.read("B")
        assert final["status"] == "over"
        # every accepted move once, in order, and nothing else
        assert [(m["ply"], m["side"], m["move"]) for m in final["moves"]] == [
            (p.ply, p.seat, p.move) for p in table.played
        ]
        position = Position.parse(final["start"])
        for entry in final["moves"]:
            position = position.push(entry["move"])
        assert str(position) == final["position"]
        assert position.is_over()
        result = position.result()
        assert (final["result"]["winner"], final["result"]["points"], final["result"]["reason"]) == (
            result.winner,
            result.points,
            result.reason,
        )
        assert "flagged" not in final["result"] or final["result"]["flagged"] is None
        charged = check_clocks(table, initial, increment)
        assert final["clocks"] == table.played[-1].answer["clocks"]
        # the grades come once the workers are back (supervisord restarts them)
        waited = graded(site, table.game, 60)
        final = table.read("A")
        assert all(m["grade"] is not None and m["value"] is not None for m in final["moves"]), final["moves"]
        print(f"game {table.game}: {len(table.played)} moves, charged {charged} ms, graded {waited:.1f} s later")
    [(count,)] = site["query"](
        f"select count(*) from puzzles_gamemove where game_id in ({','.join(str(t.game) for t in tables)})"
    )
    assert count == sum(len(t.played) for t in tables)
    retried = [p for t in tables for p in t.played if p.attempts > 1]
    assert len(retried) >= 2, "the half-posted move and the one whose answer was lost were sent again"
    print(
        f"played in {played_for:.1f} s; moves sent again: {[(p.ply, p.attempts) for p in retried]};"
        f" moves left ungraded during the outages: {left_ungraded}"
    )


def game_row(site, game: int) -> tuple[str, int, dict | None]:
    [(status, version, result)] = site["query"](f"select status, version, result from puzzles_game where id = {game}")
    return status, version, json.loads(result) if isinstance(result, str) else result


def ungraded(site, game: int) -> int:
    [(count,)] = site["query"](f"select count(*) from puzzles_gamemove where game_id = {game} and graded_at is null")
    return count


def under_way(site, initial: int, increment: int) -> tuple[Table, Table]:
    """Two live games in which both players have made their first move
    (free), the second ones one after the other, so that both clocks of the
    seats to move run from about the same time; neither over (a deal can be
    blocked from its first moves)."""
    for _ in range(10):
        tables = [live_game(site, initial, increment) for _ in range(2)]
        for _first_moves in range(2):
            for table in tables:
                if table.read("A")["status"] != "over":
                    post_move(table, None)
        if all(table.read("A")["status"] != "over" for table in tables):
            return tables[0], tables[1]
    raise AssertionError("every deal was over at once")


def taken_deadline_tasks(site) -> set[tuple[int, int]]:
    """The (game, ply) of the deadline tasks a worker has taken and not acknowledged."""
    found = set()
    for raw in redis.Redis.from_url(site["redis"]).hvals("unacked"):
        headers = json.loads(raw)[0].get("headers") or {}
        if headers.get("task") == "puzzles.games.tasks.deadline_task":
            found.add(tuple(ast.literal_eval(headers["argsrepr"])))
    return found


def test_a_deadline_passed_while_the_workers_are_dead_flags_the_right_seat_once(site):
    # time enough for the workers to take the deadline tasks and be killed
    # before the clocks run out, on a loaded machine too: the sweep queues
    # each deadline task 15 to 10 s before its deadline (``REQUEUE_EVERY``),
    # and the workers are killed at the latest 4 s before it, time for the
    # reads below before the deadline
    initial, increment = 20, 0
    polled, swept = under_way(site, initial, increment)
    deadline = min(t.read("A")["deadline"] for t in (polled, swept)) / 1000
    # a worker has taken each game's deadline task: it holds it until the
    # deadline, unacknowledged, and it dies with the worker (the broker hands
    # it out again only after its visibility timeout, an hour)
    while not {(polled.game, 2), (swept.game, 2)} <= taken_deadline_tasks(site):
        assert time.time() < deadline - 4, taken_deadline_tasks(site)
        time.sleep(0.05)
    for name in ("grades", "main", "beat"):
        os.kill(supervised_pid(site, name), signal.SIGKILL)
    supervisorctl(site, "stop", "grades", "main", "beat")
    try:
        before = {t.game: t.read("A") for t in (polled, swept)}
        for state in before.values():
            assert state["status"] != "over", state
            assert state["clock_running"] == state["to_move"], state

        # the polled game: its waiting player's long poll ends it once the deadline has passed
        state = before[polled.game]
        waiting = "B" if state["to_move"] == "A" else "A"
        guest = polled.guests[waiting]
        version, flagged_at = state["version"], None
        end = time.monotonic() + initial + 20
        while flagged_at is None:
            assert time.monotonic() < end, "no poll ended the game"
            status, answer = guest.retrying("GET", f"/api/games/{polled.game}/?wait={version}&timeout={POLL_SECONDS}")
            if status == 200:
                version = answer["version"]
                if answer["status"] == "over":
                    flagged_at = time.monotonic()
                    # by the first poll sent after the deadline (one held over it answers 304 at its timeout)
                    late = time.time() - state["deadline"] / 1000
                    assert 0 <= late < POLL_SECONDS + 5, late
                    assert answer["result"]["reason"] == "time"
                    assert answer["result"]["flagged"] == state["to_move"]
                    assert answer["clocks"][state["to_move"]] == 0
                    assert answer["clocks"][waiting] == state["clocks"][waiting]
        over = game_row(site, polled.game)
        assert over[1] == state["version"] + 1, over  # ended once

        # the game nobody reads stays on until the beat and the workers are back
        time.sleep(max(0.0, before[swept.game]["deadline"] / 1000 + 1 - time.time()))
        status, version_swept, _ = game_row(site, swept.game)
        assert status != "over"
        assert (swept.game, 2) in taken_deadline_tasks(site)  # lost with its worker: the sweep must end the game
    finally:
        back = time.monotonic()
        supervisorctl(site, "start", "grades", "main", "beat")
    while game_row(site, swept.game)[0] != "over":
        assert time.monotonic() - back < 60, site["log"].read_text(errors="replace")[-3000:]
        time.sleep(0.2)
    swept_after = time.monotonic() - back
    state = before[swept.game]
    # a game between people is graded once it is over: one more version for the grades, none for the end
    while ungraded(site, swept.game) or ungraded(site, polled.game):
        assert time.monotonic() - back < 120, site["log"].read_text(errors="replace")[-3000:]
        time.sleep(0.2)
    status, version, result = game_row(site, swept.game)
    assert version == version_swept + 2
    assert result["reason"] == "time"
    assert result["flagged"] == state["to_move"]
    rules = Position.parse(state["position"])
    assert result["winner"] == rules.variant.team_name(1 - rules.variant.team_of(state["to_move"]))
    assert result["points"] == rules.team_pips(rules.variant.team_of(state["to_move"]))
    graded_polled = game_row(site, polled.game)
    assert graded_polled == (over[0], over[1] + 1, over[2])
    # nothing ends either game a second time, nor grades it twice: reads, the sweep, the deadline tasks
    time.sleep(3)
    for table, seen in ((polled, graded_polled), (swept, (status, version, result))):
        table.read("A")
        assert game_row(site, table.game) == seen
    print(f"flagged by a poll {late:.1f} s after the deadline; swept {swept_after:.1f} s after the workers were back")
