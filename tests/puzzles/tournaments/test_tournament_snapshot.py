"""What an event's socket sends each page (``snapshot.Snapshot.doc_for``)
is what the API answers that reader asking for the same page of the
standings (``?page=``), key for key: for a visitor, an entrant in a game,
one waiting, on their own page, on each page and past the last, with their
games among the latest or beyond them, after a game's end and once the
event is over (its podium), and in a duplicate event, whose games are
linked for their own entrant alone."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest
from django.utils import timezone

from puzzles.tournaments import presentation
from puzzles.tournaments.models import Tournament
from puzzles.tournaments.services import tournaments_tick
from puzzles.tournaments.snapshot import Snapshot, identity_of

from ..games.people_helpers import account_client, guest_client
from .test_tournaments_api import ARENA, join, make, read, resign

pytestmark = pytest.mark.django_db(transaction=True)


def _same_for_everyone(tournament_id: int, readers: list[tuple[object, object]]) -> None:
    snapshot = Snapshot.read(tournament_id, "en")
    assert snapshot is not None
    for client, player in readers:
        who = identity_of(player.user.pk if player.user is not None else None, player.token)
        for page in (None, 1, 2, 3, 99):
            answer = client.get(f"/api/tournaments/{tournament_id}/?page={page or 'mine'}")
            assert answer.status_code == 200, answer.content
            assert json.loads(snapshot.doc_for(who, page)) == answer.json()


def test_an_arena_is_sent_to_each_reader_as_the_api_answers_them(django_user_model, monkeypatch):
    # pages of two lines, and one game shown besides the reader's own
    monkeypatch.setattr(presentation, "PAGE_LINES", 2)
    monkeypatch.setattr(presentation, "PAGE_GAMES", 1)
    maker, organiser = account_client(django_user_model, "organiser")
    made = make(maker, **ARENA)
    guests = [guest_client() for _ in range(5)]
    for client, _player in guests:
        join(client, made["id"])
    visitor = guest_client()
    readers = [*guests, visitor, (maker, organiser)]
    _same_for_everyone(made["id"], readers)
    state = read(guests[0][0], made["id"])
    assert state["your_game"] is not None
    resign(guests[0][0], state["your_game"]["id"])
    _same_for_everyone(made["id"], readers)
    Tournament.objects.filter(pk=made["id"]).update(ends_at=timezone.now() - timedelta(seconds=1))
    tournaments_tick()  # time is up: nobody paired again, and the games still on end the event
    for client, _player in guests:
        game = read(client, made["id"])["your_game"]
        if game is not None and client.get(f"/api/games/{game['id']}/").json()["status"] != "over":
            resign(client, game["id"])
    tournaments_tick()
    finished = read(guests[0][0], made["id"])
    assert finished["status"] == "finished"
    assert finished["podium"]
    _same_for_everyone(made["id"], readers)
    assert Snapshot.read(10**15, "en") is None


def test_a_duplicate_events_games_are_linked_for_their_own_entrant_alone(django_user_model):
    maker = account_client(django_user_model, "organiser")[0]
    made = make(maker, kind="duplicate", deals=2)
    guests = [guest_client() for _ in range(3)]
    for client, _player in guests:
        join(client, made["id"])
    _same_for_everyone(made["id"], [*guests, guest_client()])
    snapshot = Snapshot.read(made["id"], "en")
    mine = json.loads(snapshot.doc_for(identity_of(None, guests[0][1].token)))
    linked = [game["id"] for game in mine["games"] if game["url"] is not None]
    assert linked == [mine["your_game"]["id"]]  # their own deal in play, and nobody else's
    assert len(mine["games"]) == 3
