"""The daily deal's field read on every visit (figures, not pass/fail): the
ranking API and the day's page, with 100, 1,000 and 10,000 ranked players.

In this process, on a scratch SQLite database (the tests' settings: a
temporary folder, migrated here): the day's deal, then N recorded entries
with random points lost, then the median and the worst of ``--repeat`` reads
of ``GET /api/daily-deal/<day>/ranking/`` and ``GET /daily/<day>/`` by one of
the players (Django's test client: no network, no web server). The field is
read once per request and counted in Python (``daily/ranking.py``).

Goal: median <= 50 ms for the ranking API with 10,000 players.

    .venv/bin/python bench/daily_bench.py [--repeat 20] [--sizes 100,1000,10000]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

GOAL_MS = 50.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--sizes", default="100,1000,10000")
    args = parser.parse_args()

    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment
    from django.utils import timezone

    from puzzles.accounts.players import PLAYER_SESSION_KEY
    from puzzles.daily import services
    from puzzles.daily.models import DailyEntry
    from puzzles.games.models import Game

    setup_test_environment()
    call_command("migrate", verbosity=0)
    deal = services.deal_ensure()
    day = deal.day.isoformat()
    rng = random.Random(7)
    have = 0
    print(f"daily deal {day}; {args.repeat} reads each (ms)")
    for size in (int(s) for s in args.sizes.split(",")):
        games = Game.objects.bulk_create(
            [
                Game(
                    variant=deal.variant,
                    start_position=deal.start_position,
                    current_position=deal.start_position,
                    human_side=deal.human_side,
                    level="perfect",
                    seed=deal.seed,
                    rng_seed=deal.rng_seed,
                    status=Game.Status.OVER,
                    session_key=f"bench-{i}",
                )
                for i in range(have, size)
            ],
            batch_size=500,
        )
        now = timezone.now()
        DailyEntry.objects.bulk_create(
            [
                DailyEntry(
                    deal=deal,
                    game=g,
                    session_key=g.session_key,
                    points_lost=rng.randint(0, 80),
                    accuracy=rng.randint(20, 100),
                    grades="bbibm",
                    recorded_at=now,
                )
                for g in games
            ],
            batch_size=500,
        )
        have = size
        client = Client()
        session = client.session
        session[PLAYER_SESSION_KEY] = "bench-0"
        session.save()
        client.cookies["sessionid"] = session.session_key
        for name, url in (("ranking API", f"/api/daily-deal/{day}/ranking/"), ("day's page", f"/daily/{day}/")):
            client.get(url)  # warm
            times = []
            for _ in range(args.repeat):
                start = time.perf_counter()
                response = client.get(url)
                times.append((time.perf_counter() - start) * 1000)
                assert response.status_code == 200, response.status_code
            median = statistics.median(times)
            goal = (
                f"  (goal <= {GOAL_MS:.0f}: {'met' if median <= GOAL_MS else 'NOT met'})"
                if (name == "ranking API" and size == 10000)
                else ""
            )
            print(f"{size:>6} players  {name:<12} median {median:6.1f}  max {max(times):6.1f}{goal}")


if __name__ == "__main__":
    main()
