"""``{% offline_head %}``: what every page's head needs for the installable
web app: the manifest, the theme colour, the icon, and the script that
installs the service worker and keeps the offline puzzles (the Vite entry
``pwa``; nothing while the front end is not built)."""

from __future__ import annotations

from typing import Any

from django import template
from django.templatetags.static import static
from django.urls import reverse
from django.utils.crypto import salted_hmac
from django.utils.html import format_html
from django.utils.safestring import SafeString

from puzzles.accounts.players import PLAYER_SESSION_KEY
from puzzles.core.templatetags.vite import find_entry, load_manifest, vite_entry

from ..views import THEME_COLOUR

register = template.Library()


def page_owner(request: Any) -> str:
    """Whom the page is drawn for, as the browser may keep it: a tag of the
    account (not its id), "" for a guest, "none" for a visitor who is not a
    guest yet (no token: given no puzzles, ``apis.OfflinePackApi``).  The
    script drops the pages and puzzles the browser keeps when it changes (a
    log-out, another account, a visitor's first token: the empty pack goes)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        session = getattr(request, "session", None)
        return "" if session is not None and session.get(PLAYER_SESSION_KEY) else "none"
    return salted_hmac("offline-page-owner", str(user.pk)).hexdigest()[:16]


@register.simple_tag(takes_context=True)
def offline_head(context: Any) -> SafeString:
    head = format_html(
        '<link rel="manifest" href="{}">\n<meta name="theme-color" content="{}">\n<link rel="apple-touch-icon" href="{}">\n'
        '<meta name="od-offline" data-sw="{}" data-pack="{}" data-results="{}" data-owner="{}">',
        reverse("offline:manifest"),
        THEME_COLOUR,
        static("offline/icon-192.png"),
        reverse("offline:service-worker"),
        reverse("offline:api-pack"),
        reverse("offline:api-results"),
        page_owner(context.get("request")),
    )
    manifest = load_manifest()
    if manifest is None or find_entry(manifest, ("pwa",)) is None:
        return head
    return format_html("{}\n{}", head, vite_entry("pwa"))
