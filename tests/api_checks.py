"""Checks the API tests share: what an answer is made of, held against the
solver package run in the test."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from solver import Analysis, MoveValue, Position, analyse
from solver.position import line_from_moves


def json_paths(value: Any, keys: tuple = ()) -> Iterator[tuple[tuple, Any]]:
    """Every (key path, value) of a JSON document, the document itself first."""
    yield keys, value
    if isinstance(value, dict):
        for k, v in value.items():
            yield from json_paths(v, keys + (k,))
    elif isinstance(value, list):
        for v in value:
            yield from json_paths(v, keys)


def assert_schema_documents(api, paths: tuple[str, ...]) -> None:
    """The OpenAPI schema the site serves has every one of ``paths``."""
    schema = api.get("/api/schema/?format=json")
    assert schema.status_code == 200
    documented = json.loads(schema.content)["paths"]
    for path in paths:
        assert path in documented, path


def check_grading(entry: dict) -> tuple[Position, Analysis, MoveValue]:
    """A graded move of a game's answer agrees with ``solver.analyse`` of the
    position before it: value, best value, best moves, grade, points lost and
    the side that moved.  Returns that position, its analysis and the move's."""
    before = Position.parse(entry["position_before"])
    assert entry["side"] == before.side
    analysis = analyse(before)
    mine = analysis.move_value(entry["move"])
    assert entry["value"] == mine.value, entry
    assert entry["best_value"] == analysis.value, entry
    assert entry["best_moves"] == [str(m) for m in analysis.best_moves], entry
    assert entry["grade"] == mine.grade, entry
    assert entry["points_lost"] == analysis.value - mine.value == mine.points_lost, entry
    return before, analysis, mine


def check_replay(game: dict) -> Position:
    """A game's moves replay from its start to its position, each stored with
    the position before it and who played it, and the board is the one they
    make.  Returns the position reached."""
    start = Position.parse(game["start"])
    position = start
    for ply, entry in enumerate(game["moves"]):
        assert entry["ply"] == ply
        assert entry["position_before"] == str(position)
        assert entry["by"] == ("human" if entry["side"] == game["human"] else "solver")
        position = position.push(entry["move"])
    assert str(position) == game["position"]
    assert game["board"] == position.to_json(line=line_from_moves(start, [m["move"] for m in game["moves"]]))
    return position
