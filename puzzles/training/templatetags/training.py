"""``{% daily_puzzle_widget puzzle %}``: today's puzzle, playable, for the home
page.  It only reads: the page's view finds (or has the service choose) the
puzzle and passes it in."""

from __future__ import annotations

from typing import Any

from django import template
from django.urls import reverse

from ..models import Puzzle
from ..views import puzzle_widget_context

register = template.Library()


@register.inclusion_tag("training/_daily_card.html", takes_context=True)
def daily_puzzle_widget(context: dict[str, Any], puzzle: Puzzle | None) -> dict[str, Any]:
    request = context["request"]
    out = puzzle_widget_context(request, puzzle, mode="daily", next_url=reverse("training:train"))
    out["csrf_token"] = context.get("csrf_token")
    out["request"] = request
    return out


@register.filter
def join_moves(line: list[dict[str, Any]]) -> str:
    """A solution line's moves as the result screen lists them: the solving
    side's, the defender's replies in brackets ("36R (12L) 25R")."""
    from puzzles.core.templatetags.domino import move

    return " ".join(str(move(s["move"])) if s.get("key") else f"({move(s['move'])})" for s in line)


@register.filter
def with_solver_replies(puzzles: list[dict[str, Any]]) -> bool:
    """Whether any of a run's puzzles shows a solution line with the solver's
    replies (which ``join_moves`` puts in brackets): the result's note on the
    brackets is shown only then."""
    return any(not s.get("key") for p in puzzles if p.get("solution") for s in p["solution"]["line"])
