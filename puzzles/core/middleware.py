"""A cap on the length of a request's address.

The web server (uvicorn) reads request lines of any length, so an address of
megabytes would reach the views (each copying and parsing it).  Longer than
``PUZZLES_MAX_URL_CHARS`` (8,190, as gunicorn's own limit), the request gets a
414 at once: ``{"error"}`` under ``/api/``, a short page elsewhere.  The
longest real address (a position and a whole line on the analysis board) is a
few hundred characters."""
from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.deprecation import MiddlewareMixin
from django.utils.translation import gettext as _


class LongAddressMiddleware(MiddlewareMixin):
    def process_request(self, request: HttpRequest) -> HttpResponse | None:
        limit = getattr(settings, "PUZZLES_MAX_URL_CHARS", 8190)
        length = len(request.path_info) + len(request.META.get("QUERY_STRING", ""))
        if length <= limit:
            return None
        if request.path_info.startswith("/api/"):
            return JsonResponse(
                {"error": f"the address is {length} characters long; at most {limit} are read"}, status=414
            )
        text = _("This address is too long (%(length)d characters; at most %(limit)d).") % {
            "length": length, "limit": limit,
        }
        return HttpResponse(text, status=414, content_type="text/plain; charset=utf-8")
