"""The arena bench's measurement and report (``arena_bench.py``): the
delays taken from what the players saw (``arena_players.Arena``), against
the tournaments issue's targets."""

from __future__ import annotations

import bisect
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import site_bench  # noqa: E402, F401 - puts the repository on the path (scripts.load_moves)
from arena_players import Arena  # noqa: E402
from people_bench import TARGETS as RELAY  # noqa: E402

from scripts.load_moves import percentile  # noqa: E402

TARGETS = {**RELAY, "standings_s": 1.0, "pairing_s": 2.0}
GRACE = 5.0  # game ends this close to the window's end are not waited for


def standings_delays(arena: Arena) -> tuple[list[float], int, int]:
    """Each (page, game end in the window but its last ``GRACE`` s): seconds until the page had it
    counted; the pairs never seen (their wait to the end counted); the ends no page showed counted."""
    delays, unseen, unknown = [], 0, 0
    last = arena.window[1]
    for at, players in arena.counts:
        if at > last - GRACE:
            continue
        shown = [arena.guests[i].counted[k - 1] for i, k in players if len(arena.guests[i].counted) >= k]
        if not shown:
            unknown += 1
            continue
        version = min(shown)
        for guest in arena.guests:
            index = bisect.bisect_left(guest.versions, version)
            if index < len(guest.versions):
                delays.append(max(0.0, guest.arrivals[index] - at))
            elif guest.versions:
                unseen += 1
                delays.append(last - at)
    return delays, unseen, unknown


def figures(values: list[float], scale: float = 1000, unit: str = "ms") -> str:
    if not values:
        return "none"
    shown = [v * scale for v in (statistics.median(values), percentile(values, 95), max(values))]
    return f"median {shown[0]:.1f} {unit}, p95 {shown[1]:.1f} {unit}, max {shown[2]:.1f} {unit} ({len(values)})"


def report(arena: Arena, run: dict, rest: float) -> bool:
    args, relay, (delays, unseen, unknown) = arena.args, arena.relay, standings_delays(arena)
    both, own = [p[0] for p in arena.paired], [p[1] for p in arena.paired]
    lonely = sum(1 for p in arena.paired if p[1] > TARGETS["pairing_s"] and p[2])
    moves, web, at_once = max(arena.moves, 1), run["cpu"].get("web", 0.0), arena.concurrent or [0]
    print(f"\nmeasured {args.seconds:.0f} s, {args.players} players:")
    print(f"  games at once: median {statistics.median(at_once):.0f}, max {max(at_once)}")
    print(f"  {arena.moves} moves ({arena.moves / args.seconds:.1f}/s), {len(arena.counts)} games ended")
    print(f"  a move reaching the opponent: {figures(relay)}")
    print(f"  standings reaching every page (page, game end): {figures(delays, 1, 's')}")
    print(f"    {unseen} pairs never saw it before the end; {unknown} game ends no page showed counted (left out)")
    print(f"  re-paired, from both partners free to the page showing the game: {figures(both, 1, 's')}")
    print(f"            from the player's own game end: {figures(own, 1, 's')}")
    print(f"    {lonely} waited over {TARGETS['pairing_s']:.0f} s with no one else free when their game ended")
    print(f"  bench's event loop late by: {figures(arena.lag)}")
    print(f"  CPU time (from /proc): {run['machine']}; the web server at rest {rest * 1000:.1f} ms a second; ", end="")
    print(", ".join(f"{name} {used:.1f} s ({used / moves * 1000:.1f} ms a move)" for name, used in run["cpu"].items()))
    print("".join(f"  error: {text}\n" for text in arena.errors[:10]), end="")
    rows = [
        ("relay median", statistics.median(relay) * 1000 if relay else None, TARGETS["median_ms"], "ms"),
        ("relay p95", percentile(relay, 95) * 1000 if relay else None, TARGETS["p95_ms"], "ms"),
        ("standings p95 (checked)", percentile(delays, 95) if delays else None, TARGETS["standings_s"], "s"),
        ("standings max", max(delays) if delays else None, TARGETS["standings_s"], "s"),
        ("re-paired median", statistics.median(both) if both else None, TARGETS["pairing_s"], "s"),
    ]
    core = "one core (taskset -c 0)" if args.one_core else "every core"
    print(f"\nsummary ({args.players} players, {args.seconds:.0f} s, web server on {core}):\n  {'':26}", end="")
    print(f" {'measured':>10} {'target':>9}  ratio")
    met = True
    for title, value, target, unit in rows:
        shown = "n/a" if value is None else f"{value:.2f} {unit}" if unit == "s" else f"{value:.1f} {unit}"
        ratio = "n/a" if value is None else f"{value / target:5.2f}x  {'met' if value <= target else 'MISSED'}"
        print(f"  {title:26} {shown:>10} {f'<= {target:g} {unit}':>9}  {ratio}")
        met = met and value is not None and (value <= target or title == "standings max")
    print(f"  {'web CPU a move':26} {f'{web / moves * 1000:.1f} ms':>10} {'(shown)':>9}")
    print(f"  {'games at once (max)':26} {max(at_once):>10} {'(shown)':>9}")
    print(f"  errors {len(arena.errors)}; the targets are {'met' if met else 'NOT met'}")
    return met and not arena.errors
