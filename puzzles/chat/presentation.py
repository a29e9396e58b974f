"""The chat's JSON, as the API gives it and the pages' scripts read it."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from puzzles.accounts.players import Player
from puzzles.botaccounts.presentation import name_text
from puzzles.botaccounts.selectors import is_bot
from puzzles.games.selectors import guest_tag
from puzzles.games.texts import guest_name

from . import selectors
from .models import Message, Room
from .presets import preset_text, presets_shown


def author_name(message: Message) -> str:
    return message.name or guest_name(guest_tag(message.session_key))


def _mine(message: Message, player: Player) -> bool:
    if player.user is not None:
        return bool(message.owner_id == player.user.pk)
    return bool(player.token) and message.owner_id is None and message.session_key == player.token


def message_json(message: Message, player: Player) -> dict[str, Any]:
    """One message as ``player`` reads it: a preset in the reader's language,
    a bot's name marked BOT."""
    bot = is_bot(message.owner_id)
    return {
        "id": message.pk,
        "author": name_text(author_name(message), bot),
        "bot": bot,
        "account": message.name or None,
        "mine": _mine(message, player),
        "preset": message.preset or None,
        "text": preset_text(message.preset) if message.preset else message.text,
        "at": message.created_at.isoformat(),
        "report_url": reverse("chat:api-report", args=[message.pk]),
    }


def room_url(place: selectors.Place) -> str:
    if place.kind == Room.Kind.TOURNAMENT:
        return reverse("chat:api-tournament", args=[place.host_id])
    return reverse(f"chat:api-game-{place.kind}", args=[place.host_id])


def room_state(place: selectors.Place, player: Player, after: int | None = None) -> dict[str, Any]:
    """The room as ``player`` reads it: its messages (after id ``after``, else
    the latest), whether they may post and why not, the presets."""
    why_not = selectors.post_refusal(place, player)
    return {
        "kind": place.kind,
        "url": room_url(place),
        "version": place.version,
        "messages": [message_json(m, player) for m in selectors.messages_for(place, player, after)],
        "can_post": why_not is None,
        "why_not": why_not,
        "max_length": selectors.MAX_LENGTH,
        "presets": presets_shown(),
    }
