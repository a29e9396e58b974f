"""A player's name as a sentence or a list writes it: a bot's marked BOT.
(Pages mark it with ``{% player_name %}`` / ``{% bot_badge %}``, the front
end from the ``bot`` field of the API's player objects.)"""

from __future__ import annotations

from typing import Any

from django.utils.translation import pgettext

from . import selectors


def name_text(name: str, bot: bool) -> str:
    """``name``, followed by BOT for a bot ("Ann BOT")."""
    return pgettext("a bot's name", "%(name)s BOT") % {"name": name} if bot else name


def user_text(user: Any) -> str:
    """An account's name as ``name_text`` writes it."""
    return name_text(user.get_username(), selectors.is_bot(user))
