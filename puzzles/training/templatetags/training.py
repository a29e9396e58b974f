"""``{% daily_puzzle_widget %}``: today's puzzle, playable, for the home page (issue 4)."""
from __future__ import annotations

from django import template
from django.urls import reverse

register = template.Library()


@register.inclusion_tag("puzzles/training/_daily_card.html", takes_context=True)
def daily_puzzle_widget(context):
    from .. import training_selectors, training_services
    from ..training_views import puzzle_widget_context

    request = context["request"]
    puzzle = training_selectors.daily_puzzle() or training_services.daily_ensure()
    out = puzzle_widget_context(request, puzzle, mode="daily", next_url=reverse("training-train"))
    out["csrf_token"] = context.get("csrf_token")
    out["request"] = request
    return out
