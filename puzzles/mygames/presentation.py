"""The JSON of "My games" (the API's and the page's rows) and the export's file."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from django.utils.translation import gettext as _

from puzzles.botaccounts.presentation import name_text
from puzzles.games.models import Game
from puzzles.games.presentation import game_urls, players_state, variant_label
from solver import GameRecord
from solver.records import iter_write

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
    return [name_text(p["name"], p["bot"]) for s, p in names.items() if not rules.same_team(s, seat)]


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


def export_chunks(records: Iterable[GameRecord]) -> Iterator[bytes]:
    """The export's file as it is written: the records in the versioned
    format of docs/records.md (``solver.records.iter_write``: each begins
    with its ``[Format "1"]`` tag, a blank line between two), in UTF-8."""
    for text in iter_write(records):
        yield text.encode("utf-8")
