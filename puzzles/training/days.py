"""Days: the UTC day, the daily puzzle's target rating by weekday, and the
daily streak (pure functions of dates and a player's rating row)."""

from __future__ import annotations

from datetime import UTC, date, timedelta
from typing import Any

from django.utils import timezone

# Target rating of the daily puzzle by UTC weekday: Monday easiest, Sunday hardest.
DAILY_TARGETS = {0: 1200, 1: 1330, 2: 1470, 3: 1600, 4: 1730, 5: 1870, 6: 2000}


def utc_today() -> date:
    return timezone.now().astimezone(UTC).date()


def daily_target(day: date) -> int:
    return DAILY_TARGETS[day.weekday()]


def streak_record(rating: Any, day: date) -> None:
    """Count the daily puzzle of ``day`` as solved (on its day) in the streak."""
    if rating.streak_day == day:
        return
    if rating.streak_day == day - timedelta(days=1):
        rating.streak += 1
    else:
        rating.streak = 1
    rating.streak_day = day
    rating.best_streak = max(rating.best_streak, rating.streak)


def streak_current(rating: Any | None, today: date | None = None) -> int:
    """The streak as it stands: alive while the last daily solved was today's or yesterday's."""
    if rating is None or rating.streak_day is None:
        return 0
    today = today or utc_today()
    return rating.streak if rating.streak_day >= today - timedelta(days=1) else 0


# Difficulty of training puzzles: an offset from the player's rating, and the
# band around that target that "next puzzle" keeps to.
DIFFICULTIES = {"easiest": -600, "easier": -300, "normal": 0, "harder": 300, "hardest": 600}
DIFFICULTY_BAND = 250


def difficulty_offset(key: str | None) -> int:
    return DIFFICULTIES.get(key or "normal", 0)
