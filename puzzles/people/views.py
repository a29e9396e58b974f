"""The people pages: the lobby (seeks, quick pairing, a new seek), a
challenge (its link to share; accept, decline or cancel by plain forms), the
leaderboard and a player's profile.  Every page works without its script;
the lobby's and the challenge's scripts (Vite entries ``lobby`` and
``challenge``) follow changes by long polls."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from puzzles.accounts.players import Player
from puzzles.core.errors import ApplicationError
from puzzles.games.presentation import variant_label
from puzzles.games.serializers import VARIANT_NAMES

from . import pairing, presentation, profiles, selectors, services, texts
from .forms import ChallengeForm
from .models import FAMILY_CHOICES, TIME_CLASS_CHOICES, Challenge


def _after(challenge: Challenge, player: Player) -> HttpResponse:
    """The game once it has started (for its players), else the challenge."""
    if challenge.game_id is not None and selectors.seat_of(list(challenge.seats.all()), player) is not None:
        return redirect("games:play-game", game_id=challenge.game_id)
    return redirect("people:challenge", challenge_id=challenge.pk)


def _create(request: HttpRequest, form: ChallengeForm, *, lobby: bool) -> HttpResponse | None:
    if request.method != "POST" or not form.is_valid():
        return None
    player = Player.of(request, create=True)
    try:
        challenge = services.challenge_create(player=player, **form.service_args(lobby=lobby))
    except ApplicationError as exc:
        form.add_error(None, str(exc))
        return None
    return _after(challenge, player)


def lobby(request: HttpRequest) -> HttpResponse:
    form = ChallengeForm(request.POST or None, prefix="seek")
    done = _create(request, form, lobby=True)
    if done is not None:
        return done
    player = Player.of(request)
    state = presentation.lobby_state(player)
    if request.method == "GET" and request.GET.get("seeks") == "1":
        # The parts the lobby's script swaps in when the lobby changes: the seeks' table and the challenges for you.
        return render(request, "people/_lobby_live.html", {"lobby": state})
    return render(
        request,
        "people/lobby.html",
        {
            "form": form,
            "lobby": state,
            "quick": list(pairing.QUICK_CONTROLS),
            "quick_ranges": pairing.QUICK_RANGES,
            "quick_variants": [(name, variant_label(name)) for name in VARIANT_NAMES],
            "urls": {"jsi18n": reverse("javascript-catalog"), **state["urls"]},
        },
        status=400 if form.errors else 200,
    )


def _quick_range(value: str) -> int | str | None:
    """The quick pairing form's range: a number of points, or '' for any
    (anything else is passed on for the service to refuse)."""
    if not value:
        return None
    return int(value) if value.isascii() and value.isdigit() else value


@require_POST
def quick(request: HttpRequest) -> HttpResponse:
    player = Player.of(request, create=True)
    try:
        challenge = pairing.quick_pair(
            player=player,
            control=request.POST.get("control", ""),
            variant=request.POST.get("variant") or "lewicki",
            rated=request.POST.get("rated") == "on",
            rating_range=_quick_range(request.POST.get("rating_range", "")),
        )
    except ApplicationError as exc:
        messages.error(request, str(exc))
        return redirect("people:lobby")
    return _after(challenge, player)


def challenge_new(request: HttpRequest) -> HttpResponse:
    form = ChallengeForm(request.POST or None, initial={"to": request.GET.get("to", "")})
    done = _create(request, form, lobby=False)
    if done is not None:
        return done
    return render(request, "people/challenge_new.html", {"form": form}, status=400 if form.errors else 200)


def challenge_page(request: HttpRequest, challenge_id: int) -> HttpResponse:
    challenge = selectors.challenge_get(challenge_id)
    player = Player.of(request)
    state = presentation.challenge_state(challenge, player)
    # One game: its players go to it.  A match's page is its score sheet.
    playing = challenge.game is not None and challenge.game.status != "over"
    if playing and state["you"]["seat"] is not None and not challenge.is_match:
        return redirect("games:play-game", game_id=challenge.game_id)
    rules = challenge.rules
    return render(
        request,
        "people/challenge.html",
        {
            "challenge": challenge,
            "state": state,
            "title": texts.challenge_title(state, {seat: rules.team_of(seat) for seat in rules.seats}),
            "link": request.build_absolute_uri(state["url"]),
            "urls": {"jsi18n": reverse("javascript-catalog"), **state["urls"]},
        },
    )


ACTIONS = {
    "accept": lambda player, pk: services.challenge_accept(player=player, challenge_id=pk),
    "decline": lambda player, pk: services.challenge_decline(player=player, challenge_id=pk),
    "cancel": lambda player, pk: services.challenge_cancel(player=player, challenge_id=pk),
    "rematch": lambda player, pk: services.challenge_rematch(player=player, challenge_id=pk),
}


@require_POST
def challenge_action(request: HttpRequest, challenge_id: int, action: str) -> HttpResponse:
    if action not in ACTIONS:
        raise Http404("no such action")
    selectors.challenge_get(challenge_id)
    player = Player.of(request, create=True)
    try:
        challenge = ACTIONS[action](player, challenge_id)
    except ApplicationError as exc:
        messages.error(request, str(exc))
        return redirect("people:challenge", challenge_id=challenge_id)
    if action == "decline":
        messages.info(request, _("You declined the challenge."))
    return _after(challenge, player)


def leaderboard(request: HttpRequest) -> HttpResponse:
    time_class = request.GET.get("time", "live")
    family = request.GET.get("family", "lewicki")
    if time_class not in dict(TIME_CLASS_CHOICES) or family not in dict(FAMILY_CHOICES):
        time_class, family = "live", "lewicki"
    bots = request.GET.get("bots") in ("1", "true")  # the bots' own leaderboard
    return render(request, "people/leaderboard.html", profiles.leaderboard_context(time_class, family, bots=bots))


def profile(request: HttpRequest, username: str) -> HttpResponse:
    user = selectors.user_by_name(username)
    return render(request, "people/profile.html", profiles.profile_context(user))
