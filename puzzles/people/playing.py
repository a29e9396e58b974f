"""Who is playing now: for the social app's online indicator and Following
list (``social.selectors.register_playing``), an account seated in a live
game between people in progress (a clock, not correspondence), with that
game's page (none for a concealed game: only its two players read it while
it is concealed, ``games.selectors.people_readable``); and for a player's own pages, the games of theirs that have
just started (``fresh_games``), so that a page waiting anywhere goes there."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from datetime import timedelta
from typing import Any

from django.urls import reverse
from django.utils import timezone

from puzzles.accounts.players import Player
from puzzles.games.models import Game, GameSeat

from .models import Challenge, ChallengeSeat


def playing(user_ids: set[int]) -> Iterator[tuple[int, str | None]]:
    """Each live game in progress of the accounts among ``user_ids``, as the
    account and the game's page, or None for a concealed game (which nobody
    but its players may read: they are shown playing, with no link that
    would answer anyone else "no such game"); the newest first."""
    rows = (
        GameSeat.objects.filter(
            owner_id__in=user_ids,
            game__kind=Game.Kind.PEOPLE,
            game__clock_initial__isnull=False,
        )
        .exclude(game__status=Game.Status.OVER)
        .order_by("-game_id")
        .values_list("owner_id", "game_id", "game__concealed")
    )
    for owner_id, game_id, concealed in rows:
        if owner_id is not None:
            yield owner_id, None if concealed else reverse("games:play-game", args=[game_id])


# How long after its start a game is still news to its players' pages: each
# page that hears of it then goes to it (``inbox.ts``), wherever the player waits.
FRESH_SECONDS = 30


def seated_people(rows: Iterable[ChallengeSeat]) -> list[Player]:
    """The people seated at a challenge's seats (not the solver's)."""
    return [Player(row.owner, "" if row.owner_id else row.session_key) for row in rows if row.is_person]


def fresh_games(player: Player) -> list[dict[str, Any]]:
    """The player's live games that started in the last ``FRESH_SECONDS`` and
    are not over: their pages go there (the waiting player of a seek, told by
    the challenges-for-you poll that every page of theirs holds).  Not a
    correspondence game: nobody waits at its table, and its start is told by
    the player's notices and your-turn list instead."""
    if not player.known:
        return []
    since = timezone.now() - timedelta(seconds=FRESH_SECONDS)
    rows = (
        player.rows(ChallengeSeat.objects.filter(joined_at__isnull=False))
        .filter(challenge__status=Challenge.Status.STARTED, challenge__started_at__gte=since)
        .exclude(challenge__game__status=Game.Status.OVER)
        .filter(challenge__game__isnull=False, challenge__game__days__isnull=True)
        .values_list("challenge__game_id", flat=True)
    )
    return [{"game": pk, "url": reverse("games:play-game", args=[pk])} for pk in sorted(set(rows))]
