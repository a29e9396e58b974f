"""The recurring events the beat makes ahead of their start, once each."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from puzzles.tournaments.models import Tournament
from puzzles.tournaments.schedule import SCHEDULE, schedule_upkeep

pytestmark = pytest.mark.django_db


def test_the_schedule_makes_each_events_next_starts_once():
    now = datetime(2026, 12, 6, 18, 30, tzinfo=UTC)
    made = schedule_upkeep(now)
    starts = {(t.name, t.starts_at) for t in Tournament.objects.all()}
    hourly = {start for name, start in starts if name == "Hourly arena 3+2"}
    assert hourly == {datetime(2026, 12, 6, hour, 0, tzinfo=UTC) for hour in (19, 20)}
    swiss = {start for name, start in starts if name == "Evening Swiss 5+3"}
    assert swiss == {datetime(2026, 12, 6, 19, 0, tzinfo=UTC)}
    assert {start for name, start in starts if name == "Daily duplicate"} == set()  # midnight is beyond two hours
    assert made == len(starts) == 3
    assert schedule_upkeep(now) == 0  # made once
    # at 22:30, until 00:30: the arenas of 23:00 and 00:00, and the next day's duplicate at midnight
    # (those of 21:00 and 22:00, never made while nothing ran, are past: not made late)
    assert schedule_upkeep(now + timedelta(hours=4)) == 3
    arena = Tournament.objects.filter(name="Hourly arena 3+2").first()
    assert arena is not None
    assert arena.ends_at == arena.starts_at + timedelta(minutes=45)
    assert arena.rated
    duplicate = Tournament.objects.get(name="Daily duplicate")
    assert duplicate.seed != ""
    assert duplicate.ends_at == duplicate.starts_at + timedelta(hours=24)


def test_every_recurring_event_starts_within_its_period():
    now = datetime(2026, 12, 6, 23, 59, tzinfo=UTC)
    for recurring in SCHEDULE:
        starts = recurring.next_starts(now, ahead=recurring.every)
        assert starts
        assert all(now <= start <= now + recurring.every for start in starts)
