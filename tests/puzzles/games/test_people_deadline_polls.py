"""A long poll of a game between people whose deadline has passed is not held:
the version the long polls read (``selectors.game_version_for_player``) is
one no client holds, so the poll goes to the view, which ends the game on
time, even while no worker runs the deadline's task.  Once it is over the
poll reads its real version again."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from puzzles.games import clock, selectors
from puzzles.games.people_start import game_start_people
from solver import Position

from .people_helpers import guest_client, state

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def now(monkeypatch):
    moving = {"at": timezone.now()}
    monkeypatch.setattr(clock, "now", lambda: moving["at"])
    return moving


def test_a_poll_after_the_deadline_goes_to_the_view_which_flags_the_seat_to_move(now, no_tasks):
    (ann, ann_player), (bob, bob_player) = guest_client(), guest_client()
    game = game_start_people(
        seats={"A": ann_player, "B": bob_player}, variant="lewicki", rated=False, clock=(10, 0), seed=7
    )
    clients, players = {"A": ann, "B": bob}, {"A": ann_player, "B": bob_player}
    for _ in range(2):  # both first moves (free): the clock of the seat to move runs
        seen = state(ann, game.pk)
        answer = clients[seen["to_move"]].post(
            f"/api/games/{game.pk}/moves/",
            {"move": state(clients[seen["to_move"]], game.pk)["legal_moves"][0], "ply": seen["ply"]},
            format="json",
        )
        assert answer.status_code == 201, answer.content
    seen = state(ann, game.pk)
    mover = seen["to_move"]
    waiting = "B" if mover == "A" else "A"
    now["at"] += timedelta(seconds=9.9)
    assert selectors.game_version_for_player(players[waiting], game.pk) == seen["version"]  # held as usual
    now["at"] += timedelta(seconds=0.2)
    assert selectors.game_version_for_player(players[waiting], game.pk) == selectors.DEADLINE_PASSED
    assert selectors.game_version_for_player(players[mover], game.pk) == selectors.DEADLINE_PASSED
    # the deadline's task never ran (no worker): the poll, sent to the view, ends the game
    over = clients[waiting].get(f"/api/games/{game.pk}/?wait={seen['version']}&timeout=0.1").json()
    assert over["status"] == "over"
    assert over["result"]["reason"] == "time"
    assert over["result"]["flagged"] == mover
    position = Position.parse(seen["position"])
    loser = position.variant.team_of(mover)
    assert over["result"]["winner"] == position.variant.team_name(1 - loser)
    assert over["result"]["points"] == position.team_pips(loser)
    assert over["version"] == seen["version"] + 1
    assert selectors.game_version_for_player(players[waiting], game.pk) == over["version"]
