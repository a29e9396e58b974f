"""The installable web app's files and the offline puzzle page.

``/sw.js`` is the service worker, served from the site's root so that its
scope is the whole site: the built script of the Vite entry ``sw``
(``frontend/src/offline/sw.ts``) after one line that gives it its settings:
the cache's version and the files to keep (every file of the Vite build, the
site's stylesheet and icons, the JavaScript catalogue in the player's
language, and the pages that must open with no network).  The version is a
hash of all of it, so a new build gives a new cache and the old one is
dropped.  ``/manifest.webmanifest`` makes the site installable.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from puzzles.accounts.players import Player
from puzzles.core.templatetags.vite import find_entry, load_manifest

THEME_COLOUR = "#1d2a33"
BACKGROUND_COLOUR = "#f7f5ef"
ICONS = ["offline/icon.svg", "offline/icon-192.png", "offline/icon-512.png", "core/favicon.svg"]


def offline_pages() -> list[str]:
    """The pages that open with no network: the offline puzzles, the analysis board, the home page."""
    return [reverse("offline:puzzles"), reverse("study:analysis"), reverse("site:home")]


def precache_urls(manifest: dict[str, Any], own_file: str) -> list[str]:
    """Every file of the Vite build (scripts, stylesheets, fonts, images, the
    board demo, the solver's WebAssembly) but the service worker's own, and
    the site's own files."""
    files: set[str] = set()
    for key, chunk in manifest.items():
        # An HTML entry (the board demo) is written to the build under its own name.
        if key.endswith(".html") and chunk.get("isEntry"):
            files.add(key)
        files.add(chunk["file"])
        files.update(chunk.get("css", []))
        files.update(chunk.get("assets", []))
    # Files the build writes beside the manifest's (the solver's WebAssembly, which its worker fetches).
    assets = settings.OD_FRONTEND_DIST / "assets"
    if assets.is_dir():
        files.update(f"assets/{path.name}" for path in assets.iterdir() if path.is_file())
    files.discard(own_file)
    built = [static(f"{settings.OD_FRONTEND_STATIC_PREFIX}/{name}") for name in sorted(files)]
    own = [static(name) for name in ["core/site.css", "training/training.css", *ICONS]]
    return [*built, *own, reverse("offline:manifest"), reverse("javascript-catalog")]


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    manifest = load_manifest()
    key = find_entry(manifest, ("sw",)) if manifest is not None else None
    if manifest is None or key is None:
        return HttpResponse(
            "// the front end has not been built: no service worker\n",
            status=404,
            content_type="text/javascript; charset=utf-8",
        )
    own_file = manifest[key]["file"]
    code = (settings.OD_FRONTEND_DIST / own_file).read_text(encoding="utf-8")
    config: dict[str, Any] = {
        "precache": precache_urls(manifest, own_file),
        "pages": offline_pages(),
        "fallback": reverse("offline:puzzles"),
        "static": settings.STATIC_URL,
    }
    digest = hashlib.sha256(json.dumps(config, sort_keys=True).encode() + code.encode()).hexdigest()[:16]
    config["version"] = digest
    body = f"self.ODT_SW = {json.dumps(config)};\n{code}"
    response = HttpResponse(body, content_type="text/javascript; charset=utf-8")
    # The browser checks for a new worker on every visit; the worker's scope is the whole site.
    response["Cache-Control"] = "no-cache"
    response["Service-Worker-Allowed"] = "/"
    return response


@require_GET
@cache_control(max_age=3600, private=True)
def web_manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest (installable app: name, icons, start page, colours), in the
    player's language (so private to their browser)."""
    body = {
        "name": _("Open domino trainer"),
        "short_name": _("Open domino"),
        "description": _("Puzzles, games and exact analysis of open domino, online and offline."),
        "start_url": reverse("site:home") + "?source=app",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "icons": [
            {"src": static("offline/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
            {"src": static("offline/icon-192.png"), "sizes": "192x192", "type": "image/png"},
            {"src": static("offline/icon-512.png"), "sizes": "512x512", "type": "image/png"},
            {"src": static("offline/icon-512.png"), "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
        ],
        "shortcuts": [{"name": _("Offline puzzles"), "url": reverse("offline:puzzles")}],
    }
    return JsonResponse(body, content_type="application/manifest+json", json_dumps_params={"ensure_ascii": False})


def puzzles(request: HttpRequest) -> HttpResponse:
    """The offline puzzle page: the puzzles kept in the browser, solved there.
    A guest is given their token here (the page's own request, before its
    script asks for the pack): the keys given to a player are remembered, so
    the pack gives none to a guest with no token."""
    Player.of(request, create=True)
    return render(request, "offline/puzzles.html", {})
