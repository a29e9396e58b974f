"""The one write of this app: an account becomes a bot, for good."""

from __future__ import annotations

import logging
from typing import Any

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from puzzles.core.errors import ApplicationError, ConflictError

from . import history, selectors
from .models import BotAccount

log = logging.getLogger(__name__)


def upgrade(user: Any) -> BotAccount:
    """Make ``user``'s account a bot: refused for a guest (403), an account
    that is one already (409) or has played a game between people (400)."""
    if user is None or not getattr(user, "is_authenticated", False):
        raise ApplicationError(_("only an account can become a bot: log in"), 403)
    if selectors.is_bot_stored(user):
        raise ConflictError(_("this account is a bot already"))
    if history.has_played_people(user):
        raise ApplicationError(
            _("only an account that has played no games against people can become a bot: make a new account for it")
        )
    try:
        with transaction.atomic():
            row = BotAccount.objects.create(user=user)
            # Every page reads the bots from the cache: it reads them again once this is committed.
            transaction.on_commit(lambda: cache.delete(selectors.CACHE_KEY))
    except IntegrityError:  # made at the same moment by another request
        raise ConflictError(_("this account is a bot already")) from None
    log.info("account %s is now a bot", user.pk)
    return row
