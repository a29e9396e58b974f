"""Scopes: what a token may do, checked for every API request it
authenticates.

``HasScope`` is the API's default permission (REST_FRAMEWORK's
DEFAULT_PERMISSION_CLASSES), so every view is covered without a line of its
own: a browser session may do anything its account may; a token may read
(GET, HEAD, OPTIONS) with ``read``, and a state-changing request needs what
``decision`` says: the view's ``required_scope`` (a scope, or a dict from
method to scope), else the endpoint's entry in ``routes.DECISIONS``, else
nothing: refused to tokens.  ``require_scope`` is the same check for a view
that decides inside its body."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from rest_framework.exceptions import Throttled
from rest_framework.permissions import SAFE_METHODS, BasePermission
from rest_framework.request import Request

from puzzles.core.errors import ApplicationError

from .grants import BOT, CHALLENGE, PLAY, READ, SCOPES, SESSION_ONLY, grant_of
from .routes import DECISIONS
from .throttles import TokenThrottle

__all__ = [
    "BOT",
    "CHALLENGE",
    "PLAY",
    "READ",
    "SCOPES",
    "SESSION_ONLY",
    "HasScope",
    "decision",
    "grant_of",
    "require_scope",
]

# What each scope lets a program do, shown where tokens are made and apps authorised.
DESCRIPTIONS = {
    READ: gettext_lazy("Read your games, challenges, ratings and everything else you can see on the site."),
    PLAY: gettext_lazy("Play your games: make moves, resign, abort, claim a win and ask for rematches."),
    CHALLENGE: gettext_lazy("Make, accept and decline challenges and seeks, and join events."),
    BOT: gettext_lazy("Turn your account into a bot account (for good: only on an account with no games)."),
}


def require_scope(request: Request, scope: str) -> None:
    """Refuses (403) a request authenticated by a token without ``scope``;
    nothing for a browser session."""
    grant = grant_of(request)
    if grant is None:
        return
    if scope == SESSION_ONLY:
        raise ApplicationError(_("API tokens may not do this: use the site's pages"), status_code=403)
    if not grant.allows(scope):
        raise ApplicationError(_("this token lacks the %(scope)s scope") % {"scope": scope}, status_code=403)


def decision(view: Any, method: str, url_name: str | None) -> str | None:
    """The scope a token needs for ``method`` on ``view`` (reached by the URL
    named ``url_name``), or None when nothing decides it."""
    method = method.upper()
    stated = getattr(view, "required_scope", None)
    if isinstance(stated, dict):
        found = stated.get(method) or (stated.get("GET") if method in SAFE_METHODS else None)
        if found:
            return str(found)
    elif stated and method not in SAFE_METHODS:
        return str(stated)
    if method in SAFE_METHODS:
        return READ
    return DECISIONS.get(url_name or "")


class HasScope(BasePermission):
    """The default permission of every API view: a token's request needs the
    scope ``decision`` gives (refused when none does), and is counted by the
    token's own rate limit (``throttles.TokenThrottle``, here rather than in
    the views' throttle classes, which some views replace); a session passes."""

    def has_permission(self, request: Request, view: Any) -> bool:
        if grant_of(request) is None:
            return True
        match = getattr(request, "resolver_match", None)
        needed = decision(view, request.method or "GET", match.view_name if match else None)
        require_scope(request, needed or SESSION_ONLY)
        throttle = TokenThrottle()
        if not throttle.allow_request(request, view):
            raise Throttled(throttle.wait())
        return True
