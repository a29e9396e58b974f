"""The time in which the site could not take moves is not charged: an
outage recorded in a turn pushes the deadline on (the clock shown counts
it), the move is charged its turn less the outage, and no flag falls while
an outage goes on; a move is timed when it reached the server."""

from __future__ import annotations

from datetime import timedelta

import pytest

from puzzles.core import arrival, outages
from puzzles.core.models import Outage
from puzzles.games.models import Game

from .clock_helpers import move, outages_afresh, start  # noqa: F401 (a fixture)
from .people_helpers import state

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("outages_afresh")]


def test_an_outage_in_a_turn_is_given_back(now):
    game, clients = start()
    move(clients, game.pk)
    move(clients, game.pk)  # both first moves (free): the clocks run from here
    turn = now.at
    to_move = state(clients["A"], game.pk)["to_move"]
    outages.record(Outage.WEB, turn + timedelta(seconds=1), turn + timedelta(seconds=4))
    now.move(3)
    assert state(clients["A"], game.pk)["clocks"][to_move] == 10_000  # 3 s passed, all of them an outage
    assert Game.objects.get(pk=game.pk).deadline == turn + timedelta(seconds=13)
    now.move(9)  # 12 s into the turn: 9 s charged, 1 s left
    seen = state(clients["A"], game.pk)
    assert seen["status"] != "over"
    assert seen["clocks"][to_move] == 1_000
    after = move(clients, game.pk)
    assert after["clocks"][to_move] == 1_000


def test_no_flag_falls_while_an_outage_goes_on(now):
    game, clients = start()
    move(clients, game.pk)
    move(clients, game.pk)
    turn = now.at
    to_move = state(clients["A"], game.pk)["to_move"]
    outages.begin(Outage.REDIS, turn + timedelta(seconds=5))
    now.move(30)
    assert state(clients["A"], game.pk)["status"] != "over"  # the deadline passed during the outage
    outages.finish(Outage.REDIS, turn + timedelta(seconds=25))  # 20 s given back: the flag falls at 30 s
    now.move(0.5)
    assert state(clients["B"], game.pk)["status"] == "over"
    end = state(clients["B"], game.pk)
    assert end["result"]["reason"] == "time"
    assert end["result"]["flagged"] == to_move


def test_a_move_is_timed_at_its_arrival(now, monkeypatch):
    game, clients = start()
    move(clients, game.pk)
    move(clients, game.pk)
    turn = now.at
    to_move = state(clients["A"], game.pk)["to_move"]
    now.move(12)  # the request is played 2 s after the flag would have fallen...
    monkeypatch.setattr(arrival, "arrived", lambda: turn + timedelta(seconds=9.5))  # ...but it came at 9.5 s
    after = move(clients, game.pk)
    assert after["clocks"][to_move] == 500
