"""``{% notice_bell %}``: the header's bell with the reader's unread count (an account's only)."""

from __future__ import annotations

from typing import Any

from django import template

from .. import presentation

register = template.Library()


@register.inclusion_tag("notifications/_bell.html", takes_context=True)
def notice_bell(context: dict[str, Any]) -> dict[str, Any]:
    request = context.get("request")
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"bell": None}
    return {"bell": presentation.bell(user)}
