"""A move sent over a game's WebSocket (``stream.GameStream``): played as
``POST /api/games/<id>/moves/`` plays it, by the same checks and services,
without an HTTP request around it.  The socket knows its player from its
session when it opened, so a move costs no session, user or CSRF reading,
no middleware and no game drawn for the answer: the answer is the move's
event (``pushed``) as the mover is to see it.

The move is timed from when its message reached the server (``at``), as an
HTTP move is from its arrival; and a refusal says why as the API's errors
do (the status the API would give, and its ``error``).

A socket's moves are counted at its player's API rate (``anon`` by address
or ``user`` by account, as ``PlayerThrottle`` counts requests) in the web
process's memory, on the event loop before the move goes to a thread
(``SocketRate``): a round trip to Redis for every move cost more CPU than
the rest of the rate limit.  A player's sockets in one process share one
count; each web process counts its own, so a player who spreads sockets
over the processes may send that many times the rate, each refused
message still costing no more than the check."""

from __future__ import annotations

import re
import time as clock_time
from typing import Any

from django.db import close_old_connections
from django.http import HttpRequest
from django.utils import translation
from rest_framework.exceptions import Throttled

from puzzles.accounts.players import Player
from puzzles.core import arrival
from puzzles.core.api import MAX_PLY, MOVE_LENGTH, MoveInputSerializer, exception_handler, validated
from puzzles.core.contract import MOVE_PATTERN
from puzzles.core.throttles import PlayerThrottle

from . import clock, deadlines, pushed, selectors, services
from .table import Table


def socket_move(
    request: HttpRequest, game_id: int, message: dict[str, Any], at: float, language: str, held: Table
) -> dict[str, Any]:
    """Play the move of ``message`` (``{"move", "ply"}``) in game ``game_id``
    for the socket's player (``request``: its opening request,
    ``request_of``); what to send back: ``played`` with the move's
    event for the mover (None when the move ended the game or left the
    solver to move: a ``changed`` follows), or ``refused`` with the status
    and the error the API would give, in the page's ``language``.  The game
    is taken from the socket's table (``held``) when it may be, which then
    holds the game as the move left it."""
    close_old_connections()  # as around a request
    try:
        with arrival.stamped(at), translation.override(language):
            return _played(request, game_id, message, held)
    except Exception as exc:  # noqa: BLE001 - every error is answered, as the API's handler answers it
        return refused(exc, language)
    finally:
        close_old_connections()


class SocketRate:
    """The count of a socket's moves against its player's rate, in this
    process (fixed windows, as the throttles count)."""

    _windows: dict[str, tuple[float, int]] = {}  # the rate's key: (its window's end, the moves counted in it)

    def __init__(self, request: HttpRequest) -> None:
        throttle = PlayerThrottle()
        throttle.scope = "user" if request.user and request.user.is_authenticated else "anon"
        rate = throttle.get_rate()
        limit, seconds = throttle.parse_rate(rate) if rate else (None, None)
        self.limit: int | None = limit
        self.seconds: int = seconds or 1
        self.key = throttle.get_cache_key(request, None)  # type: ignore[arg-type]

    def allow(self) -> bool:
        """One more move; False once the window's moves are all used."""
        if self.limit is None:
            return True
        now = clock_time.monotonic()
        windows = SocketRate._windows
        end, used = windows.get(self.key, (0.0, 0))
        if now >= end:
            if len(windows) > 10_000:  # forget the windows that have closed
                SocketRate._windows = windows = {key: kept for key, kept in windows.items() if kept[0] > now}
            end, used = now + self.seconds, 0
        windows[self.key] = (end, used + 1)
        return used < self.limit

    def refusal(self, language: str) -> dict[str, Any]:
        """The answer to a move over the rate, as the API's 429."""
        return refused(Throttled(wait=self.seconds), language)


def refused(exc: Exception, language: str) -> dict[str, Any]:
    """The answer to a move the API would refuse with ``exc``."""
    with translation.override(language):
        answer = exception_handler(exc, {})
    if answer is None:
        raise exc
    return {"type": "refused", "status": answer.status_code, **answer.data}


_MOVE = re.compile(MOVE_PATTERN)


def move_body(message: dict[str, Any]) -> dict[str, Any]:
    """The move and the ply of ``message``, as ``MoveInputSerializer``
    validates them: a well-formed message (nearly every one) is taken as it
    is, without the serializer's cost, and any other goes through the
    serializer, whose 400 says what is wrong."""
    move, ply = message.get("move"), message.get("ply")
    if (
        isinstance(move, str)
        and len(move) <= MOVE_LENGTH
        and _MOVE.match(move)
        and type(ply) is int
        and 0 <= ply <= MAX_PLY
    ):
        return {"move": move.strip(), "ply": ply}
    body = {key: value for key, value in message.items() if key in ("move", "ply")}
    return validated(MoveInputSerializer, None, body)  # type: ignore[arg-type]  # no request: the body is given


def request_of(scope: dict[str, Any]) -> HttpRequest:
    """The socket's opening request as the site's code reads one: its
    address, its headers (a proxy's X-Forwarded-For, the Accept-Language),
    its cookies, its session and user (who the player is)."""
    request = HttpRequest()
    client = scope.get("client") or ("", 0)
    request.META["REMOTE_ADDR"] = client[0]
    for name, value in scope.get("headers", ()):
        request.META["HTTP_" + name.decode("latin-1").upper().replace("-", "_")] = value.decode("latin-1")
    request.COOKIES = scope.get("cookies", {})
    request.session = scope["session"]
    request.user = scope.get("user")  # type: ignore[assignment]
    return request


def _played(request: HttpRequest, game_id: int, message: dict[str, Any], held: Table) -> dict[str, Any]:
    data = move_body(message)
    kept, held.after = held.ready(data["ply"], clock.timed_at()), None  # held again only as this move leaves it
    if kept is not None:
        game, seat, known = kept.game, held.seat, kept.moves
    else:
        player = Player.of(request)
        game, known = selectors.game_get_for_player(player, game_id), None
        seat = deadlines.acting_seat(game, player)
    played = services.game_play(game=game, move=data["move"], ply=data["ply"], seat=seat, known=known)
    held.after = played.after
    event = pushed.for_reader(played.event, seat) if played.event is not None else None
    return {"type": "played", "ply": played.move.ply, "event": event}
