"""The insights page: where the player loses points, and their puzzle rating
and game accuracy over time; charts drawn on the server as inline SVG."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext_lazy as _

from puzzles.accounts.players import Player
from puzzles.core.texts import variant_name

from . import charts, selectors

PHASE_NAMES = {"opening": _("Opening"), "middle": _("Middle game"), "last_five": _("Last five stones")}
KIND_NAMES = {"double": _("Doubles"), "heavy": _("Heavy stones"), "blocking": _("Blocking moves")}


def _rows(buckets: dict[str, dict[str, int]], names: dict[str, Any]) -> list[dict[str, Any]]:
    return [
        {
            "name": key,
            "label": names.get(key, key),
            **b,
            "per_move": round(b["points_lost"] / b["moves"], 2) if b["moves"] else None,
        }
        for key, b in buckets.items()
    ]


def index(request: HttpRequest) -> HttpResponse:
    player = Player.of(request)
    figures = selectors.game_insights(player)
    games = figures["games"]
    ratings = selectors.puzzle_rating_history(player)
    variants = [
        {
            "name": name,
            "label": variant_name(name),
            **v,
            "per_game": round(v["points_lost"] / v["games"], 2) if v["games"] else None,
        }
        for name, v in sorted(figures["variants"].items())
    ]
    return render(
        request,
        "insights/index.html",
        {
            "games": games,
            "total_lost": sum(g["points_lost"] for g in games),
            "lost_chart": charts.line_chart([g["points_lost"] for g in games], floor=0),
            "accuracy_chart": charts.line_chart([g["accuracy"] for g in games], floor=0, ceiling=100),
            "rating_chart": charts.line_chart([r["rating_after"] for r in ratings]),
            "ratings": ratings,
            "phases": _rows(figures["phases"], PHASE_NAMES),
            "kinds": _rows(figures["kinds"], KIND_NAMES),
            "variants": variants,
        },
    )
