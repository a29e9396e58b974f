"""A live arena under load, on loopback: the tournaments issue's figures.

It starts the site as ``make run`` does (``site_bench.Site``), signs an account
up through the form, makes one live arena and has ``--players`` guests (1,000)
join it.  Each keeps the arena's page open all along as its script does (the
event's WebSocket, sent the event with the guest's own page of the standings
after each change; with ``--transport poll`` a long poll
``?page=mine&wait=<version>&timeout=25``, asked again at once); when ``your_game``
shows a new game it opens the game's WebSocket, reads the game, plays legal
moves on the socket after a ``--think`` of 1 to 3 s, then waits to be paired
again.  A guest is two keep-alive HTTP connections (a small HTTP/1.1 client
here) and a socket (``websockets``), all on one asyncio loop.

After ``--warmup`` s it measures for ``--seconds`` s against the issue's
targets: a move reaching the opponent (the mover's send to the opponent's
event, as ``people_bench.py``: median 15 ms, p95 50 ms); the standings on
every open page within 1 s of a game's end (for each game end in the window,
the ending move's answer, and each page: until its long poll gave a version
counting it, taken as the lowest at which either player's own row showed it:
an upper bound, so the delays are too; p95 checked, max shown); a waiting
player in a new game within 2 s (median) of it being possible (from the later
of the partners' game ends to the page showing the game; also from their own
end, and how many waited longer with no one else free); the web server's CPU
a move (/proc; ``--one-core``: on core 0 by ``taskset``, and the players,
this bench, on core 1); the games at once
and the bench's own event-loop lag (a late loop inflates every delay).

    .venv/bin/python bench/arena_bench.py [--players 1000] [--seconds 300] [--database postgresql]
        [--one-core] [--minutes N] [--clock 3+2] [--think 1-3] [--warmup 30] [--games 200] [--profile]

``--games`` (200, the issue's figure) is how many games are played at once:
the first twice as many guests play, and the others join and then leave
(the arena's pause): they stay in the standings with the page open, as
players sitting out do, and are not paired.  The arena starts once every
guest has had time to join (``arena_setup.JOIN_SECONDS`` each), so that
nobody is paired before the sitters have left.

Its parts: ``arena_setup`` (the organiser, the arena, the guests' HTTP
client), ``arena_players`` (the guests and what they see), ``arena_report``
(the figures and the targets); this module starts the site and runs them.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import resource
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import site_bench as sb  # noqa: E402
from arena_players import Arena  # noqa: E402
from arena_report import report  # noqa: E402
from arena_setup import arena_made  # noqa: E402
from people_bench import hold_to_core, hold_web_to_one_core, web_at_rest, web_pids  # noqa: E402


def measure(args: argparse.Namespace, database: str) -> int:
    with sb.Site(database, keep=args.keep) as site:
        if args.one_core:
            hold_web_to_one_core(site)
            hold_players_off_core_0()
        tournament_id, minutes, starts = arena_made(site.port, args)
        print(f"arena {tournament_id}: {args.clock}, {minutes} minutes; {args.players} guests, {args.think} s a move")
        processes, arena = site.processes(), Arena(site.port, tournament_id, args, starts)
        if args.profile:
            pids = {f"web {i + 1}": pid for i, pid in enumerate(web_pids(site)[1:])}
            arena.profiled = ({**pids, "main": processes["main"]}, site.scratch)
        rest = web_at_rest(processes)
        return 0 if report(arena, asyncio.run(arena.run(processes)), rest) else 1


def hold_players_off_core_0() -> None:
    """This bench's own threads (the players), and what it starts later, on
    core 1: the players stand in for other machines, and on the web
    server's core they would take its time and measure their own lateness
    as the site's.  Every other process of the site may use both cores."""
    hold_to_core(os.getpid(), 1)
    print("-- the players (this bench) held to core 1 (taskset) --")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument(
        "--games", type=int, default=200, help="games at once: the first 2 x GAMES guests play, the rest sit out"
    )
    parser.add_argument("--seconds", type=float, default=300, help="how long to measure")
    parser.add_argument("--warmup", type=float, default=30, help="seconds of play after the joins, not measured")
    parser.add_argument("--minutes", type=int, default=0, help="the arena's length (default: the run's, at least 10)")
    parser.add_argument("--clock", default="3+2", help="the arena's control, minutes+seconds")
    parser.add_argument("--think", default="1-3", help="seconds before each move, uniform between the two")
    parser.add_argument("--database", choices=["sqlite", "postgresql", "both"], default="postgresql")
    parser.add_argument("--one-core", action="store_true", help="the web server held to core 0 (taskset)")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder (logs, database)")
    parser.add_argument("--profile", action="store_true", help="py-spy the web workers for 20 s of the window")
    parser.add_argument(
        "--transport", choices=["stream", "poll"], default="stream", help="how each page follows the event"
    )
    args = parser.parse_args()
    hard = resource.getrlimit(resource.RLIMIT_NOFILE)[1]
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # a socket or two a player, here and in the site
    return sb.on_each_database(args, measure, "an arena on")


if __name__ == "__main__":
    sys.exit(main())
