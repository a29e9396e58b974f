"""The words of the game pages: hints and results, in the reader's language."""
from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext


def outcome_text(value: int) -> str:
    if value > 0:
        return ngettext(
            "With perfect play from here you win by %(points)d point.",
            "With perfect play from here you win by %(points)d points.",
            value,
        ) % {"points": value}
    if value < 0:
        return ngettext(
            "With perfect play from here you lose by %(points)d point.",
            "With perfect play from here you lose by %(points)d points.",
            -value,
        ) % {"points": -value}
    return _("With perfect play from here the deal is a draw.")


def hint_text(level: int, content: dict) -> str:
    if level == 1:
        return outcome_text(content["value"])
    if level == 2:
        stones = content.get("stones", [])
        if stones == ["pass"]:
            return _("You have no stone that fits: you must pass.")
        return ngettext(
            "This stone keeps the best result: %(stones)s.",
            "These stones keep the best result: %(stones)s.",
            len(stones),
        ) % {"stones": ", ".join(stones)}
    move = content.get("move")
    if move == "pass":
        return _("You must pass.")
    return _("The best move is %(move)s.") % {"move": move}


def result_text(result: dict) -> str:
    outcome = result.get("outcome")
    reason = result.get("reason")
    how = _("domino") if reason == "domino" else _("blocked")
    if outcome == "draw":
        return _("A draw (%(how)s).") % {"how": how}
    if outcome == "win":
        return ngettext(
            "You win %(points)d point (%(how)s).", "You win %(points)d points (%(how)s).", result["points"]
        ) % {"points": result["points"], "how": how}
    return ngettext(
        "You lose %(points)d point (%(how)s).", "You lose %(points)d points (%(how)s).", result["points"]
    ) % {"points": result["points"], "how": how}
