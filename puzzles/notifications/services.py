"""Every write of the notifications: a notice made and sent by the channels
its player left on, notices read, the switches, the push subscriptions."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from puzzles.core import events
from puzzles.core.errors import ApplicationError

from . import delivery, recipients, selectors, texts
from .models import CHANNELS, KINDS, Notice, NoticeBox, PushSubscription


def _bump(user: Any) -> None:
    box, _created = NoticeBox.objects.get_or_create(user=user)
    NoticeBox.objects.filter(pk=box.pk).update(version=F("version") + 1)
    events.notify_on_commit(selectors.box_channel(user))


def notice_send(recipient: recipients.Recipient, *, site_url: str = "") -> Notice | None:
    """Make ``recipient``'s notice (once: a second call with its key does
    nothing) and send it by each channel its player left on; the notice, or
    None if it was made before."""
    user, kind = recipient.user, recipient.kind
    off = selectors.switched_off(user)
    try:
        with transaction.atomic():
            notice = Notice.objects.create(
                user=user,
                kind=kind,
                key=recipient.key,
                data=recipient.data,
                url=recipient.url,
                shown=f"{kind}:site" not in off,
            )
            if notice.shown:
                _bump(user)
    except IntegrityError:
        return None  # made already (a task run twice)
    words = texts.text_for(user, kind, recipient.data)
    if f"{kind}:push" not in off:
        payload = {"title": texts.title_for(user), "body": words, "url": recipient.url, "kind": kind, **recipient.data}
        for subscription in selectors.subscriptions(user):
            delivery.push(subscription, payload)
    if f"{kind}:email" not in off:
        delivery.email(user, words, f"{words}\n\n{site_url}{recipient.url}\n")
    return notice


def notices_send(found: Iterable[recipients.Recipient], site_url: str = "") -> int:
    """Send each of ``found``; how many were new."""
    return sum(notice_send(r, site_url=site_url) is not None for r in found)


def notices_read(*, user: Any, ids: list[int] | None = None) -> int:
    """Mark ``user``'s notices read (``ids``, or all); how many were unread."""
    rows = selectors.unread(user)
    if ids is not None:
        rows = rows.filter(pk__in=ids)
    with transaction.atomic():
        count = rows.update(read_at=timezone.now())
        if count:
            _bump(user)
    return count


def switches_set(*, user: Any, switches: dict[str, dict[str, bool]], email: str | None = None) -> None:
    """Switch kinds and channels on or off (those not given stay as they
    were); ``email``: the account's address (empty: none)."""
    off = selectors.switched_off(user)
    for kind, channels in switches.items():
        if kind not in KINDS:
            raise ApplicationError(_("no kind of notice is called %(kind)s") % {"kind": repr(kind)})
        for channel, on in channels.items():
            if channel not in CHANNELS:
                raise ApplicationError(_("no channel is called %(channel)s") % {"channel": repr(channel)})
            (off.discard if on else off.add)(f"{kind}:{channel}")
    with transaction.atomic():
        box, _created = NoticeBox.objects.get_or_create(user=user)
        NoticeBox.objects.filter(pk=box.pk).update(off=sorted(off))
        if email is not None:
            get_user_model().objects.filter(pk=user.pk).update(email=email)
            user.email = email


def subscription_add(*, user: Any, endpoint: str, p256dh: str, auth: str) -> PushSubscription:
    """Keep a browser's subscription for ``user`` (a browser subscribed again replaces its keys)."""
    with transaction.atomic():
        PushSubscription.objects.filter(endpoint=endpoint).exclude(user=user).delete()
        row, _created = PushSubscription.objects.update_or_create(
            endpoint=endpoint, defaults={"user": user, "p256dh": p256dh, "auth": auth}
        )
    return row


def subscription_remove(*, user: Any, endpoint: str) -> bool:
    return PushSubscription.objects.filter(user=user, endpoint=endpoint).delete()[0] > 0


def _site_url() -> str:
    from django.conf import settings

    return str(getattr(settings, "OD_SITE_URL", ""))


def turn_notify(game_id: int, ply: int, seat: str) -> int:
    return notices_send(recipients.turn(game_id, ply, seat), _site_url())


def ended_notify(game_id: int) -> int:
    return notices_send(recipients.ended(game_id), _site_url())


def challenge_notify(challenge_id: int) -> int:
    return notices_send(recipients.challenge(challenge_id), _site_url())


def tournament_notify(tournament_id: int) -> int:
    return notices_send(recipients.tournament(tournament_id), _site_url())
