"""The archive's JSON and page rows: imported games with their links into
the analysis board, and the open data files."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

from django.urls import reverse

from solver import GameRecord

from .models import ImportedGame, OpenDataFile


def board_url(record: GameRecord) -> str:
    """The analysis board at the game's last position, its moves the line to step through."""
    query = {"position": str(record.start)}
    if record.moves:
        query["line"] = " ".join(str(move) for move in record.moves)
    return f"{reverse('study:analysis')}?{urlencode(query)}"


def imported_row(game: ImportedGame) -> dict[str, Any]:
    return {
        "id": game.pk,
        "source": game.source,
        "number": game.number,
        "event": game.event,
        "players": game.players,
        "date": game.date,
        "variant": game.variant,
        "result": game.result,
        "moves": game.moves,
        "created_at": game.created_at,
        "url": reverse("archive:imported-game", args=[game.pk]),
    }


def imported_detail(game: ImportedGame) -> dict[str, Any]:
    record = GameRecord.parse(game.record)
    return {
        **imported_row(game),
        "record": game.record,
        "tags": [(name, value) for name, value in record.tags],
        "board_url": board_url(record),
    }


def file_row(row: OpenDataFile) -> dict[str, Any]:
    return {
        "month": row.month.strftime("%Y-%m"),
        "name": row.name,
        "size": row.size,
        "games": row.games,
        "sha256": row.sha256,
        "url": reverse("archive:data-file", args=[row.name]),
        "checksum_url": reverse("archive:data-file", args=[f"{row.name}.sha256"]),
    }
