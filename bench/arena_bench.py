"""A live arena under load, on loopback: the tournaments issue's figures.

It starts the site as ``make run`` does (``site_bench.Site``), signs an account
up through the form, makes one live arena and has ``--players`` guests (1,000)
join it.  Each keeps the arena's page open all along as its script does (the
event's WebSocket, sent the event after each change; with ``--transport poll``
a long poll ``?wait=<version>&timeout=25``, asked again at once); when ``your_game``
shows a new game it opens the game's WebSocket, reads the game, plays legal
moves on the socket after a ``--think`` of 1 to 3 s, then waits to be paired
again.  A guest is two keep-alive HTTP connections (a small HTTP/1.1 client
here) and a socket (``websockets``), all on one asyncio loop.

After ``--warmup`` s it measures for ``--seconds`` s against the issue's
targets: a move reaching the opponent (the mover's send to the opponent's
event, as ``people_bench.py``: median 15 ms, p95 50 ms); the standings on
every open page within 1 s of a game's end (for each game end in the window,
the ending move's answer, and each page: until its long poll gave a version
counting it, taken as the lowest at which either player's own row showed it:
an upper bound, so the delays are too; p95 checked, max shown); a waiting
player in a new game within 2 s (median) of it being possible (from the later
of the partners' game ends to the page showing the game; also from their own
end, and how many waited longer with no one else free); the web server's CPU
a move (/proc; ``--one-core``: on core 0 by ``taskset``); the games at once
and the bench's own event-loop lag (a late loop inflates every delay).

    .venv/bin/python bench/arena_bench.py [--players 1000] [--seconds 300] [--database postgresql]
        [--one-core] [--minutes N] [--clock 3+2] [--think 1-3] [--warmup 30]
"""

from __future__ import annotations

import argparse
import asyncio
import bisect
import http.cookiejar
import json
import random
import resource
import statistics
import sys
import time
import urllib.parse
import urllib.request
from array import array
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import site_bench as sb  # noqa: E402
from people_bench import TARGETS as RELAY  # noqa: E402
from people_bench import hold_web_to_one_core, web_at_rest  # noqa: E402
from people_stream import QUIET, from_event  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402

from scripts.load_moves import percentile  # noqa: E402

TARGETS = {**RELAY, "standings_s": 1.0, "pairing_s": 2.0}
PASSWORD = "a-long-pass-phrase-29"
POLL_SECONDS = 25  # the page script's hold
GRACE = 5.0  # game ends this close to the window's end are not waited for


def signed_up(port: int) -> sb.Client:
    """An account's session (signed up through the page's form)."""
    base = f"http://127.0.0.1:{port}"
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    opener.open(base + "/api/puzzles/themes/", timeout=30).read()
    token = next(c.value for c in jar if c.name == "csrftoken")
    body = {"username": "organiser", "password1": PASSWORD, "password2": PASSWORD, "csrfmiddlewaretoken": token}
    request = urllib.request.Request(
        base + "/accounts/signup/", data=urllib.parse.urlencode(body).encode(), headers={"Referer": base + "/"}
    )
    opener.open(request, timeout=30).read()
    client = sb.Client(port)
    client.cookies = {c.name: c.value for c in jar}
    if "sessionid" not in client.cookies:
        raise SystemExit(f"the sign-up gave no session: {sorted(client.cookies)}")
    return client


class Http:
    """One keep-alive HTTP/1.1 connection of a guest's session on the loop."""

    def __init__(self, port: int, cookies: dict[str, str]) -> None:
        self.port, self.cookies = port, cookies
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None

    async def call(self, method: str, path: str, body: dict | None = None, timeout: float = 60) -> tuple[int, dict]:
        """The status and JSON body; sent again once on a new connection if
        the kept-alive one was closed (the bench sends no move this way)."""
        for attempt in range(2):
            try:
                return await asyncio.wait_for(self._call(method, path, body), timeout)
            except (OSError, EOFError, ValueError, asyncio.IncompleteReadError) as exc:  # OSError: a timeout too
                self.close()
                if attempt or isinstance(exc, TimeoutError):
                    raise RuntimeError(f"{method} {path}: {type(exc).__name__} {exc}") from None
        raise AssertionError("unreachable")

    async def _call(self, method: str, path: str, body: dict | None) -> tuple[int, dict]:
        if self.writer is None:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self.reader is not None
        data = b"" if body is None else json.dumps(body).encode()
        head = [f"{method} {path} HTTP/1.1", f"Host: 127.0.0.1:{self.port}", "Accept: application/json"]
        if self.cookies:
            head.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        if method != "GET":
            head += [f"X-CSRFToken: {self.cookies.get('csrftoken', '')}", "Content-Type: application/json"]
            head.append(f"Content-Length: {len(data)}")
        self.writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
        line = await self.reader.readline()
        if not line:
            raise EOFError("the server closed the connection")
        status = int(line.split()[1])
        headers = {}
        while (line := await self.reader.readline()) not in (b"\r\n", b"\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            headers[name.strip().lower()] = value = value.strip()
            if name.strip().lower() == "set-cookie":
                key, _, rest = value.partition("=")
                self.cookies[key.strip()] = rest.split(";", 1)[0]
        if "chunked" in headers.get("transfer-encoding", "").lower():
            parts = []
            while size := int((await self.reader.readline()).split(b";")[0], 16):
                parts.append((await self.reader.readexactly(size + 2))[:-2])
            await self.reader.readline()
            raw = b"".join(parts)
        else:
            raw = await self.reader.readexactly(int(headers.get("content-length", 0)))
        if headers.get("connection", "").lower() == "close":
            self.close()
        try:
            return status, json.loads(raw) if raw else {}
        except ValueError:
            return status, {"error": raw[:200].decode(errors="replace")}


@dataclass
class Guest:
    """One player: their session, their page's observations and their games."""

    index: int
    rng: random.Random
    cookies: dict[str, str] = field(default_factory=dict)
    versions: array = field(default_factory=lambda: array("q"))  # the page's versions, rising
    arrivals: array = field(default_factory=lambda: array("d"))  # when the page had each (perf_counter)
    counted: list[int] = field(default_factory=list)  # [k]: the first version showing their game k+1 counted
    games: asyncio.Queue = field(default_factory=asyncio.Queue)  # game ids to play
    last_game: int | None = None
    played: int = 0  # games given so far
    free_at: float | None = None  # when their last game ended, while waiting for the next
    alone: bool = False  # no one else was free when it ended
    sent: int = 0  # moves sent on a socket (their ids)


class Arena:
    """The run: the guests, what they saw, and the figures taken from it."""

    def __init__(self, port: int, tournament_id: int, args: argparse.Namespace) -> None:
        self.port, self.args = port, args
        self.path = f"/api/tournaments/{tournament_id}/"
        self.think = tuple(float(x) for x in args.think.split("-"))
        self.guests = [Guest(i, random.Random(i)) for i in range(args.players)]
        self.window, self.moves, self.live, self.stopping = (float("inf"), float("inf")), 0, 0, False
        self.relay: list[float] = []  # seconds from a move's send to the opponent having it
        self.errors: list[str] = []
        self.boards: dict[int, dict[int, float]] = {}  # game -> ply -> when its move was sent
        self.players: dict[int, list[int]] = {}  # game -> the guests it was given to
        self.ends: dict[int, float] = {}  # game -> when it ended
        self.counts: list[tuple[float, list[tuple[int, int]]]] = []  # (end, [(guest, its game number)])
        self.pairings: dict[int, list[tuple[float | None, float, bool]]] = {}  # (free since, given, alone)
        self.paired: list[tuple[float, float, bool]] = []  # (from both free, from own end, alone)
        self.free: set[int] = set()  # the guests waiting to be paired
        self.concurrent: list[int] = []
        self.lag: list[float] = []

    def within(self, at: float) -> bool:
        return self.window[0] <= at <= self.window[1]

    async def join(self, guest: Guest, gate: asyncio.Semaphore) -> tuple[Http, Http] | None:
        calls = Http(self.port, guest.cookies)
        async with gate:
            try:
                await calls.call("GET", "/api/puzzles/themes/")  # the CSRF cookie
                status, state = await calls.call("POST", self.path + "join/", {})
            except RuntimeError as exc:
                self.errors.append(f"join: {exc}")
                return None
        if status != 200:
            self.errors.append(f"join: {status} {state}")
            return None
        self.take(guest, state, time.perf_counter())
        return calls, Http(self.port, guest.cookies)

    async def page(self, guest: Guest, poll: Http) -> None:
        if self.args.transport == "stream":
            await self.page_stream(guest)
            return
        while not self.stopping:
            version = guest.versions[-1]
            try:
                status, state = await poll.call(
                    "GET", f"{self.path}?wait={version}&timeout={POLL_SECONDS}", timeout=POLL_SECONDS + 90
                )
            except RuntimeError as exc:
                self.errors.append(f"page: {exc}")
                await asyncio.sleep(1)
                continue
            if status == 200:
                self.take(guest, state, time.perf_counter())
                if state["status"] == "finished":
                    return
            elif status != 304:
                self.errors.append(f"page: {status} {state}")
                await asyncio.sleep(1)

    async def page_stream(self, guest: Guest) -> None:
        """The page on the event's socket: each event it is sent, taken as it arrives."""
        base, cookie = f"127.0.0.1:{self.port}", {"Cookie": "; ".join(f"{k}={v}" for k, v in guest.cookies.items())}
        origin: Any = f"http://{base}"
        url = f"ws://{base}/ws/tournaments/{self.path.strip('/').rsplit('/', 1)[-1]}/"
        while not self.stopping:
            try:
                async with connect(
                    url, origin=origin, additional_headers=cookie, ping_interval=None, compression=None, open_timeout=60
                ) as socket:
                    while not self.stopping:
                        try:
                            raw = await asyncio.wait_for(socket.recv(), 5)
                        except TimeoutError:
                            continue
                        state = json.loads(raw)
                        self.take(guest, state, time.perf_counter())
                        if state["status"] == "finished":
                            return
            except Exception as exc:  # noqa: BLE001 - counted, and the page opens its socket again
                self.errors.append(f"page socket: {exc!r}")
                await asyncio.sleep(1)

    def take(self, guest: Guest, state: dict, arrived: float) -> None:
        """A page's answer: its version, the guest's own row, their game."""
        version = state["version"]
        if not guest.versions or version > guest.versions[-1]:
            guest.versions.append(version)
            guest.arrivals.append(arrived)
        own = next((row for row in state["standings"] if row.get("you")), None)
        while own is not None and len(guest.counted) < len(own["sheet"]):
            guest.counted.append(version)
        game = state.get("your_game")
        if game and game["id"] != guest.last_game:
            guest.last_game = game["id"]
            self.given(guest, game["id"], arrived)
            guest.games.put_nowait(game["id"])

    def given(self, guest: Guest, game_id: int, arrived: float) -> None:
        """A new game on a guest's page: the re-pairing's delays once both partners have it."""
        players = self.players.setdefault(game_id, [])
        players.append(guest.index)
        if len(players) == 1:
            self.live += 1
        guest.played += 1
        self.free.discard(guest.index)
        rows = self.pairings.setdefault(game_id, [])
        rows.append((guest.free_at, arrived, guest.alone))
        guest.free_at = None
        if len(rows) == 2:
            del self.pairings[game_id]
            if rows[0][0] is not None and rows[1][0] is not None:  # a re-pairing of both
                both = max(rows[0][0], rows[1][0])
                self.paired += [(at - both, at - free, alone) for free, at, alone in rows if self.within(at)]

    def ended(self, game_id: int, at: float) -> None:
        """A game is over (first told, at ``at``): its players are free."""
        if game_id in self.ends:
            return
        self.ends[game_id] = at
        self.live -= 1
        players = self.players.get(game_id, [])
        self.free.update(players)
        others = len(self.free) - len(players)
        for index in players:
            guest = self.guests[index]
            guest.free_at, guest.alone = at, others == 0
        if self.within(at):
            self.counts.append((at, [(i, self.guests[i].played) for i in players]))

    async def play(self, guest: Guest, calls: Http) -> None:
        while not self.stopping:
            game_id = await guest.games.get()
            try:
                await self.play_game(guest, calls, game_id)
            except Exception as exc:  # noqa: BLE001 - counted and shown
                self.errors.append(f"game {game_id}: {type(exc).__name__}: {exc}")

    async def read(self, calls: Http, game_id: int) -> dict:
        status, game = await calls.call("GET", f"/api/games/{game_id}/")
        if status != 200:
            raise RuntimeError(f"GET game: {status} {game}")
        return game

    async def play_game(self, guest: Guest, calls: Http, game_id: int) -> None:
        base, cookie = f"127.0.0.1:{self.port}", {"Cookie": "; ".join(f"{k}={v}" for k, v in guest.cookies.items())}
        origin: Any = f"http://{base}"
        url = f"ws://{base}/ws/games/{game_id}/"
        async with connect(
            url, origin=origin, additional_headers=cookie, ping_interval=None, compression=None
        ) as socket:
            hello = json.loads(await asyncio.wait_for(socket.recv(), 60))
            if hello.get("type") != "hello":
                raise RuntimeError(f"the first event is not a hello: {hello}")
            game = await self.read(calls, game_id)  # read once the socket is open: no move missed
            seat, board = game["my_seat"], self.boards.setdefault(game_id, {})
            held: deque[tuple[float, dict]] = deque()  # events that came while a move's answer was awaited
            while game["status"] != "over" and not self.stopping:
                if game["to_move"] != seat:
                    game = await self.wait(socket, calls, game, held, board)
                else:
                    game = await self.move(guest, socket, calls, game, held, board)
        if game["status"] == "over":
            self.ended(game_id, time.perf_counter())

    async def wait(self, socket, calls: Http, game: dict, held: deque, board: dict[int, float]) -> dict:
        """The game after the opponent's next event (as ``people_stream.Follow``)."""
        if held:
            arrived, event = held.popleft()
        else:
            try:
                event = json.loads(await asyncio.wait_for(socket.recv(), QUIET))
                arrived = time.perf_counter()
            except TimeoutError:
                return await self.read(calls, game["id"])
        kind = event.get("type")
        if kind in ("hello", "played", "refused") or (kind == "move" and event["version"] <= game["version"]):
            return game
        if kind == "move" and event["version"] == game["version"] + 1 and event.get("you") is not None:
            seen = from_event(game, event)
        else:  # "changed", a move that does not follow on (one missed): read the game
            seen = await self.read(calls, game["id"])
            arrived = time.perf_counter()
        sent = board.get(seen["ply"] - 1)
        if seen["ply"] > game["ply"] and sent is not None and self.within(sent):
            self.relay.append(arrived - sent)
        return seen

    async def move(self, guest: Guest, socket, calls: Http, game: dict, held: deque, board: dict) -> dict:
        await asyncio.sleep(guest.rng.uniform(*self.think))
        ply, chosen = game["ply"], guest.rng.choice(game["legal_moves"])
        guest.sent += 1
        board[ply] = sent = time.perf_counter()
        await socket.send(json.dumps({"type": "move", "move": chosen, "ply": ply, "id": guest.sent}))
        while True:
            answer = json.loads(await asyncio.wait_for(socket.recv(), 90))
            if answer.get("type") in ("played", "refused") and answer.get("id") == guest.sent:
                break
            held.append((time.perf_counter(), answer))
        answered = time.perf_counter()
        if answer["type"] == "refused":
            self.errors.append(f"move refused: {answer}")
            return await self.read(calls, game["id"])
        if self.within(sent):
            self.moves += 1
        if answer["event"] is None:  # the move ended the game
            self.ended(game["id"], answered)
            return await self.read(calls, game["id"])
        return {**from_event(game, answer["event"]), "status": "their-move"}

    async def watch(self) -> None:
        """The games in progress each second, and the loop's lag, in the window."""
        tick = 0.1
        while not self.stopping:
            before = time.perf_counter()
            await asyncio.sleep(tick)
            now = time.perf_counter()
            if self.within(now):
                self.lag.append(now - before - tick)
                if len(self.lag) % 10 == 0:
                    self.concurrent.append(self.live)

    async def run(self, processes: dict[str, int]) -> dict:
        gate = asyncio.Semaphore(50)
        started = time.monotonic()
        joined = await asyncio.gather(*(self.join(guest, gate) for guest in self.guests))
        tasks = [asyncio.ensure_future(self.watch())] + [
            asyncio.ensure_future(job)
            for guest, http in zip(self.guests, joined, strict=True)
            if http is not None
            for job in (self.play(guest, http[0]), self.page(guest, http[1]))
        ]
        took, count = time.monotonic() - started, sum(1 for c in joined if c)
        print(f"{count} of {len(self.guests)} guests joined in {took:.1f} s; warming up {self.args.warmup:.0f} s")
        await asyncio.sleep(self.args.warmup)
        cpu = {name: -sb.tree_cpu_seconds(pid, sb.own_tree(name)) for name, pid in processes.items()}
        machine_before, bench_before = sb.machine_busy_seconds(), time.process_time()
        self.window = (time.perf_counter(), time.perf_counter() + self.args.seconds)
        await asyncio.sleep(self.args.seconds)
        cpu = {name: cpu[name] + sb.tree_cpu_seconds(pid, sb.own_tree(name)) for name, pid in processes.items()}
        cpu["the players (this bench)"] = time.process_time() - bench_before
        machine = sb.machine_since(machine_before)
        self.stopping = True
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for connections in joined:
            for connection in connections or ():
                connection.close()
        return {"cpu": cpu, "machine": machine}

    def standings_delays(self) -> tuple[list[float], int, int]:
        """Each (page, game end in the window but its last ``GRACE`` s): seconds until the page had it
        counted; the pairs never seen (their wait to the end counted); the ends no page showed counted."""
        delays, unseen, unknown = [], 0, 0
        last = self.window[1]
        for at, players in self.counts:
            if at > last - GRACE:
                continue
            shown = [self.guests[i].counted[k - 1] for i, k in players if len(self.guests[i].counted) >= k]
            if not shown:
                unknown += 1
                continue
            version = min(shown)
            for guest in self.guests:
                index = bisect.bisect_left(guest.versions, version)
                if index < len(guest.versions):
                    delays.append(max(0.0, guest.arrivals[index] - at))
                elif guest.versions:
                    unseen += 1
                    delays.append(last - at)
        return delays, unseen, unknown


def figures(values: list[float], scale: float = 1000, unit: str = "ms") -> str:
    if not values:
        return "none"
    shown = [v * scale for v in (statistics.median(values), percentile(values, 95), max(values))]
    return f"median {shown[0]:.1f} {unit}, p95 {shown[1]:.1f} {unit}, max {shown[2]:.1f} {unit} ({len(values)})"


def report(arena: Arena, run: dict, rest: float) -> bool:
    args, relay, (delays, unseen, unknown) = arena.args, arena.relay, arena.standings_delays()
    both, own = [p[0] for p in arena.paired], [p[1] for p in arena.paired]
    lonely = sum(1 for p in arena.paired if p[1] > TARGETS["pairing_s"] and p[2])
    moves, web, at_once = max(arena.moves, 1), run["cpu"].get("web", 0.0), arena.concurrent or [0]
    print(f"\nmeasured {args.seconds:.0f} s, {args.players} players:")
    print(f"  games at once: median {statistics.median(at_once):.0f}, max {max(at_once)}")
    print(f"  {arena.moves} moves ({arena.moves / args.seconds:.1f}/s), {len(arena.counts)} games ended")
    print(f"  a move reaching the opponent: {figures(relay)}")
    print(f"  standings reaching every page (page, game end): {figures(delays, 1, 's')}")
    print(f"    {unseen} pairs never saw it before the end; {unknown} game ends no page showed counted (left out)")
    print(f"  re-paired, from both partners free to the page showing the game: {figures(both, 1, 's')}")
    print(f"            from the player's own game end: {figures(own, 1, 's')}")
    print(f"    {lonely} waited over {TARGETS['pairing_s']:.0f} s with no one else free when their game ended")
    print(f"  bench's event loop late by: {figures(arena.lag)}")
    print(f"  CPU time (from /proc): {run['machine']}; the web server at rest {rest * 1000:.1f} ms a second; ", end="")
    print(", ".join(f"{name} {used:.1f} s ({used / moves * 1000:.1f} ms a move)" for name, used in run["cpu"].items()))
    print("".join(f"  error: {text}\n" for text in arena.errors[:10]), end="")
    rows = [
        ("relay median", statistics.median(relay) * 1000 if relay else None, TARGETS["median_ms"], "ms"),
        ("relay p95", percentile(relay, 95) * 1000 if relay else None, TARGETS["p95_ms"], "ms"),
        ("standings p95 (checked)", percentile(delays, 95) if delays else None, TARGETS["standings_s"], "s"),
        ("standings max", max(delays) if delays else None, TARGETS["standings_s"], "s"),
        ("re-paired median", statistics.median(both) if both else None, TARGETS["pairing_s"], "s"),
    ]
    core = "one core (taskset -c 0)" if args.one_core else "every core"
    print(f"\nsummary ({args.players} players, {args.seconds:.0f} s, web server on {core}):\n  {'':26}", end="")
    print(f" {'measured':>10} {'target':>9}  ratio")
    met = True
    for title, value, target, unit in rows:
        shown = "n/a" if value is None else f"{value:.2f} {unit}" if unit == "s" else f"{value:.1f} {unit}"
        ratio = "n/a" if value is None else f"{value / target:5.2f}x  {'met' if value <= target else 'MISSED'}"
        print(f"  {title:26} {shown:>10} {f'<= {target:g} {unit}':>9}  {ratio}")
        met = met and value is not None and (value <= target or title == "standings max")
    print(f"  {'web CPU a move':26} {f'{web / moves * 1000:.1f} ms':>10} {'(shown)':>9}")
    print(f"  {'games at once (max)':26} {max(at_once):>10} {'(shown)':>9}")
    print(f"  errors {len(arena.errors)}; the targets are {'met' if met else 'NOT met'}")
    return met and not arena.errors


def measure(args: argparse.Namespace, database: str) -> int:
    minutes = args.minutes or max(10, int((args.seconds + args.warmup + args.players / 10 + 180) // 60) + 1)
    initial, increment = (int(x) for x in args.clock.split("+"))
    with sb.Site(database, keep=args.keep) as site:
        if args.one_core:
            hold_web_to_one_core(site)
        organiser = signed_up(site.port)
        body = {"kind": "arena", "clock": {"initial": initial * 60, "increment": increment}, "minutes": minutes}
        status, made = organiser.call("POST", "/api/tournaments/", body)
        if status != 201:
            raise SystemExit(f"POST /api/tournaments/: {status} {made}")
        print(f"arena {made['id']}: {args.clock}, {minutes} minutes; {args.players} guests, {args.think} s a move")
        processes, arena = site.processes(), Arena(site.port, made["id"], args)
        rest = web_at_rest(processes)
        return 0 if report(arena, asyncio.run(arena.run(processes)), rest) else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=300, help="how long to measure")
    parser.add_argument("--warmup", type=float, default=30, help="seconds of play after the joins, not measured")
    parser.add_argument("--minutes", type=int, default=0, help="the arena's length (default: the run's, at least 10)")
    parser.add_argument("--clock", default="3+2", help="the arena's control, minutes+seconds")
    parser.add_argument("--think", default="1-3", help="seconds before each move, uniform between the two")
    parser.add_argument("--database", choices=["sqlite", "postgresql", "both"], default="postgresql")
    parser.add_argument("--one-core", action="store_true", help="the web server held to core 0 (taskset)")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder (logs, database)")
    parser.add_argument(
        "--transport", choices=["stream", "poll"], default="stream", help="how each page follows the event"
    )
    args = parser.parse_args()
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # a socket or two a player, here and in the site
    return sb.on_each_database(args, measure, "an arena on")


if __name__ == "__main__":
    sys.exit(main())
