"""The course's answers (figures, not pass/fail): a try at a lesson's position
is judged from the lesson's accepted moves and the rules, with no search, so
it should cost about what any small write of the site costs; and the solver's
check of the whole course, which the tests run.

In this process, on a scratch SQLite database (the tests' settings: a
temporary folder, migrated here), with Django's test client (no network, no
web server): ``--players`` guests each take the whole course through the API
(a wrong move first wherever a lesson has one, then a right one), timing
every ``POST /api/learn/<lesson>/<step>/tries/``, then ``GET /api/learn/``,
``GET /learn/`` and ``GET /learn/<lesson>/``; then ``check_lesson`` over
every lesson (the solver on each position).

Goal: median <= 20 ms a try (the site's median for a request).

    .venv/bin/python bench/learn_bench.py [--players 5] [--repeat 20]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

GOAL_MS = 20.0


def figures(name: str, times: list[float]) -> str:
    times = sorted(times)
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    return f"{name:32} median {statistics.median(times):6.1f}  p95 {p95:6.1f}  max {times[-1]:6.1f}  (n={len(times)})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()

    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment

    from puzzles.learn.checks import check_lesson
    from puzzles.learn.lessons import LESSONS
    from solver import Position

    setup_test_environment()
    call_command("migrate", verbosity=0)
    tries: list[float] = []
    for _ in range(args.players):
        client = Client()
        for key, lesson in LESSONS.items():
            for number, step in enumerate(lesson.steps, 1):
                legal = [str(m) for m in Position.parse(step.position).legal_moves()]
                moves = [m for m in legal if m not in step.accepted][:1] + [step.accepted[0]]
                for move in moves:
                    start = time.perf_counter()
                    answer = client.post(
                        f"/api/learn/{key}/{number}/tries/", {"move": move}, content_type="application/json"
                    )
                    tries.append((time.perf_counter() - start) * 1000)
                    assert answer.status_code == 201, answer.content
    print("ms")
    print(figures("POST .../tries/", tries))
    for url in ("/api/learn/", "/learn/", "/learn/doubles/", "/api/learn/doubles/"):
        client.get(url)  # warm
        times = []
        for _ in range(args.repeat):
            start = time.perf_counter()
            assert client.get(url).status_code == 200
            times.append((time.perf_counter() - start) * 1000)
        print(figures(f"GET {url}", times))
    start = time.perf_counter()
    problems = [p for lesson in LESSONS.values() for p in check_lesson(lesson)]
    print(
        f"{'the solver check of every lesson':32} {(time.perf_counter() - start) * 1000:6.1f} ms, "
        f"{len(problems)} problems"
    )
    median = statistics.median(tries)
    print(f"goal: median try <= {GOAL_MS:.0f} ms: {median:.1f} ms ({median / GOAL_MS:.2f} of it)")


if __name__ == "__main__":
    main()
