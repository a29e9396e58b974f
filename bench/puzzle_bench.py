"""Puzzle generator throughput: accepted puzzles per minute with
real Celery worker processes (one worker, concurrency 2: the two workers of
this machine), a real Redis and a scratch SQLite database, and the
acceptance rate (puzzles stored / positions examined).  Target: >= 500/min.
First, the depth of 1,000 freshly mined puzzles (mined in-process): the share
whose first move has at least 3 legal moves, the median number of legal moves
at the first decision, the median line length and the share where the
heaviest stone fails, for today's acceptance rule and, on the same deals, the
former one (``mining.describe(..., legacy=True)``, kept for this comparison).

    .venv/bin/python bench/puzzle_bench.py [--count 2000] [--concurrency 2]

Starts its own redis-server on a free port and its own worker, and stops
both (by their process ids) at the end; nothing else is touched.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

from scratch import scratch_run, stop

ROOT = Path(__file__).resolve().parents[1]
PY = sys.executable
TARGET = 500


def run(args: list[str], env: dict, **kw) -> subprocess.CompletedProcess:
    return subprocess.run([PY, "manage.py", *args], cwd=ROOT, env=env, check=True, capture_output=True, text=True, **kw)


def wait_for_worker(env: dict, timeout: float = 60) -> None:
    code = (
        "import sys, time\n"
        "from config.celery_app import app\n"
        f"deadline = time.time() + {timeout:f}\n"
        "while time.time() < deadline:\n"
        "    if app.control.ping(timeout=1.0): sys.exit(0)\n"
        "sys.exit(1)\n"
    )
    subprocess.run([PY, "-c", code], cwd=ROOT, env=env, check=True)


def _mine_both(seed: int) -> tuple[list[dict], list[dict]]:
    """The puzzles of one deal under today's acceptance rule and the former one (``legacy``)."""
    import django

    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")
    django.setup()
    from puzzles.training import mining

    out: tuple[list[dict], list[dict]] = ([], [])
    for ply, position in enumerate(mining.play_imperfect_game(seed)):
        for i, legacy in enumerate((False, True)):
            candidate = mining.describe(position, seed, ply, legacy=legacy)
            if candidate is not None:
                out[i].append(mining.quality_facts(candidate.facts))
    return out


def depth_report(count: int, processes: int) -> None:
    """Mine fresh deals until ``count`` puzzles pass today's rule, measure the
    same deals under the former rule, and print the depth figures of both."""
    import random
    import statistics
    from multiprocessing import Pool

    rng = random.Random()
    new: list[dict] = []
    old: list[dict] = []
    with Pool(processes) as pool:
        while len(new) < count:
            seeds = [rng.randrange(1 << 63) for _ in range(max(8, int((count - len(new)) / 1.5)))]
            for a, b in pool.imap_unordered(_mine_both, seeds):
                new += a
                old += b
    new = new[:count]

    def figures(rows: list[dict]) -> str:
        return (
            f"first move >= 3 legal {sum(r['legal'] >= 3 for r in rows) / len(rows):6.1%}, "
            f"median legal at the first decision {statistics.median(r['legal'] for r in rows):4.1f}, "
            f"median line {statistics.median(r['line'] for r in rows):4.1f} moves, "
            f"median deep choices {statistics.median(r['depth'] for r in rows):3.1f}, "
            f"heaviest stone fails {sum(r['heaviest_fails'] for r in rows) / len(rows):6.1%}"
        )

    print(f"puzzle depth (in-process mining, {processes} processes, the same deals under both rules)")
    print(f"  now    ({len(new)} puzzles): {figures(new)}")
    print(f"  before ({len(old)} puzzles): {figures(old)}")


def measure(args: argparse.Namespace, scratch: Path, env: dict) -> dict:
    """The generator's run on Celery workers of the scratch site: its summary."""
    run(["migrate", "--noinput", "-v0"], env)
    # The worker writes its log through its own descriptor: ours is closed once the run is over.
    with open(scratch / "worker.log", "w") as worker_log:
        worker = subprocess.Popen(
            [
                PY,
                "-m",
                "celery",
                "-A",
                "config.celery_app",
                "worker",
                "-l",
                "WARNING",
                "-Q",
                "grades,celery",
                "-n",
                f"bench{os.getpid()}@%h",
                "--concurrency",
                str(args.concurrency),
                "--without-gossip",
                "--without-mingle",
            ],
            cwd=ROOT,
            env=env,
            stdout=worker_log,
            stderr=subprocess.STDOUT,
        )
        try:
            wait_for_worker(env)
            # Warm-up (imports, the solver's tables in each worker process), not measured.
            run(["generate_puzzles", "--count", "50", "--json", "--no-progress"], env)
            out = run(
                [
                    "generate_puzzles",
                    "--count",
                    str(args.count),
                    "--json",
                    "--no-progress",
                    "--seeds-per-task",
                    str(args.seeds_per_task),
                ],
                env,
            ).stdout
            return json.loads(out.strip().splitlines()[-1])
        finally:
            stop(worker)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=2000, help="puzzles to generate in the measured run")
    parser.add_argument("--concurrency", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--seeds-per-task", type=int, default=8)
    parser.add_argument("--depth-count", type=int, default=1000, help="fresh puzzles measured for depth (0: skip)")
    parser.add_argument("--depth-only", action="store_true", help="only the depth figures")
    args = parser.parse_args()
    if args.depth_count:
        depth_report(args.depth_count, args.concurrency)
    if args.depth_only:
        return 0

    with scratch_run("puzzle_bench") as (scratch, scratch_env):
        summary = measure(args, scratch, {**os.environ, **scratch_env})
    rate = summary["per_minute"]
    rate = summary["per_minute"]
    print(f"puzzle generator (Celery workers, concurrency {args.concurrency}, Redis, SQLite)")
    print(f"  accepted:    {summary['accepted']} puzzles from {summary['seeds']} deals in {summary['seconds']:.1f} s")
    print(
        f"  throughput:  {rate:.0f} accepted puzzles/minute (target >= {TARGET}) "
        f"{'OK' if rate >= TARGET else 'BELOW TARGET'}"
    )
    print(
        f"  acceptance:  {summary['acceptance']:.1%} ({summary['accepted']} accepted / {summary['examined']} positions examined; "
        f"{summary['candidates']} found, {summary['duplicates']} duplicates)"
    )
    print("  by kind:     " + ", ".join(f"{k} {v}" for k, v in sorted(summary["by_kind"].items())))
    return 0 if rate >= TARGET else 1


if __name__ == "__main__":
    sys.exit(main())
