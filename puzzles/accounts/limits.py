"""Limits that keep one client from flooding the site: the log-in lockout's
answer (django-axes counts the failures), a cap on sign-ups per address, and
the limit on what queues solver work (an analysis, a record to grade, a new
game, rematch or match), on the API and on the plain pages alike."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import wraps
from typing import Any

from axes.helpers import get_cool_off
from django.conf import settings
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from limits import RateLimitItem
from rest_framework.permissions import SAFE_METHODS
from rest_framework.throttling import BaseThrottle

from puzzles.core.middleware import is_api, wait_before_retry
from puzzles.core.throttles import Counted, PlayerThrottle, hit, seconds_left, used, window

from .players import Player

SIGNUP_WINDOW_SECONDS = 3600


def client_address(request: HttpRequest) -> str:
    return str(request.META.get("REMOTE_ADDR", ""))


def locked_out(request: HttpRequest, credentials: Any = None, *args: Any, **kwargs: Any) -> HttpResponse:
    """The answer to a log-in while locked out: 429, in words (JSON under /api/)."""
    if getattr(request, ADDRESS_LOCKED_OUT, False):
        message = _("Too many wrong passwords from your address: try again in an hour.")
        wait_before_retry(request, seconds_left(_failures(), _failures_key(request)) or LOGIN_FAILURE_WINDOW_SECONDS)
    else:
        message = _("Too many wrong passwords for this account: try again in an hour.")
        cool_off = get_cool_off(request)
        if cool_off is not None:
            wait_before_retry(request, cool_off.total_seconds())
    if is_api(request):
        return JsonResponse({"error": message}, status=429)
    return render(request, "registration/login.html", {"locked_out": message, "form": None}, status=429)


# ------------------------------------------------------------ log-ins by address

# django-axes locks one account out from one address; many usernames tried
# from one address (guessing common passwords across accounts) are capped
# here, at a count a club behind one router does not reach by typos.
LOGIN_FAILURE_WINDOW_SECONDS = 3600
ADDRESS_LOCKED_OUT = "od_address_locked_out"


def _failures_key(request: HttpRequest) -> str:
    return f"login-failures:{client_address(request)}"


def _failures() -> RateLimitItem:
    return window(settings.OD_LOGIN_FAILURES_PER_ADDRESS, LOGIN_FAILURE_WINDOW_SECONDS)


def count_failed_login(sender: Any, credentials: Any = None, request: HttpRequest | None = None, **kwargs: Any) -> None:
    """``user_login_failed``: one more wrong password from the request's address."""
    if request is None or not settings.AXES_ENABLED:
        return
    hit(_failures(), _failures_key(request))


class AddressLockoutBackend:
    """An authentication backend, after axes's: once ``OD_LOGIN_FAILURES_PER_ADDRESS``
    wrong passwords came from one address within the hour, whatever the
    usernames, every log-in from it is refused until the hour is over (the
    axes middleware then answers with ``locked_out``), the right password
    included, the admin's log-in too.  It never logs anyone in, so it has no
    ``get_user`` (a session is never said to come from it)."""

    def authenticate(self, request: HttpRequest | None, **credentials: Any) -> None:
        if request is None or not settings.AXES_ENABLED:
            return
        if used(_failures(), _failures_key(request)) >= settings.OD_LOGIN_FAILURES_PER_ADDRESS:
            setattr(request, ADDRESS_LOCKED_OUT, True)
            request.axes_locked_out = True  # type: ignore[attr-defined]
            raise PermissionDenied("too many wrong passwords from this address")
        return


def signup_rate_limited(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """At most ``OD_SIGNUPS_PER_HOUR`` new accounts an hour from one address
    (counted when one is made); the next gets a 429 that says why."""

    @wraps(view)
    def limited(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        key = f"signups:{client_address(request)}"
        signups = window(settings.OD_SIGNUPS_PER_HOUR, SIGNUP_WINDOW_SECONDS)
        if request.method == "POST" and used(signups, key) >= settings.OD_SIGNUPS_PER_HOUR:
            message = _("Too many new accounts from your address: try again in an hour.")
            wait_before_retry(request, seconds_left(signups, key) or SIGNUP_WINDOW_SECONDS)
            return render(request, "registration/signup.html", {"form": None, "limited": message}, status=429)
        response = view(request, *args, **kwargs)
        if request.method == "POST" and response.status_code in (301, 302):  # an account was made
            hit(signups, key)
        return response

    return limited


# ------------------------------------------------------------ solver work

SOLVER_WORK = "analyses"  # each player's limit on whatever queues solver work
SOLVER_WORK_ADDRESS = "analyses_address"  # every guest behind one address together


class _AddressCount(Counted):
    """Every guest behind one address together, at ``analyses_address``."""

    scope = SOLVER_WORK_ADDRESS

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class SolverWorkThrottle(Counted):
    """The analyses' limit (``analyses``), for each player by themselves: an
    account by account, a guest by their token, so that the players of a
    club behind one address each have their own.  Guests without a token
    (a first request, or a client that drops its cookie) share one counter
    per address at that rate; once allowed, such a guest is given their
    token here (the view would give it anyway: the work is stored as theirs)
    and the request counts as theirs too.  What a guest is allowed counts
    besides against every guest of the address together
    (``analyses_address``, a club's worth).  A request refused by one limit
    is not counted by the other: one guest asking too much does not use up
    the others' share, nor the address's cap a player's own.  A refused
    request writes nothing (no token, no session)."""

    scope = SOLVER_WORK
    refused_by: Counted | None = None  # the address's cap, when it refused

    def _key(self, ident: str) -> str:
        return self.cache_format % {"scope": self.scope, "ident": ident}

    def allow_request(self, request: Any, view: Any) -> bool:
        if request.method in SAFE_METHODS or self.rate is None:
            return True
        player = Player.of(request)
        if player.user is not None:
            ident = f"user-{player.user.pk}"
        else:
            ident = f"guest-{player.token}" if player.token else f"new-{self.get_ident(request)}"
        self.key = self._key(ident)
        if not self.count(self.key):
            return False
        if player.user is not None:
            return True
        address = _AddressCount()
        if not address.allow_request(request, view):
            self.uncount(self.key)
            self.refused_by = address
            return False
        if not player.token:  # allowed: the new guest's token, and this request counted as theirs
            self.count(self._key(f"guest-{Player.of(request, create=True).token}"))
        return True

    def wait(self) -> float | None:
        return self.refused_by.wait() if self.refused_by is not None else super().wait()


# ------------------------------------------------------------ the lobby

LOBBY_ADDRESS = "lobby_address"


class LobbyPostThrottle(Counted):
    """The seeks and challenges posted by every guest behind one address
    together (``lobby_address``): a player may keep only a few open, but a
    client that starts a new guest session for each would fill the lobby and
    a player's inbox.  An account is left to its own caps (and accounts are
    made a few an hour an address)."""

    scope = LOBBY_ADDRESS

    def get_cache_key(self, request: Any, view: Any) -> str | None:
        if request.method in SAFE_METHODS or Player.of(request).user is not None:
            return None
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


# Mixed into an API view whose POST queues solver work on the workers:
# besides the client's own rate, the analyses' limits, one counter for all
# such views.  The limits are checked in turn, and a request refused by one
# is not counted by the next (DRF's own check counts it by each).  (A
# comment, not a docstring: the schema would take a docstring for each
# view's description.)
class SolverWorkLimited:
    throttle_classes: Sequence[type[BaseThrottle]] = [PlayerThrottle, SolverWorkThrottle]
    throttle_scope = SOLVER_WORK

    def check_throttles(self, request: Any) -> None:
        for throttle in self.get_throttles():  # type: ignore[attr-defined]
            if not throttle.allow_request(request, self):
                self.throttled(request, throttle.wait())  # type: ignore[attr-defined]


def solver_work_refused(request: HttpRequest) -> str | None:
    """For a plain page's form that queues solver work: counts this request
    against the analyses' limits, as ``SolverWorkLimited`` counts the API's
    (the same counters, so the form is no way around the API's limit).
    ``None`` when the request may go on, else the refusal in the request's
    language (and the 429 answer gets its Retry-After)."""
    throttle = SolverWorkThrottle()
    if throttle.allow_request(request, SolverWorkLimited()):
        return None
    wait = wait_before_retry(request, throttle.wait() or 1)
    return _("You have asked the solver for a lot in a short time: try again in %(seconds)d s.") % {"seconds": wait}
