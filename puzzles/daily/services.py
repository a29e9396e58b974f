"""Writes of the daily deal: the day's deal (made by the beat task, or by
the first start of it; a read shows it unsaved meanwhile,
``selectors.deal_seen``), a player's one game of it, recording a finished
game's result, handing a guest's games to their account.

The deal of a day.  ``deal_choice(day)`` (``selectors.deal_choice``) derives everything from the date
and the site's deal secret (``games.dealing``), so every process gives the
same deal, yet nobody without the secret can tell a day's deal before it is
out: the deal seed is ``keyed_seed(secret, "daily <YYYY-MM-DD>")`` (the first
8 bytes of HMAC-SHA256, big-endian, shifted right by 11 bits: below 2**53, as
every random seed of the site), the solver's random seed the same of
``"daily <YYYY-MM-DD> solver"``, the human's seat A or B by the lowest bit of
the same of ``"daily <YYYY-MM-DD> seat"``, and the salt of the deal's
commitment (docs/rules.md section 4.11) from the secret too.  The commitment
is shown from the start of the day; the seed and the salt once the day is
over, or to a player whose own game of it is over (the seed tells nothing
more than the deal they have seen).  The variant is the standard game
(``lewicki``); the solver plays at level ``perfect``.  ``DailyDeal.day`` is
unique: two first starts at once make one row.

Recording.  When a daily game becomes over (``games.signals.game_finished``)
its entry records the points lost, accuracy and grades, but only once every
move of the human's is graded (a grade may still be on its way from a
worker): until then the entry waits, and the beat's sweep
(``entries_settle``, every ``OD_REQUEUE_EVERY`` seconds) records it once
it can, as it does a game whose signal was lost.  Reads never write: the
player's own result is worked out from the stored moves meanwhile
(``selectors.entry_seen``).  The write is conditional on the entry not being
recorded yet, so it happens once.
"""

from __future__ import annotations

import logging
from datetime import date
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef
from django.utils import timezone
from django.utils.translation import gettext as _

from puzzles.accounts.players import Player
from puzzles.analyses.services import analysis_request
from puzzles.core import fairness
from puzzles.games.models import Game, GameMove
from puzzles.games.starting import game_create
from puzzles.games.withheld import from_deals
from solver import canonical_key

from . import selectors
from .models import DailyDeal, DailyEntry

log = logging.getLogger(__name__)

# At most this many entries recorded by one run of the beat's sweep.
SETTLE_LIMIT = 100


# The fields of a day's deal (a read: the date and the deal secret decide them).
deal_choice = selectors.deal_choice


def deal_ensure(day: date | None = None) -> DailyDeal:
    """The deal of ``day`` (today, UTC), made now if there is none; its
    start's analysis (the best line the pages show) is asked for when it is
    made. Safe against concurrent callers (``day`` is unique)."""
    day = day or selectors.utc_today()
    found = selectors.deal_on(day)
    if found is not None:
        return found
    fields = selectors.deal_choice(day)
    try:
        with transaction.atomic():
            made = DailyDeal.objects.create(day=day, **fields)
    except IntegrityError:  # another request made it first
        return DailyDeal.objects.get(day=day)
    analysis_request(position=made.start_position)
    log.info("daily deal of %s: commitment %s, human %s", day, made.commitment, made.human_side)
    return made


def daily_start(*, player: Player, deal: DailyDeal) -> tuple[DailyEntry, bool]:
    """The player's game of ``deal``: the one they started (resumed), or a new
    one (True) against the perfect solver, from the deal's seat and seeds. A
    game started after the deal's day is marked as not on the day (never
    ranked). Two starts at once make one game."""
    found = selectors.entry_for_player(player, deal)
    if found is not None:
        return found, False
    try:
        with transaction.atomic(), fairness.allowing(deal.start_position):
            game = game_create(
                player=player,
                seed=int(deal.seed),
                variant=deal.variant,
                human=deal.human_side,
                level=Game.Level.PERFECT,
                rng_seed=deal.rng_seed,
            )
            if deal.commitment:  # the game shows the day's commitment, and opens it once over
                Game.objects.filter(pk=game.pk).update(deal_salt=deal.salt, deal_commitment=deal.commitment)
                game.deal_salt, game.deal_commitment = deal.salt, deal.commitment
            entry = DailyEntry.objects.create(
                deal=deal, game=game, on_the_day=selectors.utc_today() <= deal.day, **player.owner_fields()
            )
    except IntegrityError:  # the same player started it at the same moment
        found = selectors.entry_for_player(player, deal)
        if found is None:
            raise
        return found, False
    return entry, True


def start_refusal(texts: list[str], player: Player | None) -> str | None:
    """``core.fairness``'s player check: a daily deal (a practice game of its
    seed or its position, an analysis of its start or of any position it can
    come to, but the endgames any deal may reach) is withheld from a player
    while their own game of it is unfinished, whatever the day, and from one
    who has not played it until ``selectors.GRACE`` after its day
    (``selectors.hidden``)."""
    today = selectors.utc_today()
    for daily in selectors.deals_open(player):
        if fairness.deal_allowed(daily.start_position):  # the player's own game of it
            continue
        if canonical_key(daily.start_position) in texts:
            start = True
        elif from_deals(texts, frozenset([daily.start_position])):
            start = False
        else:
            continue
        if not selectors.deal_hidden_from(daily, player):
            continue
        if daily.day == today:
            if start:
                return _(
                    "This is the start of today's daily deal: play it first; it can be studied once your game is over."
                )
            return _(
                "This position comes from today's daily deal: play it first; it can be studied once your game is over."
            )
        if start:
            return _(
                "This is the start of a daily deal still being played: "
                "it can be studied once your game of it is over, or its ranking has closed."
            )
        return _(
            "This position comes from a daily deal still being played: "
            "it can be studied once your game of it is over, or its ranking has closed."
        )
    return None


def entry_record(*, entry: DailyEntry) -> bool:
    """Record the result of the entry's game if it is over and every human
    move is graded (``selectors.entry_result``). True if this call recorded it."""
    if entry.recorded_at is not None:
        return False
    result = selectors.entry_result(entry)
    if result is None:
        return False
    updated = DailyEntry.objects.filter(pk=entry.pk, recorded_at__isnull=True).update(
        **result, recorded_at=timezone.now()
    )
    entry.refresh_from_db()
    return bool(updated)


def entry_on_game_finished(sender: Any, game: Game, **kwargs: Any) -> None:
    """Receiver of ``games.signals.game_finished``."""
    entry = DailyEntry.objects.filter(game_id=game.pk).first()
    if entry is not None:
        entry_record(entry=entry)


def entries_settle(*, limit: int = SETTLE_LIMIT) -> int:
    """Record the finished games not recorded yet whose every human move is
    graded now (a grade that came after the game's end, a lost
    ``game_finished``), at most ``limit`` a call, the oldest first; each
    such entry is recorded by the call that finds it, so none waits behind
    a game whose grade never comes. The beat's sweep
    (``tasks.daily_settle_task``, every ``OD_REQUEUE_EVERY`` seconds) calls
    it; reads never do. Idempotent. How many were recorded."""
    ungraded = GameMove.objects.filter(game_id=OuterRef("game_id"), by=GameMove.By.HUMAN, graded_at__isnull=True)
    due = (
        DailyEntry.objects.filter(recorded_at__isnull=True, game__status=Game.Status.OVER)
        .exclude(Exists(ungraded))
        .select_related("deal")
        .order_by("created_at", "pk")
    )
    return sum(entry_record(entry=entry) for entry in list(due[:limit]))


def entries_claim(*, user: Any, session_key: str, **kwargs: Any) -> int:
    """Hand a guest's daily games to the account they just logged in to (a
    receiver of ``accounts.signals.guest_claimed``). A deal the account has
    played already keeps the account's game; the guest's stays the guest's."""
    played = DailyEntry.objects.filter(owner=user).values_list("deal_id", flat=True)
    return (
        DailyEntry.objects.filter(owner__isnull=True, session_key=session_key)
        .exclude(deal_id__in=list(played))
        .update(owner=user, session_key="")
    )
