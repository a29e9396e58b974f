"""The browser's solver against the native core (`make bench`): figures, not pass/fail.

The same C source (solver/engine.c) runs natively as the Python extension
solver._core and in WebAssembly (frontend/src/engine/solver.wasm, under node,
as the browser's Web Worker runs it).  Both solve the same 100 fresh deals of
every variant in one run, variant by variant in turn, each from a cold table
at the start of a variant (one node process throughout, as a page's worker);
every value, every move's value and the main line must be identical.  Printed
per variant: the total wall and CPU time of the core's calls on each side,
the medians, and the ratios WebAssembly / native (goal: within 2x; on a busy
machine the CPU time, which the other processes do not inflate, is the fair one).
"""

from __future__ import annotations

import json
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from solver import _core, deal  # noqa: E402
from solver.analysis import _core_args  # noqa: E402
from solver.variant import VARIANTS  # noqa: E402

DEALS = 100
FIRST_SEED = 5_000
RATIO_GOAL = 2.0
WASM = ROOT / "frontend" / "src" / "engine" / "solver.wasm"


def native(positions: list[str]) -> list[tuple[object, float, float]]:
    """(answer, seconds, CPU seconds) per position, the table forgotten first."""
    from solver import Position

    _core.forget()
    out = []
    for text in positions:
        args = _core_args(Position.parse(text))
        start, cpu = time.perf_counter(), time.thread_time()
        value, moves, pv, _ = _core.analyse(*args)
        seconds, cpu = time.perf_counter() - start, time.thread_time() - cpu
        steps = [[-1, 0, 0] if step is None else list(step) for step in pv]
        out.append(([value, [list(m) for m in moves], steps], seconds, cpu))
    return out


class Wasm:
    """The same through node and solver.wasm: one node process for the whole run
    (its JIT warms up as a page's worker does), a cold table per variant."""

    def __init__(self) -> None:
        self.node = subprocess.Popen(
            [shutil.which("node") or "node", str(ROOT / "bench" / "wasm_bench.mjs")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )

    def solve(self, positions: list[str]) -> list[tuple[object, float, float]]:
        assert self.node.stdin
        assert self.node.stdout
        self.node.stdin.write("#forget\n" + "".join(p + "\n" for p in positions) + "#end\n")
        self.node.stdin.flush()
        lines = [json.loads(self.node.stdout.readline()) for _ in positions]
        return [(line[:3], line[3] / 1e6, line[4] / 1e6) for line in lines]

    def close(self) -> None:
        assert self.node.stdin
        self.node.stdin.close()
        self.node.wait(30)


def main() -> int:
    if not WASM.exists():
        print(f"{WASM.relative_to(ROOT)} is missing: run `make wasm`")
        return 1
    runs = [[str(deal(FIRST_SEED + i, variant)) for i in range(DEALS)] for variant in VARIANTS]
    print(f"WebAssembly core against the native core: {DEALS} fresh deals per variant, the same C source, one run")
    print("wall: elapsed time; CPU: the processor time of the solving process (the fairer measure on a busy machine)")
    print(
        f"{'variant':<20} {'native ms':>10} {'wasm ms':>10} {'ratio':>6} {'native CPU':>11} {'wasm CPU':>9} "
        f"{'ratio':>6} {'median native':>14} {'median wasm':>12}"
    )
    # in turn, variant by variant, so that the load of a shared machine falls on both alike
    wasm = Wasm()
    natives, wasms = [], []
    for positions in runs:
        natives.append(native(positions))
        wasms.append(wasm.solve(positions))
    wasm.close()
    totals = [0.0, 0.0, 0.0, 0.0]  # native wall, wasm wall, native CPU, wasm CPU
    mismatches = 0
    for variant, positions, ours, theirs in zip(VARIANTS, runs, natives, wasms, strict=True):
        for text, a, b in zip(positions, ours, theirs, strict=True):
            if a[0] != b[0]:
                mismatches += 1
                print(f"  different answers for {text}")
        row = [sum(t[1] for t in ours), sum(t[1] for t in theirs), sum(t[2] for t in ours), sum(t[2] for t in theirs)]
        totals = [a + b for a, b in zip(totals, row, strict=True)]
        print(
            f"{str(variant):<20} {row[0] * 1e3:>10.1f} {row[1] * 1e3:>10.1f} {row[1] / row[0]:>6.2f} "
            f"{row[2] * 1e3:>11.1f} {row[3] * 1e3:>9.1f} {row[3] / max(row[2], 1e-9):>6.2f} "
            f"{statistics.median(t[1] for t in ours) * 1e3:>14.2f} {statistics.median(t[1] for t in theirs) * 1e3:>12.2f}"
        )
    wall, cpu = totals[1] / totals[0], totals[3] / totals[2]
    print(
        f"{'all':<20} {totals[0] * 1e3:>10.1f} {totals[1] * 1e3:>10.1f} {wall:>6.2f} {totals[2] * 1e3:>11.1f} "
        f"{totals[3] * 1e3:>9.1f} {cpu:>6.2f}"
    )
    print(
        f"values: {'identical' if not mismatches else f'{mismatches} different'} "
        f"({DEALS * len(VARIANTS)} deals: value, every move's value, main line)"
    )
    print(f"ratio WebAssembly / native: {wall:.2f} wall, {cpu:.2f} CPU (goal: within {RATIO_GOAL:.0f}x)")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
