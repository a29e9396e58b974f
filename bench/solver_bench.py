"""Solver benchmark (`make bench`): figures and ratios, never pass/fail timing.

Prints, per variant, for a fixed set of fresh deals, middlegames and endgames:
median and worst time per full analysis (every legal move's exact value plus
the main line) from a cold table, mean states visited and states per second;
then the standard game against today's core (the `_core.c` of commit
BASELINE_COMMIT, built by this script as a separate extension module and
timed on the same deals in the same run), peak memory, the speed-up over the
pure-Python reference solver measured in this same run, and the batch mode of
the CLI (20 fresh deals of each variant through one
`python -m solver analyse --json -`).
"""

from __future__ import annotations

import argparse
import importlib.machinery
import importlib.util
import random
import resource
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
import timeit
from pathlib import Path
from types import ModuleType

sys.setrecursionlimit(10_000)
ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from solver import PASS, Move, Position, _core, analyse, deal  # noqa: E402
from solver.analysis import Analysis  # noqa: E402
from solver.stones import ALL_STONES  # noqa: E402
from solver.variant import VARIANTS, Variant  # noqa: E402

# The commit whose compiled core is "today's core": the one before the
# variants, against which the standard game's speed is compared.
BASELINE_COMMIT = "b55a414b31c62dbd965c7734a8544d67a2aec6dd"

# Targets: median milliseconds per fresh deal (full analysis, cold table).
FRESH_TARGETS = {"block": 0.2, "lewicki9": 3.0, "partnership": 8.0}
RATIO_TARGET = 1.1  # standard game: this core's time over today's core's
PEAK_TARGET_MB = 256
BATCH_TARGET_S = 2.0


# ------------------------------------------------------------- positions


def random_game(seed: int, variant: Variant) -> list[Position]:
    """Every position of a game of deal ``seed`` played with seeded random legal moves."""
    rng = random.Random(seed)
    positions = [deal(seed, variant)]
    while moves := positions[-1].legal_moves():
        positions.append(positions[-1].play(rng.choice(moves)))
    return positions


def sample(variant: Variant, count: int) -> dict[str, list[Position]]:
    """``count`` fresh deals, middlegames and endgames of ``variant`` (seeded).
    A middlegame is the position after 2/7 of the stones dealt have been
    played (ply 8 of the standard game), an endgame after 4/7 (ply 16)."""
    dealt = variant.per_seat * len(variant.seats)
    middle_ply, end_ply = dealt * 2 // 7, dealt * 4 // 7
    games = [g for g in (random_game(seed, variant) for seed in range(1, 6 * count)) if len(g) > end_ply + 1][:count]
    return {
        "fresh deals": [deal(seed, variant) for seed in range(1, count + 1)],
        f"middlegames (ply {middle_ply})": [g[middle_ply] for g in games],
        f"endgames (ply {end_ply})": [g[end_ply] for g in games],
    }


# ------------------------------------------------------------- timing


def timed(position: Position, engine: str = "core") -> tuple[float, Analysis]:
    if engine == "core":
        _core.forget()  # cold: every analysis starts with an empty table
    start = time.perf_counter()
    analysis = analyse(position, engine=engine)
    return time.perf_counter() - start, analysis


def report(name: str, positions: list[Position]) -> float:
    times, nodes = [], []
    for position in positions:
        seconds, analysis = timed(position)
        times.append(seconds)
        nodes.append(analysis.nodes)
    ms = [t * 1000 for t in times]
    print(
        f"  {name:<22} {len(ms):>4} positions   median {statistics.median(ms):7.3f} ms   "
        f"worst {max(ms):8.3f} ms   mean nodes {statistics.mean(nodes):9.0f}   "
        f"states/s {sum(nodes) / sum(times) / 1e6:5.2f} M"
    )
    return statistics.median(ms)


# ------------------------------------------------------- today's core


def build_baseline(directory: Path) -> ModuleType | str:
    """Today's core, compiled from ``BASELINE_COMMIT`` as ``_core_baseline``
    with the flags setup.py uses; a string says why it could not be built."""
    shown = subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{BASELINE_COMMIT}:solver/_core.c"], capture_output=True, text=True
    )
    if shown.returncode != 0:
        return f"git show failed: {shown.stderr.strip()[:200]}"
    source = shown.stdout.replace("PyInit__core(", "PyInit__core_baseline(").replace(
        '.m_name = "_core"', '.m_name = "_core_baseline"'
    )
    c_file = directory / "_core_baseline.c"
    c_file.write_text(source)
    target = directory / f"_core_baseline{sysconfig.get_config_var('EXT_SUFFIX')}"
    cc = (sysconfig.get_config_var("CC") or "cc").split()
    flags = (sysconfig.get_config_var("CFLAGS") or "").split() + (
        sysconfig.get_config_var("CCSHARED") or "-fPIC"
    ).split()
    command = [
        *cc,
        *flags,
        "-O3",
        "-std=c11",
        "-shared",
        f"-I{sysconfig.get_paths()['include']}",
        str(c_file),
        "-o",
        str(target),
    ]
    built = subprocess.run(command, capture_output=True, text=True)
    if built.returncode != 0:
        return f"compiling failed: {built.stderr.strip()[:300]}"
    loader = importlib.machinery.ExtensionFileLoader("_core_baseline", str(target))
    spec = importlib.util.spec_from_file_location("_core_baseline", target, loader=loader)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def baseline_analysis(core: ModuleType, position: Position) -> tuple[float, float, int, list[str]]:
    """Today's full analysis of a standard position, as today's
    ``solver.analysis._analyse_core`` ran it: the core call, then the moves
    and the main line read back by walking the positions.  Returns the
    seconds in all, the seconds in the core, the value and the main line."""
    core.forget()
    start = time.perf_counter()
    slots = bytearray()
    for hand in position.hands:
        for row in (hand.front, hand.back):
            slots.extend(255 if s is None else ALL_STONES.index(s) for s in row)
    ends = position.ends if position.ends is not None else (7, 7)
    core_start = time.perf_counter()
    value, moves, pv, _ = core.analyse(bytes(slots), ends[0], ends[1], "AB".index(position.side))
    core_seconds = time.perf_counter() - core_start
    names = {0: "L", 1: "R", 2: None}

    def move_of(walk: Position, col: int, end: int) -> Move:
        hand = walk.hand
        return Move(hand.front[col] if hand.front[col] is not None else hand.back[col], names[end])

    [(move_of(position, c, e), v) for c, e, v in moves]
    line, walk = [], position
    for step in pv:
        move = PASS if step is None else move_of(walk, *step)
        line.append(str(move))
        walk = walk.push(move)
    return time.perf_counter() - start, core_seconds, value, line


def compare_with_baseline(core: ModuleType, positions: list[Position]) -> float:
    """This core and today's on the same standard deals, interleaved; returns the ratio of medians."""
    new_total, old_total, new_core, old_core = [], [], [], []
    from solver.analysis import _core_args

    for position in positions:
        old_seconds, old_core_seconds, old_value, old_line = baseline_analysis(core, position)
        seconds, analysis = timed(position)
        _core.forget()
        args = _core_args(position)
        core_start = time.perf_counter()
        _core.analyse(*args)
        new_core.append(time.perf_counter() - core_start)
        assert (analysis.value, [str(m) for m in analysis.pv]) == (old_value, old_line), str(position)
        new_total.append(seconds * 1000)
        old_total.append(old_seconds * 1000)
        old_core.append(old_core_seconds * 1000)
    new_core = [t * 1000 for t in new_core]
    ratio = statistics.median(new_total) / statistics.median(old_total)
    print(
        f"  today's core  (full analysis)   median {statistics.median(old_total):7.3f} ms   worst {max(old_total):8.3f} ms"
        f"   (core call alone: median {statistics.median(old_core):7.3f} ms)"
    )
    print(
        f"  this core     (full analysis)   median {statistics.median(new_total):7.3f} ms   worst {max(new_total):8.3f} ms"
        f"   (core call alone: median {statistics.median(new_core):7.3f} ms)"
    )
    print(
        f"  ratio this / today: median {ratio:.3f}, total {sum(new_total) / sum(old_total):.3f}, "
        f"core call alone median {statistics.median(new_core) / statistics.median(old_core):.3f}   "
        f"(values and main lines identical on all {len(positions)})"
    )
    return ratio


# ------------------------------------------------------------------ main


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="positions of each kind per variant")
    parser.add_argument("--reference", type=int, default=2, help="standard fresh deals also solved by the reference")
    parser.add_argument(
        "--variants",
        default=",".join(str(v) for v in VARIANTS),
        help="comma-separated variants (default: all, with and without +doubles)",
    )
    args = parser.parse_args()
    variants = [Variant.parse(name) for name in args.variants.split(",")]

    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"table {_core.table_bytes() / 2**20:.0f} MiB; single thread; cold table for every analysis")
    fresh_medians: dict[str, float] = {}
    samples = {}
    for variant in variants:
        print(f"\n{variant}: {variant.summary}")
        samples[str(variant)] = sample(variant, args.deals)
        for kind, positions in samples[str(variant)].items():
            median = report(kind, positions)
            if kind == "fresh deals":
                fresh_medians[str(variant)] = median

    ratio = None
    if "lewicki" in samples:
        print(f"\nstandard game against today's core (commit {BASELINE_COMMIT[:7]}), same fresh deals, this run:")
        with tempfile.TemporaryDirectory() as directory:
            baseline = build_baseline(Path(directory))
            if isinstance(baseline, str):
                print(f"  today's core could not be built: {baseline}")
            else:
                ratio = compare_with_baseline(baseline, samples["lewicki"]["fresh deals"])
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"\npeak memory (whole process, RSS) {peak:.0f} MiB (before the searches {rss_before / 1024:.0f} MiB)")

    # Speed-up over the reference, same positions, same run.
    if "lewicki" in samples:
        print("\nspeed-up over the pure-Python reference (standard game, same positions, this run):")
        middle = next(v for k, v in samples["lewicki"].items() if k.startswith("middle"))
        pairs = [("middlegame", p) for p in middle[:5]] + [
            ("fresh deal", p) for p in samples["lewicki"]["fresh deals"][: args.reference]
        ]
        core_total = ref_total = 0.0
        for kind, position in pairs:
            ref_seconds, ref = timed(position, "reference")
            core_seconds, core = min((timed(position) for _ in range(3)), key=lambda r: r[0])
            assert ref.to_json() == core.to_json(), str(position)
            core_total += core_seconds
            ref_total += ref_seconds
            print(
                f"  {kind:<11} reference {ref_seconds * 1000:9.1f} ms ({ref.nodes} states)   "
                f"core {core_seconds * 1000:7.2f} ms   x{ref_seconds / core_seconds:,.0f}"
            )
        print(f"  overall x{ref_total / core_total:,.0f}")

    # Reading an analysis back: checked (input from outside) and as stored
    # (the site's own Redis and rows), the same analyses.
    if "lewicki" in samples:
        stored = [analyse(p).to_json() for group in samples["lewicki"].values() for p in group[:20]]
        checked_s = min(timeit.timeit(lambda: [Analysis.from_json(d) for d in stored], number=1) for _ in range(3))
        trusted_s = min(timeit.timeit(lambda: [Analysis.from_stored(d) for d in stored], number=1) for _ in range(3))
        print(
            f"\nreading {len(stored)} analyses back (standard game): Analysis.from_json "
            f"{checked_s / len(stored) * 1e6:.0f} us each, from_stored {trusted_s / len(stored) * 1e6:.0f} us each "
            f"(x{checked_s / trusted_s:.1f})"
        )

    # Batch mode: one process, 20 fresh deals of each variant.
    print("\nbatch: 20 fresh deals through one `python -m solver analyse --json -`, including start-up:")
    batch: dict[str, float] = {}
    for variant in variants:
        lines = "".join(f"{deal(seed, variant)}\n" for seed in range(1001, 1021))
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "solver", "analyse", "--json", "-"],
            input=lines,
            capture_output=True,
            text=True,
            cwd=ROOT,
        )
        elapsed = time.perf_counter() - start
        ok = done.returncode == 0 and len(done.stdout.splitlines()) == 20
        batch[str(variant)] = elapsed if ok else float("inf")
        print(f"  {str(variant):<20} {elapsed:6.2f} s  {'ok' if ok else 'FAILED: ' + done.stderr[-300:]}")

    print("\ntargets:")
    for name, target in FRESH_TARGETS.items():
        if name in fresh_medians:
            got = fresh_medians[name]
            print(
                f"  {name:<12} fresh deal median <= {target} ms: {'met' if got <= target else 'NOT met'} ({got:.3f} ms)"
            )
    if ratio is not None:
        print(
            f"  lewicki      ratio to today's core <= {RATIO_TARGET}: {'met' if ratio <= RATIO_TARGET else 'NOT met'} ({ratio:.3f})"
        )
    print(f"  peak memory <= {PEAK_TARGET_MB} MB: {'met' if peak <= PEAK_TARGET_MB else 'NOT met'} ({peak:.0f} MiB)")
    worst_batch = max(batch.values(), default=0.0)
    print(
        f"  batch of 20 fresh deals < {BATCH_TARGET_S} s for every variant: "
        f"{'met' if worst_batch < BATCH_TARGET_S else 'NOT met'} (slowest {worst_batch:.2f} s)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
