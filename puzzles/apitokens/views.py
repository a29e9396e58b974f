"""The account's API tokens page: its tokens in force, a form to make one
(the new token shown once, with a copy button), revoking; the apps it
authorised, and a link to the apps it registered.  Plain forms; the copy
button is the only script."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_http_methods, require_POST

from puzzles.core.errors import ApplicationError
from puzzles.core.forms import form_action, refusal_message

from . import oauth, oauth_services, presentation, selectors, services


def page_context(user: Any, **extra: Any) -> dict[str, Any]:
    return {
        "tokens": list(selectors.tokens_of(user)),
        "scopes": presentation.scopes_json(),
        "authorised": oauth.authorised_apps(user),
        **extra,
    }


@login_required
@require_http_methods(["GET", "POST"])
def tokens_page(request: HttpRequest) -> HttpResponse:
    """GET: the page.  POST: makes a token and shows the page with its text,
    this once (never stored, never cached)."""
    extra: dict[str, Any] = {}
    if request.method == "POST":
        try:
            token, text = services.create_personal_token(
                request.user, name=request.POST.get("name", ""), scopes=request.POST.getlist("scopes")
            )
            extra = {"made": token, "secret": text}
        except ApplicationError as exc:
            refusal_message(request, exc)
            extra = {"name": request.POST.get("name", "")[:60], "chosen": request.POST.getlist("scopes")}
    response = render(request, "apitokens/tokens.html", page_context(request.user, **extra))
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_POST
def token_revoke(request: HttpRequest, token_id: int) -> HttpResponse:
    return form_action(request, lambda: services.revoke_token(request.user, token_id), "apitokens:tokens")


@login_required
@require_POST
def authorised_revoke(request: HttpRequest, app_id: int) -> HttpResponse:
    return form_action(request, lambda: oauth_services.authorisation_revoke(request.user, app_id), "apitokens:tokens")
