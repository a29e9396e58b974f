"""The notices page (``/notifications/``): the newest notices, marking them
read, and the settings (each kind by channel, the email address, this
browser's Web Push), all as plain forms; the page's script adds the push
subscription."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from puzzles.core.errors import ApplicationError
from puzzles.core.forms import form_action

from . import emails, presentation, selectors, services, texts
from .models import CHANNELS, KINDS


@login_required
def notices_page(request: HttpRequest) -> HttpResponse:
    switches = selectors.switches(request.user)
    rows = [
        {"kind": kind, "label": texts.KIND_LABELS[kind], "channels": [(c, switches[kind][c]) for c in CHANNELS]}
        for kind in KINDS
    ]
    context = {
        "state": presentation.state(request.user),
        "rows": rows,
        "channels": [texts.CHANNEL_LABELS[c] for c in CHANNELS],
        "email": getattr(request.user, "email", ""),
        "email_confirmed": emails.confirmed(request.user),
        "config": json.dumps({"push": "/api/notifications/push/", "vapid": "/api/notifications/vapid/"}),
    }
    return render(request, "notifications/notices.html", context)


@login_required
@require_POST
def notices_read(request: HttpRequest) -> HttpResponse:
    return form_action(request, lambda: services.notices_read(user=request.user), "notifications:page")


@login_required
@require_POST
def settings_save(request: HttpRequest) -> HttpResponse:
    def save() -> None:
        email = request.POST.get("email", "").strip()
        if email and ("@" not in email or len(email) > 254):
            raise ApplicationError(_("that is not an email address"))
        chosen = {kind: {c: f"{kind}:{c}" in request.POST for c in CHANNELS} for kind in KINDS}
        services.switches_set(user=request.user, switches=chosen, email=email, site_url=emails.site_url(request))

    return form_action(request, save, "notifications:page")


@login_required
@require_POST
def email_link(request: HttpRequest) -> HttpResponse:
    def send() -> None:
        user: Any = request.user
        services.email_link_send(user=user, site_url=emails.site_url(request))
        messages.success(request, _("A confirmation link is on its way to %(email)s.") % {"email": user.email})

    return form_action(request, send, "notifications:page")


@require_http_methods(["GET", "POST"])
def email_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """A confirmation link's page: a GET shows the address and a button
    (and writes nothing: a mail scanner may open the link), its POST
    confirms the address."""
    context: dict[str, object] = {"done": False}
    try:
        user, address = emails.link_read(token)
        if request.method == "POST":
            emails.address_confirm(token)
            context["done"] = True
    except ApplicationError as exc:
        return render(request, "notifications/confirm.html", {"error": str(exc)}, status=400)
    context |= {"address": address, "name": user.get_username()}
    return render(request, "notifications/confirm.html", context)
