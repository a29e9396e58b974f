"""The words of the match pages, in the reader's language."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .models import DEAL_REASON_CHOICES

_REASONS = dict(DEAL_REASON_CHOICES)


def target_text(target_points: int | None, target_wins: int | None) -> str:
    if target_points is not None:
        return ngettext("to %(count)d point", "to %(count)d points", target_points) % {"count": target_points}
    wins = target_wins or 0
    return ngettext("to %(count)d won deal", "to %(count)d won deals", wins) % {"count": wins}


def reason_text(reason: str) -> str:
    return str(_REASONS.get(reason, reason))


def deal_result_text(winner: str, points: int, reason: str, human: str) -> str:
    """A deal's result for the human (``human``: the human's side, ``A`` or
    a team ``A+C``): "You win 12 points (domino)."."""
    how = reason_text(reason)
    if not winner:
        return _("A draw (%(how)s): no points.") % {"how": how}
    if winner == human:
        text = ngettext("You win %(points)d point (%(how)s).", "You win %(points)d points (%(how)s).", points)
    else:
        text = ngettext(
            "The solver wins %(points)d point (%(how)s).", "The solver wins %(points)d points (%(how)s).", points
        )
    return text % {"points": points, "how": how}


def match_status_text(
    *, over: bool, winner: str, human: str, deal_number: int, score_human: int, score_solver: int
) -> str:
    if over:
        if winner == human:
            return _("You won the match, %(you)d to %(solver)d.") % {"you": score_human, "solver": score_solver}
        return _("The solver won the match, %(solver)d to %(you)d.") % {"you": score_human, "solver": score_solver}
    return _("Deal %(number)d is being played; the score is %(you)d (you) to %(solver)d (solver).") % {
        "number": deal_number,
        "you": score_human,
        "solver": score_solver,
    }
