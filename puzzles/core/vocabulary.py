"""The site's shared vocabulary, defined once.

Grades, outcomes, sides and result reasons are rules of the game and come
from ``solver``; the words for them are here, in the reader's language.  The
front end's ``frontend/src/shared/vocabulary.ts`` holds the same lists (a test
compares them).  Model fields take their choices from here.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from solver import GRADES, OUTCOMES, REASONS, SIDES

__all__ = [
    "GRADES",
    "GRADE_CHOICES",
    "OUTCOMES",
    "OUTCOME_CHOICES",
    "REASONS",
    "REASON_CHOICES",
    "SIDES",
    "SIDE_CHOICES",
    "other_side",
]

GRADE_CHOICES = [
    ("best", _("best")),
    ("inaccuracy", _("inaccuracy")),
    ("mistake", _("mistake")),
    ("blunder", _("blunder")),
]
OUTCOME_CHOICES = [
    ("win", pgettext_lazy("outcome", "win")),
    ("loss", pgettext_lazy("outcome", "loss")),
    ("draw", pgettext_lazy("outcome", "draw")),
]
REASON_CHOICES = [("domino", _("domino")), ("blocked", _("blocked"))]
SIDE_CHOICES = [(side, side) for side in SIDES]

assert [g for g, _label in GRADE_CHOICES] == list(GRADES)
assert sorted(o for o, _label in OUTCOME_CHOICES) == sorted(OUTCOMES)
assert [r for r, _label in REASON_CHOICES] == list(REASONS)


def other_side(side: str) -> str:
    return SIDES[1 - SIDES.index(side)]
