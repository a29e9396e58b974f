"""OAuth2's pages: the consent page of the authorization endpoint (the
toolkit's view in the site's layout and words) and an account's own apps
(register one, its client secret shown once; delete one)."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_http_methods, require_POST
from oauth2_provider.views import AuthorizationView

from puzzles.core.errors import ApplicationError
from puzzles.core.forms import form_action, refusal_message

from . import oauth, oauth_services
from .grants import SCOPES
from .scopes import DESCRIPTIONS


class ConsentView(AuthorizationView):  # type: ignore[misc]  # the toolkit is untyped
    """``GET /oauth/authorize/?response_type=code&client_id=…&redirect_uri=…&scope=…
    &state=…&code_challenge=…&code_challenge_method=S256``: a logged-in player
    is asked whether the app may act for them within those scopes (PKCE
    required: no code challenge, no page)."""

    template_name = "apitokens/authorize.html"

    def get_context_data(self, **kwargs: Any) -> dict[str, Any]:
        context: dict[str, Any] = super().get_context_data(**kwargs)
        asked = set(context.get("scopes") or [])
        context["scope_rows"] = [{"name": s, "description": DESCRIPTIONS[s]} for s in SCOPES if s in asked]
        return context

    def get(self, request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        response: HttpResponse = super().get(request, *args, **kwargs)
        # The consent form's answer redirects to the app: the page's
        # form-action must allow that address's origin (browsers apply it to redirects).
        target = urlsplit(str(getattr(self, "oauth2_data", {}).get("redirect_uri") or ""))
        if target.scheme in ("http", "https") and target.netloc:
            response._csp_update = {"form-action": [f"{target.scheme}://{target.netloc}"]}  # type: ignore[attr-defined]
        return response


@login_required
@require_http_methods(["GET", "POST"])
def apps_page(request: HttpRequest) -> HttpResponse:
    """GET: the account's apps and the form to register one.  POST: registers
    one and shows its client id and secret, the secret this once."""
    extra: dict[str, Any] = {}
    if request.method == "POST":
        try:
            app, secret = oauth_services.application_create(
                request.user,
                name=request.POST.get("name", ""),
                redirect_uris=request.POST.get("redirect_uris", ""),
                confidential=request.POST.get("client_type") == "confidential",
            )
            extra = {"made": app, "secret": secret}
        except ApplicationError as exc:
            refusal_message(request, exc)
            extra = {"form": {k: request.POST.get(k, "")[:2000] for k in ("name", "redirect_uris", "client_type")}}
    context = {"apps": oauth.apps_of(request.user), **extra}
    response = render(request, "apitokens/apps.html", context)
    response["Cache-Control"] = "no-store"
    return response


@login_required
@require_POST
def app_delete(request: HttpRequest, app_id: int) -> HttpResponse:
    return form_action(request, lambda: oauth_services.application_delete(request.user, app_id), "apitokens:apps")
