"""A player's notices (an account's: a guest has no address to be told at),
which of them they want by which channel, and their browsers' Web Push
subscriptions."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

KINDS = ("turn", "challenge", "ended", "tournament")
CHANNELS = ("site", "push", "email")


class Notice(models.Model):
    """One thing a player is told of: its ``kind`` and what names it
    (``data``: the game, the opponent, the event), worded in the reader's
    language when shown or sent.  ``key`` makes it once (a task run twice
    makes no second notice)."""

    class Kind(models.TextChoices):
        TURN = "turn", _("your turn in a correspondence game")
        CHALLENGE = "challenge", _("a challenge to you")
        ENDED = "ended", _("the end of your game")
        TOURNAMENT = "tournament", _("the start of a tournament you joined")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notices", verbose_name=_("player")
    )
    kind = models.CharField(_("kind"), max_length=12, choices=Kind.choices)
    key = models.CharField(_("key"), max_length=64)
    data = models.JSONField(_("data"), default=dict)
    url = models.CharField(_("address"), max_length=200)
    shown = models.BooleanField(_("shown on the site"), default=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    read_at = models.DateTimeField(_("read"), null=True, blank=True)

    class Meta:
        verbose_name = _("notice")
        verbose_name_plural = _("notices")
        ordering = ["-created_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="one_notice_per_key")]
        indexes = [models.Index(fields=["user", "read_at"])]

    def __str__(self) -> str:
        return f"{self.kind} for {self.user_id}: {self.key}"


class NoticeBox(models.Model):
    """A player's notices' version, which the bell's long poll waits on: it
    moves with each new notice and each one read."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notice_box")
    version = models.PositiveIntegerField(default=0)
    # The kinds and channels switched off, each "kind:channel" ("turn:email").
    off = models.JSONField(_("switched off"), default=list, blank=True)
    # The address its owner confirmed (a link mailed to it): notices are
    # mailed only while the account's address is this one.
    email_confirmed = models.EmailField(_("confirmed address"), max_length=254, blank=True, default="")
    # When the last confirmation link was mailed (one every few minutes at most).
    link_sent_at = models.DateTimeField(_("confirmation link sent"), null=True, blank=True)

    class Meta:
        verbose_name = _("notice settings")
        verbose_name_plural = _("notice settings")

    def __str__(self) -> str:
        return f"notices of {self.user_id} (version {self.version})"


class PushSubscription(models.Model):
    """A browser's Web Push subscription: where to send (``endpoint``, the
    browser's push service) and its keys (``p256dh``, ``auth``, base64url)."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions", verbose_name=_("player")
    )
    endpoint = models.URLField(_("endpoint"), max_length=1000, unique=True)
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("push subscription")
        verbose_name_plural = _("push subscriptions")

    def __str__(self) -> str:
        return f"push for {self.user_id}"
