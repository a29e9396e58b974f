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

from .clock_helpers import move, outages_afresh  # noqa: F401 (a fixture)
from .clock_helpers import start as _start
from .people_helpers import state

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("outages_afresh")]


def start(clock=(10, 2)):
    return _start(clock)


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
    assert held.version == version
    assert held.deadline == turn + timedelta(seconds=10)
    assert held.flag_recheck_at is not None
    assert held.flag_recheck_at > now.at
    now.move(0.3)  # after the deadline, before the flag is looked at again
    move(clients, game.pk, expect=409)  # no move, no increment, for time run out
    assert Game.objects.get(pk=game.pk).ply_count == held.ply_count
    monkeypatch.setattr(outages, "flag_may_fall", lambda due, now=None: True)
    now.move(1)
    end = state(clients["B"], game.pk)
    assert end["status"] == "over"
    assert end["result"]["reason"] == "time"
    assert end["result"]["flagged"] == to_move


def test_a_move_is_timed_from_its_turn_at_the_earliest(now):
    game, _clients = start()
    game.turn_started_at = now.at
    assert stoppages.move_arrival(game, now.at - timedelta(seconds=5)) == now.at
    assert stoppages.move_arrival(game, now.at + timedelta(seconds=5)) == now.at + timedelta(seconds=5)
