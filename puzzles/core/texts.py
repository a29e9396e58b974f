"""Words and number formats every page uses, in the reader's language."""

from __future__ import annotations

from django.utils.translation import gettext as _

from .vocabulary import GRADE_CHOICES, OUTCOME_CHOICES

_GRADE_LABELS = dict(GRADE_CHOICES)
_OUTCOME_LABELS = dict(OUTCOME_CHOICES)


def grade_label(grade: str | None) -> str:
    if grade is None:
        return _("grading…")
    return str(_GRADE_LABELS.get(grade, grade))


def outcome_label(value: int) -> str:
    """``win``, ``loss`` or ``draw`` for the player whose value it is."""
    key = "win" if value > 0 else "loss" if value < 0 else "draw"
    return str(_OUTCOME_LABELS[key])


def signed(value: int | None) -> str:
    """A value with its sign: ``+12``, ``−4`` (the minus sign, U+2212, as the
    front end's ``signed`` writes it, not a hyphen), ``0`` (empty for None)."""
    if value is None:
        return ""
    if value < 0:
        return f"\u2212{-value}"
    return f"+{value}" if value > 0 else "0"


def move_label(move: str | None) -> str:
    """A move as shown: the notation (``36R``), but a pass in words."""
    if move == "pass":
        return _("pass")
    return move or ""


def variant_name(variant: str) -> str:
    """A variant as a player reads it, with its option ("Block game (one row,
    14 stones out), doubles play again"): the one name every page gives it."""
    base, _plus, option = variant.partition("+")
    names = {
        "lewicki": _("Open domino (double-six, two rows)"),
        "lewicki9": _("Open domino with double-nine stones"),
        "block": _("Block game (one row, 14 stones out)"),
        "partnership": _("Partnership (four seats, A and C against B and D)"),
    }
    name = str(names.get(base, base))
    return _("%(variant)s, doubles play again") % {"variant": name} if option else name


def clock_code(initial: int, increment: int) -> str:
    """A live time control as the lobby writes it: ``5+3`` (minutes, then
    seconds a move), and a clock that is no whole number of minutes in
    minutes and seconds: ``0:30+2``, ``1:30+0`` (never fractional minutes)."""
    if initial % 60 == 0:
        return f"{initial // 60}+{increment}"
    return f"{initial // 60}:{initial % 60:02d}+{increment}"
