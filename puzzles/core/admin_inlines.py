"""Admin pieces the apps share."""

from __future__ import annotations

from typing import Any, cast

from django.contrib import admin
from django.http import HttpRequest


class ReadOnlyInline(admin.TabularInline):  # type: ignore[type-arg]
    """Rows shown under their parent for reading only: every field of
    ``fields`` read-only, none added or deleted here (the site writes them)."""

    extra = 0
    can_delete = False

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> tuple[str, ...]:
        return tuple(cast("tuple[str, ...]", self.fields or ()))  # plain names, no groups
