"""A player's list of events (their profile, their coach) reads its rows in
one query, however many events: each finished event's final rank and score
are kept on its entries when it ends (``results.ranks_store``), agreeing
with the standings the event's page shows."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from puzzles.accounts.players import Player
from puzzles.tournaments import arena_rules, presentation
from puzzles.tournaments.models import Entry, Tournament
from puzzles.tournaments.services import tournaments_tick

pytestmark = pytest.mark.django_db

EVENTS = 6


def sheet(results: list[str]) -> int:
    """An arena's score of these results, as the event keeps it on the entry."""
    return arena_rules.score(arena_rules.Result(r) for r in results).total


def arena(index: int, ended: bool) -> Tournament:
    now = timezone.now()
    return Tournament.objects.create(
        id=1000 + index,
        kind=Tournament.Kind.ARENA,
        name=f"Arena {index}",
        clock_initial=180,
        clock_increment=2,
        minutes=30,
        starts_at=now - timedelta(hours=2),
        ends_at=now - timedelta(minutes=1) if ended else now + timedelta(hours=1),
        status=Tournament.Status.STARTED,
    )


def test_a_profiles_events_are_one_query_with_their_final_ranks(django_user_model, django_assert_max_num_queries):
    me = django_user_model.objects.create_user("regular", password="a-long-pass-phrase-29")
    others = [django_user_model.objects.create_user(f"other{n}", password="a-long-pass-phrase-29") for n in range(3)]
    expected = {}
    for index in range(EVENTS):
        event = arena(index, ended=index < EVENTS - 1)  # the last one still runs
        # I win ``index % 4`` games of three; the others one each, fewer for some
        mine = ["win"] * (index % 4) + ["loss"] * (3 - index % 4)
        Entry.objects.create(tournament=event, owner=me, name=me.username, results=mine, score=sheet(mine))
        for n, other in enumerate(others):
            results = ["win"] * (n % 2) + ["loss"] * 2
            Entry.objects.create(
                tournament=event, owner=other, name=other.username, results=results, score=sheet(results)
            )
        expected[event.name] = event
    tournaments_tick()  # the ended ones finish: their ranks are kept

    for event in expected.values():
        event.refresh_from_db()
    # the standings the pages show, worked out the old way
    pages = {}
    for event in expected.values():
        rows = presentation.shared_state(event)["standings"]
        pages[event.name] = next(row for row in rows if row["player"] == "regular")

    with django_assert_max_num_queries(1):
        rows = presentation.profile_events(me)
    assert len(rows) == EVENTS
    for row in rows:
        event = expected[row["name"]]
        assert row["entrants"] == 4
        if event.status == Tournament.Status.FINISHED:
            assert row["rank"] == pages[row["name"]]["rank"]
            assert row["score"] == pages[row["name"]]["score"]
        else:
            assert row["rank"] == 1  # still running: its rank by score so far (one win, level with the best)
    ranks = {row["name"]: row["rank"] for row in rows}
    assert ranks["Arena 3"] == 1  # three wins: first
    assert ranks["Arena 0"] == 4  # no win in three games: behind the one with none in two (fewer games first)

    # the coach's list: the same rows for the player, a guest's included
    with django_assert_max_num_queries(1):
        assert presentation.player_events(Player(me, "")) == rows
