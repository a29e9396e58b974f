"""The server's clocks of games between people, with the time moved on by
hand (``games.clock.now``): the first moves are free, then each move costs
its time and earns the increment; a clock run out loses the deal (scored as
a resignation) whether a poll, a move or the deadline task finds it; a
correspondence move has its days; a first move never made aborts."""

from __future__ import annotations

from datetime import timedelta

import pytest

from puzzles.games import deadlines, upkeep
from puzzles.games.models import Game
from puzzles.games.people_start import game_start_people
from puzzles.games.tasks import deadline_task
from solver import Position

from .people_helpers import guest_client, state

pytestmark = pytest.mark.django_db(transaction=True)


def start(now, **kwargs):
    (ann, ann_player), (bob, bob_player) = guest_client(), guest_client()
    args = {"variant": "lewicki", "rated": True, "clock": (60, 2), "seed": 7, **kwargs}
    game = game_start_people(seats={"A": ann_player, "B": bob_player}, **args)
    return game, {"A": ann, "B": bob}


def move(clients, game_id: int) -> dict:
    """The player to move plays their first legal move."""
    seen = state(clients["A"], game_id)
    mover = clients[seen["to_move"]]
    legal = state(mover, game_id)["legal_moves"]
    response = mover.post(f"/api/games/{game_id}/moves/", {"move": legal[0], "ply": seen["ply"]}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def test_the_first_moves_are_free_then_time_is_charged_and_the_increment_added(now):
    game, clients = start(now)
    first = Position.parse(game.start_position).side
    second = "B" if first == "A" else "A"
    now.move(20)
    assert state(clients["A"], game.pk)["clock_running"] is None  # the first move is free
    move(clients, game.pk)  # the first mover's first move: free, no increment
    # a rated game: the first mover may abort only once the other has let the wait pass (test_people_abort)
    assert not state(clients[first], game.pk)["abortable"]
    assert state(clients[first], game.pk)["abort_from"]
    now.move(30)
    after = move(clients, game.pk)  # the other's first move: free
    assert after["clocks"] == {"A": 60_000, "B": 60_000}
    assert after["clock_running"] == first
    assert not after["abortable"]
    now.move(7.5)
    seen = state(clients[second], game.pk)
    assert seen["clocks"][first] == 52_500
    assert seen["clocks"][second] == 60_000
    after = move(clients, game.pk)  # charged 7.5 s, given 2 s
    assert after["clocks"][first] == 54_500
    assert Game.objects.get(pk=game.pk).deadline == now.at + timedelta(seconds=60)


def test_a_clock_run_out_loses_the_deal_scored_as_a_resignation(now):
    game, clients = start(now, rated=False)  # rated this early: an abort
    move(clients, game.pk)
    move(clients, game.pk)
    game.refresh_from_db()
    position = Position.parse(game.current_position)
    flagged = position.side
    now.move(59.9)
    assert state(clients["A"], game.pk)["status"] != "over"
    now.move(0.2)
    end = state(clients["B"], game.pk)  # a read finds the deadline passed
    loser = position.variant.team_of(flagged)
    assert end["status"] == "over"
    assert end["clocks"][flagged] == 0
    assert end["result"]["reason"] == "time"
    assert end["result"]["flagged"] == flagged
    assert end["result"]["winner"] == position.variant.team_name(1 - loser)
    assert end["result"]["points"] == position.team_pips(loser)
    mine = state(clients[flagged], game.pk)["result"]
    assert mine["outcome"] == "loss"
    assert "on time" in mine["text"]
    # the move that comes too late is refused, and changes nothing
    late = clients[flagged].post(f"/api/games/{game.pk}/moves/", {"move": "pass", "ply": end["ply"]}, format="json")
    assert late.status_code == 409


def test_the_deadline_task_and_the_beat_flag_without_a_read(now):
    game, clients = start(now, rated=False)
    move(clients, game.pk)
    move(clients, game.pk)
    game.refresh_from_db()
    now.move(30)
    deadline_task(game.pk, game.ply_count)  # early: nothing happens
    assert Game.objects.get(pk=game.pk).status != Game.Status.OVER
    now.move(31)
    deadline_task(game.pk, game.ply_count)
    assert Game.objects.get(pk=game.pk).result["reason"] == "time"

    game, clients = start(now, rated=False)
    move(clients, game.pk)
    move(clients, game.pk)
    now.move(61)
    upkeep.requeue_stale_work()  # the beat's sweep
    assert Game.objects.get(pk=game.pk).result["reason"] == "time"


def test_a_first_move_never_made_aborts_the_game(now):
    game, clients = start(now)
    now.move(deadlines.FIRST_MOVE_SECONDS + 1)
    end = state(clients["A"], game.pk)
    assert end["status"] == "over"
    assert end["result"]["reason"] == "aborted"
    assert end["result"]["winner"] is None


def test_a_correspondence_move_has_its_days(now):
    game, clients = start(now, clock=None, days=1, rated=False)
    assert state(clients["A"], game.pk)["clocks"] is None
    move(clients, game.pk)
    now.move(23 * 3600)
    move(clients, game.pk)  # the second player's first move, within the day
    game.refresh_from_db()
    position = Position.parse(game.current_position)
    assert game.deadline == now.at + timedelta(days=1)
    now.move(24 * 3600 - 1)
    assert state(clients["A"], game.pk)["status"] != "over"
    now.move(2)
    end = state(clients["A"], game.pk)
    assert end["result"]["reason"] == "time"
    assert end["result"]["flagged"] == position.side


def test_in_partnership_the_flagged_players_team_loses(now):
    players = [guest_client() for _ in range(4)]
    game = game_start_people(
        variant="partnership",
        seats=dict(zip("ABCD", (p for _, p in players), strict=True)),
        rated=False,
        clock=(30, 0),
        seed=3,
    )
    clients = dict(zip("ABCD", (c for c, _ in players), strict=True))
    for _ in range(4):  # every seat's free first move
        seen = state(clients["A"], game.pk)
        mover = clients[seen["to_move"]]
        legal = state(mover, game.pk)["legal_moves"]
        assert (
            mover.post(
                f"/api/games/{game.pk}/moves/", {"move": legal[0], "ply": seen["ply"]}, format="json"
            ).status_code
            == 201
        )
    game.refresh_from_db()
    position = Position.parse(game.current_position)
    running = state(clients["A"], game.pk)
    assert running["status"] != "over"
    assert running["clock_running"] == position.side
    now.move(31)
    end = state(clients["B"], game.pk)
    team = position.variant.team_of(position.side)
    assert end["result"]["reason"] == "time"
    assert end["result"]["winner"] == position.variant.team_name(1 - team)
    assert end["result"]["points"] == position.team_pips(team)
