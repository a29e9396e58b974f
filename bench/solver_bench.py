"""Solver benchmark (`make bench`): figures and ratios, never pass/fail timing.

Prints, for a fixed set of fresh deals and of middlegames: median and worst
time per full analysis (every legal move's exact value plus the main line),
states visited per second, peak memory, and the speed-up over the pure-Python
reference solver measured in this same run; then the batch mode of the CLI
(20 fresh deals through one `python -m solver analyse --json -`).
"""
from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.setrecursionlimit(10_000)
ROOT = Path(__file__).resolve().parents[1]
# tests/ for the test positions (corpus.py), after the repository itself: with
# tests/ alone on the path, ``import solver`` would find tests/solver/ (the
# solver's tests) and import it as an empty namespace package.
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from corpus import random_game  # noqa: E402

from solver import _core, analyse, deal  # noqa: E402


def timed(position, engine="core"):
    if engine == "core":
        _core.forget()  # cold: every analysis starts with an empty table
    start = time.perf_counter()
    analysis = analyse(position, engine=engine)
    return time.perf_counter() - start, analysis


def report(name, positions):
    times, nodes = [], []
    for position in positions:
        seconds, analysis = timed(position)
        times.append(seconds)
        nodes.append(analysis.nodes)
    ms = [t * 1000 for t in times]
    print(f"{name:<22} {len(ms):>4} positions   median {statistics.median(ms):7.2f} ms   "
          f"worst {max(ms):7.2f} ms   mean nodes {statistics.mean(nodes):9.0f}   "
          f"states/s {sum(nodes) / sum(times) / 1e6:5.2f} M")
    return statistics.median(ms)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="fresh deals (seeds 1..N)")
    parser.add_argument("--reference", type=int, default=2, help="fresh deals also solved by the reference")
    args = parser.parse_args()

    fresh = [deal(seed) for seed in range(1, args.deals + 1)]
    games = [game for game in map(random_game, range(1, 4 * args.deals)) if len(game) > 17][: args.deals]
    middle = [game[8] for game in games]
    late = [game[16] for game in games]
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"table {_core.table_bytes() / 2**20:.0f} MiB; single thread; cold table for every analysis\n")
    fresh_median = report("fresh deals", fresh)
    report("middlegames (ply 8)", middle)
    report("endgames (ply 16)", late)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\npeak memory (whole process, RSS) {peak:.0f} MiB (before the searches {rss_before / 1024:.0f} MiB)")
    print(f"target: fresh deal median <= 20 ms: {'met' if fresh_median <= 20 else 'NOT met'} "
          f"({fresh_median:.2f} ms); peak <= 200 MB: {'met' if peak <= 200 else 'NOT met'}")

    # Speed-up over the reference, same positions, same run.
    print("\nspeed-up over the pure-Python reference (same positions, this run):")
    pairs = [("middlegame", p) for p in middle[:5]] + [("fresh deal", p) for p in fresh[: args.reference]]
    core_total = ref_total = 0.0
    for kind, position in pairs:
        ref_seconds, ref = timed(position, "reference")
        core_seconds, core = min((timed(position) for _ in range(3)), key=lambda r: r[0])
        assert ref.to_json() == core.to_json(), str(position)
        core_total += core_seconds
        ref_total += ref_seconds
        print(f"  {kind:<11} reference {ref_seconds * 1000:9.1f} ms ({ref.nodes} states)   "
              f"core {core_seconds * 1000:7.2f} ms   x{ref_seconds / core_seconds:,.0f}")
    print(f"  overall x{ref_total / core_total:,.0f}")

    # Batch mode: one process, 20 fresh deals.
    lines = "".join(f"{deal(seed)}\n" for seed in range(1001, 1021))
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "solver", "analyse", "--json", "-"], input=lines,
                          capture_output=True, text=True, cwd=ROOT)
    elapsed = time.perf_counter() - start
    ok = done.returncode == 0 and len(done.stdout.splitlines()) == 20
    print(f"\nbatch: 20 fresh deals through one `python -m solver analyse --json -`: {elapsed:.2f} s "
          f"including start-up ({'ok' if ok else 'FAILED: ' + done.stderr[-300:]}); target < 1 s: "
          f"{'met' if ok and elapsed < 1 else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
