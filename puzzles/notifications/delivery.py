"""Sending a notice out of the site: Web Push to each of the player's
browsers, signed with the site's VAPID key (``OD_VAPID_*``), and email
through Django's mail (``EMAIL_*``).  A push service that says a
subscription is gone (404, 410) has it deleted; any other failure is logged
and the notice stays on the site.  A push goes only to a push service of
``OD_PUSH_HOSTS`` and never follows a redirect (the site posts to no address
a player chose); a notice is mailed only to an address its owner confirmed
(``emails``)."""

from __future__ import annotations

import json
import logging
from typing import Any
from urllib.parse import urlsplit

import requests
from django.conf import settings
from django.core.mail import send_mail
from pywebpush import WebPushException, webpush

from . import emails
from .models import PushSubscription

log = logging.getLogger(__name__)

PUSH_TTL_SECONDS = 24 * 3600  # how long a push service keeps a notice for a browser that is offline
PUSH_TIMEOUT_SECONDS = 10.0


def push_ready() -> bool:
    return bool(settings.OD_VAPID_PRIVATE_KEY and settings.OD_VAPID_PUBLIC_KEY)


def push_endpoint_allowed(endpoint: str) -> bool:
    """Whether ``endpoint`` is at a push service of ``OD_PUSH_HOSTS`` (the
    host itself or one under it), over https (or plain http where
    ``OD_PUSH_ALLOW_HTTP`` is on)."""
    try:
        parts = urlsplit(endpoint)
        host = (parts.hostname or "").rstrip(".").lower()
        parts.port  # noqa: B018 - a port that is not a number raises here
    except ValueError:
        return False
    if parts.scheme != "https" and not (parts.scheme == "http" and settings.OD_PUSH_ALLOW_HTTP):
        return False
    if not host or parts.username or parts.password:
        return False
    allowed = (h.strip().lower().lstrip(".") for h in settings.OD_PUSH_HOSTS)
    return any(h and (host == h or host.endswith(f".{h}")) for h in allowed)


class _NoRedirects(requests.Session):
    """A session that never follows a redirect: a push service answers
    itself (a 3xx is a failed push)."""

    def request(self, *args: Any, **kwargs: Any) -> requests.Response:
        kwargs["allow_redirects"] = False
        return super().request(*args, **kwargs)


def push(subscription: PushSubscription, payload: dict[str, Any]) -> bool:
    """Send ``payload`` (JSON, encrypted for the browser) to one subscription; whether it was taken."""
    if not push_ready():
        return False
    if not push_endpoint_allowed(subscription.endpoint):
        # kept from before the push services were limited (or since taken off them): never posted to
        log.warning("push to subscription %s skipped: not at a push service of OD_PUSH_HOSTS", subscription.pk)
        return False
    info = {"endpoint": subscription.endpoint, "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth}}
    try:
        with _NoRedirects() as session:
            webpush(
                info,
                json.dumps(payload),
                vapid_private_key=settings.OD_VAPID_PRIVATE_KEY,
                vapid_claims={"sub": settings.OD_VAPID_SUBJECT},
                ttl=PUSH_TTL_SECONDS,
                timeout=PUSH_TIMEOUT_SECONDS,
                requests_session=session,
            )
    except WebPushException as exc:
        code = getattr(exc.response, "status_code", None)
        if code in (404, 410):
            PushSubscription.objects.filter(pk=subscription.pk).delete()
        else:
            log.warning("push to subscription %s failed: %s", subscription.pk, exc)
        return False
    except Exception:  # noqa: BLE001 - a push service down must not fail the task's other channels
        log.exception("push to subscription %s failed", subscription.pk)
        return False
    return True


def email(user: Any, subject: str, body: str) -> bool:
    """Mail one player (who has an address they confirmed); whether it was sent."""
    if not user.email or not emails.confirmed(user):
        return False
    try:
        send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [user.email])
    except Exception:  # noqa: BLE001 - a mail server down must not fail the task's other channels
        log.exception("email to player %s failed", user.pk)
        return False
    return True
