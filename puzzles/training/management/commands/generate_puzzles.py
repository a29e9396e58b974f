"""``manage.py generate_puzzles --count N``: mine fresh deals for N new
puzzles, through the Celery workers (fanned out as groups) or, with
``--local``, in this process; a progress bar, then a summary."""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from puzzles.training import pool


class Command(BaseCommand):
    help = "Generate N new solver-verified puzzles (through the Celery workers unless --local)."

    def add_arguments(self, parser):
        parser.add_argument("--count", type=int, default=100, help="How many new puzzles to store (default 100).")
        parser.add_argument("--local", action="store_true", help="Mine in this process instead of the workers.")
        parser.add_argument("--seeds-per-task", type=int, default=8, help="Deals mined per task (default 8).")
        parser.add_argument("--timeout", type=float, default=3600, help="Give up after this many seconds.")
        parser.add_argument("--json", action="store_true", help="Print the summary as JSON.")
        parser.add_argument("--no-progress", action="store_true", help="No progress bar.")

    def handle(self, *args, count: int, local: bool, seeds_per_task: int, timeout: float, **options):
        if count < 1:
            raise CommandError("--count is at least 1")
        if not local:
            from celery import current_app as app

            if not app.conf.task_always_eager:
                try:
                    answered = app.control.ping(timeout=2.0)
                except Exception as exc:  # noqa: BLE001 - the broker is down
                    raise CommandError(f"cannot reach the Celery broker ({exc}); use --local to mine here") from None
                if not answered:
                    raise CommandError("no Celery worker answers; start one (scripts/run.sh does) or use --local")
        bar = None
        if not options["no_progress"]:
            from tqdm import tqdm

            bar = tqdm(total=count, unit="puzzle", desc="puzzles", file=self.stderr._out, dynamic_ncols=True)

        def progress(summary: dict) -> None:
            if bar is not None:
                bar.update(min(summary["accepted"], max(0, count - bar.n)))

        try:
            total = pool.generate_puzzles(
                count, seeds_per_task=seeds_per_task, workers=not local, progress=progress, timeout=timeout
            )
        except TimeoutError as exc:
            raise CommandError(str(exc)) from None
        finally:
            if bar is not None:
                bar.close()
        total.pop("puzzle_ids", None)
        if options["json"]:
            self.stdout.write(json.dumps(total, sort_keys=True))
            return
        w = self.stdout.write
        w(f"accepted:    {total['accepted']} new puzzles from {total['seeds']} deals")
        w(f"duplicates:  {total['duplicates']} (positions stored before)")
        w(
            f"examined:    {total['examined']} positions, {total['candidates']} puzzles found "
            f"(acceptance {total['acceptance']:.1%})"
        )
        w("by kind:     " + ", ".join(f"{k} {v}" for k, v in sorted(total["by_kind"].items())))
        w("by theme:    " + ", ".join(f"{k} {v}" for k, v in sorted(total["by_theme"].items(), key=lambda kv: -kv[1])))
        w(f"time:        {total['seconds']:.1f} s, {total['per_minute']:.0f} puzzles/minute")
