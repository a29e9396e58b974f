"""The recurring events the site holds by itself: an hourly arena, a Swiss
each evening, a duplicate daylong each day.  The beat makes each one's next
occurrence ahead of its start (``schedule_upkeep``), once: an event made
by the schedule is known by its name there and its start (``scheduled``)."""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from .models import Tournament, unguessable_id

# How far ahead of its start a scheduled event is listed.
AHEAD = timedelta(hours=2)


@dataclass(frozen=True)
class Recurring:
    """One recurring event: its key, its name, its kind's fields, and when:
    every ``every`` from midnight UTC plus ``offset``."""

    key: str
    name: str
    fields: dict[str, Any] = field(default_factory=dict)
    every: timedelta = timedelta(hours=1)
    offset: timedelta = timedelta(0)

    def next_starts(self, now: datetime, ahead: timedelta = AHEAD) -> list[datetime]:
        """Its starts from ``now`` until ``now + ahead``."""
        midnight = now.replace(hour=0, minute=0, second=0, microsecond=0)
        start = midnight + self.offset
        while start < now:
            start += self.every
        starts = []
        while start <= now + ahead:
            starts.append(start)
            start += self.every
        return starts


SCHEDULE = (
    Recurring(
        "hourly-arena",
        gettext_noop("Hourly arena 3+2"),  # stored in English, shown in the reader's language
        {"kind": "arena", "clock_initial": 180, "clock_increment": 2, "minutes": 45},
    ),
    Recurring(
        "evening-swiss",
        gettext_noop("Evening Swiss 5+3"),  # stored in English, shown in the reader's language
        {"kind": "swiss", "clock_initial": 300, "clock_increment": 3, "rounds": 5},
        every=timedelta(days=1),
        offset=timedelta(hours=19),
    ),
    Recurring(
        "daily-duplicate",
        gettext_noop("Daily duplicate"),  # stored in English, shown in the reader's language
        {"kind": "duplicate", "deals": 6, "level": "perfect"},
        every=timedelta(days=1),
    ),
)


def _made(recurring: Recurring, start: datetime) -> dict[str, Any]:
    fields = {"variant": "lewicki", "rated": recurring.fields["kind"] == "arena", **recurring.fields}
    kind = fields["kind"]
    if kind == Tournament.Kind.ARENA:
        fields["ends_at"] = start + timedelta(minutes=fields["minutes"])
    elif kind == Tournament.Kind.DUPLICATE:
        fields["ends_at"] = start + timedelta(hours=24)
        fields["seed"] = str(secrets.randbelow(1 << 53))
    return fields


def schedule_upkeep(now: datetime | None = None) -> int:
    """Make every scheduled event due within ``AHEAD`` that is not made yet;
    how many were made."""
    now = now or timezone.now()
    made = 0
    for recurring in SCHEDULE:
        for start in recurring.next_starts(now):
            key = f"{recurring.key} {start.isoformat()}"
            if Tournament.objects.filter(scheduled=key).exists():
                continue
            try:
                with transaction.atomic():
                    Tournament.objects.create(
                        id=unguessable_id(),
                        name=recurring.name,
                        starts_at=start,
                        scheduled=key,
                        **_made(recurring, start),
                    )
            except IntegrityError:  # made meanwhile by another beat
                continue
            made += 1
    return made
