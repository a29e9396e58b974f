"""``manage.py daily_deal [--date YYYY-MM-DD]``: make the daily deal of that
day (today, UTC, by default) if it is not there, and print it."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from puzzles.daily import selectors, services


class Command(BaseCommand):
    help = "Make the daily deal of a day (today, UTC) if it is not there, and print it."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--date", default="", help="YYYY-MM-DD (default: today, UTC)")

    def handle(self, *args: Any, date: str, **options: Any) -> None:
        day = selectors.parse_day(date) if date else selectors.utc_today()
        if day is None:
            raise CommandError(f"a date is written YYYY-MM-DD, not {date!r}")
        deal = services.deal_ensure(day)
        self.stdout.write(f"daily deal {deal.day.isoformat()}: seed {deal.seed}, you play {deal.human_side}")
        self.stdout.write(deal.start_position)
