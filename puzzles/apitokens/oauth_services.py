"""Every write of OAuth2 apps: an account registers an app (its client
secret shown once: the toolkit keeps a hash), deletes one of its own, and
withdraws an app's access to its account."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from django.db import transaction
from django.http import Http404
from django.utils.translation import gettext as _
from oauth2_provider.models import (
    get_access_token_model,
    get_application_model,
    get_grant_model,
    get_refresh_token_model,
)

from puzzles.core.errors import ApplicationError, ConflictError

MAX_APPS = 10  # per account
NAME_MAX = 80


def _redirects_checked(text: str) -> str:
    """The app's redirect addresses, one a line or space: each absolute, https
    (or http on localhost, for a program on the player's own machine), with no fragment."""
    uris = text.split()
    if not uris:
        raise ApplicationError(_("give at least one redirect address"))
    for uri in uris:
        parts = urlsplit(uri)
        local = parts.hostname in {"localhost", "127.0.0.1", "::1"}
        if parts.scheme not in ("https", "http") or not parts.netloc or (parts.scheme == "http" and not local):
            raise ApplicationError(
                _("%(uri)s is not a redirect address: use https:// (or http://localhost)") % {"uri": uri[:200]}
            )
        if parts.fragment:
            raise ApplicationError(_("a redirect address has no #fragment"))
    return " ".join(uris)


def application_create(user: Any, *, name: str, redirect_uris: str, confidential: bool) -> tuple[Any, str]:
    """A new app of ``user``'s for the authorization code flow (PKCE always
    required) and its client secret, shown once ('' for a public app, which
    keeps none: a program in a browser or on a phone)."""
    name = (name or "").strip()
    if not name or len(name) > NAME_MAX:
        raise ApplicationError(_("give the app a name of at most %(count)d characters") % {"count": NAME_MAX})
    uris = _redirects_checked(redirect_uris or "")
    model = get_application_model()
    if model.objects.filter(user=user).count() >= MAX_APPS:
        raise ConflictError(_("you have as many apps as an account may have: delete one first"))
    app = model(
        user=user,
        name=name,
        redirect_uris=uris,
        client_type=model.CLIENT_CONFIDENTIAL if confidential else model.CLIENT_PUBLIC,
        authorization_grant_type=model.GRANT_AUTHORIZATION_CODE,
        skip_authorization=False,
        algorithm="",
    )
    secret = str(app.client_secret) if confidential else ""  # the text, before saving hashes it
    if not confidential:
        app.client_secret = ""
    app.save()
    return app, secret


def application_delete(user: Any, app_id: int) -> None:
    """Deletes ``user``'s app ``app_id`` and with it every token it was given."""
    deleted, _rows = get_application_model().objects.filter(user=user, pk=app_id).delete()
    if not deleted:
        raise Http404(_("no such app"))


@transaction.atomic
def authorisation_revoke(user: Any, app_id: int) -> None:
    """Withdraws app ``app_id``'s access to ``user``'s account: its access and
    refresh tokens and its unused codes go; it must ask again."""
    get_refresh_token_model().objects.filter(user=user, application_id=app_id).delete()
    get_access_token_model().objects.filter(user=user, application_id=app_id).delete()
    get_grant_model().objects.filter(user=user, application_id=app_id).delete()
