"""The "My games" page: the player's games filtered (a plain GET form) and
paged, each linking to its game and its review, and the export's link with
the same filters.  Drawn on the server; no script."""

from __future__ import annotations

from urllib.parse import urlencode

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from puzzles.accounts.players import Player
from puzzles.core.errors import ApplicationError
from puzzles.games.forms import VARIANT_CHOICES

from . import filters, presentation, selectors

RESULT_NAMES = {
    "won": _("Won"),
    "lost": _("Lost"),
    "drawn": _("Drawn"),
    "aborted": _("Aborted"),
    "playing": _("In progress"),
}
SPEED_NAMES = {"live": _("Live"), "correspondence": _("Correspondence"), "untimed": _("Untimed")}
KIND_NAMES = {"people": _("Between people"), "practice": _("Practice")}


def index(request: HttpRequest) -> HttpResponse:
    player = Player.of(request)
    try:
        chosen = filters.filters_from(request.GET)
        number = filters.page_from(request.GET)
    except ApplicationError as exc:
        chosen, number, error = filters.Filters(), 1, exc.message
    else:
        error = ""
    page = selectors.my_games_page(player, chosen, number)
    if page.count and number > page.pages:  # past the last page: the last one
        page = selectors.my_games_page(player, chosen, page.pages)
    query = chosen.query()
    rows = [presentation.game_row(game) for game in page.games]
    for row in rows:
        row["result_label"] = RESULT_NAMES[row["result"]]
    return render(
        request,
        "mygames/index.html",
        {
            "page": page,
            "rows": rows,
            "chosen": chosen,
            "error": error,
            "variants": VARIANT_CHOICES,
            "results": RESULT_NAMES.items(),
            "speeds": SPEED_NAMES.items(),
            "kinds": KIND_NAMES.items(),
            "speed_names": SPEED_NAMES,
            "query": urlencode(query),
            "export_url": reverse("mygames:api-export") + (f"?{urlencode(query)}" if query else ""),
            "export_all_url": reverse("mygames:api-export"),
        },
    )
