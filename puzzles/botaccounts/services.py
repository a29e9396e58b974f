"""The one write of this app: an account becomes a bot, for good."""

from __future__ import annotations

import logging
from typing import Any

from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from puzzles.core.errors import ApplicationError, ConflictError

from . import history, selectors
from .models import BotAccount

log = logging.getLogger(__name__)


def upgrade(user: Any) -> BotAccount:
    """Make ``user``'s account a bot: refused for a guest (403), an account
    that is one already (409), has played a game between people (400) or is
    in a rated event not yet over (409, naming it: a bot plays in no rated
    event, and the player leaves it first, the upgrade being for good)."""
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
            # the account's row locked while its events are read: a rated
            # event's join locks it too, so that the two, at the same moment,
            # cannot both pass (``people.bots.event_join_check``)
            list(get_user_model().objects.select_for_update().filter(pk=user.pk).values_list("pk", flat=True))
            _check_no_rated_event(user)
            row = BotAccount.objects.create(user=user)
            # Every page reads the bots from the cache: it reads them again once this is committed.
            transaction.on_commit(lambda: cache.delete(selectors.CACHE_KEY))
    except IntegrityError:  # made at the same moment by another request
        raise ConflictError(_("this account is a bot already")) from None
    log.info("account %s is now a bot", user.pk)
    return row


def _check_no_rated_event(user: Any) -> None:
    events = history.rated_events_entered(user)
    if events:
        raise ConflictError(
            ngettext(
                "a bot plays in no rated event, and this account is in one: leave it first (or wait until it is "
                "over): %(events)s",
                "a bot plays in no rated event, and this account is in %(count)d: leave them first (or wait until "
                "they are over): %(events)s",
                len(events),
            )
            % {"count": len(events), "events": ", ".join(events)}
        )
