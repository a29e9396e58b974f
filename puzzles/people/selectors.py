"""Reads of challenges, the lobby, ratings and accuracies (no writes here)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from typing import Any, cast

from django.contrib.auth import get_user_model
from django.db.models import QuerySet
from django.http import Http404
from django.utils import timezone

from puzzles.accounts.players import Player
from puzzles.botaccounts.selectors import bot_user_ids
from puzzles.core import events
from puzzles.ratings.glicko2 import DEFAULT_RATING

from .models import Challenge, ChallengeSeat, GameAccuracy, GameRating, Inbox, Lobby, RatingChange

# A rating is shown as provisional ("1500?") while its deviation is above this.
PROVISIONAL_RD = 110.0
LEADERBOARD_SIZE = 50


def challenge_get(challenge_id: int) -> Challenge:
    """Any challenge by id (its link is how it is shared); else 404."""
    challenge = Challenge.objects.select_related("creator", "game").filter(pk=challenge_id).first()
    if challenge is None:
        raise Http404("no such challenge")
    return challenge


def challenge_version(challenge_id: int) -> int | None:
    return Challenge.objects.filter(pk=challenge_id).values_list("version", flat=True).first()


def lobby_version(lobby_id: int) -> int | None:
    if lobby_id != 1:
        return None
    return Lobby.objects.filter(pk=1).values_list("version", flat=True).first() or 0


def inbox_version(player: Player) -> int:
    """The version of the player's challenges for them (0 until the first
    comes, and for a reader the site does not know)."""
    if not player.known:
        return 0
    return player.rows(Inbox.objects.all()).values_list("version", flat=True).first() or 0


def inbox_channel(player: Player) -> str:
    """The change channel of the player's challenges for them: an account's
    by its id, a guest's by a digest of its token (which stays a secret:
    channel names are seen by anyone who can list Redis's channels)."""
    if player.is_authenticated:
        return events.channel("inbox", f"u{player.user.pk}")
    if player.token:
        return events.channel("inbox", "g" + hashlib.sha256(player.token.encode()).hexdigest()[:24])
    return events.channel("inbox", "nobody")  # no change ever comes to it


def players_kept_for(challenge: Challenge) -> list[Player]:
    """The people a challenge keeps a seat for that they have not taken (the
    named player, a rematch's opponent): those whose inbox shows it."""
    rows = ChallengeSeat.objects.filter(challenge=challenge, joined_at__isnull=True, level="").select_related("owner")
    return [Player.owning(row) for row in rows if row.owner_id or row.session_key]


def lobby_seeks() -> QuerySet[Challenge]:
    """The open seeks of the lobby that have not run out, oldest first."""
    return (
        Challenge.objects.filter(lobby=True, status=Challenge.Status.OPEN, expires_at__gt=timezone.now())
        .select_related("creator")
        .order_by("created_at")
    )


def is_creator(challenge: Challenge, player: Player) -> bool:
    if player.is_authenticated:
        return cast(bool, challenge.creator_id == player.user.pk)  # the user is typed Any
    return bool(player.token) and challenge.creator_id is None and challenge.session_key == player.token


def is_player(row: ChallengeSeat, player: Player) -> bool:
    if row.level:
        return False
    if player.is_authenticated:
        return cast(bool, row.owner_id == player.user.pk)  # the user is typed Any
    return bool(player.token) and row.owner_id is None and row.session_key == player.token


def seat_of(rows: Iterable[ChallengeSeat], player: Player) -> ChallengeSeat | None:
    """The seat ``player`` holds (taken or kept for them) among ``rows``."""
    return next((row for row in rows if is_player(row, player)), None)


def challenges_for_player(player: Player) -> QuerySet[Challenge]:
    """The challenges where the player has a seat (taken or kept for them),
    with their games (whether each is over is part of a challenge's state)."""
    return Challenge.objects.filter(
        pk__in=player.rows(ChallengeSeat.objects.all()).values("challenge_id")
    ).select_related("game")


def challenges_waiting_for(player: Player) -> QuerySet[Challenge]:
    """The open challenges with a seat kept for the player and not yet taken
    (a named challenge, a rematch offered), the newest first."""
    if not player.known:
        return Challenge.objects.none()
    kept = player.rows(ChallengeSeat.objects.filter(joined_at__isnull=True)).values("challenge_id")
    return Challenge.objects.filter(
        pk__in=kept,
        status=Challenge.Status.OPEN,
        expires_at__gt=timezone.now(),
    ).order_by("-created_at")


def user_by_name(username: str) -> Any:
    user = get_user_model().objects.filter(username=username, is_active=True).first()
    if user is None:
        raise Http404("no such player")
    return user


def rating_of(user: Any, time_class: str, family: str) -> GameRating | None:
    return GameRating.objects.filter(user=user, time_class=time_class, family=family).first()


def rating_value(player: Player, time_class: str, family: str) -> float:
    """The player's rating in a pool (a guest's, or a new account's: the default)."""
    if not player.is_authenticated:
        return DEFAULT_RATING
    row = rating_of(player.user, time_class, family)
    return row.rating if row is not None else DEFAULT_RATING


def ratings_of_users(user_ids: set[int]) -> dict[tuple[int, str, str], float]:
    """Every rating of these accounts, by (user, time class, family): one read for a list."""
    rows = GameRating.objects.filter(user_id__in=user_ids).values_list("user_id", "time_class", "family", "rating")
    return {(u, t, f): r for u, t, f, r in rows}


def ratings_for_user(user: Any) -> list[GameRating]:
    return list(GameRating.objects.filter(user=user).order_by("time_class", "family"))


def rating_history(user: Any) -> list[RatingChange]:
    return list(RatingChange.objects.filter(user=user).order_by("created_at", "pk"))


def leaderboard(time_class: str, family: str, size: int = LEADERBOARD_SIZE, *, bots: bool = False) -> list[GameRating]:
    """The best established ratings of a pool (provisional ones left out):
    people's, or with ``bots`` the bots' (a bot is rated in a pool of its own)."""
    rows = GameRating.objects.filter(time_class=time_class, family=family, rd__lte=PROVISIONAL_RD, user__is_active=True)
    rows = rows.filter(user_id__in=bot_user_ids()) if bots else rows.exclude(user_id__in=bot_user_ids())
    return list(rows.select_related("user").order_by("-rating", "user__username")[:size])


def accuracies_for_user(user: Any, limit: int = 30) -> list[GameAccuracy]:
    """The account's latest per-game accuracies, oldest first."""
    rows = list(GameAccuracy.objects.filter(user=user, accuracy__isnull=False).order_by("-created_at", "-pk")[:limit])
    return rows[::-1]


def games_of_user(user: Any, limit: int = 20) -> list[Challenge]:
    """The account's latest people games (their challenges), newest first."""
    return list(
        Challenge.objects.filter(seats__owner=user, seats__joined_at__isnull=False, game__isnull=False)
        .select_related("game")
        .prefetch_related("seats__owner", "deals")
        .order_by("-game__created_at")
        .distinct()[:limit]
    )
