"""Reads of the daily deal write nothing: the day's deal is stored by the
beat (or the first start), a read before shows it as it will be; a finished game whose result is not
recorded yet (its last grade came after its end, or its ``game_finished``
was lost) is recorded by the beat's sweep (``tasks.daily_settle_task``,
``services.entries_settle``), never by a GET; meanwhile its player sees the
result the sweep will store, worked out from the stored moves, counted in
the field as it will be."""

from __future__ import annotations

import random
import re
import statistics
from contextlib import contextmanager
from datetime import UTC, datetime

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from puzzles.daily import selectors, services
from puzzles.daily.models import DailyDeal, DailyEntry
from puzzles.daily.tasks import daily_deal_task, daily_settle_task
from puzzles.games.models import Game, GameMove
from puzzles.games.signals import game_finished

from .test_daily import finish

pytestmark = pytest.mark.django_db(transaction=True)

EVENING = datetime(2026, 5, 1, 21, 0, tzinfo=UTC)
DAY = "2026-05-01"
WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")
API_READS = ("/api/daily-deal/", f"/api/daily-deal/{DAY}/ranking/")
PAGE_READS = ("/daily/", f"/daily/{DAY}/", "/daily/archive/")


@contextmanager
def daily_signal_lost():
    """The daily app's receiver of ``game_finished`` off, as when the process
    died between the game's commit and the signal."""
    assert game_finished.disconnect(dispatch_uid="puzzles.daily.game_finished")
    try:
        yield
    finally:
        game_finished.connect(services.entry_on_game_finished, dispatch_uid="puzzles.daily.game_finished")


def read(client, url: str):
    """A GET of ``url``: 200, and not one statement that writes."""
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    assert queries.captured_queries, url  # it did read
    writes = [q["sql"] for q in queries.captured_queries if q["sql"].lstrip().upper().startswith(WRITES)]
    assert writes == [], url
    return response


def play(api, seed: int, *, lost: bool = False) -> int:
    """The client's daily game of the day, played to its end (its signal lost if ``lost``)."""
    game_id = api.post("/api/daily-deal/start/", {}, format="json").json()["id"]
    if lost:
        with daily_signal_lost():
            finish(api, game_id, seed=seed)
    else:
        finish(api, game_id, seed=seed)
    return game_id


def test_a_result_not_recorded_yet_is_shown_and_only_the_sweep_records_it(api, other_api):
    with time_machine.travel(EVENING, tick=False):
        play(other_api, seed=1)  # recorded at its end: the field of one
        game_id = play(api, seed=2, lost=True)
        entry = DailyEntry.objects.get(game_id=game_id)
        assert entry.recorded_at is None
        before = {url: read(api, url).json() for url in API_READS}
        pages = {url: read(api, url).content.decode() for url in PAGE_READS}
        assert DailyEntry.objects.get(game_id=game_id).recorded_at is None  # no read recorded it
        assert before["/api/daily-deal/"]["status"] == "over"
        assert before["/api/daily-deal/"]["players"] == 2  # the reader's own result counted in
        assert before[API_READS[1]]["players"] == 2
        assert "Grading your moves" not in pages[f"/daily/{DAY}/"]
        assert before["/api/daily-deal/"]["you"]["share"] in pages["/daily/"]
        assert daily_settle_task.apply().get() == 1
        assert daily_settle_task.apply().get() == 0  # once
        after = {url: read(api, url).json() for url in API_READS}
        archive = read(api, "/daily/archive/").content.decode()
    # the sweep stored what the reader was shown
    assert after == before
    table = re.compile(r"<table.*?</table>", re.S)
    assert table.search(archive).group(0) == table.search(pages["/daily/archive/"]).group(0)
    recorded = DailyEntry.objects.get(game_id=game_id)
    assert recorded.points_lost == before["/api/daily-deal/"]["you"]["points_lost"]
    assert recorded.excluded == ""


def test_a_grade_that_comes_after_the_end_is_recorded_by_the_sweep(api, other_api):
    with time_machine.travel(EVENING, tick=False):
        waiting = play(api, seed=3, lost=True)
        ready = play(other_api, seed=4, lost=True)
        last = GameMove.objects.filter(game_id=waiting, by=GameMove.By.HUMAN).order_by("ply").last()
        GameMove.objects.filter(pk=last.pk).update(graded_at=None, grade=None, points_lost=None)
        state = read(api, "/api/daily-deal/").json()
        assert state["status"] == "grading"
        assert state["you"] is None
        assert "Grading your moves" in read(api, f"/daily/{DAY}/").content.decode()
        # the older entry waits for its grade; the one behind it is recorded all the same
        assert services.entries_settle(limit=1) == 1
        assert DailyEntry.objects.get(game_id=ready).recorded_at is not None
        assert services.entries_settle() == 0
        assert DailyEntry.objects.get(game_id=waiting).recorded_at is None
        GameMove.objects.filter(pk=last.pk).update(graded_at=timezone.now(), grade="best", points_lost=0)
        shown = read(api, "/api/daily-deal/").json()
        assert shown["status"] == "over"
        assert shown["players"] == 2
        assert DailyEntry.objects.get(game_id=waiting).recorded_at is None
        assert services.entries_settle() == 1
        assert read(api, "/api/daily-deal/").json() == shown


def test_the_first_reads_of_a_day_store_no_deal(api):
    """Before the beat has stored the day's deal, reads show it as it will be stored, and store nothing."""
    with time_machine.travel(EVENING, tick=False):
        shown = read(api, "/api/daily-deal/").json()
        ranking = read(api, f"/api/daily-deal/{DAY}/ranking/").json()
        for url in PAGE_READS:
            read(api, url)
        assert not DailyDeal.objects.exists()
        assert (shown["status"], shown["players"], ranking["players"]) == ("new", 0, 0)
        assert daily_deal_task.apply().get() == DAY
        assert read(api, "/api/daily-deal/").json() == shown
        assert read(api, f"/api/daily-deal/{DAY}/ranking/").json() == ranking
    assert DailyDeal.objects.get().commitment == shown["deal"]["commitment"]


def test_the_beat_runs_the_sweep_at_the_stale_work_pace(settings):
    beat = settings.CELERY_BEAT_SCHEDULE
    assert beat["daily-settle"]["task"] == daily_settle_task.name == "puzzles.daily.tasks.daily_settle_task"
    assert beat["daily-settle"]["schedule"] == beat["requeue-stale-work"]["schedule"]
    assert beat["daily-settle"]["schedule"].total_seconds() <= 15
    assert beat["daily-deal"]["task"] == "puzzles.daily.tasks.daily_deal_task"


@pytest.mark.parametrize("stored", range(8))
def test_the_field_counts_an_unstored_result_in_as_if_stored(stored):
    """The players, histogram and median with one result worked out in
    memory are those of the field with it stored (a direct count)."""
    rng = random.Random(stored)
    day = EVENING.date()
    deal = DailyDeal.objects.create(day=day, **services.deal_choice(day))
    points = [rng.choice([0, 0, 2, 5, 7, 12, 30, 60]) for _ in range(stored)]
    for i, lost in enumerate(points):
        DailyEntry.objects.create(
            deal=deal, game=_game(deal, f"g{i}"), session_key=f"g{i}", points_lost=lost, recorded_at=timezone.now()
        )
    mine = rng.choice([0, 3, 7, 12, 60])
    seen = DailyEntry(deal=deal, game=_game(deal, "me"), session_key="me", points_lost=mine, recorded_at=timezone.now())
    seen.result_unstored = True
    counted = selectors.field(deal, seen)
    assert counted.players == stored + 1 == selectors.players(deal, seen)
    assert counted.median == statistics.median([*points, mine])
    seen.save()
    assert selectors.field(deal) == counted
    assert selectors.field(deal, DailyEntry.objects.get(pk=seen.pk)) == counted  # a stored one is not counted twice


def _game(deal: DailyDeal, key: str) -> Game:
    return Game.objects.create(
        variant=deal.variant,
        start_position=deal.start_position,
        current_position=deal.start_position,
        human_side=deal.human_side,
        level="perfect",
        seed=deal.seed,
        rng_seed=deal.rng_seed,
        status=Game.Status.OVER,
        session_key=key,
    )
