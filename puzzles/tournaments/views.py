"""The tournaments' pages: the list of events (and a form to make one), and
an event's page (a page of its standings, its latest games, join and
leave).  Each works
without its script, from plain forms; the script (Vite entry
``tournament``) keeps the standings live and takes its player to each new
game of theirs."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from puzzles.accounts.players import Player
from puzzles.core.errors import ApplicationError
from puzzles.core.forms import form_action, refusal_message

from . import presence, presentation, selectors, services
from .forms import TournamentForm


@require_http_methods(["GET", "POST"])
def tournaments(request: HttpRequest) -> HttpResponse:
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            made = services.tournament_create(player=Player.of(request), **form.service_args())
        except ApplicationError as exc:
            refusal_message(request, exc)
        else:
            return redirect("tournaments:page", tournament_id=made.pk)
    lists = {name: [presentation.summary(t) for t in rows] for name, rows in selectors.tournaments_listed().items()}
    return render(request, "tournaments/list.html", {"lists": lists, "form": form})


@require_http_methods(["GET", "POST"])
def tournament_page(request: HttpRequest, tournament_id: int) -> HttpResponse:
    tournament = selectors.tournament_get(tournament_id)
    if request.method == "POST":
        act: Any
        if request.POST.get("action") == "leave":
            act = lambda: services.tournament_leave(player=Player.of(request), tournament_id=tournament.pk)  # noqa: E731
        else:
            act = lambda: services.tournament_join(  # noqa: E731
                player=Player.of(request, create=True),
                tournament_id=tournament.pk,
                password=request.POST.get("password"),
                team=request.POST.get("team"),
            )
        return form_action(request, act, "tournaments:page", tournament_id=tournament.pk)
    player = Player.of(request)
    presence.player_seen(player)
    try:  # one page of the standings: ``?page=<n>``, else the reader's own (the first if not in)
        page = presentation.page_asked(request.GET.get("page", presentation.MINE))
    except ValueError:
        page = None
    state = presentation.tournament_state(tournament, player, paged=True, page=page)
    return render(
        request,
        "tournaments/tournament.html",
        {"state": state, "tournament": tournament, "page_asked": presentation.MINE if page is None else page},
    )
