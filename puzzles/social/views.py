"""The Following page and the profile's plain Follow/Block buttons (which
work without the page's script: the page is drawn again after each)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from puzzles.accounts.players import Player
from puzzles.core.forms import form_action

from . import presentation, services

ACTIONS = {
    "follow": services.follow,
    "unfollow": services.unfollow,
    "block": services.block,
    "unblock": services.unblock,
}


@login_required
def following(request: HttpRequest) -> HttpResponse:
    return render(request, "social/following.html", {"players": presentation.following(Player.of(request))})


@require_POST
def relation_action(request: HttpRequest, username: str, action: str) -> HttpResponse:
    act = ACTIONS.get(action)
    if act is None:
        raise Http404(_("No such action."))
    player = Player.of(request)
    return form_action(request, lambda: act(player=player, username=username), "people:profile", username=username)
