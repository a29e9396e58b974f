"""The notices' words, in the reader's language: the one they chose
(``accounts.LanguagePreference``), else the site's default."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from puzzles.accounts.models import LanguagePreference
from puzzles.botaccounts.presentation import name_text

# The kinds and channels as the settings page names them.
KIND_LABELS = {
    "turn": gettext_lazy("Your turn in a correspondence game"),
    "challenge": gettext_lazy("A challenge to you"),
    "ended": gettext_lazy("The end of your game"),
    "tournament": gettext_lazy("The start of a tournament you joined"),
}
CHANNEL_LABELS = {
    "site": gettext_lazy("On the site"),
    "push": gettext_lazy("Browser notification"),
    "email": gettext_lazy("Email"),
}


def language_of(user: Any) -> str:
    chosen = LanguagePreference.objects.filter(user=user).values_list("language", flat=True).first()
    return chosen or settings.LANGUAGE_CODE


def text(kind: str, data: dict[str, Any]) -> str:
    """The notice's sentence in the active language."""
    name = name_text(data["name"], bool(data.get("bot"))) if data.get("name") else _("a guest")
    if kind == "turn":
        return _("Your move in game %(game)s against %(name)s") % {"game": data.get("game"), "name": name}
    if kind == "challenge":
        return _("%(name)s has challenged you to a game") % {"name": name}
    if kind == "ended":
        return _("Your game %(game)s against %(name)s is over") % {"game": data.get("game"), "name": name}
    return _("The tournament %(name)s has started") % {"name": data.get("name") or data.get("tournament")}


def text_for(user: Any, kind: str, data: dict[str, Any]) -> str:
    """The notice's sentence in ``user``'s language."""
    with translation.override(language_of(user)):
        return text(kind, data)


def title_for(user: Any) -> str:
    with translation.override(language_of(user)):
        return _("Open domino trainer")
