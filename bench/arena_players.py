"""The arena bench's players (``arena_bench.py``): each guest joins, keeps
the event's page open (its WebSocket, or the long poll), plays each game it
is given on the game's socket, and waits to be paired again; ``Arena`` runs
them all on one asyncio loop and notes, as they happen, what the report's
figures are taken from (``arena_report``)."""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import re
import sys
import time
from array import array
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import site_bench as sb  # noqa: E402
from arena_setup import Http  # noqa: E402
from people_stream import QUIET, from_event  # noqa: E402
from websockets.asyncio.client import connect  # noqa: E402

POLL_SECONDS = 25  # the page script's hold
PROFILED = 20  # seconds of the window py-spy samples the web workers (``--profile``)


_VERSION, _STATUS = re.compile(r'"version":(\d+)'), re.compile(r'"status":"(\w+)"')


def _head(raw: str | bytes) -> tuple[int, str]:
    """The version and status of an event's JSON, read from its head (the
    first keys, before the standings) without decoding the rest: the bench
    decodes a thousand pages' copies of each version on one loop."""
    text = raw if isinstance(raw, str) else raw.decode()
    head = text[: text.find('"standings":')]
    version, status = _VERSION.search(head), _STATUS.search(head)
    if version is None or status is None:
        state = json.loads(text)
        return state["version"], state["status"]
    return int(version.group(1)), status.group(1)


@dataclass
class Guest:
    """One player: their session, their page's observations and their games."""

    index: int
    rng: random.Random
    sits: bool  # sits out: joins, leaves before the start, keeps the page open (in the standings, not paired)
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

    def __init__(self, port: int, tournament_id: int, args: argparse.Namespace, starts: float) -> None:
        self.port, self.args, self.starts = port, args, starts
        self.path = f"/api/tournaments/{tournament_id}/"
        self.think = tuple(float(x) for x in args.think.split("-"))
        self.guests = [Guest(i, random.Random(i), sits=i >= 2 * args.games) for i in range(args.players)]
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
        self.profiled: tuple[dict[str, int], Path] | None = None  # (processes, folder): py-spy them in the window

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
        if guest.sits:
            async with gate:
                status, state = await calls.call("POST", self.path + "leave/", {})
            if status != 200:
                self.errors.append(f"leave: {status} {state}")
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
                    "GET", f"{self.path}?page=mine&wait={version}&timeout={POLL_SECONDS}", timeout=POLL_SECONDS + 90
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
        url = f"ws://{base}/ws/tournaments/{self.path.strip('/').rsplit('/', 1)[-1]}/?page=mine"
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
                        arrived = time.perf_counter()
                        if guest.sits:  # a sitter's page: its version is all it needs
                            version, status = _head(raw)
                            self.seen(guest, version, arrived)
                        else:
                            state = json.loads(raw)
                            self.take(guest, state, arrived)
                            status = state["status"]
                        if status == "finished":
                            return
            except Exception as exc:  # noqa: BLE001 - counted, and the page opens its socket again
                self.errors.append(f"page socket: {exc!r}")
                await asyncio.sleep(1)

    def seen(self, guest: Guest, version: int, arrived: float) -> None:
        """A page had the event at ``version``."""
        if not guest.versions or version > guest.versions[-1]:
            guest.versions.append(version)
            guest.arrivals.append(arrived)

    def take(self, guest: Guest, state: dict, arrived: float) -> None:
        """A page's answer: its version, the guest's own row, their game."""
        version = state["version"]
        self.seen(guest, version, arrived)
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
        sitters_first = sorted(self.guests, key=lambda guest: not guest.sits)
        joins = {guest.index: asyncio.ensure_future(self.join(guest, gate)) for guest in sitters_first}
        joined = [await joins[guest.index] for guest in self.guests]
        tasks = [asyncio.ensure_future(self.watch())] + [
            asyncio.ensure_future(job)
            for guest, http in zip(self.guests, joined, strict=True)
            if http is not None
            for job in (self.play(guest, http[0]), self.page(guest, http[1]))
        ]
        took, count = time.monotonic() - started, sum(1 for c in joined if c)
        late = time.monotonic() - self.starts
        print(
            f"{count} of {len(self.guests)} guests joined in {took:.1f} s ({abs(late):.0f} s {'after' if late > 0 else 'before'} the start); warming up {self.args.warmup:.0f} s"
        )
        await asyncio.sleep(max(0.0, -late) + self.args.warmup)
        cpu = {name: -sb.tree_cpu_seconds(pid, sb.own_tree(name)) for name, pid in processes.items()}
        machine_before, bench_before = sb.machine_busy_seconds(), time.process_time()
        self.window = (time.perf_counter(), time.perf_counter() + self.args.seconds)
        profiles = sb.start_profiles(self.profiled[0], PROFILED, self.profiled[1]) if self.profiled else []
        await asyncio.sleep(min(PROFILED, self.args.seconds))
        profiled_moves = self.moves
        await asyncio.sleep(max(0.0, self.args.seconds - PROFILED))
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
        if profiles:
            print("  where the web workers' CPU time goes (py-spy, 20 s of the window):")
            sb.print_profiles(profiles, profiled_moves)
        return {"cpu": cpu, "machine": machine}
