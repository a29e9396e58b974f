"""Two players one of whom blocked the other are never paired: an arena
pairs each with someone else, a Swiss treats them as a forbidden pairing
(as a repeat) in its matching."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from django.utils import timezone

from puzzles.social.models import Block
from puzzles.tournaments import arena_rules, swiss
from puzzles.tournaments.models import Entry, Pairing, Tournament
from puzzles.tournaments.services import tournaments_tick

from ..games.people_helpers import account_client

NAMES = ("ann", "bob", "cid", "dan")


def test_the_arenas_rules_pair_a_blocked_pair_with_others():
    at = datetime(2026, 1, 1, tzinfo=UTC)
    line = [arena_rules.Waiting(player=p, score=0, rating=2000 - 10 * p, since=at) for p in (1, 2, 3, 4)]
    assert {frozenset((p.a, p.b)) for p in arena_rules.pair_waiting(line)} == {frozenset((1, 2)), frozenset((3, 4))}
    blocked = [arena_rules.Waiting(**{**w.__dict__, "avoid": frozenset({2} if w.player == 1 else ())}) for w in line]
    pairs = {frozenset((p.a, p.b)) for p in arena_rules.pair_waiting(blocked)}
    assert len(pairs) == 2
    assert frozenset((1, 2)) not in pairs  # one side's avoid is enough
    assert arena_rules.pair_waiting(blocked[:2]) == ()  # alone together: both wait


def test_the_swiss_rules_treat_a_blocked_pair_as_a_repeat():
    field = [swiss.Entrant(id=p, rating=2000 - 10 * p) for p in (1, 2, 3, 4)]
    assert {frozenset(p) for p in swiss.pair_round(field).pairs} == {frozenset((1, 3)), frozenset((2, 4))}
    field[2] = swiss.Entrant(id=3, rating=1970, avoid=frozenset({1}))
    pairs = {frozenset(p) for p in swiss.pair_round(field).pairs}
    assert len(pairs) == 2
    assert frozenset((1, 3)) not in pairs
    with pytest.raises(swiss.NoPairing):
        swiss.pair_round([swiss.Entrant(id=1, rating=1500), swiss.Entrant(id=2, rating=1500, avoid=frozenset({1}))])


@pytest.fixture
def accounts(django_user_model):
    return {name: account_client(django_user_model, name) for name in NAMES}


def event(accounts, order: tuple[str, ...], **body) -> int:
    """An event made ahead of its start, joined by the four accounts, rated in
    ``order`` (highest first), started once ann has blocked bob."""
    starts = (timezone.now() + timedelta(hours=1)).isoformat()
    organiser = accounts["ann"][0]
    made = organiser.post("/api/tournaments/", {**body, "starts_at": starts}, format="json")
    assert made.status_code == 201, made.content
    pk = made.json()["id"]
    for client, _player in accounts.values():
        assert client.post(f"/api/tournaments/{pk}/join/", format="json").status_code == 200
    for rank, name in enumerate(order):
        Entry.objects.filter(tournament_id=pk, owner__username=name).update(rating=2000 - 10 * rank)
    Block.objects.create(blocker=accounts["ann"][1].user, blocked=accounts["bob"][1].user)
    Tournament.objects.filter(pk=pk).update(starts_at=timezone.now())
    tournaments_tick()
    return pk


def met(pk: int) -> set[frozenset[str]]:
    rows = Pairing.objects.filter(tournament_id=pk, b__isnull=False).select_related("a__owner", "b__owner")
    return {frozenset((row.a.owner.username, row.b.owner.username)) for row in rows}


@pytest.mark.django_db(transaction=True)
def test_an_arena_pairs_each_of_a_blocked_pair_with_someone_else(accounts):
    clock = {"initial": 300, "increment": 3}
    pk = event(accounts, NAMES, kind="arena", variant="lewicki", rated=False, clock=clock, minutes=30)
    pairs = met(pk)
    assert len(pairs) == 2  # everyone plays, at once, where the line would have paired ann and bob, its first two
    assert frozenset(("ann", "bob")) not in pairs


@pytest.mark.django_db(transaction=True)
def test_a_swiss_round_never_pairs_a_blocked_pair(accounts):
    pk = event(accounts, ("ann", "cid", "bob", "dan"), kind="swiss", clock={"initial": 300, "increment": 3}, rounds=3)
    assert Tournament.objects.get(pk=pk).round == 1
    pairs = met(pk)
    assert len(pairs) == 2  # the Dutch order would have paired ann (1st) with bob (3rd)
    assert frozenset(("ann", "bob")) not in pairs
