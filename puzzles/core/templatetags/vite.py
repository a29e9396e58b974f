"""Include the built front-end (Vite) in a page.

``{% vite_entry "play" "board" %}`` writes the tags for the first of the named
entries found in ``frontend/dist/.vite/manifest.json``: its stylesheets, module
preloads of the chunks it imports, and the ``<script type="module">``.  A name
matches a manifest key exactly (``src/play.ts``), the entry's ``name``, or the
key's file name without extension.  The files are served as static files under
``/static/frontend/`` (Vite's ``base``).  When the manifest is missing, the tag
writes a visible note that the front-end has not been built instead.

``{% frontend_built as built %}`` tells whether the manifest is there.
"""

from __future__ import annotations

import json
import os
from pathlib import PurePosixPath
from typing import Any

from django import template
from django.conf import settings
from django.templatetags.static import static
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _

register = template.Library()

# Vite's manifest: each chunk's key and its JSON object.
Manifest = dict[str, Any]

_cache: dict[str, tuple[float, Manifest]] = {}


def load_manifest() -> Manifest | None:
    path = str(settings.OD_FRONTEND_MANIFEST)
    try:
        mtime = os.stat(path).st_mtime
    except OSError:
        return None
    cached = _cache.get(path)
    if cached and cached[0] == mtime:
        return cached[1]
    try:
        with open(path, encoding="utf-8") as fh:
            manifest: Manifest = json.load(fh)
    except (OSError, ValueError):
        return None
    _cache[path] = (mtime, manifest)
    return manifest


def find_entry(manifest: Manifest, names: tuple[str, ...]) -> str | None:
    for name in names:
        if name in manifest:
            return name
        for key, chunk in manifest.items():
            if not chunk.get("isEntry"):
                continue
            if chunk.get("name") == name or PurePosixPath(key).stem == name:
                return key
    return None


def _url(file: str) -> str:
    return static(f"{settings.OD_FRONTEND_STATIC_PREFIX}/{file}")


def _collect(manifest: Manifest, key: str, css: list[str], preload: list[str], seen: set[str]) -> None:
    if key in seen or key not in manifest:
        return
    seen.add(key)
    chunk = manifest[key]
    for sheet in chunk.get("css", []):
        if sheet not in css:
            css.append(sheet)
    for imported in chunk.get("imports", []):
        if imported in manifest and manifest[imported]["file"] not in preload:
            preload.append(manifest[imported]["file"])
        _collect(manifest, imported, css, preload, seen)


@register.simple_tag
def vite_entry(*names: str) -> str:
    manifest = load_manifest()
    if manifest is None:
        return format_html(
            '<p class="frontend-missing" role="status">{}</p>',
            _(
                "The board's front-end has not been built yet (run “npm run build” in frontend/, "
                "or “make run”). The page below works without it, in a plainer way."
            ),
        )
    key = find_entry(manifest, names)
    if key is None:
        return format_html(
            '<p class="frontend-missing" role="status">{}</p>',
            _("The front-end build has no entry named %(names)s.") % {"names": ", ".join(names)},
        )
    css: list[str] = []
    preload: list[str] = []
    _collect(manifest, key, css, preload, set())
    return (
        format_html_join("\n", '<link rel="stylesheet" href="{}">', ((_url(f),) for f in css))
        + format_html_join("\n", '<link rel="modulepreload" href="{}">', ((_url(f),) for f in preload))
        + format_html('<script type="module" src="{}"></script>', _url(manifest[key]["file"]))
    )


@register.simple_tag
def vite_entry_if_built(*names: str) -> str:
    """vite_entry, or nothing when the build or the entry is missing: for
    a script every page may have, whose page works the same without it."""
    manifest = load_manifest()
    if manifest is None or find_entry(manifest, names) is None:
        return ""
    return vite_entry(*names)


@register.simple_tag
def frontend_built() -> bool:
    return load_manifest() is not None
