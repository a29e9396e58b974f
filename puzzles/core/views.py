"""Pages every app shares: the site's icon at ``/favicon.ico``."""

from __future__ import annotations

from django.contrib.staticfiles import finders
from django.http import FileResponse, Http404, HttpRequest
from django.views.decorators.cache import cache_control


@cache_control(max_age=86400, public=True)
def favicon(request: HttpRequest) -> FileResponse:
    """The domino icon (SVG) for browsers that ask ``/favicon.ico`` without reading the page's link tag."""
    path = finders.find("core/favicon.svg")
    if not path or isinstance(path, list):
        raise Http404("no icon")
    return FileResponse(open(path, "rb"), content_type="image/svg+xml")
