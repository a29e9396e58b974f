"""The token scope this app's API asks for (``bot``), through the tokens app's
``require_scope``: a bearer token must hold it; a browser session needs none."""

from __future__ import annotations

import importlib
from typing import Any


def require_bot_scope(request: Any) -> None:
    """403 for a request authenticated by a token without the ``bot`` scope
    (nothing to check where the tokens app is not installed: only sessions
    authenticate then)."""
    try:
        scopes = importlib.import_module("puzzles.apitokens.scopes")
    except ImportError:
        return
    scopes.require_scope(request, "bot")
