"""A finished game counted as one deal of a series of deals: a match against
the solver (``matches``) or a match between people (``people``).

Each series keeps a deal row per game (``game``, ``winner``, ``points``,
``reason``, ``recorded_at``) and its totals in ``score_a``/``score_b`` and
``wins_a``/``wins_b``, side a being ``sides[0]``.  A deal is recorded once
however often its end is told: the write is conditional on ``recorded_at``
being empty, and the totals are counted again from the recorded rows.
``deal_record`` is the one way both kinds of series record a deal; each
says only what follows from the new totals (``settle``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from django.db import transaction
from django.db.models import Model, QuerySet
from django.utils import timezone

from .models import Game

D = TypeVar("D", bound=Model)


def deal_pending(deals: QuerySet[D], *, game_id: int) -> tuple[D, dict[str, Any]] | None:
    """The deal row of the game ``game_id`` among ``deals`` and the game's
    result, or None if there is nothing to record (not a deal of the series,
    not over, recorded already)."""
    deal = deals.filter(game_id=game_id, recorded_at__isnull=True).first()
    if deal is None:
        return None
    result = Game.objects.filter(pk=game_id, status=Game.Status.OVER).values_list("result", flat=True).first()
    if not result:
        return None
    return deal, result


def deal_mark_recorded(deals: QuerySet[Any], *, deal: Model, result: dict[str, Any]) -> bool:
    """Write the game's result into its deal row (inside the transaction that
    then counts the totals); False if another process recorded it first.  A
    drawn deal is worth no points."""
    winner = result.get("winner") or ""
    updated = deals.filter(pk=deal.pk, recorded_at__isnull=True).update(
        winner=winner,
        points=result["points"] if winner else 0,
        reason=result.get("reason") or "",
        recorded_at=timezone.now(),
    )
    return bool(updated)


def deals_tally(series: Any, deals: QuerySet[Any]) -> None:
    """Set the series' points and won deals of each side from its recorded
    deal rows (``deals``: all the rows of this series)."""
    for side, field in zip(series.sides, ("a", "b"), strict=True):
        won = deals.filter(winner=side, recorded_at__isnull=False)
        setattr(series, f"score_{field}", sum(won.values_list("points", flat=True)))
        setattr(series, f"wins_{field}", won.count())


Result = dict[str, Any]


def deal_record(
    deals: QuerySet[D],
    *,
    game_id: int,
    series: str,
    settle: Callable[[Any, D, Result], None],
    judge: Callable[[D, Result], Result] | None = None,
) -> tuple[D, Result] | None:
    """Count the finished game ``game_id`` in its series, if it is one of
    ``deals`` (rows whose foreign key ``series`` is the series): the game's
    result (as ``judge`` reads it, if given) written into its row, and in
    the same transaction the series locked, its totals counted again, and
    ``settle(series, deal, result)`` called for what follows (the winner,
    the next deal, the notice).  The deal and its result if this call
    recorded it; None if there was nothing to do (not a deal of these, not
    over, recorded already, or by another process first)."""
    pending = deal_pending(deals, game_id=game_id)
    if pending is None:
        return None
    deal, result = pending
    if judge is not None:
        result = judge(deal, result)
    with transaction.atomic():
        if not deal_mark_recorded(deals, deal=deal, result=result):
            return None
        model = deals.model._meta.get_field(series).related_model
        assert isinstance(model, type)
        assert issubclass(model, Model)
        owner = model._default_manager.select_for_update().get(pk=getattr(deal, f"{series}_id"))
        deals_tally(owner, deals.model._default_manager.filter(**{series: owner}))
        settle(owner, deal, result)
    return deal, result
