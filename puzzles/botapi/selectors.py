"""The reads of the bot streams (never a write): a player's open
challenges, what became of challenges no longer open, a player's games in
progress and games by id."""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import QuerySet
from django.utils import timezone

from puzzles.accounts.players import Player
from puzzles.games import selectors as game_selectors
from puzzles.games.models import Game
from puzzles.people import selectors as people_selectors
from puzzles.people.models import Challenge, ChallengeSeat


def open_challenges(player: Player) -> list[tuple[Challenge, ChallengeSeat]]:
    """The open challenges (not run out) where ``player`` has a seat, taken
    or kept for them, with that seat; oldest first."""
    if not player.known:
        return []
    found = (
        people_selectors.challenges_for_player(player)
        .filter(status=Challenge.Status.OPEN, expires_at__gt=timezone.now())
        .select_related("creator")
        .prefetch_related("seats__owner")
        .order_by("created_at", "pk")
    )
    out = []
    for challenge in found:
        seat = people_selectors.seat_of(challenge.seats.all(), player)
        if seat is not None:
            out.append((challenge, seat))
    return out


def challenge_statuses(ids: Iterable[int]) -> dict[int, str]:
    """The status of each of these challenges (a challenge deleted: absent)."""
    return dict(Challenge.objects.filter(pk__in=list(ids)).values_list("pk", "status"))


def games_in_progress(player: Player) -> QuerySet[Game]:
    """The player's games between people not over yet, oldest first."""
    if not player.known:
        return Game.objects.none()
    return game_selectors.people_games_in_progress(player).order_by("created_at", "pk")


def games_by_ids(ids: Iterable[int]) -> dict[int, Game]:
    return {game.pk: game for game in Game.objects.filter(pk__in=list(ids))}
