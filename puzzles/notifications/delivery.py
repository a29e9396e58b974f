"""Sending a notice out of the site: Web Push to each of the player's
browsers, signed with the site's VAPID key (``OD_VAPID_*``), and email
through Django's mail (``EMAIL_*``).  A push service that says a
subscription is gone (404, 410) has it deleted; any other failure is logged
and the notice stays on the site."""

from __future__ import annotations

import json
import logging
from typing import Any

from django.conf import settings
from django.core.mail import send_mail
from pywebpush import WebPushException, webpush

from .models import PushSubscription

log = logging.getLogger(__name__)

PUSH_TTL_SECONDS = 24 * 3600  # how long a push service keeps a notice for a browser that is offline
PUSH_TIMEOUT_SECONDS = 10.0


def push_ready() -> bool:
    return bool(settings.OD_VAPID_PRIVATE_KEY and settings.OD_VAPID_PUBLIC_KEY)


def push(subscription: PushSubscription, payload: dict[str, Any]) -> bool:
    """Send ``payload`` (JSON, encrypted for the browser) to one subscription; whether it was taken."""
    if not push_ready():
        return False
    info = {"endpoint": subscription.endpoint, "keys": {"p256dh": subscription.p256dh, "auth": subscription.auth}}
    try:
        webpush(
            info,
            json.dumps(payload),
            vapid_private_key=settings.OD_VAPID_PRIVATE_KEY,
            vapid_claims={"sub": settings.OD_VAPID_SUBJECT},
            ttl=PUSH_TTL_SECONDS,
            timeout=PUSH_TIMEOUT_SECONDS,
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
    """Mail one player (who has an address); whether it was sent."""
    if not user.email:
        return False
    try:
        send_mail(subject, body, settings.DEFAULT_FROM_EMAIL, [user.email])
    except Exception:  # noqa: BLE001 - a mail server down must not fail the task's other channels
        log.exception("email to player %s failed", user.pk)
        return False
    return True
