"""Names on the pages, marked BOT for a bot (``{% bot_badge who %}``,
``{% player_name who %}``), and the profile's way to make one's account a bot."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from .. import selectors

register = template.Library()


def _bot(who: Any) -> bool:
    """A row of a page's JSON (``{"name", "bot"}``) says it; else ``who`` is a user or an id."""
    if isinstance(who, dict):
        return bool(who.get("bot"))
    return selectors.is_bot(who)


@register.simple_tag
def bot_badge(who: Any) -> SafeString:
    """The BOT mark after a bot's name; nothing for anyone else."""
    if not _bot(who):
        return SafeString("")
    return format_html(
        ' <abbr class="bot-badge" title="{}">{}</abbr>',
        _("A bot: a program plays this account"),
        pgettext("account kind", "BOT"),
    )


@register.simple_tag
def player_name(who: Any) -> SafeString:
    """A player's name as every page writes it: a row (``{"name", "bot"}``)
    or a user, with the BOT mark for a bot."""
    name = who.get("name", "") if isinstance(who, dict) else who.get_username()
    return format_html("{}{}", name, bot_badge(who))


@register.inclusion_tag("botaccounts/_profile_bot.html", takes_context=True)
def bot_profile(context: dict[str, Any], profile_user: Any) -> dict[str, Any]:
    """On a profile: the BOT line of a bot, and on the owner's own profile the way to make it one."""
    request = context.get("request")
    viewer = getattr(request, "user", None)
    own = viewer is not None and viewer.is_authenticated and viewer.pk == profile_user.pk
    return {"is_bot": selectors.is_bot(profile_user), "own": own}
