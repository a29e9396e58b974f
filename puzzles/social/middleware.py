"""``OnlineMiddleware``: every request of an account marks it online
(``presence.seen``: one cache write per account every twenty seconds at
most, per process).  After Django's authentication middleware."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

from . import presence


def request_seen(request: HttpRequest) -> None:
    """Mark the request's account (if any) online; a guest is not tracked."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        presence.seen(user.pk)


class OnlineMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        request_seen(request)
        return self.get_response(request)
