"""Live games between people under load, on loopback: how fast a move reaches
the opponent, and whether the server's clocks keep time.

It starts the whole site as ``make run`` does (``site_bench.Site``), then:

1. makes ``--games`` pairs of guests (default 200, so 400 players); in each
   pair one challenges by the API (``POST /api/challenges/``, a live 5+3
   game of open domino) and the other accepts (``POST .../accept/``);
2. seats every player at once (each opens its stream and reads its game;
   the time until all 400 are seated is printed apart: that burst is the
   site's arrival of a crowd, not the relay of moves), then plays every game
   to its end at once: a player waits for the opponent's
   move (``--transport``: ``stream``, the default, on the game's WebSocket
   ``/ws/games/<id>/`` as the site's pages do, see ``people_stream.py``; or
   ``poll``, a long poll ``GET /api/games/<id>/?wait=<version>``), thinks 1
   to 3 s (uniformly) and makes a move: with ``stream``, sent on that same
   WebSocket as the page sends it (``{"type": "move"}``, answered with the
   move's event); with ``poll``, posted (``POST /api/games/<id>/moves/``);
3. prints how long a move took to reach the opponent (from just before the
   mover's POST to the opponent having it: the stream's event, or the long
   poll's answer): median, p95 and max, against the targets (15 ms, 50 ms);
   the errors (any answer that is not a 2xx or 304, a stream the server
   closed that could not be opened again, or a game that did not end); the
   streams the server closed are counted apart (each is opened again);
4. checks every clock against time measured by the players: after each of a
   seat's timed moves, the time the server has taken off that seat's clock
   must lie between the shortest and the longest the turn can have lasted as
   the players saw it (from the opponent's POST, answered or sent, to the
   mover's, sent or answered); the drift is how far outside that interval
   the server's total lies, at its worst over a whole game (target 100 ms);
5. prints each process's CPU time a move (from /proc), and the web server's
   net of what it takes at rest (measured for 5 s before the games: a small
   run's few moves would carry it all).

With ``--one-core`` it plays a second set of games on the same site with the
web server (gunicorn's master and workers, every thread) held to core 0 by
``taskset``: the headroom.  With ``--ab REV`` (``people_ab.py``) it is an A/B
in one run: the site of revision REV (a temporary git worktree, this venv,
the same kind of database) with long polls, then this tree's with
``--transport``, and the ratios new/baseline of the web server's CPU time a
move and of the relay's median and p95, against the stream's targets (half
the CPU; 15 ms and 50 ms, on one core too).  The issue's run is

    .venv/bin/python bench/people_bench.py --database postgresql --ab d7d45dc --one-core

(``make bench`` runs it without ``--ab``: the A/B doubles its time.)

    .venv/bin/python bench/people_bench.py [--games 200] [--database sqlite|postgresql|both]
        [--transport stream|poll] [--one-core] [--ab REV]
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

from people_stream import Follow, Hub, from_event  # noqa: E402
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
    reads: int = 0  # GETs the stream's events made the players send (a "changed", a missed event)
    drops: int = 0  # streams the server closed (each opened again)
    seated: threading.Barrier | None = None  # every player at the table before the first move
    seated_after: float = 0.0  # seconds from the start until they all were
    lock: threading.Lock = field(default_factory=threading.Lock)


class Seat:
    """One player of one game, on a thread of its own."""

    def __init__(self, client: Client, board: Board, tally: Tally, seed: int, hub: Hub | None = None) -> None:
        self.client, self.board, self.tally, self.hub = client, board, tally, hub
        self.rng = random.Random(seed)
        self.seat = ""
        self.timed = 0  # the seat's moves whose turn ran its clock
        self.low = self.high = 0.0  # the bounds of the time those turns took, seconds
        self.drift = 0.0
        self.follow: Follow | None = None  # the player's stream, while it plays

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
        # The stream is opened before the game is read: no move is missed between.
        follow = self.hub.follow(self.board.game_id, self.client.cookies) if self.hub else None
        self.follow = follow
        try:
            self.play_on(deadline, follow)
        finally:
            if follow is not None and self.hub is not None:
                self.hub.close(follow)
                with self.tally.lock:
                    self.tally.reads += follow.reads
                    self.tally.drops += follow.drops

    def read(self) -> dict:
        game = self.get()
        assert game is not None
        return game

    def play_on(self, deadline: float, follow: Follow | None) -> None:
        game = self.read()
        self.seat = game["my_seat"]
        if follow is not None and follow.hello.get("seat") != self.seat:
            raise RuntimeError(f"stream: hello {follow.hello} for seat {self.seat}")
        if self.tally.seated is not None:
            self.tally.seated.wait(max(1.0, deadline - time.monotonic()))
        while game["status"] != "over":
            if time.monotonic() > deadline:
                raise RuntimeError(f"game {self.board.game_id} did not end in time")
            if game["to_move"] != self.seat:
                if follow is not None:
                    seen, arrived = follow.next_game(game, self.read)
                else:
                    seen, arrived = self.get(wait=game["version"]), time.perf_counter()
                if seen is None:
                    continue
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
        chosen = self.rng.choice(game["legal_moves"])
        if self.follow is not None and self.hub is not None:  # over the stream, as the page sends it
            status, after = self.move_on_stream(game, chosen)
        else:
            status, after = self.call("POST", f"/api/games/{self.board.game_id}/moves/", {"move": chosen, "ply": ply})
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

    def move_on_stream(self, game: dict, chosen: str) -> tuple[int, dict]:
        """The move sent on the player's stream, as the page sends it: the
        status the API would give and the game after it (from the answer's
        event; read when the move ended the game)."""
        assert self.follow is not None
        assert self.hub is not None
        self.follow.sent += 1
        self.hub.send(self.follow, {"type": "move", "move": chosen, "ply": game["ply"], "id": self.follow.sent})
        answer = self.follow.answer(self.follow.sent)
        if answer["type"] == "refused":
            return answer["status"], answer
        if answer["event"] is None:
            return 201, self.read()
        return 201, {**from_event(game, answer["event"]), "status": "their-move"}


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


def play_games(site: Site, args: argparse.Namespace, transport: str) -> dict:
    """``args.games`` new games played to their end on ``site``, the players
    waiting on ``transport``; the figures, printed as they are taken."""
    tally = Tally()
    hub = Hub(site.port) if transport == "stream" else None
    seats: list[Seat] = []
    for index in range(args.games):
        challenger, opponent, game_id = pair(site.port, index)
        board = Board(game_id)
        seats += [Seat(challenger, board, tally, 2 * index, hub), Seat(opponent, board, tally, 2 * index + 1, hub)]
    print(
        f"{args.games} live games between {len(seats)} guests, {CONTROL['initial'] // 60}+{CONTROL['increment']}, "
        f"1 to 3 s a move, waiting on the {'WebSocket stream' if hub else 'long poll'}"
    )
    processes = site.processes()
    rest = web_at_rest(processes)
    cpu_before = {name: tree_cpu_seconds(pid, own_tree(name)) for name, pid in processes.items()}
    machine_before = machine_busy_seconds()
    players_before = time.process_time()
    started = time.monotonic()
    deadline = started + args.timeout
    tally.seated = threading.Barrier(
        len(seats), action=lambda: setattr(tally, "seated_after", time.monotonic() - started)
    )
    threads = [threading.Thread(target=seat.run, args=(deadline,), daemon=True) for seat in seats]
    for thread in threads:
        thread.start()
    profiles: list = []
    moves_before = 0
    if args.profile:  # py-spy's own CPU time counts in the figures of such a run
        time.sleep(10)  # the games under way
        pids = {name: supervised_pid(site.run_dir, name) for name in ("grades", "main")}
        pids.update({f"web {i + 1}": pid for i, pid in enumerate(web_pids(site)[1:])})
        moves_before = tally.moves
        profiles = start_profiles({k: v for k, v in pids.items() if v}, 20, site.scratch)
    for thread in threads:
        thread.join(max(1.0, deadline + 30 - time.monotonic()))
    elapsed = time.monotonic() - started
    machine = machine_since(machine_before)
    cpu_used = {name: tree_cpu_seconds(pid, own_tree(name)) - cpu_before[name] for name, pid in processes.items()}
    cpu_used["the players (this bench)"] = time.process_time() - players_before
    if hub:
        hub.stop()
    tally.drifts = [seat.drift for seat in seats if seat.timed]
    arrivals = [a * 1000 for a in tally.arrivals]
    figures = {
        "transport": transport,
        "moves": tally.moves,
        "finished": tally.finished,
        "errors": tally.errors,
        "median_ms": statistics.median(arrivals) if arrivals else None,
        "p95_ms": percentile(arrivals, 95) if arrivals else None,
        "web_ms_a_move": cpu_used.get("web", 0.0) / max(tally.moves, 1) * 1000,
        "web_net_ms_a_move": (cpu_used.get("web", 0.0) - rest * elapsed) / max(tally.moves, 1) * 1000,
        "ok": not tally.errors and tally.finished == args.games,
        "drift_ms": max(tally.drifts) if tally.drifts else None,
        "drops": tally.drops,
    }
    where = "the opponent's stream" if hub else "the opponent's long poll"
    print(
        f"  {tally.moves} moves in {elapsed:.1f} s ({tally.moves / elapsed:.1f}/s), "
        f"{tally.finished} of {args.games} games over, errors {len(tally.errors)}"
        + (f"; {tally.reads} GETs after an event (a change, a missed event)" if hub else "")
    )
    print(
        f"  every player at the table (stream open, game read) {tally.seated_after:.1f} s after the start; "
        "the games' moves, and the relay's figures, begin then"
    )
    if tally.drops:
        print(f"  streams the server closed (each opened again, the game read): {tally.drops}")
    if arrivals:
        median, p95 = figures["median_ms"], figures["p95_ms"]
        print(f"  a move reaching {where}: median {median:.1f} ms: {ratio(median, TARGETS['median_ms'])}")
        print(
            f"  {' ' * len(where)}                p95 {p95:.1f} ms: {ratio(p95, TARGETS['p95_ms'])}; "
            f"max {max(arrivals):.1f} ms ({len(arrivals)} moves)"
        )
    if tally.drifts:
        drift = max(tally.drifts)
        print(
            f"  clocks: worst drift over a whole game {drift:.0f} ms: {ratio(drift, TARGETS['drift_ms'])} "
            f"({len(tally.drifts)} seats; median drift {statistics.median(tally.drifts):.0f} ms)"
        )
    moves = max(tally.moves, 1)
    print(
        f"  CPU time (from /proc): {machine}; "
        + ", ".join(f"{name} {used:.1f} s ({used / moves * 1000:.1f} ms a move)" for name, used in cpu_used.items())
    )
    print(
        f"  the web server at rest (5 s before the games): {rest * 1000:.1f} ms of CPU a second; "
        f"net of that, {figures['web_net_ms_a_move']:.1f} ms a move"
    )
    if profiles:
        print("  where the CPU time goes (py-spy, 20 s of the games):")
        print_profiles(profiles, max(1, tally.moves - moves_before))
    for error in tally.errors[:10]:
        print("  error:", error)
    return figures


def web_at_rest(processes: dict[str, int], seconds: float = 5.0) -> float:
    """The web server's CPU seconds a second with no game under way (its
    heartbeat, the channel layer): a small run's moves would carry it all."""
    if "web" not in processes:
        return 0.0
    before = tree_cpu_seconds(processes["web"])
    time.sleep(seconds)
    return (tree_cpu_seconds(processes["web"]) - before) / seconds


def web_pids(site: Site) -> list[int]:
    """The web server's processes: gunicorn's master, then its workers."""
    master = supervised_pid(site.run_dir, "web")
    if not master:
        return []
    children = subprocess.run(["pgrep", "-P", str(master)], capture_output=True, text=True).stdout.split()
    return [master, *(int(pid) for pid in children)]


def hold_to_core(pid: int, core: int) -> None:
    """Process ``pid``, every thread of it, on ``core`` (``taskset``; what it forks later inherits it)."""
    subprocess.run(["taskset", "-a", "-p", "-c", str(core), str(pid)], check=True, capture_output=True)


def hold_web_to_one_core(site: Site) -> None:
    """The web server's processes, every thread of each, on core 0 (a worker
    forked later inherits its master's)."""
    pids = web_pids(site)
    if not pids:
        raise SystemExit("the web server's processes were not found")
    for pid in pids:
        hold_to_core(pid, 0)
    print(f"-- the web server held to core 0 (taskset; {len(pids)} processes) --")


def passes(site: Site, args: argparse.Namespace, transport: str) -> list[dict]:
    """The games on every core, then (``--one-core``) again with the web server held to one."""
    done = [play_games(site, args, transport)]
    if args.one_core:
        hold_web_to_one_core(site)
        done.append(play_games(site, args, transport))
    return done


def measure(args: argparse.Namespace, database: str) -> int:
    if args.ab:
        from people_ab import measure_ab

        return measure_ab(args, database)
    # The beat's sweep and the deadline tasks are the site's own; nothing is lifted here.
    with Site(database, keep=args.keep) as site:
        return 0 if all(figures["ok"] for figures in passes(site, args, args.transport)) else 1


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--timeout", type=float, default=240, help="seconds for every game to end")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder (logs, database)")
    parser.add_argument("--profile", action="store_true", help="py-spy the site's processes for 20 s of the games")
    parser.add_argument("--database", choices=["sqlite", "postgresql", "both"], default="both")
    parser.add_argument(
        "--transport",
        choices=["stream", "poll"],
        default="stream",
        help="how a player waits for the opponent's move: the game's WebSocket, or a long poll",
    )
    parser.add_argument("--one-core", action="store_true", help="then again with the web server on core 0 (taskset)")
    parser.add_argument(
        "--ab", metavar="REV", help="first the site of git revision REV with long polls (a temporary worktree)"
    )
    args = parser.parse_args()
    return on_each_database(args, measure, "games between people on")


if __name__ == "__main__":
    sys.exit(main())
