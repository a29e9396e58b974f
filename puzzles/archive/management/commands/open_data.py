"""``manage.py open_data [--month YYYY-MM] [--force]``: write a month's open
data file of rated games between people (last month by default), as the
beat does on the first of each month."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from puzzles.core.errors import ApplicationError

from ...services import open_data_dir, open_data_write, previous_month


def _month(text: str) -> date:
    try:
        year, month = (int(part) for part in text.split("-"))
        return date(year, month, 1)
    except ValueError:
        raise CommandError(f"a month is YYYY-MM, not {text!r}") from None


class Command(BaseCommand):
    help = "Write a month's open data file of rated games between people (last month by default)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--month", default=None, help="YYYY-MM (default: last month, UTC)")
        parser.add_argument("--force", action="store_true", help="write it again if it was written")

    def handle(self, *args: Any, **options: Any) -> None:
        month = _month(options["month"]) if options["month"] else previous_month()
        try:
            row = open_data_write(month, force=options["force"])
        except ApplicationError as exc:
            raise CommandError(str(exc)) from None
        self.stdout.write(f"{open_data_dir() / row.name}: {row.games} games, {row.size} bytes, sha256 {row.sha256}")
