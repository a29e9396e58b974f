"""The site's own infrastructure against the maintained libraries that could
replace it, measured in one run on the same machine, so that the choice of
each is a measured one:

1. sending a task with Celery's public ``apply_async`` (what ``core.tasking``
   does), and with a producer held and no retry policy (what a hand-tuned
   path could save);
2. serving Django's synchronous views to the ASGI server:
   ``core.threaded_wsgi.ThreadedWsgi`` against a2wsgi's ``WSGIMiddleware``
   (and Django's own ``ASGIHandler``), one request at a time and 16 at once;
3. counting a request against a rate limit: ``core.throttles`` (the
   ``limits`` library: one Lua call) against the ``incr`` through django-redis
   it replaced and django-ratelimit (``add`` then ``incr``).

Each figure is the CPU time of this process per operation (every thread's)
and, for the web bridges, the wall time; the best of five rounds, with the
ratio to the site's own code.  It starts its own redis-server on a spare port
and a scratch SQLite database.

    .venv/bin/python bench/infra_bench.py [--rounds 5] [--count 2000]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from scratch import scratch_run

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def best(rounds: int, count: int, step: Callable[[], None]) -> float:
    """The CPU microseconds of ``step``, best of ``rounds`` rounds of ``count``."""
    for _ in range(min(200, count)):
        step()
    figures = []
    for _ in range(rounds):
        start = time.process_time()
        for _ in range(count):
            step()
        figures.append((time.process_time() - start) / count * 1e6)
    return min(figures)


def line(label: str, value: float, base: float, unit: str = "us CPU") -> None:
    print(f"  {label:<52} {value:8.1f} {unit}  x{value / base:.2f}")


# ------------------------------------------------------------------ 1. tasks


def bench_tasks(rounds: int, count: int) -> None:
    from redis import Redis

    from config.celery_app import app
    from puzzles.games.tasks import turn_prepare_task as task

    broker = Redis.from_url(str(app.conf.broker_url))
    args = (1, "A=01 02|B=03 04")

    print("1. sending a task (one message on the Redis broker, Celery's apply_async)")
    public = best(rounds, count, lambda: task.apply_async(args))
    broker.flushdb()
    line("Celery apply_async", public, public)
    with app.producer_or_acquire() as producer:
        held = best(rounds, count, lambda: task.apply_async(args, producer=producer, retry=False))
    broker.flushdb()
    line("Celery apply_async (producer held, no retry policy)", held, public)


# ------------------------------------------------------------- 2. web bridge


def _scope(path: str) -> dict[str, Any]:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "root_path": "",
        "query_string": b"",
        "headers": [(b"host", b"127.0.0.1"), (b"accept", b"application/json")],
        "client": ("127.0.0.1", 40000),
        "server": ("127.0.0.1", 8000),
    }


async def _request(app: Any, path: str) -> int:
    sent = False
    status = 0

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if sent:
            await asyncio.sleep(3600)
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: dict[str, Any]) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = message["status"]

    await app(_scope(path), receive, send)
    return status


def _serve(app: Any, path: str, count: int, concurrency: int) -> tuple[float, float]:
    """(CPU us, wall us) a request, ``count`` requests ``concurrency`` at a time."""

    async def run() -> None:
        for _ in range(count // concurrency):
            statuses = await asyncio.gather(*(_request(app, path) for _ in range(concurrency)))
            if any(status != 200 for status in statuses):
                raise RuntimeError(f"{path} answered {statuses}")

    loop = asyncio.new_event_loop()
    try:
        loop.run_until_complete(run())  # warm-up: threads started, connections open
        figures = []
        for _ in range(3):
            cpu, wall = time.process_time(), time.perf_counter()
            loop.run_until_complete(run())
            figures.append(((time.process_time() - cpu) / count * 1e6, (time.perf_counter() - wall) / count * 1e6))
        return min(figures)
    finally:
        loop.close()


def bench_web(count: int) -> None:
    from a2wsgi import WSGIMiddleware
    from django.core.asgi import get_asgi_application
    from django.core.wsgi import get_wsgi_application

    from puzzles.core.threaded_wsgi import ThreadedWsgi

    wsgi = get_wsgi_application()
    bridges = {
        "core.threaded_wsgi.ThreadedWsgi": ThreadedWsgi(wsgi, threads=16),
        "a2wsgi.WSGIMiddleware": WSGIMiddleware(wsgi, workers=16),
        "Django's ASGIHandler": get_asgi_application(),  # warns of its synchronous iterator: the favicon is a FileResponse
    }
    print("2. a request through the bridge from the ASGI server to Django's views")
    for path in ("/favicon.ico", "/api/puzzles/themes/"):
        for concurrency in (1, 16):
            print(f"  {path}, {concurrency} at a time:")
            base_cpu = base_wall = 0.0
            for name, app in bridges.items():
                cpu, wall = _serve(app, path, count // 4, concurrency)
                if not base_cpu:
                    base_cpu, base_wall = cpu, wall
                print(
                    f"    {name:<34} {cpu:7.0f} us CPU x{cpu / base_cpu:.2f}   {wall:7.0f} us wall x{wall / base_wall:.2f}"
                )


# -------------------------------------------------------------- 3. throttles


def bench_limits(rounds: int, count: int) -> None:
    from django.core.cache import cache
    from django.test import RequestFactory
    from django_ratelimit.core import get_usage

    from puzzles.core import throttles

    item = throttles.window(1_000_000, 60)
    print("3. counting one request against a rate limit (Redis)")
    ours = best(rounds, count, lambda: throttles.hit(item, "anon:127.0.0.1") or None)
    line("core.throttles (limits: a fixed window, one Lua call)", ours, ours)

    def by_cache() -> None:
        try:
            cache.incr("throttle_count_anon_127.0.0.1")
        except ValueError:
            cache.add("throttle_count_anon_127.0.0.1", 1, 60)

    line("django-redis incr (the site's counting before limits)", best(rounds, count, by_cache), ours)
    request = RequestFactory().get("/api/puzzles/themes/", REMOTE_ADDR="127.0.0.1")
    other = best(
        rounds,
        count,
        lambda: (
            get_usage(
                request,
                group="anon",
                key="ip",
                rate="1000000/m",
                increment=True,
            )
            and None
        ),
    )
    line("django-ratelimit get_usage (add, then incr)", other, ours)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--count", type=int, default=2000)
    args = parser.parse_args()
    with scratch_run("infra_bench") as (_scratch, env):
        os.environ.update(
            {
                **env,
                "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
                # the limits measured in 3., not met in 2.
                "OD_API_RATE_ANON": "100000000/min",
            }
        )
        import django

        django.setup()
        from django.core.management import call_command

        call_command("migrate", verbosity=0, interactive=False)
        print(f"infra bench: {args.rounds} rounds of {args.count}, best round; x = the ratio to the site's own code")
        bench_tasks(args.rounds, args.count)
        bench_web(args.count)
        bench_limits(args.rounds, args.count)
    return 0


if __name__ == "__main__":
    sys.exit(main())
