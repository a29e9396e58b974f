"""The JSON of "My games" (the API's and the page's rows) and the export's file."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from puzzles.games.models import Game
from puzzles.games.presentation import game_urls, players_state, variant_label
from solver import GameRecord

from .selectors import ABORTED, Page


def speed_of(game: Game) -> str:
    if game.clock_initial is not None:
        return "live"
    return "correspondence" if game.days is not None else "untimed"


def control_text(game: Game) -> str:
    """The time control as the lobby writes it: ``5+3`` (minutes and
    seconds), ``0:30+2``, ``3d``; empty for an untimed game."""
    if game.days is not None:
        return f"{game.days}d"
    if game.clock_initial is None:
        return ""
    minutes, seconds = divmod(game.clock_initial, 60)
    head = f"{minutes}" if not seconds else f"{minutes}:{seconds:02d}"
    return f"{head}+{game.clock_increment or 0}"


def outcome_of(game: Game, seat: str) -> tuple[str, int | None]:
    """What the game came to for ``seat``: ``won``, ``lost``, ``drawn``,
    ``aborted`` or ``playing``, and the seat's points (signed)."""
    result = game.result or {}
    if game.status != Game.Status.OVER or not result:
        return "playing", None
    if result.get("reason") == ABORTED:
        return ABORTED, None
    winner = result.get("winner")
    points = int(result.get("points") or 0)
    if not winner:
        return "drawn", 0
    return ("won", points) if seat in str(winner).split("+") else ("lost", -points)


def _opponents(game: Game, seat: str) -> list[str]:
    if not game.is_people:
        return [str(_("Solver (%(level)s)") % {"level": game.get_level_display()})]
    rules = game.rules
    names = players_state(game, seat)
    return [p["name"] for s, p in names.items() if not rules.same_team(s, seat)]


def game_row(game: Game) -> dict[str, Any]:
    """One line of the list: the game as its player played it."""
    seat = getattr(game, "my_seat", None) or game.human_side
    outcome, points = outcome_of(game, seat)
    change = getattr(game, "my_change", None)
    urls = game_urls(game)
    return {
        "id": game.pk,
        "kind": game.kind,
        "variant": game.variant,
        "variant_label": str(variant_label(game.variant)),
        "rated": game.rated,
        "speed": speed_of(game),
        "time_control": control_text(game),
        "seat": seat,
        "opponents": _opponents(game, seat),
        "result": outcome,
        "points": points,
        "created_at": game.created_at,
        "rating": None
        if change is None
        else {"before": round(change[0]), "after": round(change[1]), "change": round(change[1]) - round(change[0])},
        "play_url": urls["play"],
        "review_url": urls["review"] if outcome not in ("playing", ABORTED) else None,
    }


def page_state(page: Page) -> dict[str, Any]:
    return {
        "count": page.count,
        "page": page.number,
        "pages": page.pages,
        "games": [game_row(game) for game in page.games],
    }


def export_text(records: list[GameRecord]) -> str:
    """The records one after another, a blank line between two (each begins
    with its ``[Event ...]`` tag, which is where a reader splits them)."""
    return "\n".join(str(record) for record in records)


def split_records(text: str) -> list[str]:
    """The records of an export, each as ``solver.GameRecord.parse`` reads it
    (every record has one ``Event`` tag, its first line)."""
    chunks: list[str] = []
    for line in text.splitlines(keepends=True):
        if line.startswith("[Event ") or not chunks:
            chunks.append("")
        chunks[-1] += line
    return [chunk for chunk in chunks if chunk.strip()]
