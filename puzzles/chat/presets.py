"""The preset messages: sent as a key, shown to each reader in the reader's
own language."""

from __future__ import annotations

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

PRESETS: dict[str, Promise] = {
    "hello": _("Hello!"),
    "good-luck": _("Good luck!"),
    "have-fun": _("Have fun!"),
    "well-played": _("Well played!"),
    "good-game": _("Good game!"),
    "thanks": _("Thanks!"),
    "rematch": _("Rematch?"),
    "sorry": _("Sorry!"),
    "bye": _("Bye!"),
}


def preset_text(key: str) -> str:
    """The preset's words in the active language ("" for a key no longer known)."""
    words = PRESETS.get(key)
    return str(words) if words is not None else ""


def presets_shown() -> list[dict[str, str]]:
    return [{"key": key, "text": str(words)} for key, words in PRESETS.items()]
