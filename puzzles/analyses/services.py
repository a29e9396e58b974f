"""Writes of analyses.  ``analysis_request`` (a web request may call it)
stores a pending row and queues the solver; ``analysis_solve`` runs the
solver and is for tasks only."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import datetime

from django.conf import settings
from django.db import transaction
from django.utils import timezone

import solver
from puzzles.accounts.players import Player
from puzzles.core import tasking

from . import selectors
from .cache import analysis_cache_exchange, analysis_cache_set, analysis_cache_set_many
from .models import Analysis
from .signals import analysis_asked
from .tasks import compute_analysis_task

log = logging.getLogger(__name__)


def analysis_shown(*, player: Player | None, position: str = "", positions: Iterable[str] = ()) -> None:
    """A player is shown what the solver knows of ``position`` (or of each of
    ``positions``): the analysis board or the API read a stored analysis
    back, a hint, a practice game from that position or through it (each
    move graded, each reply of the solver's), a record graded move by move.
    As good as asking for the analysis, so ``signals.analysis_asked`` is
    told the same, once.  Nothing is queued."""
    shown = [position, *positions] if position else list(positions)
    if player is not None and player.known and shown:
        analysis_asked.send(sender=analysis_shown, player=player, position=shown[0], positions=shown)


def analysis_request(*, position: str, player: Player | None = None) -> Analysis:
    """The analysis of ``position`` (any spelling; stored normalised), created
    and queued if new; read off at once from the analysis of another way of
    writing the same game (``solver.carried``) when there is one.  Raises ``DominoError`` for an invalid position, before
    anything is stored or queued.  ``player``: who asked (a player's own
    request, not the site's warm-up), told to ``signals.analysis_asked``."""
    key = str(solver.Position.parse(position))
    if player is not None and player.known:
        analysis_asked.send(sender=analysis_request, player=player, position=key)
    if selectors.analysis_json_cached(key) is not None:
        analysis = selectors.analysis_by_position(key)
        if analysis is not None:
            return analysis
    same = selectors.analysis_of_same_game(key)
    if same is not None:  # another spelling of this game was analysed: read this one off it
        _store(key, solver.carried(same, key))
        analysis = selectors.analysis_by_position(key)
        if analysis is not None:
            return analysis
    with transaction.atomic():
        analysis, created = Analysis.objects.get_or_create(
            position=key, defaults={"canonical": solver.canonical_key(key)}
        )
        if analysis.status == Analysis.Status.FAILED:
            Analysis.objects.filter(pk=analysis.pk).update(
                status=Analysis.Status.PENDING, error="", updated_at=timezone.now()
            )
            analysis.status = Analysis.Status.PENDING
            created = True
        if created:
            tasking.enqueue(compute_analysis_task, analysis.pk)
    return analysis


def _store(position: str, result: solver.Analysis) -> None:
    """Keep a finished analysis: the row (one upsert: a pending row becomes
    done, a row stored meanwhile by another worker gets the same exact
    values again), then the Redis copy."""
    data = result.to_json()
    now = timezone.now()
    Analysis.objects.bulk_create(
        [
            Analysis(
                position=position,
                canonical=solver.canonical_key(position),
                status=Analysis.Status.DONE,
                result=data,
                error="",
                computed_at=now,
                updated_at=now,
            )
        ],
        update_conflicts=True,
        unique_fields=["position"],
        update_fields=["canonical", "status", "result", "error", "computed_at", "updated_at"],
    )
    analysis_cache_set(position, data)


def analysis_solve(position: str, *, keep: bool = True) -> solver.Analysis:
    """The analysis of a normalised position: from the cache or the database,
    else computed here and stored.  For tasks only: this runs the solver.

    ``keep=False`` is for an analysis only the calling task needs (the
    solver choosing its own move): it is looked for in this process's memory
    and in Redis only, and if computed it is not stored.  Looking in the
    database and storing the row cost more than the solver takes for most
    positions of a game."""
    result = selectors.analysis_cached(position) if keep else selectors.analysis_cached_fast(position)
    if result is None:
        result = analysis_computed(position)
        if keep:
            _store(position, result)
    return result


def analysis_computed(position: str, parsed: solver.Position | None = None) -> solver.Analysis:
    """The analysis of a normalised position computed here and now (no
    lookup: for a caller that has just looked), kept in this process's
    memory only.  ``parsed`` is the position itself when the caller has it
    (a look-ahead reaches its positions by playing moves: parsing their
    strings again cost as much as a fifth of its time).  For tasks only:
    this runs the solver."""
    result = solver.analyse(parsed if parsed is not None else solver.Position.parse(position))
    selectors.analysis_remember(position, result)
    return result


def analysis_record(position: str) -> solver.Analysis:
    """The analysis of a normalised position with its database row (the
    record that stays): from this process's memory or Redis (a copy put
    there ahead of need may have no row yet: one upsert stores it), else the
    row itself (Redis forgets; a stored analysis is not solved again), else
    computed here and stored.  For tasks only."""
    result = selectors.analysis_cached_fast(position)
    if result is None:
        result = selectors.analysis_stored(position)
        if result is not None:  # read from its row
            return result
        result = analysis_computed(position)
    _store(position, result)
    return result


def analysis_keep(position: str, result: solver.Analysis) -> None:
    """Store the row of a finished analysis already at hand (a worker
    computed it ahead of need and put it in Redis), in the caller's
    transaction: a web request that grades a move by lookup keeps the
    analysis it graded from, for the coach's exercises and the game's
    review.  A row already there is left as it is (a pending one is being
    computed)."""
    now = timezone.now()
    Analysis.objects.bulk_create(
        [
            Analysis(
                position=position,
                canonical=solver.canonical_key(position),
                status=Analysis.Status.DONE,
                result=result.to_json(),
                error="",
                computed_at=now,
                updated_at=now,
            )
        ],
        ignore_conflicts=True,
    )


def analysis_ahead(position: str) -> solver.Analysis:
    """The analysis of a normalised position, made ready ahead of need: from
    this process's memory or Redis, else computed here and put in Redis for
    ``OD_AHEAD_CACHE_SECONDS`` (no row: the request that uses it stores
    it, ``analysis_keep``).  For tasks only: this runs the solver."""
    result = selectors.analysis_cached_fast(position)
    if result is None:
        result = analysis_computed(position)
        analyses_share({position: result})
    return result


def analyses_share(results: dict[str, solver.Analysis]) -> None:
    """Put analyses computed ahead of need (``keep=False``) where every
    process finds them: in Redis, for ``OD_AHEAD_CACHE_SECONDS``, not
    in the database (most are never needed: they are of the moves a player
    could have made)."""
    analysis_cache_set_many({p: a.to_json() for p, a in results.items()}, settings.OD_AHEAD_CACHE_SECONDS)


def analyses_exchange(results: dict[str, solver.Analysis], positions: list[str]) -> dict[str, solver.Analysis]:
    """``analyses_share(results)``, then ``selectors.analyses_cached_fast(positions)``
    in the same round trip to Redis: the analyses among ``positions`` that
    this process remembers or Redis has (just shared ones included)."""
    found, missing = selectors.analyses_remembered(positions)
    if not results and not missing:
        return found
    shared = {p: a.to_json() for p, a in results.items()}
    for position, stored in analysis_cache_exchange(shared, settings.OD_AHEAD_CACHE_SECONDS, missing).items():
        analysis = selectors.analysis_from_cache(position, stored)
        if analysis is not None:
            found[position] = analysis
    return found


def analysis_compute(*, analysis: Analysis) -> Analysis:
    """Compute a pending analysis (a no-op once done)."""
    if analysis.status == Analysis.Status.DONE:
        return analysis
    try:
        position = solver.Position.parse(analysis.position)
    except solver.DominoError as exc:  # cannot happen for rows written by analysis_request
        analysis_fail(analysis_id=analysis.pk, error=str(exc))
        analysis.refresh_from_db()
        return analysis
    _store(analysis.position, solver.analyse(position))
    analysis.refresh_from_db()
    return analysis


def analysis_fail(*, analysis_id: int, error: str) -> None:
    Analysis.objects.filter(pk=analysis_id).exclude(status=Analysis.Status.DONE).update(
        status=Analysis.Status.FAILED, error=error[:2000], updated_at=timezone.now()
    )


def requeue_stale_analyses(*, cutoff: datetime, limit: int = 500) -> list[int]:
    """Queue again the analyses still pending since before ``cutoff``."""
    ids = list(
        Analysis.objects.filter(status=Analysis.Status.PENDING, updated_at__lt=cutoff).values_list("pk", flat=True)[
            :limit
        ]
    )
    for pk in ids:
        tasking.send(compute_analysis_task, pk)
    return ids
