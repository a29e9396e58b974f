"""Quick pairing: the lobby's buttons take the oldest open seek of a common
control that the player may take, or post one (written with ``services``'
challenges; its refusals are ``ApplicationError`` before anything is written)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from puzzles.accounts.players import Player
from puzzles.core.errors import ApplicationError
from puzzles.ratings.glicko2 import DEFAULT_RATING
from puzzles.social import selectors as social

from . import blocks, bots, selectors
from .models import ONE_GAME, Challenge
from .services import RATING_RANGE, _rules, challenge_accept, challenge_create, challenges_expire, check_control

# The lobby's quick pairing buttons: (initial seconds, increment) or days.
QUICK_CONTROLS: dict[str, dict[str, Any]] = {
    "3+2": {"clock": (180, 2)},
    "5+3": {"clock": (300, 3)},
    "10+5": {"clock": (600, 5)},
    "1d": {"days": 1},
    "3d": {"days": 3},
    "7d": {"days": 7},
}
# Quick pairing's rating ranges: points either side of the player's rating.
QUICK_RANGES = (100, 200, 400)


def _seek_fits(
    seek: Challenge, rating: float, low: int | None, high: int | None, ratings: Mapping[tuple[int, str, str], float]
) -> bool:
    """Whether quick pairing with the range ``low..high`` (None: any) may
    take ``seek``: its seated people's ratings in its pool within the range,
    and the player's ``rating`` within the seek's own range."""
    if seek.rating_min is not None and rating < seek.rating_min:
        return False
    if seek.rating_max is not None and rating > seek.rating_max:
        return False
    if low is None or high is None:
        return True
    for row in seek.seats.all():
        if row.level or row.joined_at is None:
            continue
        theirs = (
            ratings.get((row.owner_id, seek.time_class, seek.family), DEFAULT_RATING)
            if row.owner_id
            else DEFAULT_RATING
        )
        if not low <= theirs <= high:
            return False
    return True


def quick_pair(
    *, player: Player, control: str, variant: Any = "lewicki", rated: bool = False, rating_range: Any = None
) -> Challenge:
    """The quick pairing buttons: accept the oldest open seek of this
    variant, control and kind that ``player`` may take, else post one.
    ``rating_range`` (one of ``QUICK_RANGES``; None: any) keeps to seeks
    whose players' ratings are within that many points of the player's (in
    the pool of the variant's family and the control's time class), and the
    seek posted when none fits accepts that range around the player's rating.
    A seek's own range must hold the player's rating either way."""
    if control not in QUICK_CONTROLS:
        raise ApplicationError(f"control is one of {', '.join(QUICK_CONTROLS)}, not {control!r}")
    if rating_range is not None and (isinstance(rating_range, bool) or rating_range not in QUICK_RANGES):
        raise ApplicationError(
            f"rating_range is one of {', '.join(map(str, QUICK_RANGES))} (points either side of your rating) "
            f"or null for any rating, not {rating_range!r}"
        )
    rules = _rules(variant)
    spec = QUICK_CONTROLS[control]
    clock, days = check_control(spec.get("clock"), spec.get("days"))
    if rated and not player.is_authenticated:
        raise ApplicationError(_("a rated game is between two accounts: log in (or sign up) to play rated"), 403)
    bots.quick_pair_check(player)
    challenges_expire()
    seeks = selectors.lobby_seeks().filter(ONE_GAME, variant=str(rules), rated=bool(rated), days=days)
    if clock is not None:
        seeks = seeks.filter(clock_initial=clock[0], clock_increment=clock[1])
    time_class = "correspondence" if days is not None else "live"
    rating = selectors.rating_value(player, time_class, rules.name)
    low = high = None
    if rating_range is not None:
        low = max(RATING_RANGE[0], round(rating) - rating_range)
        high = min(RATING_RANGE[1], round(rating) + rating_range)
    candidates = list(seeks.prefetch_related("seats").order_by("created_at"))
    known = selectors.ratings_of_users({row.owner_id for c in candidates for row in c.seats.all() if row.owner_id})
    blocked = social.blocked_ids(player)  # never paired with a player one of them blocked
    seated_bots = bots.bots_of_seeks(candidates)  # nor with a bot
    for seek in candidates:
        if selectors.is_creator(seek, player) or not _seek_fits(seek, rating, low, high, known):
            continue
        if seated_bots and bots.seek_has_bot(seek.seats.all(), seated_bots):
            continue
        if blocked and blocks.seek_blocked(seek.seats.all(), blocked):
            continue
        try:
            return challenge_accept(player=player, challenge_id=seek.pk)
        except ApplicationError:  # taken meanwhile: the next one
            continue
    if player.known:
        mine = [s for s in candidates if selectors.is_creator(s, player)]
        if mine:
            return mine[0]
    return challenge_create(
        player=player,
        variant=str(rules),
        rated=rated,
        clock=clock,
        days=days,
        lobby=True,
        rating_min=low,
        rating_max=high,
    )
