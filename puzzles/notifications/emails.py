"""The address email notices go to, confirmed by its owner: an address set
in the settings is unconfirmed until the link mailed to it (a signed token
naming the account and the address, good for ``LINK_DAYS``) is followed and
its page's button pressed; no notice is mailed to an unconfirmed address.
A link is mailed at most once every ``RESEND_SECONDS`` per account, so that
the settings cannot be used to flood someone's mailbox."""

from __future__ import annotations

import logging
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core import signing
from django.core.mail import send_mail
from django.db.models import Q
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from puzzles.core.errors import ApplicationError

from . import texts
from .models import NoticeBox

log = logging.getLogger(__name__)

SALT = "puzzles.notifications.email-confirm"
LINK_DAYS = 3  # how long a confirmation link is good for
RESEND_SECONDS = 300  # the least time between two confirmation links to one account


def _same(a: str, b: str) -> bool:
    return bool(a) and a.strip().lower() == b.strip().lower()


def site_url(request: Any) -> str:
    """The site's address before a link: ``OD_SITE_URL``, else the request's."""
    return str(settings.OD_SITE_URL or request.build_absolute_uri("/").rstrip("/"))


def confirmed(user: Any) -> bool:
    """Whether ``user``'s address is one they confirmed."""
    done = NoticeBox.objects.filter(user=user).values_list("email_confirmed", flat=True).first() or ""
    return _same(user.email or "", done)


def token(user: Any, address: str) -> str:
    return signing.dumps({"u": user.pk, "e": address}, salt=SALT)


def link_read(value: str) -> tuple[Any, str]:
    """The account and the address a link names; refused when it is not one of the site's, or too old."""
    try:
        data = signing.loads(value, salt=SALT, max_age=timedelta(days=LINK_DAYS))
        user = get_user_model().objects.get(pk=data["u"])
        address = str(data["e"])
    except signing.SignatureExpired as exc:
        raise ApplicationError(
            _("this link is more than %(days)d days old: send a new one from your notification settings")
            % {"days": LINK_DAYS}
        ) from exc
    except (signing.BadSignature, KeyError, TypeError, get_user_model().DoesNotExist) as exc:
        raise ApplicationError(_("this is not a confirmation link of this site")) from exc
    return user, address


def address_confirm(value: str) -> Any:
    """Confirm the address a link names (the account's address still); the account."""
    user, address = link_read(value)
    if not _same(user.email or "", address):
        raise ApplicationError(_("this link is for an address your account no longer has"))
    box, _created = NoticeBox.objects.get_or_create(user=user)
    NoticeBox.objects.filter(pk=box.pk).update(email_confirmed=address)
    return user


def link_send(user: Any, site_url: str) -> bool:
    """Mail ``user``'s address the link that confirms it (in their language);
    whether it was sent.  Refused when a link went out less than
    ``RESEND_SECONDS`` ago; nothing to do when the address is confirmed."""
    if not user.email or confirmed(user):
        return False
    now = timezone.now()
    box, _created = NoticeBox.objects.get_or_create(user=user)
    due = Q(link_sent_at__isnull=True) | Q(link_sent_at__lte=now - timedelta(seconds=RESEND_SECONDS))
    if not NoticeBox.objects.filter(due, pk=box.pk).update(link_sent_at=now):
        raise ApplicationError(
            _("a confirmation link was sent a moment ago: wait a few minutes before asking for another")
        )
    url = f"{site_url}{reverse('notifications:confirm', args=[token(user, user.email)])}"
    with translation.override(texts.language_of(user)):
        subject = _("Confirm your address for notifications")
        body = _(
            "Someone (you, we hope) asked for the notifications of the account %(name)s to be mailed to this "
            "address. To confirm it, open this link (good for %(days)d days) and press the button:\n\n%(url)s\n\n"
            "If it was not you, do nothing: no notification is mailed here."
        ) % {"name": user.get_username(), "days": LINK_DAYS, "url": url}
    try:
        send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [user.email])
    except Exception:  # noqa: BLE001 - a mail server down must not fail the settings' save
        log.exception("confirmation link to player %s failed", user.pk)
        return False
    return True
