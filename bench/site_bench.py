"""The site under load, on loopback: the graded-move round trip of 20 players
with 500 idle long polls held meanwhile, the saturated throughput, and where
each process spends its CPU time.

It starts the whole site as ``make run`` does (scripts/run.sh: its own Redis on
a spare port, gunicorn with uvicorn workers, the grading worker, the general
worker, beat) with a scratch database and run folder, then:

1. opens ``--idle-polls`` long polls (default 500) from many guest sessions,
   each waiting on a game that does not change, and keeps them open;
2. runs ``scripts/load_moves.py``: 20 players thinking about 1 s a move;
3. checks that every idle poll was still held and that ordinary requests were
   answered meanwhile (their median and maximum);
4. runs the players again with no thinking time (the cores saturated);
5. prints the figures next to the targets (20 ms median, 60 ms p95, 60 graded
   moves a second, 500 polls; on PostgreSQL 15 ms, 40 ms and 70 a second) with
   their ratios;
6. runs the thinking players once more while py-spy samples the web server's
   workers, the grading worker and the general worker (apart from the measured
   runs: the sampler's own CPU time would count in them), and prints each
   process's profile: the share of its samples in each part of the code and
   its busiest functions.

    .venv/bin/python bench/site_bench.py [--seconds 30] [--idle-polls 500] [--no-profile]
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import json
import os
import random
import resource
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from scripts.load_moves import Session  # noqa: E402
from solver import Position, deal  # noqa: E402

TARGETS = {"median_ms": 20.0, "p95_ms": 60.0, "saturated_moves_per_second": 60.0}
# On PostgreSQL the targets are tighter: the figures SQLite reached when the
# site took PostgreSQL on, which a site moved to PostgreSQL must not lose.
TARGETS_ON = {"sqlite": TARGETS, "postgresql": {"median_ms": 15.0, "p95_ms": 40.0, "saturated_moves_per_second": 70.0}}
PROFILE_RATE = 100  # py-spy samples a second: more costs the measured processes time
POLLS_PER_SESSION = 8  # OD_MAX_POLLS_PER_CLIENT: each session holds at most this many


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Client(Session):
    """One guest session (its cookies) on one keep-alive connection to the
    site under test; a dropped connection is an error the caller counts."""

    def __init__(self, port: int) -> None:
        super().__init__("127.0.0.1", port, timeout=40, reconnect=False)

    def clone(self) -> Client:
        """Another connection of the same session."""
        other = Client(self.port)
        other.cookies = dict(self.cookies)
        return other


def late_position(seed: int) -> Position:
    """A position of deal ``seed`` a few stones from the end, A or B to move
    (cheap to analyse: the idle games must not load the workers)."""
    rng = random.Random(seed)
    position = deal(seed)
    for _ in range(22):
        if position.is_over():
            break
        position = position.push(rng.choice(position.legal_moves()))
    return position


class IdlePolls:
    """``count`` long polls held open on games that never change."""

    def __init__(self, port: int, count: int) -> None:
        self.port, self.count = port, count
        self.stop = threading.Event()
        self.lock = threading.Lock()
        self.held = 0
        self.early: list[str] = []  # answered before their timeout: not idle
        self.errors: list[str] = []
        self.threads: list[threading.Thread] = []

    def start(self) -> None:
        sessions = -(-self.count // POLLS_PER_SESSION)
        games = []
        seed = 1
        while len(games) < sessions:
            position = late_position(seed)
            seed += 1
            if position.is_over():
                continue
            client = Client(self.port)
            status, game = client.call("POST", "/api/games/", {"position": str(position), "human": position.side})
            if status != 201:
                raise SystemExit(f"could not create an idle game: {status} {game}")
            games.append((client, game))
        time.sleep(2)  # their first analyses are done
        for index in range(self.count):
            client, game = games[index // POLLS_PER_SESSION]
            thread = threading.Thread(target=self._hold, args=(client.clone(), game["id"]), daemon=True)
            thread.start()
            self.threads.append(thread)

    def _hold(self, client: Client, game_id: int) -> None:
        _, game = client.call("GET", f"/api/games/{game_id}/")
        version = game["version"]
        while not self.stop.is_set():
            with self.lock:
                self.held += 1
            started = time.monotonic()
            try:
                status, game = client.call("GET", f"/api/games/{game_id}/?wait={version}&timeout=25")
            except OSError as exc:
                status, game = -1, {"error": str(exc)}
            with self.lock:
                self.held -= 1
                if status not in (200, 304):
                    self.errors.append(f"{status} {game}")
                elif time.monotonic() - started < 20 and not self.stop.is_set():
                    self.early.append(f"answered after {time.monotonic() - started:.1f} s")
            if status == 200:
                version = game["version"]
            elif status != 304:  # 304: the hold ran out with nothing new; ask again
                time.sleep(1)

    def close(self) -> None:
        self.stop.set()


def ordinary_requests(port: int, count: int = 40) -> list[float]:
    client = Client(port)
    times = []
    for _ in range(count):
        started = time.perf_counter()
        status, _ = client.call("GET", "/api/puzzles/themes/")
        times.append((time.perf_counter() - started) * 1000)
        assert status == 200, status
        time.sleep(0.05)
    return times


# ----------------------------------------------------------------- profiles
PARTS = [  # (part, test on a frame "function (path:line)"), first match from the leaf up
    ("solver (C core and Python)", lambda f: "/solver/" in f),
    ("database (SQLite, ORM)", lambda f: "sqlite3" in f or "/django/db/" in f),
    ("Redis and the broker", lambda f: "/redis/" in f or "/kombu/" in f),
    ("Celery", lambda f: "/celery/" in f or "/billiard/" in f),
    ("templates", lambda f: "/django/template/" in f),
    ("DRF and serialising", lambda f: "/rest_framework/" in f or "json" in f),
    ("the site's code", lambda f: "/puzzles/" in f),
    ("Django request handling", lambda f: "/django/" in f or "/asgiref/" in f),
    (
        "web server (uvicorn, gunicorn)",
        lambda f: "/uvicorn" in f or "/gunicorn/" in f or "/h11/" in f or "httptools" in f or "asyncio" in f,
    ),
    ("logging", lambda f: "/logging/" in f),
]


# Leaves where a thread waits (a lock, a socket, the event loop) rather than
# computes: py-spy cannot always tell an idle thread, so they are counted apart.
WAITING = {
    "wait",
    "poll",
    "select",
    "sleep",
    "accept",
    "recv",
    "recv_into",
    "_recv",
    "_read_from_socket",
    "readinto",
    "read",
    "acquire",
    "_wait_for_tstate_lock",
    "get",
}


def waiting(leaf: str) -> bool:
    name = leaf.partition(" (")[0].rsplit(".", 1)[-1]
    if name == "_worker" and "futures/thread.py" in leaf:
        return True  # an idle thread of a pool, waiting for work (in C: py-spy sees it as running)
    return name in WAITING and (
        "threading.py" in leaf
        or "socket" in leaf
        or "select" in leaf
        or "eventio" in leaf
        or "connection.py" in leaf
        or "queue.py" in leaf
        or "kombu" in leaf
        or "billiard" in leaf
        or "selectors.py" in leaf
    )


def part_of(stack: list[str]) -> str:
    for frame in reversed(stack):  # the innermost frame that names a part
        for name, test in PARTS:
            if test(frame):
                return name
    return "other (interpreter, imports, threads)"


def summarise_profile(path: Path) -> dict:
    parts: collections.Counter[str] = collections.Counter()
    leaves: collections.Counter[str] = collections.Counter()
    total = idle = 0
    if not path.is_file():
        return {"samples": 0}
    for line in path.read_text(errors="replace").splitlines():
        stack_text, _, count_text = line.rpartition(" ")
        if not stack_text or not count_text.isdigit():
            continue
        count = int(count_text)
        stack = [f for f in stack_text.split(";") if not f.startswith("process ") and not f.startswith("thread ")]
        if not stack:
            continue
        leaf = stack[-1]
        if waiting(leaf):
            idle += count
            continue
        total += count
        parts[part_of(stack)] += count
        name, _, where = leaf.partition(" (")
        leaves[f"{name} ({where.rstrip(')').split('/')[-1]})"] += count
    return {"samples": total, "waiting": idle, "parts": parts.most_common(), "leaves": leaves.most_common(8)}


def start_profiles(pids: dict[str, int], seconds: float, folder: Path) -> list[tuple[str, subprocess.Popen, Path]]:
    spy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    if not os.path.exists(spy):
        print("(py-spy is not installed: no profiles)")
        return []
    running = []
    for name, pid in pids.items():
        out = folder / f"{name}.txt"
        proc = subprocess.Popen(
            [
                spy,
                "record",
                "--pid",
                str(pid),
                *(["--subprocesses"] if not name.startswith("web") else []),
                "--duration",
                str(int(seconds)),
                "--rate",
                str(PROFILE_RATE),
                "--format",
                "raw",
                "--full-filenames",
                "--output",
                str(out),
                "--nonblocking",
            ],
            stdout=subprocess.DEVNULL,
            stderr=(folder / f"{name}.err").open("w"),
        )
        running.append((name, proc, out))
    return running


def print_profiles(profiles: list[tuple[str, subprocess.Popen, Path]], moves: int) -> None:
    for name, proc, out in profiles:
        try:
            proc.wait(180)
        except subprocess.TimeoutExpired:
            proc.kill()
        summary = summarise_profile(out)
        samples = summary["samples"]
        if not samples:
            err = out.with_suffix(".err")
            print(f"  {name}: no samples ({err.read_text()[-300:] if err.is_file() else ''})")
            continue
        per_move = samples / PROFILE_RATE / max(moves, 1) * 1000
        print(
            f"  {name}: {samples} busy samples at {PROFILE_RATE}/s = {samples / PROFILE_RATE:.1f} s of CPU, {per_move:.1f} ms a graded move"
            f" ({summary['waiting']} more samples waiting on a lock, a socket or the event loop)"
        )
        for part, count in summary["parts"]:
            print(f"      {count / samples:6.1%}  {part}")
        print("    busiest functions (own time):")
        for leaf, count in summary["leaves"]:
            print(f"      {count / samples:6.1%}  {leaf}")


# --------------------------------------------------------------------- site
def supervised_pid(run_dir: Path, program: str) -> int | None:
    done = subprocess.run(
        [sys.executable, "-m", "supervisor.supervisorctl", "-s", f"unix://{run_dir}/supervisor.sock", "pid", program],
        capture_output=True,
        text=True,
        check=False,
    )
    text = done.stdout.strip()
    return int(text) if text.isdigit() and int(text) > 0 else None


TICKS = os.sysconf("SC_CLK_TCK")


def tree_cpu_seconds(pid: int, children: bool = True) -> float:
    """CPU time (user and system) used so far by a process and its children
    (a Celery worker's pool processes), from /proc."""
    total = 0.0
    pending = [pid]
    while pending:
        current = pending.pop()
        try:
            fields = Path(f"/proc/{current}/stat").read_text().rsplit(")", 1)[1].split()
            total += (int(fields[11]) + int(fields[12])) / TICKS
            if children:
                pending += [int(c) for c in Path(f"/proc/{current}/task/{current}/children").read_text().split()]
        except (OSError, ValueError, IndexError):
            continue
    return total


def machine_busy_seconds() -> tuple[float, float, float]:
    """(busy, stolen, all) CPU seconds of the whole machine so far, from
    /proc/stat.  Stolen is the time the hypervisor gave to other machines
    while this one had work to run (the "steal" column): on a shared host it
    is why the same code measures slower one hour than the next."""
    fields = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    idle = fields[3] + fields[4]
    return (sum(fields) - idle) / TICKS, fields[7] / TICKS, sum(fields) / TICKS


def machine_since(before: tuple[float, float, float]) -> str:
    """How busy the machine was since ``machine_busy_seconds()`` gave ``before``."""
    busy, stolen, every = (now - then for now, then in zip(machine_busy_seconds(), before, strict=True))
    return (
        f"the machine {busy / every:.0%} busy of its {os.cpu_count()} cores ({stolen / every:.0%} stolen by the host)"
    )


def site_processes(run_dir: Path, cluster: Any = None) -> dict[str, int]:
    """The site's processes to count the CPU time of: the supervised ones, the
    PostgreSQL server (its postmaster and the connections' backends) and
    supervisord itself (which passes the processes' output on)."""
    pids = {name: supervised_pid(run_dir, name) for name in ("web", "grades", "main", "beat", "redis")}
    if cluster is not None:
        pids["postgres"] = int((cluster.data / "postmaster.pid").read_text().split()[0])
    with contextlib.suppress(OSError, ValueError, IndexError):
        pids["supervisord"] = int((run_dir / "supervisord.pid").read_text().split()[0])
    return {name: pid for name, pid in pids.items() if pid}


def own_tree(name: str) -> bool:
    """Whether a process's children are counted with it: supervisord's children are the site's processes."""
    return name != "supervisord"


def load(port: int, seconds: float, think: float) -> dict:
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts" / "load_moves.py"),
            "--url",
            f"http://127.0.0.1:{port}",
            "--players",
            "20",
            "--duration",
            str(seconds),
            "--think",
            str(think),
            "--json",
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=seconds + 300,
    )
    try:
        return json.loads(done.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        raise SystemExit(f"the load script failed:\n{done.stdout}\n{done.stderr}") from None


def ratio(value: float | None, target: float, lower_is_better: bool = True) -> str:
    if value is None:
        return "n/a"
    if lower_is_better:
        return f"{value / target:.2f}x the target ({'met' if value <= target else 'missed'})"
    return f"{value / target:.2f}x the target ({'met' if value >= target else 'missed'})"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--saturated-seconds", type=float, default=15)
    parser.add_argument("--idle-polls", type=int, default=500)
    parser.add_argument("--no-profile", action="store_true")
    parser.add_argument("--profile-seconds", type=float, default=20)
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder (logs, database, raw profiles)")
    parser.add_argument(
        "--database",
        choices=["sqlite", "postgresql", "both"],
        default="both",
        help="SQLite (make run's default), a throwaway PostgreSQL cluster, or one after the other",
    )
    args = parser.parse_args()
    return on_each_database(args, measure, "the site on", "SQLite (the default of make run)")


def on_each_database(args: argparse.Namespace, measure: Any, title: str, sqlite: str = "SQLite") -> int:
    """``measure(args, database)`` on SQLite, PostgreSQL or one after the
    other (``--database``), each under its heading; the status of any that
    failed."""
    status = 0
    for database in ["sqlite", "postgresql"] if args.database == "both" else [args.database]:
        print(f"=== {title} {sqlite if database == 'sqlite' else 'PostgreSQL'} ===")
        status |= measure(args, database)
        print()
    return status


class Site:
    """The whole site as ``make run`` starts it (scripts/run.sh), on a scratch
    database (SQLite, or a throwaway PostgreSQL cluster) and run folder, with
    a Redis of its own; ``extra`` adds to its environment; ``root``, another
    checkout to run (``people_ab.py``'s baseline).  A context manager: the
    site is stopped and its folder removed (unless ``keep``) on leaving."""

    def __init__(
        self, database: str, keep: bool = False, extra: dict[str, str] | None = None, root: Path = ROOT
    ) -> None:
        self.database, self.keep, self.extra, self.root = database, keep, extra or {}, root
        self.scratch = Path(tempfile.mkdtemp(prefix="od-bench-"))
        self.run_dir = self.scratch / "run"
        self.cluster: Any = None
        self.process: subprocess.Popen | None = None
        self.port = 0

    def __enter__(self) -> Site:
        try:
            self._start()
        except BaseException:
            self.__exit__()
            raise
        return self

    def _start(self) -> None:
        if self.database == "postgresql":
            from config.testing import Cluster  # a throwaway cluster, as the tests start

            self.cluster = Cluster().start()
            database_url = f"postgres://{self.cluster.user}@127.0.0.1:{self.cluster.port}/postgres"
        else:
            database_url = f"sqlite:///{self.scratch / 'bench.sqlite3'}"
        self.port, redis_port = free_port(), free_port()
        env = {
            **{k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")},
            "PORT": str(self.port),
            "OD_PYTHON": sys.executable,
            "DATABASE_URL": database_url,
            "REDIS_URL": f"redis://127.0.0.1:{redis_port}/0",  # a Redis of its own: no other site takes its tasks
            "OD_RUN_DIR": str(self.run_dir),
            "OD_SECRET_FILE": str(self.scratch / "secret_key"),
            "OD_PUZZLE_POOL_MIN": "0",  # no puzzle mining or library building during the measurement
            "OD_ENDGAMES_MIN": "0",
            # Every scripted player comes from one address: lift the per-client rate
            # limits (the analyses' one counts every new game too).
            "OD_API_RATE_ANON": "1000000/min",
            "OD_API_RATE_USER": "1000000/min",
            "OD_API_RATE_ANALYSES": "1000000/min",
            "OD_API_RATE_ANALYSES_ADDRESS": "1000000/min",
            "OD_API_RATE_LOBBY_ADDRESS": "1000000/hour",  # people_bench's 200 challenges
            "DJANGO_LOG_LEVEL": "WARNING",
            **self.extra,
        }
        log = (self.scratch / "site.log").open("w")
        self.process = subprocess.Popen(
            [str(self.root / "scripts" / "run.sh")],
            cwd=self.root,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        deadline = time.monotonic() + 300  # migrations on a fresh database, on a busy machine
        while True:
            try:
                if Client(self.port).call("GET", "/api/puzzles/themes/", timeout=3)[0] == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline or self.process.poll() is not None:
                raise SystemExit("the site did not start:\n" + (self.scratch / "site.log").read_text()[-3000:])
            time.sleep(0.5)
        time.sleep(3)  # the workers are up

    def processes(self) -> dict[str, int]:
        return site_processes(self.run_dir, self.cluster)

    def __exit__(self, *exc: object) -> None:
        if self.process is not None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
        if self.cluster is not None:
            self.cluster.stop()
        if self.keep:
            print(f"(the scratch folder is kept: {self.scratch})")
        else:
            shutil.rmtree(self.scratch, ignore_errors=True)


def measure(args: argparse.Namespace, database: str) -> int:
    targets = TARGETS_ON[database]
    with Site(database, keep=args.keep) as site:
        port, scratch = site.port, site.scratch
        polls: IdlePolls | None = None
        try:
            if args.idle_polls:
                polls = IdlePolls(port, args.idle_polls)
                polls.start()
                deadline = time.monotonic() + 60
                while polls.held < args.idle_polls and time.monotonic() < deadline:
                    time.sleep(0.5)
                print(f"idle long polls held: {polls.held} of {args.idle_polls}")
            ordinary: list[float] = []
            sampler = threading.Thread(target=lambda: ordinary.extend(ordinary_requests(port)), daemon=True)
            sampler.start()
            processes = site.processes()
            cpu_before = {name: tree_cpu_seconds(pid, own_tree(name)) for name, pid in processes.items()}
            client_before = resource.getrusage(resource.RUSAGE_CHILDREN)
            machine_before = machine_busy_seconds()
            thinking = load(port, args.seconds, 1.0)
            machine = machine_since(machine_before)
            cpu_used = {
                name: tree_cpu_seconds(pid, own_tree(name)) - cpu_before[name] for name, pid in processes.items()
            }
            client_after = resource.getrusage(resource.RUSAGE_CHILDREN)  # the load script, once it has ended
            cpu_used["the players (load script)"] = (
                client_after.ru_utime + client_after.ru_stime - client_before.ru_utime - client_before.ru_stime
            )
            sampler.join(60)
            held_after = polls.held if polls else 0
            print(
                f"\n20 players thinking ~1 s a move, {thinking['seconds']} s, with {held_after} idle long polls open:"
            )
            print(
                f"  {thinking['graded_moves']} graded moves ({thinking['moves_per_second']}/s), errors {thinking['errors']}"
            )
            print(
                f"  round trip median {thinking['median_ms']} ms: {ratio(thinking['median_ms'], targets['median_ms'])}"
            )
            print(f"  round trip p95 {thinking['p95_ms']} ms: {ratio(thinking['p95_ms'], targets['p95_ms'])}")
            print(
                f"  graded in the move's own answer: {thinking['graded_in_answer']} of {thinking['graded_moves']} "
                f"(the others waited for a worker: median {thinking['others_median_ms']} ms)"
            )
            if ordinary:
                print(
                    f"  ordinary requests meanwhile (GET /api/puzzles/themes/): median "
                    f"{statistics.median(ordinary):.1f} ms, max {max(ordinary):.1f} ms"
                )
            if polls:
                print(
                    f"  idle polls: {held_after} held at the end, {len(polls.early)} answered early, "
                    f"{len(polls.errors)} errors"
                )
            moves = max(thinking["graded_moves"], 1)
            print(
                f"  CPU time meanwhile (from /proc): {machine}; "
                + ", ".join(
                    f"{name} {used:.1f} s ({used / moves * 1000:.0f} ms a move)" for name, used in cpu_used.items()
                )
            )

            machine_before = machine_busy_seconds()
            saturated = load(port, args.saturated_seconds, 0.0)
            machine = machine_since(machine_before)
            print(f"\n20 players with no thinking time (saturated), {saturated['seconds']} s:")
            print(
                f"  {saturated['graded_moves']} graded moves, {saturated['moves_per_second']}/s: "
                f"{ratio(saturated['moves_per_second'], targets['saturated_moves_per_second'], lower_is_better=False)}; "
                f"median {saturated['median_ms']} ms, p95 {saturated['p95_ms']} ms, errors {saturated['errors']}; "
                f"{saturated['graded_in_answer']} graded in their own answer; {machine}"
            )

            if not args.no_profile:
                # A run of its own: the sampler takes CPU time of its own, which
                # must not count in the figures above.
                run_dir = scratch / "run"
                pids = {name: supervised_pid(run_dir, name) for name in ("grades", "main")}
                master = supervised_pid(run_dir, "web")
                if master:
                    children = subprocess.run(
                        ["pgrep", "-P", str(master)], capture_output=True, text=True
                    ).stdout.split()
                    pids.update({f"web worker {i + 1}": int(pid) for i, pid in enumerate(children)})
                profiles = start_profiles({k: v for k, v in pids.items() if v}, args.profile_seconds, scratch)
                profiled = load(port, args.profile_seconds, 1.0)
                if profiles:
                    print(
                        f"\nwhere the CPU time goes (py-spy at {PROFILE_RATE}/s, a separate run of the thinking players, "
                        f"{profiled['graded_moves']} graded moves):"
                    )
                    print_profiles(profiles, profiled["graded_moves"])
            ok = thinking["errors"] == 0 and (not polls or not polls.errors)
            return 0 if ok else 1
        finally:
            if polls:
                polls.close()


if __name__ == "__main__":
    sys.exit(main())
