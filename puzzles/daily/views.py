"""The daily deal's pages: the day's deal (start it, play it, see your result
against the field), the archive.  The deal page embeds the game's JSON for
its script (Vite entry ``daily``, which hosts the play page's widget and
reloads the page when the game's result is in); without the script the page
works with plain forms that post the start and the move and come back to it."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from puzzles.accounts.limits import solver_work_refused
from puzzles.accounts.players import Player
from puzzles.core.errors import ApplicationError
from puzzles.core.forms import posted_ply, refusal_message
from puzzles.games import presentation as game_presentation
from puzzles.games import services as game_services
from puzzles.games import texts as game_texts
from puzzles.games.views import seats_top_to_bottom

from . import presentation, selectors, services
from .models import DailyDeal


def _day(day_text: str) -> date:
    day = selectors.parse_day(day_text)
    if day is None:
        raise Http404("a day is written YYYY-MM-DD")
    return day


def _deal(day_text: str) -> DailyDeal:
    """The deal of the address's day, for a form's post: today's is made if it is not there yet."""
    day = _day(day_text)
    if day == selectors.utc_today():
        return services.deal_ensure(day)
    return selectors.deal_of_day(day)


def today(request: HttpRequest) -> HttpResponse:
    return _render_day(request, selectors.deal_seen())


def day_page(request: HttpRequest, day: str) -> HttpResponse:
    return _render_day(request, selectors.deal_seen(_day(day)))


def _render_day(request: HttpRequest, deal: DailyDeal, status: int = 200) -> HttpResponse:
    entry = selectors.entry_seen(selectors.entry_for_player(Player.of(request), deal))
    context: dict[str, Any] = {
        "deal": deal,
        "entry": entry,
        "ranking": presentation.ranking_state(deal, entry),
        "deal_commitment": presentation.commitment_state(deal, presentation.withheld(deal, entry)),
        "is_today": deal.day == selectors.utc_today(),
        "urls": {
            **presentation.deal_urls(deal),
            "jsi18n": reverse("javascript-catalog"),
            "archive": reverse("daily:archive"),
        },
    }
    if entry is not None:
        game = entry.game
        game_state = game_presentation.game_state(game)
        context.update(
            game=game,
            game_state=game_state,
            turn_text=game_texts.turn_text(game_state),
            sides_top_bottom=seats_top_to_bottom(game),
        )
    return render(request, "daily/day.html", context, status=status)


@require_POST
def start(request: HttpRequest, day: str) -> HttpResponse:
    deal = _deal(day)
    player = Player.of(request, create=True)
    if selectors.entry_for_player(player, deal) is None and (limited := solver_work_refused(request)):
        refusal_message(request, ApplicationError(limited))
        return _render_day(request, deal, status=429)
    try:
        services.daily_start(player=player, deal=deal)
    except ApplicationError as exc:
        refusal_message(request, exc)
    return redirect("daily:day", day=deal.day.isoformat())


@require_POST
def move(request: HttpRequest, day: str) -> HttpResponse:
    deal = _deal(day)
    entry = selectors.entry_for_player(Player.of(request), deal)
    if entry is not None:
        try:
            game_services.game_play_human_move(
                game=entry.game, move=request.POST.get("move", ""), ply=posted_ply(request)
            )
        except ApplicationError as exc:
            refusal_message(request, exc)
    return redirect("daily:day", day=deal.day.isoformat())


ARCHIVE_PER_PAGE = 30


def archive(request: HttpRequest) -> HttpResponse:
    """The past deals, newest first, a page at a time (``?page=``; out of range: the nearest page)."""
    page = Paginator(selectors.archive(), ARCHIVE_PER_PAGE).get_page(request.GET.get("page"))
    deals = list(page.object_list)
    mine = {
        e.deal_id: selectors.entry_seen(e)
        for e in selectors.entries_of_player(Player.of(request)).filter(deal__in=deals).select_related("game")
    }
    return render(request, "daily/archive.html", {"rows": presentation.archive_rows(deals, mine), "page": page})
