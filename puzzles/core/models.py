"""What the apps' tables share: a player's rows and the rows clients wait on.

Abstract models and one field maker, no table of their own.  The columns
they give are those the apps' tables had already (the migrations are
unchanged).
"""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


def owner_key(related_name: str) -> models.ForeignKey:
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
