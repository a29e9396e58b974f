#!/usr/bin/env python3
"""Load test of the graded-move round trip, on loopback only.

N concurrent players (default 20), each with its own session, play practice
games against the site: each posts a move and waits until that move's grade
arrives (long polling ``GET /api/games/<id>/?wait=<version>``, or with
``--poll short`` asking every few milliseconds), then waits for the solver's
reply and moves again; a finished game is followed by a new one.  The round
trip is measured from just before the POST to the answer that carries the
grade.  At the end it prints the median, p95 and max round trip and the error
count (any non-2xx answer, exception or grade later than --grade-timeout).

Players think before each move (uniformly 0..2x ``--think`` seconds, mean 1 s
by default), as people do; with ``--think 0`` the 20 players keep the two
cores saturated and the script measures queueing under overload instead.

    python scripts/load_moves.py --url http://127.0.0.1:8000 --players 20 --duration 20

The players are threads with one ``http.client`` connection each, not a
load tool's users: driven by Locust (its gevent users and HTTP client, as a
library), the bench's load cost twice the CPU a move (2 ms against 1 ms) on
the two cores it shares with the site, and the saturated figure fell from
71 and 77 to 40 and 36 graded moves a second, alternating in one session.

It only talks to 127.0.0.1/localhost, and stops by itself (``--duration``
seconds, at most ``--max-moves`` moves per player).  Exit status 1 if there
were errors or no move was measured.
"""

from __future__ import annotations

import argparse
import http.client
import json
import random
import statistics
import sys
import threading
import time
from urllib.parse import urlsplit

LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}


class Session:
    """One player's session (its cookies) on one keep-alive connection to the
    site, asking its JSON API; ``bench/site_bench.py`` uses it too.  With
    ``reconnect`` a connection the server has dropped is opened again and the
    request sent once more (a keep-alive connection may be closed between two
    moves); without it the failure is the caller's to count."""

    def __init__(self, host: str, port: int, *, timeout: float = 30, reconnect: bool = True) -> None:
        self.host, self.port = host, port
        self.timeout, self.reconnect = timeout, reconnect
        self.conn: http.client.HTTPConnection | None = None
        self.cookies: dict[str, str] = {}

    def call(self, method: str, path: str, body: dict | None = None, timeout: float | None = None) -> tuple[int, dict]:
        """The answer's status and JSON body (a body that is not JSON, such as
        a server error page, as ``{"error": its start}``)."""
        timeout = self.timeout if timeout is None else timeout
        if method != "GET" and "csrftoken" not in self.cookies:
            self.call("GET", "/api/puzzles/themes/", timeout=timeout)  # sets the CSRF cookie a POST sends back
        tries = 2 if self.reconnect else 1
        for attempt in range(tries):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=timeout)
            headers = {"Accept": "application/json"}
            if self.cookies:
                headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
            if method != "GET" and "csrftoken" in self.cookies:  # the API sets it on its first answer
                headers["X-CSRFToken"] = self.cookies["csrftoken"]
            data = None
            if body is not None:
                data = json.dumps(body).encode()
                headers["Content-Type"] = "application/json"
            try:
                self.conn.request(method, path, body=data, headers=headers)
                response = self.conn.getresponse()
                raw = response.read()
            except (http.client.HTTPException, OSError):
                self.conn.close()
                self.conn = None
                if attempt == tries - 1:
                    raise
                continue
            for header, value in response.getheaders():
                if header.lower() == "set-cookie":
                    name, _, rest = value.partition("=")
                    self.cookies[name.strip()] = rest.split(";", 1)[0]
            try:
                payload = json.loads(raw) if raw else {}
            except ValueError:
                payload = {"error": raw[:200].decode(errors="replace")}
            return response.status, payload
        raise AssertionError("unreachable")


class Player(Session):
    def __init__(self, host: str, port: int, seed: int, args) -> None:
        super().__init__(host, port)
        self.args = args
        self.rng = random.Random(seed)
        self.seed = seed
        self.times: list[float] = []
        self.errors: list[str] = []
        self.moves = 0
        self.at_once: list[bool] = []  # beside times: whether the move's own answer carried its grade

    def wait_version(self, game_id: int, version: int) -> dict | None:
        """The game once past ``version``, or None while nothing is new."""
        if self.args.poll == "long":
            status, game = self.call("GET", f"/api/games/{game_id}/?wait={version}&timeout=10")
            if status == 304:  # the hold ran out with nothing new
                return None
        else:
            time.sleep(self.args.poll_interval)
            status, game = self.call("GET", f"/api/games/{game_id}/")
        if status != 200:
            raise RuntimeError(f"GET game: {status} {game}")
        return game

    # ------------------------------------------------------------- play
    def new_game(self) -> dict:
        body = {"seed": self.rng.randrange(1 << 40), "human": self.rng.choice("AB"), "level": self.args.level}
        status, game = self.call("POST", "/api/games/", body)
        if status != 201:
            raise RuntimeError(f"POST game: {status} {game}")
        return game

    def run(self, deadline: float) -> None:
        game = None
        while time.monotonic() < deadline and self.moves < self.args.max_moves:
            try:
                if game is None or game["status"] == "over":
                    game = self.new_game()
                # wait for the solver when it is its turn
                turn_deadline = time.monotonic() + self.args.grade_timeout
                while game["status"] == "thinking":
                    if time.monotonic() > turn_deadline:
                        raise RuntimeError("the solver did not move in time")
                    game = self.wait_version(game["id"], game["version"]) or game
                if game["status"] != "your-move":
                    continue
                if self.args.think:
                    time.sleep(self.rng.uniform(0, 2 * self.args.think))
                move = self.rng.choice(game["legal_moves"])
                ply = game["ply"]
                start = time.perf_counter()
                status, game = self.call("POST", f"/api/games/{game['id']}/moves/", {"move": move, "ply": ply})
                if status != 201:
                    raise RuntimeError(f"POST move {move}: {status} {game}")
                graded_at_once = game["moves"][ply]["grade"] is not None
                grade_deadline = time.monotonic() + self.args.grade_timeout
                while game["moves"][ply]["grade"] is None:
                    if time.monotonic() > grade_deadline:
                        raise RuntimeError(f"no grade for ply {ply} of game {game['id']}")
                    game = self.wait_version(game["id"], game["version"]) or game
                self.times.append(time.perf_counter() - start)
                self.at_once.append(graded_at_once)
                self.moves += 1
            except Exception as exc:  # noqa: BLE001 - counted and shown
                self.errors.append(f"{type(exc).__name__}: {exc}")
                game = None
                time.sleep(0.1)


def _median_ms(values: list[float]) -> float | None:
    return round(statistics.median(values) * 1000, 1) if values else None


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * len(ordered) + 0.5) - 1))
    return ordered[index]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--players", type=int, default=20)
    parser.add_argument("--duration", type=float, default=20.0, help="seconds of play (at most 600)")
    parser.add_argument("--max-moves", type=int, default=1000, help="per player")
    parser.add_argument("--level", default="strong", choices=["perfect", "strong", "casual"])
    parser.add_argument("--poll", default="long", choices=["long", "short"])
    parser.add_argument("--poll-interval", type=float, default=0.005, help="seconds, with --poll short")
    parser.add_argument(
        "--think",
        type=float,
        default=1.0,
        help="mean thinking time before a move, seconds (uniform 0..2x); 0 measures saturation, not a round trip",
    )
    parser.add_argument("--grade-timeout", type=float, default=15.0)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    args = parser.parse_args(argv)

    url = urlsplit(args.url)
    if url.scheme != "http" or url.hostname not in LOOPBACK:
        parser.error("the load test only runs against http on loopback (127.0.0.1, localhost, ::1)")
    duration = min(args.duration, 600.0)
    players = [Player(url.hostname, url.port or 80, args.seed * 1000 + i, args) for i in range(args.players)]
    deadline = time.monotonic() + duration
    threads = [threading.Thread(target=p.run, args=(deadline,), daemon=True) for p in players]
    started = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join(duration + 4 * args.grade_timeout + 30)
    elapsed = time.monotonic() - started
    times = [t for p in players for t in p.times]
    errors = [e for p in players for e in p.errors]
    summary = {
        "players": args.players,
        "seconds": round(elapsed, 1),
        "graded_moves": len(times),
        "moves_per_second": round(len(times) / elapsed, 1) if elapsed else 0,
        "median_ms": round(statistics.median(times) * 1000, 1) if times else None,
        "p95_ms": round(percentile(times, 95) * 1000, 1) if times else None,
        "max_ms": round(max(times) * 1000, 1) if times else None,
        "errors": len(errors),
        # the moves graded in their own request (by lookup), and the round trips of the others
        "graded_in_answer": sum(sum(p.at_once) for p in players),
        "others_median_ms": _median_ms(
            [t for p in players for t, at_once in zip(p.times, p.at_once, strict=True) if not at_once]
        ),
    }
    if args.json:
        print(json.dumps(summary))
    else:
        print(
            f"{summary['players']} players, {summary['seconds']} s: {summary['graded_moves']} graded moves "
            f"({summary['moves_per_second']}/s); round trip median {summary['median_ms']} ms, "
            f"p95 {summary['p95_ms']} ms, max {summary['max_ms']} ms; errors {summary['errors']}; "
            f"{summary['graded_in_answer']} graded in their own answer (the others' median "
            f"{summary['others_median_ms']} ms)"
        )
    for error in errors[:10]:
        print("  error:", error, file=sys.stderr)
    return 1 if errors or not times else 0


if __name__ == "__main__":
    sys.exit(main())
