"""The coach's view of events: a player's results in their events (rank and
score) and their worst moves in the events' games, costliest first, each an
exercise made from the game's exact grades; moves from other games are left
out."""

from __future__ import annotations

import re

import pytest
from django.utils import timezone

from puzzles.coach import schedule, selectors
from puzzles.coach.models import Exercise, card_fields
from puzzles.games.models import GameMove

from ..games.people_helpers import account_client, guest_client, play_out

pytestmark = pytest.mark.django_db(transaction=True)


def test_the_coach_lists_a_players_events_and_worst_moves_in_them(django_user_model):
    maker = account_client(django_user_model, "host")[0]
    made = maker.post(
        "/api/tournaments/",
        {"kind": "arena", "name": "Night arena", "minutes": 30, "clock": {"initial": 600, "increment": 5}},
        format="json",
    ).json()
    (ann, ann_player), (bob, _bob_player) = guest_client(), guest_client()
    for client in (ann, bob):
        assert client.post(f"/api/tournaments/{made['id']}/join/", format="json").status_code == 200
    game_id = ann.get(f"/api/tournaments/{made['id']}/").json()["your_game"]["id"]
    seats = {s: c for c in (ann, bob) for s in [c.get(f"/api/games/{game_id}/").json()["my_seat"]]}
    # each plays the last legal move it is offered: mistakes come of it
    play_out(seats, game_id, choose=lambda state: state["legal_moves"][-1])

    ann_seat = next(seat for seat, client in seats.items() if client is ann)
    graded = GameMove.objects.filter(game_id=game_id, side=ann_seat, grade__in=("mistake", "blunder"))
    assert graded.exists(), "the game gave Ann a mistake to learn from"
    mine = Exercise.objects.filter(session_key=ann_player.token, game_id=game_id)
    assert mine.count() >= 1
    # a mistake from an analysed record: not an event's
    other = mine.first()
    assert other is not None
    Exercise.objects.create(
        session_key=ann_player.token,
        source=Exercise.Source.ANALYSIS,
        ply=3,
        position=other.position,
        side=other.side,
        played="zz",
        grade="blunder",
        points_lost=999,
        best_moves=other.best_moves,
        best_value=other.best_value,
        **card_fields(schedule.new_card(timezone.now())),
    )

    worst = selectors.event_mistakes(ann_player)
    assert [e.pk for e in worst] == [e.pk for e in mine.order_by("-points_lost", "-id")]
    page = ann.get("/coach/events/", HTTP_ACCEPT_LANGUAGE="nl")
    assert page.status_code == 200
    html = page.content.decode()
    assert "Jouw toernooien" in html
    assert html.count("Night arena") >= 1 + len(worst)  # the results line, and each move's event
    lost = [int(n) for n in re.findall(r'class="points-lost">(\d+)<', html)]
    assert lost == sorted(lost, reverse=True)
    assert 999 not in lost
    assert len(lost) == len(worst)
    ranks = re.findall(r"(\d+) van 2", html)  # the rank among the event's two entrants
    assert ranks
