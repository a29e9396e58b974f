"""Every write of the notifications: a notice made and sent by the channels
its player left on, notices read, the switches, the push subscriptions."""

from __future__ import annotations

import contextlib
from collections.abc import Iterable
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from puzzles.core import events
from puzzles.core.errors import ApplicationError

from . import delivery, emails, recipients, selectors, texts
from .models import CHANNELS, KINDS, Notice, NoticeBox, PushSubscription

SUBSCRIPTIONS_KEPT = 10  # an account's push subscriptions (its browsers); a new one drops the oldest


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
                read_at=timezone.now() if recipient.read else None,
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


def game_notices_read(*, user: Any, game_id: int) -> int:
    """Mark ``user``'s notices of one game read (they opened it); how many
    were unread.  A page opened with none unread (the usual case) writes nothing."""
    ids = list(selectors.unread_of_game(user, game_id).values_list("pk", flat=True))
    if not ids:
        return 0
    with transaction.atomic():
        count = selectors.unread(user).filter(pk__in=ids).update(read_at=timezone.now())
        if count:
            _bump(user)
    return count


def switches_set(
    *, user: Any, switches: dict[str, dict[str, bool]], email: str | None = None, site_url: str = ""
) -> None:
    """Switch kinds and channels on or off (those not given stay as they
    were); ``email``: the account's address (empty: none), which a new one
    is mailed the link that confirms it (``emails``; none if one went out a
    moment ago: the settings can send it again)."""
    changed = email is not None and email.strip().lower() != (user.email or "").strip().lower()
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
    if changed and email:
        # a link went out a moment ago: none now, the settings say the address is unconfirmed and can resend
        with contextlib.suppress(ApplicationError):
            emails.link_send(user, site_url)


def email_link_send(*, user: Any, site_url: str) -> None:
    """Mail ``user``'s address the link that confirms it again."""
    if not user.email:
        raise ApplicationError(_("there is no address to confirm: enter one first"))
    if emails.confirmed(user):
        raise ApplicationError(_("your address is confirmed already"))
    if not emails.link_send(user, site_url):
        raise ApplicationError(_("the mail could not be sent: try again later"), 503)


def subscription_add(*, user: Any, endpoint: str, p256dh: str, auth: str) -> PushSubscription:
    """Keep a browser's subscription for ``user`` (a browser subscribed again
    replaces its keys).  Only at a push service of ``OD_PUSH_HOSTS``; an
    account keeps its newest ``SUBSCRIPTIONS_KEPT``, the oldest dropped (a
    browser long gone, most likely)."""
    if not delivery.push_endpoint_allowed(endpoint):
        raise ApplicationError(
            _("that is not the address of a browser's push service (%(hosts)s)")
            % {"hosts": ", ".join(settings.OD_PUSH_HOSTS)}
        )
    with transaction.atomic():
        PushSubscription.objects.filter(endpoint=endpoint).exclude(user=user).delete()
        row, _created = PushSubscription.objects.update_or_create(
            # a browser subscribed again counts as new: the oldest dropped are the browsers not seen since
            endpoint=endpoint,
            defaults={"user": user, "p256dh": p256dh, "auth": auth, "created_at": timezone.now()},
        )
        kept = PushSubscription.objects.filter(user=user).order_by("-created_at", "-id")[:SUBSCRIPTIONS_KEPT]
        PushSubscription.objects.filter(user=user).exclude(pk__in=list(kept.values_list("pk", flat=True))).delete()
    return row


def subscription_remove(*, user: Any, endpoint: str) -> bool:
    return PushSubscription.objects.filter(user=user, endpoint=endpoint).delete()[0] > 0


def _site_url() -> str:
    return str(getattr(settings, "OD_SITE_URL", ""))


def turn_notify(game_id: int, ply: int, seat: str) -> int:
    return notices_send(recipients.turn(game_id, ply, seat), _site_url())


def ended_notify(game_id: int) -> int:
    return notices_send(recipients.ended(game_id), _site_url())


def challenge_notify(challenge_id: int) -> int:
    return notices_send(recipients.challenge(challenge_id), _site_url())


def tournament_notify(tournament_id: int) -> int:
    return notices_send(recipients.tournament(tournament_id), _site_url())
