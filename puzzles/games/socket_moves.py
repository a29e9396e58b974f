"""A move sent over a game's WebSocket (``stream.GameStream``): played as
``POST /api/games/<id>/moves/`` plays it, by the same checks and services,
without an HTTP request around it.  The socket knows its player from its
session when it opened, so a move costs no session, user or CSRF reading,
no middleware and no game drawn for the answer: the answer is the move's
event (``pushed``) as the mover is to see it.

The move is timed from when its message reached the server (``at``), as an
HTTP move is from its arrival; it counts against the player's rate as a
request does; and a refusal says why as the API's errors do (the status the
API would give, and its ``error``)."""

from __future__ import annotations

from typing import Any

from django.db import close_old_connections
from django.http import HttpRequest
from django.utils import translation
from rest_framework.exceptions import Throttled

from puzzles.accounts.players import Player
from puzzles.core import arrival
from puzzles.core.api import MoveInputSerializer, exception_handler, validated
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
        with translation.override(language):
            answer = exception_handler(exc, {})
        if answer is None:
            raise
        return {"type": "refused", "status": answer.status_code, **answer.data}
    finally:
        close_old_connections()


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
    if not PlayerThrottle().allow_request(request, None):  # type: ignore[arg-type]
        raise Throttled
    body = {key: value for key, value in message.items() if key in ("move", "ply")}
    data = validated(MoveInputSerializer, None, body)  # type: ignore[arg-type]  # no request: the body is given
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
