"""The part of an event every reader is shown alike is worked out once a
version, however many web processes are woken by the change: a process
that finds another working on it waits for that one's result in the cache,
and works it out itself only if none comes in time."""

from __future__ import annotations

import threading

import pytest
from django.core.cache import cache

from puzzles.tournaments import presentation
from puzzles.tournaments.models import Tournament


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


def _key(tournament: Tournament) -> str:
    return f"tournament:{tournament.pk}:{tournament.version}:en-us"


def test_a_process_waits_for_the_one_working_it_out(monkeypatch, settings):
    settings.LANGUAGE_CODE = "en-us"
    tournament = Tournament(pk=7, version=3)
    worked: dict = {"standings": ["from the other process"]}
    cache.add(_key(tournament) + ":working", 1, 5)  # another process is at it
    monkeypatch.setattr(presentation.selectors, "standings", lambda t: pytest.fail("worked out twice"))
    threading.Timer(0.05, lambda: cache.set(_key(tournament), worked, 60)).start()
    assert presentation.shared_state(tournament) == worked


def test_a_process_works_it_out_when_the_other_gives_nothing_in_time(monkeypatch, settings):
    settings.LANGUAGE_CODE = "en-us"
    tournament = Tournament(pk=8, version=1)
    cache.add(_key(tournament) + ":working", 1, 5)  # taken, and never given
    monkeypatch.setattr(presentation, "WORKING_SECONDS", 0.05)
    calls = []
    monkeypatch.setattr(presentation, "summary", lambda t: calls.append("summary") or {"id": t.pk})
    monkeypatch.setattr(presentation.selectors, "standings", lambda t: [])
    monkeypatch.setattr(presentation.selectors, "team_standings", lambda t, rows: [])
    monkeypatch.setattr(presentation.selectors, "games_of", lambda t: [])
    monkeypatch.setattr(presentation.team_sheet, "sheet", lambda t: None)
    found = presentation.shared_state(tournament)
    assert calls == ["summary"]
    assert found["summary"] == {"id": 8}
    assert cache.get(_key(tournament)) == found  # and kept for the others
