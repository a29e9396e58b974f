"""The chat's writes: a message sent, a message reported, a player muted.
Each refuses with ``ApplicationError`` (and has then changed nothing)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from puzzles.accounts.players import Player
from puzzles.core import events
from puzzles.core.errors import ApplicationError

from . import selectors
from .models import Message, Mute, Report, Room
from .presets import PRESETS


def _words(text: str | None, preset: str | None) -> tuple[str, str]:
    """The message's text and preset key, checked: one of the two."""
    if preset:
        if preset not in PRESETS:
            raise ApplicationError(_("There is no preset message %(key)s.") % {"key": preset})
        return "", preset
    words = " ".join((text or "").split())
    if not words:
        raise ApplicationError(_("A message needs some text or a preset."))
    if len(words) > selectors.MAX_LENGTH:
        raise ApplicationError(_("A message is at most %(count)d characters.") % {"count": selectors.MAX_LENGTH})
    return words, ""


def _room_of(place: selectors.Place) -> Room:
    if place.room is not None:
        return place.room
    room, _made = Room.objects.get_or_create(kind=place.kind, game=place.game, tournament=place.tournament)
    return room


def message_send(
    *, player: Player, kind: str, host_id: int, text: str | None = None, preset: str | None = None
) -> Message:
    """``player`` posts in the room of a game or tournament: refused (403)
    when they may not post there, (400) for a message too long or empty,
    (429) past ``RATE_COUNT`` messages in ``RATE_SECONDS`` seconds.  The
    room's readers are woken once it is committed."""
    place = selectors.place_of(kind, host_id, player)
    refused = selectors.post_refusal(place, player)
    if refused is not None:
        raise ApplicationError(refused, 403)
    words, key = _words(text, preset)
    if selectors.sent_lately(player) >= selectors.RATE_COUNT:
        raise ApplicationError(
            _("Too many messages: at most %(count)d in %(seconds)d seconds. Wait a moment.")
            % {"count": selectors.RATE_COUNT, "seconds": selectors.RATE_SECONDS},
            429,
        )
    with transaction.atomic():
        room = _room_of(place)
        Room.objects.filter(pk=room.pk).update(version=F("version") + 1)
        message = Message.objects.create(
            room=room,
            name=player.user.username if player.user is not None else "",
            text=words,
            preset=key,
            **player.owner_fields(),
        )
        events.notify_on_commit(events.channel(selectors.CHANNEL_KINDS[kind], host_id))
    return message


def message_report(*, player: Player, message_id: int, reason: str = "") -> Report:
    """``player`` reports a message of a room they may read (404 else); one
    report a message and reader."""
    message = selectors.message_get(message_id)
    if selectors.read_refusal(selectors.place_of_room(message.room), player) is not None:
        raise ApplicationError(_("No such message."), 404)
    if player.known and player.rows(Message.objects.filter(pk=message.pk)).exists():
        raise ApplicationError(_("You cannot report your own message."))
    who: dict[str, Any] = (
        {"reporter": player.user, "reporter_key": ""}
        if player.user is not None
        else {"reporter": None, "reporter_key": player.token}
    )
    report = Report.objects.filter(message=message, **who).first()
    if report is None:
        report = Report.objects.create(message=message, room=message.room, reason=reason[:200], **who)
    return report


def player_mute(*, author: Message, until: datetime, by: Any = None, reason: str = "") -> Mute:
    """Staff mute the author of ``author`` (an account or a guest) until ``until``."""
    return Mute.objects.create(
        owner=author.owner,
        session_key=author.session_key if author.owner_id is None else "",
        until=until,
        muted_by=by,
        reason=reason,
    )


def guest_claim(*, user: Any, session_key: str, **kwargs: Any) -> int:
    """A guest who logs in keeps their mutes on the account (a receiver of
    ``accounts.signals.guest_claimed``): logging in is no way out of one.
    Their messages are the account's from then on, shown under its name
    (as the games the guest played are the account's): their rate, their
    reports and the blocks of the account apply to them."""
    with transaction.atomic():
        Message.objects.filter(owner__isnull=True, session_key=session_key).update(
            owner=user, name=user.username, session_key=""
        )
        return Mute.objects.filter(owner__isnull=True, session_key=session_key).update(owner=user, session_key="")
