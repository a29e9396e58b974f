"""A flag on hold (it may not fall yet: a move on its way, the site not yet
seen working) gives no one more time: a move that arrived after the deadline
less the outages is refused, and the hold is no change of the game (no new
version, no notice, the deadline as it was) until the flag falls."""
from __future__ import annotations

from datetime import timedelta

import pytest

from puzzles.core import outages
from puzzles.games import stoppages
from puzzles.games.models import Game
from puzzles.games.people import game_start_people

from .people_helpers import guest_client, state

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _outages_read_afresh():
    outages.forget()
    yield
    outages.forget()


def start(clock=(10, 2)):
    (ann, ann_player), (bob, bob_player) = guest_client(), guest_client()
    game = game_start_people(seats={"A": ann_player, "B": bob_player}, variant="lewicki", rated=False, clock=clock, seed=7)
    return game, {"A": ann, "B": bob}


def move(clients, game_id: int, expect: int = 201) -> dict:
    seen = state(clients["A"], game_id)
    mover = clients[seen["to_move"]]
    legal = state(mover, game_id)["legal_moves"]
    response = mover.post(f"/api/games/{game_id}/moves/", {"move": legal[0], "ply": seen["ply"]}, format="json")
    assert response.status_code == expect, response.content
    return response.json()


def test_a_move_after_the_deadline_is_refused_while_the_flag_is_held(now, monkeypatch):
    game, clients = start()
    move(clients, game.pk)
    move(clients, game.pk)  # both first moves (free): the clocks run from here
    turn = now.at
    to_move = state(clients["A"], game.pk)["to_move"]
    monkeypatch.setattr(outages, "flag_may_fall", lambda due, now=None: False)  # a move elsewhere on its way
    now.move(10.2)
    version = Game.objects.get(pk=game.pk).version
    assert state(clients["A"], game.pk)["status"] != "over"  # the read looked at the flag: held
    held = Game.objects.get(pk=game.pk)
    assert held.version == version and held.deadline == turn + timedelta(seconds=10)  # no poller woken
    assert held.flag_recheck_at is not None and held.flag_recheck_at > now.at
    now.move(0.3)  # after the deadline, before the flag is looked at again
    move(clients, game.pk, expect=409)  # no move, no increment, for time run out
    assert Game.objects.get(pk=game.pk).ply_count == held.ply_count
    monkeypatch.setattr(outages, "flag_may_fall", lambda due, now=None: True)
    now.move(1)
    end = state(clients["B"], game.pk)
    assert end["status"] == "over" and end["result"]["reason"] == "time" and end["result"]["flagged"] == to_move


def test_a_move_is_timed_from_its_turn_at_the_earliest(now):
    game, _clients = start()
    game.turn_started_at = now.at
    assert stoppages.move_arrival(game, now.at - timedelta(seconds=5)) == now.at
    assert stoppages.move_arrival(game, now.at + timedelta(seconds=5)) == now.at + timedelta(seconds=5)
