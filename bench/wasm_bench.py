"""The browser's solver against the native core (`make bench`): figures, not pass/fail.

The same C source (solver/engine.c) runs natively as the Python extension
solver._core and in WebAssembly (frontend/src/engine/solver.wasm, under node,
as the browser's Web Worker runs it).  Both solve the same 100 fresh deals of
every variant in one run, each from a cold table at the start of a variant;
every value, every move's value and the main line must be identical.  Printed
per variant: the total and median time of the core's call on each side and
the ratio WebAssembly / native (goal: within 2x).
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


def native(positions: list[str]) -> list[tuple[object, float]]:
    """(answer, seconds) per position, the table forgotten first."""
    from solver import Position

    _core.forget()
    out = []
    for text in positions:
        args = _core_args(Position.parse(text))
        start = time.perf_counter()
        value, moves, pv, _ = _core.analyse(*args)
        seconds = time.perf_counter() - start
        steps = [[-1, 0, 0] if step is None else list(step) for step in pv]
        out.append(([value, [list(m) for m in moves], steps], seconds))
    return out


def wasm(runs: list[list[str]]) -> list[list[tuple[object, float]]]:
    """The same through node and solver.wasm: one node process, a cold table per run."""
    text = "".join("#forget\n" + "".join(p + "\n" for p in positions) for positions in runs)
    done = subprocess.run([shutil.which("node") or "node", str(ROOT / "bench" / "wasm_bench.mjs")], input=text,
                          capture_output=True, text=True, check=True, cwd=ROOT)
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    out, at = [], 0
    for positions in runs:
        out.append([(line[:3], line[3] / 1e6) for line in lines[at : at + len(positions)]])
        at += len(positions)
    return out


def main() -> int:
    if not WASM.exists():
        print(f"{WASM.relative_to(ROOT)} is missing: run `make wasm`")
        return 1
    runs = [[str(deal(FIRST_SEED + i, variant)) for i in range(DEALS)] for variant in VARIANTS]
    print(f"WebAssembly core against the native core: {DEALS} fresh deals per variant, the same C source, one run")
    print(f"{'variant':<20} {'native ms':>10} {'wasm ms':>10} {'median native':>14} {'median wasm':>12} {'ratio':>6}")
    natives = [native(positions) for positions in runs]
    wasms = wasm(runs)
    all_native = all_wasm = 0.0
    mismatches = 0
    for variant, positions, ours, theirs in zip(VARIANTS, runs, natives, wasms, strict=True):
        for text, (a, _), (b, _) in zip(positions, ours, theirs, strict=True):
            if a != b:
                mismatches += 1
                print(f"  different answers for {text}")
        n_total = sum(s for _, s in ours)
        w_total = sum(s for _, s in theirs)
        all_native += n_total
        all_wasm += w_total
        print(f"{str(variant):<20} {n_total * 1e3:>10.1f} {w_total * 1e3:>10.1f} "
              f"{statistics.median(s for _, s in ours) * 1e3:>14.2f} {statistics.median(s for _, s in theirs) * 1e3:>12.2f} "
              f"{w_total / n_total:>6.2f}")
    ratio = all_wasm / all_native
    print(f"{'all':<20} {all_native * 1e3:>10.1f} {all_wasm * 1e3:>10.1f} {'':>14} {'':>12} {ratio:>6.2f}")
    print(f"values: {'identical' if not mismatches else f'{mismatches} different'} "
          f"({DEALS * len(VARIANTS)} deals: value, every move's value, main line)")
    print(f"ratio WebAssembly / native: {ratio:.2f} (goal: within {RATIO_GOAL:.0f}x)")
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
