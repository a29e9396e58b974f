"""Aborting a rated game between people (the whole deal is seen before the
first move, so an abort at will would keep a rating from a bad deal): only a
player waiting for an opponent's first move, once that opponent has let the
wait (OD_RATED_ABORT_WAIT_SECONDS live, an hour by correspondence) pass since
the start or the last move; the player to move plays or resigns.  The page's
button follows the same rule (``abortable``, ``abort_from``).  A casual game
is aborted until every person has moved, by either player."""

from __future__ import annotations

from datetime import timedelta

import pytest

from puzzles.games.people_start import game_start_people
from solver import Position

from .people_helpers import guest_client, state

pytestmark = pytest.mark.django_db(transaction=True)


def start(variant: str = "lewicki", **kwargs):
    args = {"rated": True, "clock": (300, 3), "seed": 7, **kwargs}
    rules_seats = "ABCD" if variant.startswith("partnership") else "AB"
    guests = {seat: guest_client() for seat in rules_seats}
    game = game_start_people(variant=variant, seats={s: p for s, (_c, p) in guests.items()}, **args)
    return game, {s: c for s, (c, _p) in guests.items()}


def abort(client, game_id: int):
    return client.post(f"/api/games/{game_id}/abort/")


def move(clients, game_id: int) -> str:
    """The player to move plays their first legal move; the seat that moved."""
    seen = state(next(iter(clients.values())), game_id)
    mover = seen["to_move"]
    legal = state(clients[mover], game_id)["legal_moves"]
    response = clients[mover].post(
        f"/api/games/{game_id}/moves/", {"move": legal[0], "ply": seen["ply"]}, format="json"
    )
    assert response.status_code == 201, response.content
    return mover


def ms(at) -> int:
    return int(at.timestamp() * 1000)


def test_a_rated_live_game_is_aborted_only_by_the_player_waiting_for_a_first_move_after_the_wait(now):
    game, clients = start()
    first = Position.parse(game.start_position).side
    second = "B" if first == "A" else "A"
    started = now.at
    # the player to move plays or resigns, whenever
    now.move(45)
    mover = abort(clients[first], game.pk)
    assert mover.status_code == 409
    assert "it is your move" in mover.json()["error"]
    assert not state(clients[first], game.pk)["abortable"]
    assert state(clients[first], game.pk)["abort_from"] is None
    # the first mover moves (at 45 s); now the second's first move is awaited, and the wait counts
    # from that move, not from the start
    assert move(clients, game.pk) == first
    moved_at = now.at
    assert moved_at - started > timedelta(seconds=30)
    assert abort(clients[second], game.pk).json()["error"].startswith("it is your move")
    now.move(29)
    refused = abort(clients[first], game.pk)
    assert refused.status_code == 409
    assert "1 more second to wait" in refused.json()["error"]
    assert state(clients[first], game.pk)["abort_from"] == ms(moved_at + timedelta(seconds=30))
    now.move(1)
    assert state(clients[first], game.pk)["abortable"]
    # ...but once the second has moved too, nobody may
    move(clients, game.pk)
    for seat in "AB":
        late = abort(clients[seat], game.pk)
        assert late.status_code == 409
        assert "every player has moved" in late.json()["error"]
        assert not state(clients[seat], game.pk)["abortable"]
        assert state(clients[seat], game.pk)["abort_from"] is None
    # in a new game the other may abort once the first mover has let 30 s pass: not at 10 s (what is
    # left to wait is said)
    game2, clients2 = start()
    first2 = Position.parse(game2.start_position).side
    waiter = clients2["B" if first2 == "A" else "A"]
    opened = now.at + timedelta(seconds=30)
    now.move(10)
    early = abort(waiter, game2.pk)
    assert early.status_code == 409
    assert "30 seconds" in early.json()["error"]
    assert "20 more seconds to wait" in early.json()["error"]
    seen = state(waiter, game2.pk)
    assert not seen["abortable"]
    assert seen["abort_from"] == ms(opened)
    now.move(20)
    seen = state(waiter, game2.pk)
    assert seen["abortable"]
    assert seen["abort_from"] == ms(opened)
    done = abort(waiter, game2.pk)
    assert done.status_code == 200
    assert done.json()["result"]["reason"] == "aborted"


def test_the_wait_is_a_setting_and_an_hour_by_correspondence(now, settings):
    settings.OD_RATED_ABORT_WAIT_SECONDS = 5
    game, clients = start()
    waiter = clients["B" if Position.parse(game.start_position).side == "A" else "A"]
    now.move(4)
    assert abort(waiter, game.pk).status_code == 409
    now.move(1)
    assert abort(waiter, game.pk).status_code == 200
    corr, clients = start(clock=None, days=3)
    waiter = clients["B" if Position.parse(corr.start_position).side == "A" else "A"]
    now.move(3599)
    refused = abort(waiter, corr.pk)
    assert refused.status_code == 409
    assert "3600 seconds" in refused.json()["error"]
    assert not state(waiter, corr.pk)["abortable"]
    now.move(1)
    assert state(waiter, corr.pk)["abortable"]
    assert abort(waiter, corr.pk).status_code == 200


def test_in_rated_partnership_only_the_other_team_may_abort(now):
    game, clients = start("partnership", clock=(600, 5))
    rules = game.rules
    to_move = Position.parse(game.start_position).side
    partner = next(s for s in rules.seats if s != to_move and rules.team_of(s) == rules.team_of(to_move))
    opponents = [s for s in rules.seats if rules.team_of(s) != rules.team_of(to_move)]
    now.move(31)
    refused = abort(clients[partner], game.pk)
    assert refused.status_code == 409
    assert "an opponent is to make their first move" in refused.json()["error"]
    assert not state(clients[partner], game.pk)["abortable"]
    assert all(state(clients[s], game.pk)["abortable"] for s in opponents)
    assert abort(clients[opponents[0]], game.pk).status_code == 200


def test_a_casual_game_keeps_its_rule_and_a_spectator_never_aborts(now):
    game, clients = start(rated=False)
    first = Position.parse(game.start_position).side
    seen = state(clients[first], game.pk)
    assert seen["abortable"]
    assert seen["abort_from"] is None
    watcher, _ = guest_client()
    assert not state(watcher, game.pk)["abortable"]
    assert abort(watcher, game.pk).status_code == 403
    assert abort(clients[first], game.pk).status_code == 200
