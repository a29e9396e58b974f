"""What the apps' tables share: a player's rows and the rows clients wait on;
and the two tables of the site's own health (``core.outages``).

The abstract models and the field maker give the columns the apps' tables
had already (their migrations are unchanged).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

if TYPE_CHECKING:
    from django.contrib.auth.models import User


def owner_key(related_name: str) -> models.ForeignKey[User | None, User | None]:
    """The account a row belongs to, null for a guest's row (whose token is
    in ``session_key``).  Each model names it (``owner``, or ``user`` in
    training and the coach) and its reverse accessor on the account."""
    return models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name=related_name
    )


class PlayerOwned(models.Model):
    """A row of one player's: an account's (the model's ``owner_key``) or a
    guest's, known by the token kept in their session (``session_key``,
    empty on an account's row).  ``accounts.players.Player`` reads and
    writes both; at log-in each app hands the guest's rows to the account."""

    session_key = models.CharField(_("anonymous player"), max_length=64, blank=True, default="", db_index=True)

    class Meta:
        abstract = True


class Versioned(models.Model):
    """A row clients long-poll: ``version`` is bumped by every change (and
    published after the commit, ``core.events``), so a client waits for the
    version after the one it has."""

    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        abstract = True


class WebBeat(models.Model):
    """A web process's heartbeat (``core.heartbeat``), written every
    ``OD_HEARTBEAT`` seconds: it was alive at ``beat_at``, and the oldest
    request it was still serving then had reached it at ``oldest_request_at``."""

    name = models.CharField(max_length=200, unique=True)  # host and process id
    # No index: the table holds a row a web process, rewritten 4 times a
    # second; an index doubles each beat's writes (and on PostgreSQL rules
    # out HOT updates) for reads that scan a few rows anyway.
    beat_at = models.DateTimeField()
    oldest_request_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.name} at {self.beat_at}"


class Outage(models.Model):
    """A span in which the site could not take moves: every web process dead
    (found by the first one to start again), or Redis down or hung (found by
    a web process's probe).  ``end`` is null while it lasts.  The clocks of
    games between people do not run through it (``games.fischer``)."""

    WEB = "web"  # the causes
    REDIS = "redis"

    start = models.DateTimeField()
    end = models.DateTimeField(null=True, blank=True, db_index=True)
    cause = models.CharField(max_length=10)
    recorded_by = models.CharField(max_length=200, blank=True, default="")

    class Meta:
        ordering = ["start"]

    def __str__(self) -> str:
        return f"{self.cause} from {self.start} to {self.end or '...'}"
