"""Live games between people under load, on loopback: how fast a move reaches
the opponent, and whether the server's clocks keep time.

It starts the whole site as ``make run`` does (``site_bench.Site``), then:

1. makes ``--games`` pairs of guests (default 200, so 400 players); in each
   pair one challenges by the API (``POST /api/challenges/``, a live 5+3
   game of open domino) and the other accepts (``POST .../accept/``);
2. plays every game to its end at once: a player waits for the opponent's
   move on a long poll (``GET /api/games/<id>/?wait=<version>``), thinks 1 to
   3 s (uniformly) and posts a move (``POST /api/games/<id>/moves/``);
3. prints how long a move took to reach the opponent (from just before the
   mover's POST to the opponent's long poll answering with it): median, p95
   and max, against the targets (15 ms, 50 ms); the errors (any answer that
   is not a 2xx or 304, or a game that did not end);
4. checks every clock against time measured by the players: after each of a
   seat's timed moves, the time the server has taken off that seat's clock
   must lie between the shortest and the longest the turn can have lasted as
   the players saw it (from the opponent's POST, answered or sent, to the
   mover's, sent or answered); the drift is how far outside that interval
   the server's total lies, at its worst over a whole game (target 100 ms);
5. prints each process's CPU time a move (from /proc).

    .venv/bin/python bench/people_bench.py [--games 200] [--database sqlite|postgresql|both]
"""

from __future__ import annotations

import argparse
import http.client
import random
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from site_bench import (  # noqa: E402
    Client,
    Site,
    machine_busy_seconds,
    machine_since,
    on_each_database,
    own_tree,
    print_profiles,
    start_profiles,
    supervised_pid,
    tree_cpu_seconds,
)

from scripts.load_moves import percentile  # noqa: E402

TARGETS = {"median_ms": 15.0, "p95_ms": 50.0, "drift_ms": 100.0}
CONTROL = {"initial": 300, "increment": 3}  # 5+3: no game of 1 to 3 s a move runs out of time


@dataclass
class Board:
    """What the two players of one game share: when each move was sent and
    answered (perf_counter seconds), by ply."""

    game_id: int
    sent: dict[int, float] = field(default_factory=dict)
    answered: dict[int, float] = field(default_factory=dict)


@dataclass
class Tally:
    arrivals: list[float] = field(default_factory=list)  # seconds from a POST to the opponent's poll
    drifts: list[float] = field(default_factory=list)  # each game seat's worst drift, ms
    errors: list[str] = field(default_factory=list)
    moves: int = 0
    finished: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)


class Seat:
    """One player of one game, on a thread of its own."""

    def __init__(self, client: Client, board: Board, tally: Tally, seed: int) -> None:
        self.client, self.board, self.tally = client, board, tally
        self.rng = random.Random(seed)
        self.seat = ""
        self.timed = 0  # the seat's moves whose turn ran its clock
        self.low = self.high = 0.0  # the bounds of the time those turns took, seconds
        self.drift = 0.0

    def call(self, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
        """The request, sent again once on a new connection if the server had
        closed the kept-alive one (a move sent twice is played once)."""
        try:
            return self.client.call(method, path, body)
        except (OSError, http.client.HTTPException):
            return self.client.call(method, path, body)

    def get(self, wait: int | None = None) -> dict | None:
        path = f"/api/games/{self.board.game_id}/" + (f"?wait={wait}&timeout=10" if wait is not None else "")
        status, game = self.call("GET", path)
        if status == 304:
            return None
        if status != 200:
            raise RuntimeError(f"GET game: {status} {game}")
        return game

    def run(self, deadline: float) -> None:
        try:
            self.play(deadline)
        except Exception as exc:  # noqa: BLE001 - counted and shown
            with self.tally.lock:
                self.tally.errors.append(f"{type(exc).__name__}: {exc}")

    def play(self, deadline: float) -> None:
        game = self.get()
        assert game is not None
        self.seat = game["my_seat"]
        while game["status"] != "over":
            if time.monotonic() > deadline:
                raise RuntimeError(f"game {self.board.game_id} did not end in time")
            if game["to_move"] != self.seat:
                seen = self.get(wait=game["version"])
                if seen is None:
                    continue
                arrived = time.perf_counter()
                if seen["ply"] > game["ply"] and seen["ply"] - 1 in self.board.sent:
                    with self.tally.lock:
                        self.tally.arrivals.append(arrived - self.board.sent[seen["ply"] - 1])
                game = seen
                continue
            time.sleep(self.rng.uniform(1.0, 3.0))
            game = self.move(game)

    def move(self, game: dict) -> dict:
        ply = game["ply"]
        running = game.get("clock_running") == self.seat
        sent = time.perf_counter()
        self.board.sent[ply] = sent
        status, after = self.call(
            "POST",
            f"/api/games/{self.board.game_id}/moves/",
            {"move": self.rng.choice(game["legal_moves"]), "ply": ply},
        )
        answered = time.perf_counter()
        self.board.answered[ply] = answered
        if status != 201:
            raise RuntimeError(f"POST move: {status} {after}")
        with self.tally.lock:
            self.tally.moves += 1
            if after["status"] == "over":
                self.tally.finished += 1
        if running and ply - 1 in self.board.answered:
            # The turn began when the opponent's move was taken (between its
            # POST's sending and its answer) and ended when this one was.
            self.timed += 1
            self.low += sent - self.board.answered[ply - 1]
            self.high += answered - self.board.sent[ply - 1]
            if after.get("clocks") and after["status"] != "over":
                used = (CONTROL["initial"] + CONTROL["increment"] * self.timed) - after["clocks"][self.seat] / 1000
                outside = max(0.0, self.low - used, used - self.high)
                self.drift = max(self.drift, outside * 1000)
        return after


def pair(port: int, index: int) -> tuple[Client, Client, int]:
    """Two guests and the game of the one's challenge the other accepted."""
    challenger, opponent = Client(port), Client(port)
    status, challenge = challenger.call(
        "POST",
        "/api/challenges/",
        {"variant": "lewicki", "rated": False, "seat": "A" if index % 2 else "B", "clock": CONTROL},
    )
    if status != 201:
        raise SystemExit(f"POST /api/challenges/: {status} {challenge}")
    status, accepted = opponent.call("POST", f"/api/challenges/{challenge['id']}/accept/", {})
    if status not in (200, 201):
        raise SystemExit(f"accept: {status} {accepted}")
    return challenger, opponent, int(accepted["game"])


def ratio(value: float | None, target: float) -> str:
    if value is None:
        return "n/a"
    return f"{value / target:.2f}x the target ({'met' if value <= target else 'missed'})"


def measure(args: argparse.Namespace, database: str) -> int:
    # The beat's sweep and the deadline tasks are the site's own; nothing is lifted here.
    with Site(database, keep=args.keep) as site:
        tally = Tally()
        seats: list[Seat] = []
        for index in range(args.games):
            challenger, opponent, game_id = pair(site.port, index)
            board = Board(game_id)
            seats += [Seat(challenger, board, tally, 2 * index), Seat(opponent, board, tally, 2 * index + 1)]
        print(
            f"{args.games} live games between {len(seats)} guests, {CONTROL['initial'] // 60}+{CONTROL['increment']}, "
            "1 to 3 s a move"
        )
        processes = site.processes()
        cpu_before = {name: tree_cpu_seconds(pid, own_tree(name)) for name, pid in processes.items()}
        machine_before = machine_busy_seconds()
        started = time.monotonic()
        deadline = started + args.timeout
        threads = [threading.Thread(target=seat.run, args=(deadline,), daemon=True) for seat in seats]
        for thread in threads:
            thread.start()
        profiles: list = []
        moves_before = 0
        if args.profile:  # py-spy's own CPU time counts in the figures of such a run
            time.sleep(10)  # the games under way
            pids = {name: supervised_pid(site.run_dir, name) for name in ("grades", "main")}
            master = supervised_pid(site.run_dir, "web")
            if master:
                children = subprocess.run(["pgrep", "-P", str(master)], capture_output=True, text=True).stdout.split()
                pids.update({f"web worker {i + 1}": int(pid) for i, pid in enumerate(children)})
            moves_before = tally.moves
            profiles = start_profiles({k: v for k, v in pids.items() if v}, 20, site.scratch)
        for thread in threads:
            thread.join(max(1.0, deadline + 30 - time.monotonic()))
        elapsed = time.monotonic() - started
        machine = machine_since(machine_before)
        cpu_used = {name: tree_cpu_seconds(pid, own_tree(name)) - cpu_before[name] for name, pid in processes.items()}
        tally.drifts = [seat.drift for seat in seats if seat.timed]
        arrivals = [a * 1000 for a in tally.arrivals]
        median = statistics.median(arrivals) if arrivals else None
        p95 = percentile(arrivals, 95) if arrivals else None
        drift = max(tally.drifts) if tally.drifts else None
        print(
            f"  {tally.moves} moves in {elapsed:.1f} s ({tally.moves / elapsed:.1f}/s), "
            f"{tally.finished} of {args.games} games over, errors {len(tally.errors)}"
        )
        if arrivals:
            print(
                f"  a move reaching the opponent's long poll: median {median:.1f} ms: {ratio(median, TARGETS['median_ms'])}"
            )
            print(
                f"                                            p95 {p95:.1f} ms: {ratio(p95, TARGETS['p95_ms'])}; "
                f"max {max(arrivals):.1f} ms ({len(arrivals)} moves)"
            )
        if drift is not None:
            print(
                f"  clocks: worst drift over a whole game {drift:.0f} ms: {ratio(drift, TARGETS['drift_ms'])} "
                f"({len(tally.drifts)} seats; median drift {statistics.median(tally.drifts):.0f} ms)"
            )
        moves = max(tally.moves, 1)
        print(
            f"  CPU time (from /proc): {machine}; "
            + ", ".join(f"{name} {used:.1f} s ({used / moves * 1000:.1f} ms a move)" for name, used in cpu_used.items())
        )
        if profiles:
            print("  where the CPU time goes (py-spy, 20 s of the games):")
            print_profiles(profiles, max(1, tally.moves - moves_before))
        for error in tally.errors[:10]:
            print("  error:", error)
        ok = not tally.errors and tally.finished == args.games
        return 0 if ok else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--timeout", type=float, default=240, help="seconds for every game to end")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder (logs, database)")
    parser.add_argument("--profile", action="store_true", help="py-spy the site's processes for 20 s of the games")
    parser.add_argument("--database", choices=["sqlite", "postgresql", "both"], default="both")
    args = parser.parse_args()
    return on_each_database(args, measure, "games between people on")


if __name__ == "__main__":
    sys.exit(main())
