"""A move over a socket, before it is played (``games.socket_moves``): its
message read as the API's serializer reads a posted move, and its count
against the player's rate, kept in the web process's memory."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import AnonymousUser
from django.http import HttpRequest

from puzzles.core.api import MoveInputSerializer, validated
from puzzles.core.throttles import PlayerThrottle
from puzzles.games import socket_moves
from puzzles.games.socket_moves import SocketRate, move_body


@pytest.mark.parametrize(
    "message",
    [
        {"move": "36", "ply": 0},
        {"move": " 36L ", "ply": 12},
        {"move": "pass", "ply": 10_000},
        {"move": "PaSs", "ply": 3, "id": 7, "type": "move"},
    ],
)
def test_a_well_formed_move_is_read_as_the_serializer_reads_it(message):
    body = {key: value for key, value in message.items() if key in ("move", "ply")}
    assert move_body(message) == validated(MoveInputSerializer, None, body)


@pytest.mark.parametrize(
    "message",
    [
        {"move": "36"},
        {"move": "36", "ply": -1},
        {"move": "36", "ply": 10_001},
        {"move": "36", "ply": True},
        {"move": "36", "ply": "3"},
        {"move": "3", "ply": 0},
        {"move": "36X", "ply": 0},
        {"move": 36, "ply": 0},
        {"move": "x" * 40, "ply": 0},
        {"ply": 0},
    ],
)
def test_any_other_message_is_refused_as_the_serializer_refuses_it(message):
    body = {key: value for key, value in message.items() if key in ("move", "ply")}
    expected = refusal_of(lambda: validated(MoveInputSerializer, None, body))
    assert refusal_of(lambda: move_body(message)) == expected
    assert expected["status"] == 400
    assert expected["error"]


def refusal_of(call) -> dict:
    """What a socket is answered when ``call`` raises, as the API would answer."""
    try:
        call()
    except Exception as exc:  # noqa: BLE001 - each is answered as the API answers it
        return socket_moves.refused(exc, "en")
    raise AssertionError("accepted")


def guest_request(address: str) -> HttpRequest:
    request = HttpRequest()
    request.META["REMOTE_ADDR"] = address
    request.user = AnonymousUser()
    return request


def test_a_socket_s_moves_are_counted_at_its_player_s_rate_in_fixed_windows(monkeypatch):
    monkeypatch.setattr(PlayerThrottle, "THROTTLE_RATES", {"anon": "3/min", "user": "100/min"})
    monkeypatch.setattr(SocketRate, "_windows", {})
    now = [1000.0]
    monkeypatch.setattr(socket_moves.clock_time, "monotonic", lambda: now[0])
    first, second = SocketRate(guest_request("10.0.0.1")), SocketRate(guest_request("10.0.0.1"))
    other = SocketRate(guest_request("10.0.0.2"))
    # the sockets of one player (here a guest's address) share the count
    assert [first.allow(), second.allow(), first.allow(), second.allow()] == [True, True, True, False]
    assert other.allow()  # another player's count is their own
    refusal = first.refusal("en")
    assert refusal["type"] == "refused"
    assert refusal["status"] == 429
    assert refusal["error"]
    now[0] += 59
    assert not first.allow()
    now[0] += 1  # the minute's window has closed: a new one
    assert first.allow()
    assert second.allow()


def test_a_rate_switched_off_counts_nothing(monkeypatch):
    monkeypatch.setattr(PlayerThrottle, "THROTTLE_RATES", {"anon": None, "user": None})
    rate = SocketRate(guest_request("10.0.0.3"))
    assert all(rate.allow() for _ in range(1000))
