"""``people_bench.py --ab REV``: the games between people as an A/B in one run.

A: revision REV (the baseline, before the games' WebSocket stream) checked
out into a temporary git worktree (``git worktree add --detach``, removed at
the end) and started as ``make run`` does, with this tree's venv and the same
kind of database; its players wait on long polls.  B: this tree's site, its
players on ``--transport`` (the stream by default).  Each side plays the same
load (and, with ``--one-core``, again with its web server held to core 0),
then the ratios new/baseline are printed against the stream's targets: the
web server's CPU time a move at most half the baseline's; the relay's median
at most 15 ms and its p95 at most 50 ms, on every core and on one.

The worktree has what git tracks only: the compiled solver core is linked
from this tree's (the solver is the same at both revisions or the check
says so), and the built front end is this tree's (``OD_FRONTEND_DIST``: the
bench asks the API only)."""

from __future__ import annotations

import argparse
import contextlib
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

from people_bench import TARGETS, passes
from site_bench import ROOT, Site

CPU_RATIO = 0.5  # the stream's web CPU a move, at most this share of the long poll's


@contextlib.contextmanager
def baseline_tree(rev: str) -> Iterator[Path]:
    """Revision ``rev`` checked out in a temporary worktree, runnable with this tree's venv."""
    scratch = Path(tempfile.mkdtemp(prefix="od-baseline-"))
    tree = scratch / "tree"
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(tree), rev], check=True, capture_output=True
    )
    try:
        changed = subprocess.run(
            [
                "git",
                "-C",
                str(ROOT),
                "diff",
                "--quiet",
                rev,
                "--",
                "solver/_core.c",
                "solver/engine.c",
                "solver/engine.h",
            ],
            check=False,
        ).returncode
        if changed:
            raise SystemExit(f"the solver's C core differs at {rev}: build it in {tree} (this tree's cannot be reused)")
        for built in (ROOT / "solver").glob("_core*.so"):
            (tree / "solver" / built.name).symlink_to(built)
        yield tree
    finally:
        subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False)
        subprocess.run(["git", "-C", str(ROOT), "worktree", "prune"], check=False)
        shutil.rmtree(scratch, ignore_errors=True)


def short(rev: str) -> str:
    done = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", rev], capture_output=True, text=True)
    return done.stdout.strip() or rev


def shown(value: float | None, unit: str = "ms") -> str:
    return "n/a" if value is None else f"{value:.1f} {unit}"


def compare(base: dict, new: dict, cores: str) -> bool:
    """The two sides' figures, their ratios and the targets; whether they are met."""

    def share(key: str) -> float | None:
        if base[key] is None or new[key] is None or not base[key]:
            return None
        return new[key] / base[key]

    rows = [
        ("web CPU a move", "web_ms_a_move", CPU_RATIO, None),
        ("  net of at rest", "web_net_ms_a_move", None, None),  # shown: what a small run's moves tell
        ("relay median", "median_ms", None, TARGETS["median_ms"]),
        ("relay p95", "p95_ms", None, TARGETS["p95_ms"]),
    ]
    print(f"  {cores}:")
    print(f"    {'':16} {'baseline':>10} {'new':>10} {'new/base':>9}  target")
    met = True
    for title, key, most_ratio, most_value in rows:
        rate = share(key)
        if most_ratio is None and most_value is None:
            print(
                f"    {title:16} {shown(base[key]):>10} {shown(new[key]):>10} {'n/a' if rate is None else f'{rate:.2f}':>9}"
            )
            continue
        if most_ratio is not None:
            ok = rate is not None and rate <= most_ratio
            target = f"new/base <= {most_ratio:.2f}"
        else:
            ok = new[key] is not None and new[key] <= most_value
            target = f"new <= {most_value:.0f} ms"
        met = met and ok
        print(
            f"    {title:16} {shown(base[key]):>10} {shown(new[key]):>10} "
            f"{'n/a' if rate is None else f'{rate:.2f}':>9}  {target}: {'met' if ok else 'missed'}"
        )
    drifts = f"clock drift at worst: baseline {shown(base['drift_ms'])}, new {shown(new['drift_ms'])}"
    print(f"    {drifts}; errors: baseline {len(base['errors'])}, new {len(new['errors'])}")
    return met


def measure_ab(args: argparse.Namespace, database: str) -> int:
    rev = short(args.ab)
    print(f"--- A: the baseline {rev} (a worktree), players on the long poll ---")
    with baseline_tree(args.ab) as tree:
        extra = {}
        if (ROOT / "frontend" / "dist").is_dir():
            extra["OD_FRONTEND_DIST"] = str(ROOT / "frontend" / "dist")
        with Site(database, keep=args.keep, extra=extra, root=tree) as site:
            base = passes(site, args, "poll")
    print(f"--- B: this tree, players on the {'WebSocket stream' if args.transport == 'stream' else 'long poll'} ---")
    with Site(database, keep=args.keep) as site:
        new = passes(site, args, args.transport)
    print(f"A/B: this tree ({args.transport}) against {rev} (long poll), measured in this run:")
    met = True
    for index, (a, b) in enumerate(zip(base, new, strict=True)):
        met = compare(a, b, "every core" if index == 0 else "the web server on one core (taskset -c 0)") and met
    print(f"  the targets are {'met' if met else 'NOT met'}")
    ok = all(figures["ok"] for figures in base + new)
    return 0 if ok and met else 1
