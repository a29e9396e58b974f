"""A daily game that runs past midnight: the deal stays withheld from its
player until their game of it is over, whatever the day, and from anyone
who has not played it until the grace after its day (``selectors.GRACE``,
two hours); a game finished within the grace is ranked, one finished after
it is ranked as late."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext

from puzzles.accounts.players import Player
from puzzles.daily import selectors, services
from puzzles.daily.models import DailyEntry

from .test_daily_withheld import START, finish, practice_answers

pytestmark = pytest.mark.django_db(transaction=True)

LAST_MINUTE = datetime(2026, 5, 1, 23, 59, tzinfo=UTC)
DAY = "2026-05-01"


def one_move(api, game_id: int) -> None:
    game = api.get(f"/api/games/{game_id}/").json()
    move = random.Random(2).choice(game["legal_moves"])
    assert (
        api.post(f"/api/games/{game_id}/moves/", {"move": move, "ply": game["ply"]}, format="json").status_code == 201
    )


def start_at_last_minute(api) -> int:
    with time_machine.travel(LAST_MINUTE, tick=False):
        started = api.post("/api/daily-deal/start/", {}, format="json")
        assert started.status_code == 201
        one_move(api, started.json()["id"])
    assert DailyEntry.objects.get().on_the_day
    return started.json()["id"]


def test_an_unfinished_game_keeps_its_deal_withheld_after_midnight(api, other_api):
    game_id = start_at_last_minute(api)
    with time_machine.travel(LAST_MINUTE + timedelta(minutes=11), tick=False):
        assert set(practice_answers(api).values()) == {403}
        refused = api.post("/api/analyses/", {"position": START}, format="json").json()
        assert "still being played" in refused["error"]
        # nobody studies it while games of it can still be ranked
        assert set(practice_answers(other_api).values()) == {403}
    # hours later the game is still going: still withheld from its player, open to the others
    with time_machine.travel(LAST_MINUTE + timedelta(hours=5), tick=False):
        assert set(practice_answers(api).values()) == {403}
        assert {a < 300 for a in practice_answers(other_api).values()} == {True}
        salt = DailyEntry.objects.get().deal.salt
        assert salt not in api.get(f"/daily/{DAY}/").content.decode()  # nor its seed and salt
        assert salt in other_api.get(f"/daily/{DAY}/").content.decode()
        finish(api, game_id)
        assert {a < 300 for a in practice_answers(api).values()} == {True}
        assert salt in api.get(f"/daily/{DAY}/").content.decode()


def test_a_game_finished_within_the_grace_is_ranked(api):
    game_id = start_at_last_minute(api)
    with time_machine.travel(LAST_MINUTE + timedelta(minutes=30), tick=False):
        finish(api, game_id)
    entry = DailyEntry.objects.get()
    assert entry.recorded_at is not None
    assert entry.excluded == ""


def test_a_game_finished_after_the_grace_is_ranked_as_late(api):
    game_id = start_at_last_minute(api)
    with time_machine.travel(LAST_MINUTE + timedelta(hours=2, minutes=2), tick=False):
        finish(api, game_id)
    entry = DailyEntry.objects.get()
    assert entry.recorded_at is not None
    assert entry.excluded == DailyEntry.Excluded.LATE


def test_the_check_is_one_query_for_a_player_and_none_more_without_one(api):
    start_at_last_minute(api)
    entry = DailyEntry.objects.get()
    player = Player(user=None, token=entry.session_key)
    with time_machine.travel(LAST_MINUTE + timedelta(hours=5), tick=False):
        with CaptureQueriesContext(connection) as anyone:
            assert services.start_refusal(["nothing of a deal"], None) is None
        with CaptureQueriesContext(connection) as mine:
            assert services.start_refusal(["nothing of a deal"], player) is None
        assert len(anyone) == 1, (anyone.captured_queries, mine.captured_queries)
        assert len(mine) == 2, (anyone.captured_queries, mine.captured_queries)
        # today's, not stored (no beat here), and the player's unfinished game's
        assert [d.day.isoformat() for d in selectors.deals_open(player)] == ["2026-05-02", DAY]
