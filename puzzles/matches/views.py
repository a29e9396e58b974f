"""The match pages: your matches and a new one, the match (the current deal's
board beside the score sheet), the match review.  The match page embeds the
match's and the current game's JSON for its script (Vite entry ``match``,
which hosts the play page's widget); without the script the page works with
plain forms that post the move or the hint and come back to the match."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from puzzles.accounts.limits import solver_work_refused
from puzzles.accounts.players import Player
from puzzles.core.errors import ApplicationError
from puzzles.core.forms import posted_ply, refusal_message
from puzzles.games import presentation as game_presentation
from puzzles.games import services as game_services
from puzzles.games import texts as game_texts
from puzzles.games.models import Game
from puzzles.games.views import hint_from_form, seats_top_to_bottom

from . import presentation, selectors, services
from .forms import NewMatchForm
from .models import Match


def _player_match(request: HttpRequest, match_id: int) -> Match:
    """The player's match as stored (a read writes nothing); else 404."""
    return selectors.match_get_for_player(Player.of(request), match_id)


def _posted_match(request: HttpRequest, match_id: int) -> Match:
    """The player's match for a posted move or hint, its finished deals
    counted first (a lost signal), so the form goes to the deal being played."""
    return services.match_settle(match=_player_match(request, match_id))


def index(request: HttpRequest) -> HttpResponse:
    form = NewMatchForm(request.POST or None)
    limited = None
    if request.method == "POST" and form.is_valid():
        try:
            if (limited := solver_work_refused(request)) is not None:
                raise ApplicationError(limited)
            match = services.match_create(
                player=Player.of(request, create=True),
                level=form.cleaned_data["level"],
                human=form.cleaned_data["human"],
                seed=form.cleaned_data["seed"] or None,
                variant=form.chosen_variant(),
                **form.targets(),
            )
        except ApplicationError as exc:
            form.add_error(None, str(exc))
        else:
            return redirect("matches:match", match_id=match.pk)
    player = Player.of(request)
    matches = list(selectors.matches_for_player(player)[:20])
    rows = [
        {"match": m, "state": presentation.match_state(m), "variant": game_presentation.variant_label(m.variant)}
        for m in matches
    ]
    return render(request, "matches/index.html", {"form": form, "rows": rows}, status=429 if limited else 200)


def match_page(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _player_match(request, match_id)
    state = presentation.match_state(match)
    game = presentation.shown_game(match)
    assert game is not None  # a match is created with its first deal
    game_state = game_presentation.game_state(game)
    deals = state["deals"]
    # The deal just finished, shown above the new deal's board until the human's first move in it.
    human_moved = any(m["by"] == "human" for m in game_state["moves"])
    previous = deals[-2] if len(deals) > 1 and not human_moved and state["status"] == "playing" else None
    return render(
        request,
        "matches/match.html",
        {
            "match": match,
            "state": state,
            "game": game,
            "game_state": game_state,
            "turn_text": game_texts.turn_text(game_state),
            "deal_number": deals[-1]["number"],
            "previous": previous,
            "hints_now": [h for h in game_state["hints"] if h["ply"] == game.ply_count],
            "sides_top_bottom": seats_top_to_bottom(game),
            "variant_label": game_presentation.variant_label(match.variant),
            "urls": {
                "jsi18n": reverse("javascript-catalog"),
                "new_match": reverse("matches:index"),
                **presentation.match_urls(match),
            },
        },
    )


def _current_game_or_message(request: HttpRequest, match: Match) -> Game | None:
    """The game the posted form was for, if it is still the match's current
    deal (a stale page must not play into the next deal); else None, with a message."""
    state = presentation.match_state(match)
    current = state["current_game"]
    posted = request.POST.get("game", "")
    if current is None:
        messages.error(request, _("The match is over: no more moves."))
        return None
    if posted and posted != str(current):
        messages.error(request, _("That deal is over; the match has moved on to the next deal."))
        return None
    return presentation.shown_game(match)


@require_POST
def match_move(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _posted_match(request, match_id)
    game = _current_game_or_message(request, match)
    if game is not None:
        try:
            game_services.game_play_human_move(game=game, move=request.POST.get("move", ""), ply=posted_ply(request))
        except ApplicationError as exc:
            refusal_message(request, exc)
    return redirect("matches:match", match_id=match.pk)


@require_POST
def match_hint(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _posted_match(request, match_id)
    game = _current_game_or_message(request, match)
    if game is not None:
        hint_from_form(request, game)
    return redirect("matches:match", match_id=match.pk)


def match_review(request: HttpRequest, match_id: int) -> HttpResponse:
    match = _player_match(request, match_id)
    return render(
        request,
        "matches/review.html",
        {"match": match, "state": presentation.match_state(match), "review": presentation.match_review(match)},
    )
