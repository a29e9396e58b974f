"""Hints on the human's turn in a practice game, at three levels: the
value and outcome, the stones that keep it, the best move itself.  A hint
is recorded on the game (and counted once), and gives the position's line
away: a puzzle attempt at that position is then unrated.  The refusals a
page can show are in the player's language."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from puzzles.accounts.players import Player
from puzzles.analyses.models import Analysis as AnalysisRow
from puzzles.analyses.selectors import analysis_cached
from puzzles.analyses.services import analysis_request, analysis_shown
from puzzles.core import fairness
from puzzles.core.errors import ApplicationError, ConflictError
from solver import Analysis

from . import notices
from .models import Game, Hint


def _hint_content(analysis: Analysis, level: int) -> dict[str, Any]:
    value = analysis.value
    best = [str(m) for m in analysis.best_moves]
    if level == 1:
        return {"value": value, "outcome": "win" if value > 0 else "loss" if value < 0 else "draw"}
    if level == 2:
        stones: list[str] = []
        for move in best:
            stone = "pass" if move == "pass" else move[:2]
            if stone not in stones:
                stones.append(stone)
        return {"value": value, "stones": stones}
    return {"value": value, "move": best[0], "moves": best}


def game_hint(*, game: Game, level: int) -> tuple[Hint | None, AnalysisRow | None]:
    """The hint of ``level`` for the human's current position: ``(hint, None)``
    when the analysis is at hand (the hint is recorded on the game), else
    ``(None, analysis)`` with the analysis queued; ask again later.  Asking
    twice for the same hint returns the recorded one and counts it once."""
    if level not in (1, 2, 3):
        raise ApplicationError(f"a hint level is 1, 2 or 3, not {level!r}")
    if game.is_people and game.status != Game.Status.OVER:
        raise ApplicationError(
            _("no hints in a game between people: the solver's view comes after the game"), status_code=403
        )
    if game.concealed:
        raise ApplicationError(
            _("no hints in an event's deal: the solver's view comes after the event"), status_code=403
        )
    if game.status == Game.Status.OVER:
        raise ConflictError(_("the game is over: no hints"))
    if game.status != Game.Status.YOUR_MOVE:
        raise ConflictError(_("it is not your move: hints are for your own moves"))
    # A practice game may come, move by move, to a position withheld now that
    # its start was not (a start one stone off a live deal walks into it).
    with fairness.allowing_deal(game.start_position):
        fairness.refuse(game.current_position, player=Player.owning(game))
    analysis_shown(position=game.current_position, player=Player.owning(game))  # a hint gives the line away
    existing = Hint.objects.filter(game=game, ply=game.ply_count, level=level).first()
    if existing is not None:
        return existing, None
    analysis = analysis_cached(game.current_position)
    if analysis is None:
        return None, analysis_request(position=game.current_position)
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        if locked.ply_count != game.ply_count or locked.status != Game.Status.YOUR_MOVE:
            raise ConflictError(_("the game moved on while the hint was prepared; ask again"))
        hint, created = Hint.objects.get_or_create(
            game=locked,
            ply=locked.ply_count,
            level=level,
            defaults={"content": _hint_content(analysis, level)},
        )
        if created:
            Game.objects.filter(pk=game.pk).update(
                hints_used=F("hints_used") + 1, version=F("version") + 1, updated_at=timezone.now()
            )
            notices.game_changed(game.pk)
    return hint, None
