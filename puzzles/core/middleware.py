"""A cap on the length of a request's address, and the Retry-After of the
site's own 429 pages.

The web server (uvicorn) reads request lines of any length, so an address of
megabytes would reach the views (each copying and parsing it).  Longer than
``OD_MAX_URL_CHARS`` (8,190, as gunicorn's own limit), the request gets a
414 at once: ``{"error"}`` under ``/api/``, a short page elsewhere.  The
longest real address (a position and a whole line on the analysis board) is a
few hundred characters.

DRF's throttles put a ``Retry-After`` on the API's 429s; the plain pages'
limits (the solver's work, the sign-ups, the log-in lockout) say the wait in
words and, through ``wait_before_retry``, in that header too."""

from __future__ import annotations

import math

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.deprecation import MiddlewareMixin
from django.utils.translation import ngettext


def is_api(request: HttpRequest) -> bool:
    """Whether a request is the API's (/api and what is under it), whose
    answers, errors included, are ``{"error"}`` JSON rather than pages."""
    return request.path_info == "/api" or request.path_info.startswith("/api/")


class LongAddressMiddleware(MiddlewareMixin):
    def process_request(self, request: HttpRequest) -> HttpResponse | None:
        limit = getattr(settings, "OD_MAX_URL_CHARS", 8190)
        length = len(request.path_info) + len(request.META.get("QUERY_STRING", ""))
        if length <= limit:
            return None
        if is_api(request):
            return JsonResponse(
                {"error": f"the address is {length} characters long; at most {limit} are read"}, status=414
            )
        text = ngettext(
            "This address is too long (%(length)d character; at most %(limit)d).",
            "This address is too long (%(length)d characters; at most %(limit)d).",
            length,
        ) % {"length": length, "limit": limit}
        return HttpResponse(text, status=414, content_type="text/plain; charset=utf-8")


RETRY_AFTER = "od_retry_after"


def wait_before_retry(request: HttpRequest, seconds: float) -> int:
    """Says when a refused request may come again: a 429 answer to it carries
    ``Retry-After``.  Returns the wait as sent (whole seconds, at least one)."""
    wait = max(1, math.ceil(seconds))
    setattr(request, RETRY_AFTER, wait)
    return wait


class RetryAfterMiddleware(MiddlewareMixin):
    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        seconds = getattr(request, RETRY_AFTER, None)
        if response.status_code == 429 and seconds and not response.has_header("Retry-After"):
            response["Retry-After"] = str(seconds)
        return response
