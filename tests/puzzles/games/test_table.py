"""A socket's table (``games.table``): the game as its last move left it,
kept up from the moves' events, so that the next move over the socket
reads nothing of the game before it writes; and when the table is behind,
the move is played on the game read again, as a request plays it."""

from __future__ import annotations

import time
from importlib import import_module

import pytest
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.db import connection
from django.db.models import F
from django.http import HttpRequest
from django.test.utils import CaptureQueriesContext

from puzzles.core import events
from puzzles.games import socket_moves
from puzzles.games.models import Game, GameMove
from puzzles.games.table import ROW, Table
from solver import Position

from ..people.conftest import accept, post_challenge
from .people_helpers import guest_client

# close_old_connections, as around every socket move, ends a test's transaction
pytestmark = pytest.mark.django_db(transaction=True)

# The fields a table's game must agree with the database on.
KEPT = ("version", "ply_count", "current_position", "status", "result", "clock_ms", "deadline", "turn_started_at")


def socket_request(client) -> HttpRequest:
    """The opening request of a socket of ``client``'s session (``socket_moves.request_of``)."""
    request = HttpRequest()
    request.META["REMOTE_ADDR"] = "127.0.0.1"
    store = import_module(settings.SESSION_ENGINE).SessionStore
    request.session = store(session_key=client.cookies[settings.SESSION_COOKIE_NAME].value)
    request.user = AnonymousUser()
    return request


@pytest.fixture
def table_game(monkeypatch):
    """A live game between two guests, each with a socket's request and
    table, and the events its changes push, as the streams get them."""
    (ann, _), (bob, _) = guest_client(), guest_client()
    for _ in range(20):  # a deal whose first moves (each side's first legal one) go on for a while
        game_id = accept(bob, post_challenge(ann, seat="A")["id"])["game"]
        if lasts(Game.objects.get(pk=game_id).current_position, 8):
            break
    pushed: list[dict] = []
    monkeypatch.setattr(events, "publish", lambda name, event=None: pushed.append(event or {"type": "changed"}))
    seats = {"A": (socket_request(ann), Table("A")), "B": (socket_request(bob), Table("B"))}
    return game_id, seats, pushed


def lasts(position: str, plies: int) -> bool:
    """Whether playing the first legal move each turn from ``position`` goes
    on for ``plies`` plies (the tests' moves, which a random deal may block early)."""
    board = Position.parse(position)
    for _ in range(plies):
        if board.is_over():
            return False
        board = board.push(board.legal_moves()[0])
    return not board.is_over()


def move(game_id: int, seats: dict, pushed: list[dict], ply: int | None = None) -> tuple[dict, list[str]]:
    """The seat to move plays its first legal move over its socket; every
    table then follows the events pushed meanwhile, as the streams do.  The
    answer and the SQL the move ran."""
    game = Game.objects.get(pk=game_id)
    position = Position.parse(game.current_position)
    request, table = seats[position.side]
    seen = len(pushed)
    with CaptureQueriesContext(connection) as ctx:
        answer = socket_moves.socket_move(
            request,
            game_id,
            {"move": str(position.legal_moves()[0]), "ply": game.ply_count if ply is None else ply},
            time.time(),
            "en",
            table,
        )
    for event in pushed[seen:]:
        for _request, other in seats.values():
            other.follow(event)
    return answer, [query["sql"] for query in ctx.captured_queries]


def agrees(table: Table, game_id: int) -> bool:
    fresh = Game.objects.get(pk=game_id)
    assert table.after is not None
    held = table.after.game
    moves = list(GameMove.objects.filter(game_id=game_id).order_by("ply").values_list("move", flat=True))
    return (
        all(getattr(held, name) == getattr(fresh, name) for name in KEPT)
        and [row.move for row in table.after.moves] == moves
    )


def test_a_move_on_a_held_game_reads_nothing_of_it_and_both_tables_keep_up(table_game):
    game_id, seats, pushed = table_game
    plays = 0
    while Game.objects.get(pk=game_id).status != Game.Status.OVER:
        answer, sql = move(game_id, seats, pushed)
        assert answer["type"] == "played", answer
        plays += 1
        if Game.objects.get(pk=game_id).status == Game.Status.OVER:
            break
        holding = [table for _request, table in seats.values() if table.after is not None]
        assert len(holding) == min(plays, 2)  # each table from its own first move on
        assert all(agrees(table, game_id) for table in holding)
        if plays > 2:  # both tables hold the game: the move writes, and reads nothing
            reads = [query for query in sql if query.lstrip().upper().startswith("SELECT")]
            assert reads == [], reads
            assert len(sql) <= 4, (
                sql
            )  # BEGIN, the move's INSERT, the game's UPDATE, COMMIT (one statement on PostgreSQL)
        assert all(ROW not in answer["event"] for answer in [answer] if answer["event"] is not None)
    assert plays > 4
    # the end of the game is read, not applied: the tables forget it
    assert pushed[-1] == {"type": "changed"}
    assert all(table.after is None for _request, table in seats.values())


def test_a_table_behind_the_game_has_its_move_played_on_the_game_read_again(table_game):
    game_id, seats, pushed = table_game
    for _ in range(3):
        assert move(game_id, seats, pushed)[0]["type"] == "played"
    # a change that pushes no move (a held flag, the next deal's presence) moves the version on
    Game.objects.filter(pk=game_id).update(version=F("version") + 1)
    before = Game.objects.get(pk=game_id)
    answer, sql = move(game_id, seats, pushed)
    assert answer["type"] == "played", answer
    assert answer["event"]["version"] == before.version + 1
    # raced: the update found another version, and the move was played again on the game read under its lock
    # (on PostgreSQL the first update is the one statement that also inserts the move: ``move_write``)
    updates = [
        query for query in sql if query.startswith(('UPDATE "puzzles_game"', 'WITH moved AS (UPDATE "puzzles_game"'))
    ]
    assert len(updates) == 2, sql
    assert any(query.startswith("SELECT") and '"puzzles_game"' in query.split("WHERE")[0] for query in sql)
    assert GameMove.objects.filter(game_id=game_id).count() == 4
    mover = Position.parse(before.current_position).side
    assert agrees(seats[mover][1], game_id)


def test_a_table_forgets_the_game_on_a_change_it_cannot_apply_and_a_move_then_reads_it(table_game):
    game_id, seats, pushed = table_game
    for _ in range(3):
        assert move(game_id, seats, pushed)[0]["type"] == "played"
    side = Position.parse(Game.objects.get(pk=game_id).current_position).side
    table = seats[side][1]
    assert table.after is not None
    table.follow({"type": "changed"})
    assert table.after is None
    answer, sql = move(game_id, seats, pushed)
    assert answer["type"] == "played"
    assert any('FROM "puzzles_game"' in query for query in sql)  # read as a request reads it
    assert agrees(table, game_id)
    # an event that does not follow on from the game held (one missed) is not applied either
    other = seats["B" if side == "A" else "A"][1]
    held = other.after
    assert held is not None
    other.follow({"type": "move", "version": held.game.version + 2, ROW: {"fields": {}, "move": []}})
    assert other.after is None


def test_a_stale_ply_or_a_move_out_of_turn_is_refused_as_a_request_refuses_it(table_game):
    game_id, seats, pushed = table_game
    for _ in range(3):
        assert move(game_id, seats, pushed)[0]["type"] == "played"
    game = Game.objects.get(pk=game_id)
    answer, _sql = move(game_id, seats, pushed, ply=game.ply_count - 1)
    assert (answer["type"], answer["status"]) == ("refused", 409)
    waiting = "B" if Position.parse(game.current_position).side == "A" else "A"
    request, table = seats[waiting]
    refused = socket_moves.socket_move(
        request, game_id, {"move": "pass", "ply": game.ply_count}, time.time(), "en", table
    )
    assert (refused["type"], refused["status"]) == ("refused", 409)
    assert Game.objects.get(pk=game_id).version == game.version
