"""The API's content negotiation: DRF's, except that a ``?format=`` naming
no format the endpoint answers in is a 400 ``{"error"}`` that lists those it
has, as any other malformed query parameter is, where DRF answers a bare 404
(an address that exists, read as one that does not)."""

from __future__ import annotations

from collections.abc import Iterable

from django.utils.translation import gettext as _
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.renderers import BaseRenderer

from .errors import ApplicationError


class ContentNegotiation(DefaultContentNegotiation):
    def filter_renderers(self, renderers: Iterable[BaseRenderer], format: str) -> list[BaseRenderer]:
        renderers = list(renderers)
        found = [renderer for renderer in renderers if renderer.format == format]
        if not found:
            formats = ", ".join(dict.fromkeys(str(renderer.format) for renderer in renderers))
            raise ApplicationError(_("The format parameter is one of: %(formats)s.") % {"formats": formats})
        return found
