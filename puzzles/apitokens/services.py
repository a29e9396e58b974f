"""Every write of personal tokens: making one (its text returned once, only
its digest kept), revoking one, noting when one was last used."""

from __future__ import annotations

import secrets
from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _

from puzzles.core.errors import ApplicationError, ConflictError

from .grants import SCOPES
from .models import PREFIX, PersonalToken
from .selectors import digest_of, tokens_of

MAX_TOKENS = 20  # in force at once, per account
NAME_MAX = 60
# ``last_used_at`` is written at most this often per token (not on every request).
USED_EVERY = timedelta(minutes=1)


def scopes_checked(scopes: Iterable[str]) -> list[str]:
    """The scopes asked for, in the order of ``SCOPES``; a 400 for an
    unknown one or none."""
    asked = set(scopes)
    unknown = sorted(asked - set(SCOPES))
    if unknown:
        raise ApplicationError(
            _("unknown scope %(scope)s: the scopes are %(scopes)s") % {"scope": unknown[0], "scopes": ", ".join(SCOPES)}
        )
    if not asked:
        raise ApplicationError(_("choose at least one scope"))
    return [scope for scope in SCOPES if scope in asked]


def create_personal_token(user: Any, *, name: str, scopes: Iterable[str]) -> tuple[PersonalToken, str]:
    """A new token of ``user``'s and its text, which is shown once: only its
    digest is stored."""
    name = (name or "").strip()
    if not name:
        raise ApplicationError(_("give the token a name"))
    if len(name) > NAME_MAX:
        raise ApplicationError(_("a token's name is at most %(count)d characters") % {"count": NAME_MAX})
    chosen = scopes_checked(scopes)
    if tokens_of(user).count() >= MAX_TOKENS:
        raise ConflictError(_("you have as many tokens in force as an account may have: revoke one first"))
    text = PREFIX + secrets.token_urlsafe(32)
    token = PersonalToken.objects.create(
        user=user, name=name, hint=text[: len(PREFIX) + 6], digest=digest_of(text), scopes=" ".join(chosen)
    )
    return token, text


def revoke_token(user: Any, token_id: int) -> PersonalToken:
    """Revokes ``user``'s token ``token_id`` (404 for anyone else's); a
    revoked token is refused from its next request on."""
    token = PersonalToken.objects.filter(user=user, pk=token_id).first()
    if token is None:
        raise Http404(_("no such token"))
    if token.revoked_at is None:
        token.revoked_at = timezone.now()
        token.save(update_fields=["revoked_at"])
    return token


def token_used(token: PersonalToken) -> None:
    """Notes that ``token`` was used now, at most once every ``USED_EVERY``."""
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at >= USED_EVERY:
        PersonalToken.objects.filter(pk=token.pk).update(last_used_at=now)
        token.last_used_at = now
