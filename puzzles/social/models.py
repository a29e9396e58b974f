"""Who follows whom and who blocked whom, between accounts (a player seen
by others, with a profile at ``/players/<name>/``; a guest has none)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _


class Follow(models.Model):
    """``follower`` follows ``followed``: sees them in the Following list."""

    follower = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="follows_made",
        verbose_name=_("following player"),
    )
    followed = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="followers", verbose_name=_("followed player")
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "social_follow"
        verbose_name = _("follow of a player")
        verbose_name_plural = _("follows of players")
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["follower", "followed"], name="social_follow_once"),
            models.CheckConstraint(condition=~Q(follower=F("followed")), name="social_follow_not_self"),
        ]

    def __str__(self) -> str:
        return f"{self.follower_id} follows {self.followed_id}"


class Block(models.Model):
    """``blocker`` blocked ``blocked``: neither may challenge, pair with or chat with the other."""

    blocker = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="blocks_made",
        verbose_name=_("blocking player"),
    )
    blocked = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="blocked_by", verbose_name=_("blocked player")
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "social_block"
        verbose_name = _("block of a player")
        verbose_name_plural = _("blocks of players")
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(fields=["blocker", "blocked"], name="social_block_once"),
            models.CheckConstraint(condition=~Q(blocker=F("blocked")), name="social_block_not_self"),
        ]

    def __str__(self) -> str:
        return f"{self.blocker_id} blocked {self.blocked_id}"
