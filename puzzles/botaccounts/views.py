"""The page where an account owner makes it a bot: what it means, and the
confirming button (a plain form, which works without a script)."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from puzzles.core.errors import ApplicationError
from puzzles.core.forms import refusal_message

from . import history, selectors, services


@login_required
def upgrade(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":
        if request.POST.get("confirm") != "on":  # the box that says it cannot be undone
            messages.error(request, _("Tick the box to confirm: a bot account stays a bot."))
            return redirect("botaccounts:upgrade")
        try:
            services.upgrade(request.user)
        except ApplicationError as exc:
            refusal_message(request, exc)
            return redirect("botaccounts:upgrade")
        messages.success(request, _("Your account is now a bot."))
        return redirect("people:profile", username=request.user.get_username())
    played = history.has_played_people(request.user)
    context = {
        "is_bot": selectors.is_bot_stored(request.user),
        "played": played,
        # The rated events it must leave first (a bot plays in none), named before the button is pressed.
        "entered": [] if played else history.rated_events_entered(request.user),
    }
    return render(request, "botaccounts/upgrade.html", context)
