"""Chat rooms and their messages, the reports on them and the mutes staff set.

A game between people has two rooms (its seated players', its spectators');
a tournament one (its entrants post, anyone who can see it reads).  A room's
``version`` moves on with every message, so its readers long-poll it."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from puzzles.core.models import PlayerOwned, owner_key
from puzzles.games.models import Game
from puzzles.tournaments.models import Tournament


class Room(models.Model):
    class Kind(models.TextChoices):
        PLAYERS = "players", _("the game's players")
        SPECTATORS = "spectators", _("the game's spectators")
        TOURNAMENT = "tournament", _("the tournament's entrants")

    kind = models.CharField(_("kind"), max_length=12, choices=Kind.choices)
    game = models.ForeignKey(Game, null=True, blank=True, on_delete=models.CASCADE, related_name="chat_rooms")
    tournament = models.ForeignKey(
        Tournament, null=True, blank=True, on_delete=models.CASCADE, related_name="chat_rooms"
    )
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "chat_room"
        verbose_name = _("chat room")
        verbose_name_plural = _("chat rooms")
        constraints = [
            models.UniqueConstraint(fields=["game", "kind"], condition=Q(game__isnull=False), name="chat_room_game"),
            models.UniqueConstraint(
                fields=["tournament"], condition=Q(tournament__isnull=False), name="chat_room_tournament"
            ),
        ]

    def __str__(self) -> str:
        if self.tournament_id is not None:
            return f"tournament {self.tournament_id}"
        return f"game {self.game_id} ({self.kind})"


class Message(PlayerOwned):
    """One message: typed ``text``, or a ``preset``'s key (shown to each
    reader in their own language).  The author is an account (``owner``) or a
    guest (``session_key``); ``name`` is the account's name then."""

    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="messages")
    owner = owner_key("chat_messages")
    name = models.CharField(_("name"), max_length=150, blank=True, default="")
    text = models.CharField(_("text"), max_length=500, blank=True, default="")
    preset = models.CharField(_("preset"), max_length=24, blank=True, default="")
    created_at = models.DateTimeField(_("sent at"), auto_now_add=True, db_index=True)

    class Meta:
        db_table = "chat_message"
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")
        ordering = ["room", "id"]
        indexes = [
            models.Index(fields=["owner", "created_at"], name="chat_message_owner_time"),
            models.Index(fields=["session_key", "created_at"], name="chat_message_guest_time"),
        ]

    def __str__(self) -> str:
        return f"{self.name or 'guest'}: {self.preset or self.text}"


class Report(models.Model):
    """A reader reported ``message`` of ``room``."""

    message = models.ForeignKey(Message, on_delete=models.CASCADE, related_name="reports")
    room = models.ForeignKey(Room, on_delete=models.CASCADE, related_name="reports")
    reporter = owner_key("chat_reports")
    reporter_key = models.CharField(_("reporting guest"), max_length=64, blank=True, default="")
    reason = models.CharField(_("reason"), max_length=200, blank=True, default="")
    reviewed = models.BooleanField(_("reviewed"), default=False)
    created_at = models.DateTimeField(_("reported at"), auto_now_add=True)

    class Meta:
        db_table = "chat_report"
        verbose_name = _("chat report")
        verbose_name_plural = _("chat reports")
        ordering = ["reviewed", "-created_at"]

    def __str__(self) -> str:
        return f"report of message {self.message_id}"


class Mute(PlayerOwned):
    """Staff muted a player (an account, or a guest by token) until ``until``:
    their messages are refused meanwhile."""

    owner = owner_key("chat_mutes")
    until = models.DateTimeField(_("muted until"))
    reason = models.CharField(_("reason"), max_length=200, blank=True, default="")
    muted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="chat_mutes_set"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "chat_mute"
        verbose_name = _("mute")
        verbose_name_plural = _("mutes")
        ordering = ["-until"]

    def __str__(self) -> str:
        return f"{self.owner_id or self.session_key[:6]} muted until {self.until:%Y-%m-%d %H:%M}"
