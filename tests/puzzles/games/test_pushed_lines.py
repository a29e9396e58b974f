"""A move's event carries the table's line (``games.pushed``): worked out
from the line of the game's previous move this process sent or was sent,
one stone more, and still the line every move from the start gives."""

from __future__ import annotations

import pytest

from puzzles.games import pushed
from puzzles.games.models import Game, GameMove
from solver import Position
from solver.position import line_from_moves

from .test_table import (
    move,
    table_game,  # noqa: F401 - a fixture
)

pytestmark = pytest.mark.django_db(transaction=True)


def replayed(game_id: int) -> list[str]:
    """The line every move from the start gives, as an event shows it."""
    game = Game.objects.get(pk=game_id)
    moves = GameMove.objects.filter(game_id=game_id).order_by("ply").values_list("move", flat=True)
    return [f"{a}{b}" for a, b in line_from_moves(Position.parse(game.start_position), list(moves))]


def test_each_event_s_line_is_the_previous_one_and_a_stone(table_game, monkeypatch):  # noqa: F811
    game_id, seats, events = table_game
    replays: list[int] = []
    real = pushed.line_from_moves
    monkeypatch.setattr(
        pushed, "line_from_moves", lambda start, moves, base=(): replays.append(len(moves)) or real(start, moves, base)
    )
    pushed._LINES.clear()
    checked = 0
    while Game.objects.get(pk=game_id).status != Game.Status.OVER:
        answer, _sql = move(game_id, seats, events)
        assert answer["type"] == "played", answer
        event = events[-1]
        if event.get("type") != "move":
            break
        assert event["board"]["line"] == replayed(game_id)
        checked += 1
        if checked % 3 == 0:  # the next move played in another process, which was sent this event
            pushed._LINES.clear()
            pushed.remember(event)
    assert checked > 4
    assert replays[0] >= 1
    assert all(count == 1 for count in replays[1:])  # after the first, one move played onto a known line


def test_a_line_kept_for_another_move_is_not_built_on(table_game):  # noqa: F811
    game_id, seats, events = table_game
    pushed._LINES.clear()  # another test's game may have had this id, and this process kept its line
    for _ in range(3):
        assert move(game_id, seats, events)[0]["type"] == "played"
    event = events[-1]
    wrong = {**event, "board": {**event["board"], "line": event["board"]["line"][1:] or ["00"]}}
    pushed.remember(wrong)  # a line that does not end where the position's ends are
    answer, _sql = move(game_id, seats, events)
    assert answer["type"] == "played"
    assert events[-1]["board"]["line"] == replayed(game_id)
