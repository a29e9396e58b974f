"""The beat's look for turn notices a lost signal left unsent: a process
that died between a correspondence move's commit and its ``turn_passed``
(sent on the commit) told nobody.  Every ``OD_REQUEUE_EVERY`` seconds the
games whose person's turn began more than ``GRACE`` ago (the signal's task
has had its chance) and less than ``LOOK_BACK`` ago, and whose turn notice
is missing, get it; a notice is made once (its key), so a sweep running
beside the signal's task, or twice, never tells twice."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.utils import timezone

from puzzles.games.models import Game, GameMove, GameSeat
from solver import Position

from . import services
from .models import Notice

GRACE = timedelta(seconds=60)
LOOK_BACK = timedelta(days=2)
LIMIT = 200  # games looked at a run, the oldest turns first


def _handed(game: Game, seat: str) -> bool:
    """Whether the normal path tells ``seat`` of this turn: at a game's start,
    or after another person's move (a solver's move hands the turn on untold)."""
    if game.ply_count == 0:
        return True
    last = GameMove.objects.filter(game=game, ply=game.ply_count - 1).values_list("side", "by").first()
    return last is not None and last[1] == GameMove.By.HUMAN and last[0] != seat


def missing_turns(now: datetime | None = None, *, limit: int = LIMIT) -> list[tuple[int, int, str]]:
    """The (game, ply, seat) of the correspondence turns whose notice is
    missing: an account to move, its turn begun between ``LOOK_BACK`` and
    ``GRACE`` ago, and no notice of that key (reads only)."""
    moment = now or timezone.now()
    games = Game.objects.filter(
        # a deadline to come: read through its index (practice games have none), and a turn still open
        deadline__gt=moment,
        kind=Game.Kind.PEOPLE,
        days__isnull=False,
        status=Game.Status.YOUR_MOVE,
        turn_started_at__lte=moment - GRACE,
        turn_started_at__gte=moment - LOOK_BACK,
    ).order_by("turn_started_at")[:limit]
    turns = {game.pk: (game, Position.parse(game.current_position).side) for game in games}
    owners = dict(
        ((row[0], row[1]), row[2])
        for row in GameSeat.objects.filter(game_id__in=turns, owner__isnull=False).values_list(
            "game_id", "seat", "owner_id"
        )
    )
    keys = {f"turn:{pk}:{game.ply_count}": pk for pk, (game, _seat) in turns.items()}
    made = set(Notice.objects.filter(key__in=keys).values_list("key", flat=True))
    found = []
    for key, pk in keys.items():
        game, seat = turns[pk]
        if key not in made and (pk, seat) in owners and _handed(game, seat):
            found.append((pk, game.ply_count, seat))
    return found


def turns_settle(now: datetime | None = None) -> int:
    """Send the turn notices ``missing_turns`` finds; how many were made."""
    return sum(services.turn_notify(game_id, ply, seat) for game_id, ply, seat in missing_turns(now))
