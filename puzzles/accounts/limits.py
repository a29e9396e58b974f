"""Limits that keep one client from flooding the site: the log-in lockout's
answer (django-axes counts the failures), a cap on sign-ups per address, and
the limit on what queues solver work (an analysis, a record to grade, a new
game, rematch or match), on the API and on the plain pages alike."""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from rest_framework.permissions import SAFE_METHODS
from rest_framework.throttling import BaseThrottle

from puzzles.core.middleware import wait_before_retry
from puzzles.core.throttles import Counted, PlayerThrottle, ScopedThrottle

from .players import Player

SIGNUP_WINDOW_SECONDS = 3600


def client_address(request: HttpRequest) -> str:
    return str(request.META.get("REMOTE_ADDR", ""))


def locked_out(request: HttpRequest, credentials: Any = None, *args: Any, **kwargs: Any) -> HttpResponse:
    """The answer to a log-in while locked out: 429, in words (JSON under /api/)."""
    message = _("Too many wrong passwords for this account: try again in an hour.")
    wait_before_retry(request, settings.AXES_COOLOFF_TIME.total_seconds())
    if request.path.startswith("/api/"):
        return JsonResponse({"error": message}, status=429)
    return render(request, "registration/login.html", {"locked_out": message, "form": None}, status=429)


def signup_rate_limited(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """At most ``SIGNUPS_PER_HOUR`` new accounts an hour from one address
    (counted when one is made); the next gets a 429 that says why."""

    @wraps(view)
    def limited(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        key = f"signups:{client_address(request)}"
        if request.method == "POST" and cache.get(key, 0) >= settings.SIGNUPS_PER_HOUR:
            message = _("Too many new accounts from your address: try again in an hour.")
            wait_before_retry(request, SIGNUP_WINDOW_SECONDS)
            return render(request, "registration/signup.html", {"form": None, "limited": message}, status=429)
        response = view(request, *args, **kwargs)
        if request.method == "POST" and response.status_code in (301, 302):  # an account was made
            cache.add(key, 0, SIGNUP_WINDOW_SECONDS)
            try:
                cache.incr(key)
            except ValueError:
                cache.set(key, 1, SIGNUP_WINDOW_SECONDS)
        return response

    return limited


# ------------------------------------------------------------ solver work

SOLVER_WORK = "analyses"  # each player's limit on whatever queues solver work
SOLVER_WORK_ADDRESS = "analyses_address"  # every guest behind one address together


def _is_user(request: Any) -> bool:
    user = getattr(request, "user", None)
    return bool(user is not None and user.is_authenticated)


class _AddressCount(Counted):
    """Every guest behind one address together, at ``analyses_address``."""

    scope = SOLVER_WORK_ADDRESS

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class SolverWorkThrottle(ScopedThrottle):
    """The analyses' limit, for each player by themselves: an account by
    account, a guest by their token, so that the players of a club behind
    one address each have their own.  A guest without a token yet is given
    one here (the view would give it anyway: it stores the work as theirs),
    so that their first request counts where the others do.  What a guest
    is allowed counts too against every guest of the address together
    (``analyses_address``, a club's worth): a client that drops its cookie,
    and so is a new guest at each request, is held there.  A request refused
    by its player's limit does not count there (one guest asking too much
    does not lock out the others)."""

    refused_by: Counted | None = None

    def get_cache_key(self, request: Any, view: Any) -> str:
        player = Player.of(request, create=True)
        ident = f"user-{player.user.pk}" if player.user is not None else f"guest-{player.token}"
        return self.cache_format % {"scope": self.scope, "ident": ident}

    def allow_request(self, request: Any, view: Any) -> bool:
        if not super().allow_request(request, view):
            self.refused_by = self
            return False
        if request.method in SAFE_METHODS or _is_user(request):
            return True
        address = _AddressCount()
        if address.allow_request(request, view):
            return True
        self.refused_by = address
        return False

    def wait(self) -> float | None:
        other = self.refused_by
        return other.wait() if other is not None and other is not self else super().wait()


# Mixed into an API view whose POST queues solver work on the workers:
# besides the client's own rate, the analyses' limits, one counter for all
# such views.  (A comment, not a docstring: the schema would take a docstring
# for each view's description.)
class SolverWorkLimited:
    throttle_classes: Sequence[type[BaseThrottle]] = [PlayerThrottle, SolverWorkThrottle]
    throttle_scope = SOLVER_WORK


def solver_work_refused(request: HttpRequest) -> str | None:
    """For a plain page's form that queues solver work: counts this request
    against the analyses' limits, as ``SolverWorkLimited`` counts the API's
    (the same counters, so the form is no way around the API's limit).
    ``None`` when the request may go on, else the refusal in the request's
    language (and the 429 answer gets its Retry-After)."""
    throttle = SolverWorkThrottle()
    if throttle.allow_request(request, SolverWorkLimited()):  # type: ignore[arg-type]
        return None
    wait = max(1, math.ceil(throttle.wait() or 1))
    wait_before_retry(request, wait)
    return _("You have asked the solver for a lot in a short time: try again in %(seconds)d s.") % {"seconds": wait}
