"""Writes of follows and blocks.  A refusal is ``ApplicationError`` (a guest:
403; oneself: 400; nobody of that name: 404) before anything is written.
Following or blocking twice, or undoing what is not there, changes nothing
and is no error."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from puzzles.accounts.players import Player
from puzzles.core.errors import ApplicationError

from .models import Block, Follow
from .signals import player_blocked


def _pair(player: Player, username: str, *, self_error: str) -> tuple[Any, Any]:
    """The player's account and the account named ``username``, or the refusal."""
    if player.user is None:
        raise ApplicationError(_("Log in (or sign up) to follow or block players."), 403)
    other = get_user_model().objects.filter(username=username, is_active=True).first()
    if other is None:
        raise ApplicationError(_("No player of that name."), 404)
    if other.pk == player.user.pk:
        raise ApplicationError(self_error)
    return player.user, other


def follow(*, player: Player, username: str) -> Any:
    """``player`` follows ``username``; refused while either has blocked the
    other, in words that do not tell a blocked player who blocked them."""
    me, other = _pair(player, username, self_error=_("You cannot follow yourself."))
    if Block.objects.filter(blocker=me, blocked=other).exists():
        raise ApplicationError(_("You cannot follow a player you blocked: unblock them first."), 403)
    if Block.objects.filter(blocker=other, blocked=me).exists():
        raise ApplicationError(_("You cannot follow this player."), 403)
    try:
        with transaction.atomic():
            Follow.objects.get_or_create(follower=me, followed=other)
    except IntegrityError:  # the same follow made at the same moment
        pass
    return other


def unfollow(*, player: Player, username: str) -> Any:
    me, other = _pair(player, username, self_error=_("You cannot follow yourself."))
    Follow.objects.filter(follower=me, followed=other).delete()
    return other


def block(*, player: Player, username: str) -> Any:
    """``player`` blocks ``username``: any follow between them, either way,
    ends, and ``signals.player_blocked`` tells the apps above."""
    me, other = _pair(player, username, self_error=_("You cannot block yourself."))
    try:
        with transaction.atomic():
            Block.objects.get_or_create(blocker=me, blocked=other)
            Follow.objects.filter(Q(follower=me, followed=other) | Q(follower=other, followed=me)).delete()
    except IntegrityError:
        pass
    player_blocked.send(sender=Block, blocker_id=me.pk, blocked_id=other.pk)
    return other


def unblock(*, player: Player, username: str) -> Any:
    me, other = _pair(player, username, self_error=_("You cannot block yourself."))
    Block.objects.filter(blocker=me, blocked=other).delete()
    return other
