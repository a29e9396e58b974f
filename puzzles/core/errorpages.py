"""The site's own error pages (Django's ``handler400/403/404/500``): under
/api/ a JSON ``{"error"}`` as every other API answer, elsewhere a page in the
site's layout and the visitor's language, with the navigation to go on from.

A 400 is mostly a request for a host the site does not serve, so neither
answer asks the request for its host; the 500 page falls back to plain text
should the layout itself fail (the database down, say)."""

from __future__ import annotations

import logging

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _

from .middleware import is_api

logger = logging.getLogger(__name__)


def _answer(request: HttpRequest, status: int, error: str, heading: str, explanation: str) -> HttpResponse:
    if is_api(request):
        return JsonResponse({"error": error}, status=status)
    try:
        body = render_to_string("core/error.html", {"heading": heading, "explanation": explanation}, request)
    except Exception:  # the layout needs the database (the signed-in user): say it plainly
        logger.exception("the error page could not be drawn")
        return HttpResponse(f"{heading}\n\n{explanation}\n", status=status, content_type="text/plain; charset=utf-8")
    return HttpResponse(body, status=status)


def bad_request(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _answer(
        request,
        400,
        "bad request: the request could not be read (an unknown host, or a malformed header)",
        _("Bad request"),
        _("The site could not read this request."),
    )


def permission_denied(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _answer(request, 403, "forbidden", _("Forbidden"), _("You may not open this page."))


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    return _answer(
        request,
        404,
        f"not found: {request.path}",
        _("Page not found"),
        _("There is no such page here, or it belongs to another player."),
    )


def server_error(request: HttpRequest) -> HttpResponse:
    return _answer(
        request,
        500,
        "the server failed to answer this request; it has been logged",
        _("Something went wrong"),
        _("The site failed to answer. The error has been logged; please try again in a moment."),
    )
