"""A key given to anyone withholds its puzzle from everyone's rated training:
the same person could fetch keys as a guest and train on an account.  The
packs reuse the offline pool before they take new puzzles, and take new ones
only while the pool has room, so that rated training keeps the rest."""

from __future__ import annotations

import pytest

from puzzles.offline import selectors
from puzzles.offline.models import KeyHeld
from puzzles.training import pool as puzzle_pool
from puzzles.training.models import Puzzle

from .test_keys_held import NEXT, ratings, solve
from .test_offline_api import SEEDS, fetch_pack

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("pool")]


@pytest.fixture
def pool():
    return puzzle_pool.mine_seeds(SEEDS)


def test_keys_fetched_as_a_guest_unrate_the_puzzle_on_another_account(api, other_api, django_user_model):
    training = Puzzle.objects.filter(daily_on__isnull=True).count()
    keys = {p["id"]: p["key"] for p in fetch_pack(api, n=training - 1)["puzzles"]}  # a fresh guest session
    assert KeyHeld.objects.filter(user__isnull=True).count() == len(keys) == training - 1
    other_api.force_login(django_user_model.objects.create_user("second", password="a long password 123"))
    left = Puzzle.objects.filter(daily_on__isnull=True).exclude(pk__in=keys).get()
    for _ in range(10):
        assert other_api.get(NEXT).json()["id"] == left.pk
    held = next(iter(keys))
    before = ratings(held)
    attempt = solve(other_api, held, keys[held])
    assert attempt["status"] == "solved"
    assert attempt["rated"] is False
    assert attempt["unrated_because"] == "offline-key"
    assert ratings(held)[0] == before[0]  # the puzzle's rating did not move


def test_a_second_player_is_given_the_offline_pool_first(api, other_api, monkeypatch):
    first = {p["id"] for p in fetch_pack(api, n=2)["puzzles"]}
    monkeypatch.setattr(selectors, "OFFLINE_MIN", 0)
    monkeypatch.setattr(selectors, "OFFLINE_SHARE", 0.0)  # the pool is full: no new puzzle is given out
    second = {p["id"] for p in fetch_pack(other_api, n=10)["puzzles"]}
    assert second == first
    assert KeyHeld.objects.values("puzzle_id").distinct().count() == 2


def test_the_offline_pool_never_takes_more_than_half_the_rated_pool(api, monkeypatch):
    # However large the floor, a small pool stays a rated one: at most half of it is given out.
    from puzzles.training.models import Puzzle

    monkeypatch.setattr(selectors, "OFFLINE_MAX_SHARE", 0.5)
    monkeypatch.setattr(selectors, "OFFLINE_MIN", 10**6)
    training = Puzzle.objects.filter(daily_on__isnull=True).count()
    assert training >= 4
    assert selectors.offline_room() == training // 2
    given = {p["id"] for p in fetch_pack(api, n=training)["puzzles"]}
    assert len(given) == training // 2
    assert selectors.offline_room() == 0
