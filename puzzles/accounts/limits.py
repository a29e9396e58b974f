"""Limits that keep one client from flooding the site: the log-in lockout's
answer (django-axes counts the failures) and a cap on sign-ups per address."""
from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from puzzles.core.middleware import wait_before_retry

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
