"""Writes of matches: creating one, counting each deal as it ends and starting
the next, handing a guest's matches to their account.

How a match moves on.  Each deal is an ordinary practice game
(``games.starting.game_create``).  When a game becomes over (the human's last
move, or the solver's, maybe on a worker) games sends ``game_finished`` after
that commit; ``match_on_game_finished`` then records the deal's result, adds
it to the totals, ends the match when a side has reached the target
(docs/rules.md section 5) and otherwise starts the next deal, all in one
transaction.  Recording is idempotent: the write is conditional on the deal
not being recorded yet, and ``(match, number)`` is unique, so a deal counts
once and the next deal is started once.  A signal can be lost (a process
killed between the commit and the signal): ``matches_settle``, the beat's
sweep, records a finished deal that was missed, so the match goes on
regardless; a read never writes (it shows the match as stored), and a move
or hint posted to the match settles it first (``match_settle``).

Deal seeds.  Deal ``n`` (from 1) of the match with seed ``S`` is dealt from
``deal_seed(S, n)``: the first 8 bytes of
``SHA-256("open-domino match <S> deal <n>")`` read as a big-endian integer and
shifted right by 11 bits (so below 2**53, read exactly by JavaScript; any
``0 <= seed < 2**64`` is a valid deal seed).  The solver's random choices in
that deal come from ``deal_rng_seed(S, n)``, the same with ``solver`` in place
of ``deal``.  The same match seed, level and moves therefore replay the same
match.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
from typing import Any, cast

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from puzzles.accounts.players import Player
from puzzles.core import events
from puzzles.core.errors import ApplicationError
from puzzles.games import deals
from puzzles.games.models import Game
from puzzles.games.starting import RANDOM_SEAT, RANDOM_SEED_BOUND, game_create
from solver import SeedError, Variant, VariantError
from solver.deal import check_seed
from solver.variant import LEWICKI_NAME

from .models import Match, MatchDeal

log = logging.getLogger(__name__)

TARGET_POINTS_RANGE = (1, 500)
TARGET_WINS_RANGE = (1, 15)
DEFAULT_TARGET_POINTS = 100
# At most this many deals recorded by one run of the sweep (``matches_settle``).
SETTLE_LIMIT = 100


def _hash_seed(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode("ascii")).digest()[:8], "big") >> 11


def deal_seed(match_seed: int, number: int) -> int:
    """The seed of deal ``number`` (from 1) of a match (see the module's docstring)."""
    return _hash_seed(f"open-domino match {match_seed} deal {number}")


def deal_rng_seed(match_seed: int, number: int) -> int:
    """The seed of the solver's random choices in deal ``number`` of a match."""
    return _hash_seed(f"open-domino match {match_seed} solver {number}")


def _notify(match_id: int) -> None:
    events.notify_on_commit(events.channel("match", match_id))


def _check_target(name: str, value: Any, bounds: tuple[int, int]) -> int:
    low, high = bounds
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ApplicationError(f"{name} is a whole number from {low} to {high}, not {value!r}")
    return cast(int, value)  # a whole number, checked above


def match_create(
    *,
    player: Player,
    target_points: int | None = None,
    target_wins: int | None = None,
    level: str = Game.Level.STRONG,
    seed: Any = None,
    human: str = "A",
    variant: str = LEWICKI_NAME,
) -> Match:
    """A new match of ``variant`` to ``target_points`` or to ``target_wins``
    won deals (exactly one of them), its first deal started.  ``human`` is a
    seat of the variant, or ``"random"`` (drawn once: the human keeps that
    seat all match).  Refuses (400) a target out of range, both targets or
    neither, a bad variant, level, seat or seed."""
    if target_points is not None and target_wins is not None:
        raise ApplicationError("give a target score (target_points) or a number of won deals (target_wins), not both")
    if target_points is None and target_wins is None:
        raise ApplicationError(
            "give a target score (target_points, 1 to 500) or a number of won deals (target_wins, 1 to 15)"
        )
    if target_points is not None:
        target_points = _check_target("target_points", target_points, TARGET_POINTS_RANGE)
    else:
        target_wins = _check_target("target_wins", target_wins, TARGET_WINS_RANGE)
    try:
        rules = Variant.parse(variant)
    except VariantError as exc:
        raise ApplicationError(str(exc)) from None
    if human == RANDOM_SEAT:
        human = secrets.choice(rules.seats)
    if human not in rules.seats:
        raise ApplicationError(f"human is one of {', '.join(rules.seats)} or {RANDOM_SEAT!r} in {rules}, not {human!r}")
    if level not in Game.Level.values:
        raise ApplicationError(f"level is one of {', '.join(Game.Level.values)}, not {level!r}")
    if seed is None:
        seed = secrets.randbelow(RANDOM_SEED_BOUND)
    else:
        try:
            seed = check_seed(seed)
        except SeedError as exc:
            raise ApplicationError(str(exc)) from None
    with transaction.atomic():
        match = Match.objects.create(
            variant=str(rules),
            target_points=target_points,
            target_wins=target_wins,
            level=level,
            human_side=human,
            seed=str(seed),
            **player.owner_fields(),
        )
        _start_deal(match, 1)
    return match


def _start_deal(match: Match, number: int) -> MatchDeal:
    """Deal ``number`` of the match, as a new game of the match's player (the
    game queues the solver's first move when the solver holds [0|0])."""
    match_seed = int(match.seed)
    seed = deal_seed(match_seed, number)
    game = game_create(
        player=Player.owning(match),
        seed=seed,
        variant=match.variant,
        human=match.human_side,
        level=match.level,
        rng_seed=deal_rng_seed(match_seed, number),
    )
    return MatchDeal.objects.create(match=match, number=number, game=game, seed=str(seed))


def _winner(match: Match) -> str:
    """The side that has reached the match's target, or ''."""
    for side in match.sides:
        if match.target_points is not None and match.score(side) >= match.target_points:
            return side
        if match.target_wins is not None and match.wins(side) >= match.target_wins:
            return side
    return ""


def match_deal_record(*, game_id: int) -> bool:
    """Count the finished game ``game_id`` in its match (if it is a match's
    deal): its result, the totals, the end of the match or the next deal.
    True if this call recorded it; False if there was nothing to do (not a
    match's game, not over, recorded already)."""
    recorded = deals.deal_record(MatchDeal.objects.all(), game_id=game_id, series="match", settle=_deal_recorded)
    if recorded is None:
        return False
    deal, result = recorded
    log.info("match %s: deal %s recorded (%s)", deal.match_id, deal.number, result)
    return True


def _deal_recorded(match: Match, deal: MatchDeal, result: dict[str, Any]) -> None:
    """What follows a deal counted in ``match`` (its totals counted): its
    winner and end, else the next deal; in the recording transaction."""
    match.winner = _winner(match)
    if match.status == Match.Status.PLAYING and match.winner:
        match.status = Match.Status.OVER
    if match.status == Match.Status.PLAYING and not match.deals.filter(number__gt=deal.number).exists():
        _start_deal(match, deal.number + 1)
    Match.objects.filter(pk=match.pk).update(
        score_a=match.score_a,
        score_b=match.score_b,
        wins_a=match.wins_a,
        wins_b=match.wins_b,
        winner=match.winner,
        status=match.status,
        version=F("version") + 1,
        updated_at=timezone.now(),
    )
    _notify(match.pk)


def match_on_game_finished(sender: Any, game: Game, **kwargs: Any) -> None:
    """Receiver of ``games.signals.game_finished``."""
    match_deal_record(game_id=game.pk)


def match_settle(*, match: Match) -> Match:
    """Record any finished deal the match has not counted yet (a lost
    signal): what a move or hint posted to the match does first, so that it
    goes to the deal being played."""
    if match.status == Match.Status.PLAYING:
        pending = MatchDeal.objects.filter(
            match=match, recorded_at__isnull=True, game__status=Game.Status.OVER
        ).values_list("game_id", flat=True)
        recorded = False
        for game_id in list(pending):
            recorded = match_deal_record(game_id=game_id) or recorded
        if recorded:
            match.refresh_from_db()
    return match


def matches_settle(*, limit: int = SETTLE_LIMIT) -> int:
    """The beat's sweep (``tasks.matches_settle_task``): record the finished
    deals that no match has counted (their ``game_finished`` was lost), the
    oldest first, at most ``limit``, each in its own transaction and once
    (``match_deal_record``); how many this call recorded."""
    pending = (
        MatchDeal.objects.filter(recorded_at__isnull=True, game__status=Game.Status.OVER)
        .order_by("pk")
        .values_list("game_id", flat=True)[:limit]
    )
    return sum(1 for game_id in list(pending) if match_deal_record(game_id=game_id))


def matches_claim(*, user: Any, session_key: str, **kwargs: Any) -> int:
    """Hand a guest's matches to the account they just logged in to (a
    receiver of ``accounts.signals.guest_claimed``; the games app hands over
    the deals' games)."""
    return Match.objects.filter(owner__isnull=True, session_key=session_key).update(owner=user, session_key="")
