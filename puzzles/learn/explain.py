"""Why a move is wrong, from the rules alone (no search): fast enough for a
request.  An illegal move gets the rule it breaks (a covered stone, a stone
that does not fit, a pass while a stone fits...); a legal move that a lesson
does not accept gets a fact about the position it leaves (the lesson's
``reasons``, in order), which ``checks`` proves true for every such move of
every lesson.  Each answer is ``{"kind", "text"}`` with the text translated."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from solver import PASS, Move, Position, Stone, other_side
from solver.moves import LEFT

from .lessons import BLOCKED_PIPS, DOUBLE_STRANDED, OPPONENT_PLAYS


def stone_label(stone: Stone | str) -> str:
    """A stone as the course writes it: [3|6]."""
    text = str(stone)
    return f"[{text[0]}|{text[1]}]"


def _fits(position: Position, stone: Stone) -> bool:
    return position.ends is not None and (stone.low in position.ends or stone.high in position.ends)


def _reason(kind: str, text: str) -> dict[str, str]:
    return {"kind": kind, "text": text}


def illegal_reason(position: Position, move: Move) -> dict[str, str]:
    """The rule ``move`` (not legal in ``position``) breaks."""
    legal = position.legal_moves()
    if legal == [PASS]:
        return _reason("must_pass", _("None of your free stones fits an end: you must pass."))
    if move.is_pass:
        return _reason("cannot_pass", _("One of your free stones fits, and nobody passes by choice: play it."))
    stone = move.stone
    assert stone is not None
    hand = position.hand
    if stone not in hand:
        return _reason("not_yours", _("%(stone)s is not one of your stones.") % {"stone": stone_label(stone)})
    available = [s for _column, s in hand.available()]
    if stone not in available:
        column = hand.back.index(stone)
        front = hand.front[column]
        return _reason(
            "covered",
            _("%(stone)s is still covered by %(front)s: play %(front)s first.")
            % {
                "stone": stone_label(stone),
                "front": stone_label(front) if front is not None else "",
            },
        )
    if position.ends is None:
        return _reason("opening", _("The first stone opens the line: play it without an end."))
    if not _fits(position, stone):
        return _reason(
            "no_fit",
            _("%(stone)s does not fit: the ends show %(left)s and %(right)s.")
            % {
                "stone": stone_label(stone),
                "left": position.ends[0],
                "right": position.ends[1],
            },
        )
    if move.end is None:
        return _reason("no_end", _("Say which end %(stone)s goes to.") % {"stone": stone_label(stone)})
    end = position.ends[0] if move.end == LEFT else position.ends[1]
    text = (
        _("%(stone)s does not fit the left end, which shows %(number)s.")
        if move.end == LEFT
        else _("%(stone)s does not fit the right end, which shows %(number)s.")
    )
    return _reason("no_fit", text % {"stone": stone_label(stone), "number": end})


def blocked_pips(position: Position, move: Move) -> dict[str, str] | None:
    """After ``move`` the deal is blocked: the pips each hand keeps."""
    after = position.play(move)
    result = after.result()
    if result is None or result.reason != "blocked":
        return None
    mine, theirs = after.hand_of(position.side).pips, after.hand_of(other_side(position.side)).pips
    return _reason(
        BLOCKED_PIPS,
        _("After %(move)s the deal is blocked: you keep %(mine)s pips, your opponent %(theirs)s.")
        % {"move": str(move), "mine": mine, "theirs": theirs},
    )


def double_stranded(position: Position, move: Move) -> dict[str, str] | None:
    """After ``move`` no end shows the number of a free double that fitted before it."""
    after = position.play(move)
    for _column, stone in position.hand.available():
        if stone.is_double and stone != move.stone and _fits(position, stone) and not _fits(after, stone):
            return _reason(
                DOUBLE_STRANDED,
                _("After %(move)s no end shows %(number)s any more: your double %(double)s is stranded.")
                % {"move": str(move), "number": stone.low, "double": stone_label(stone)},
            )
    return None


def opponent_plays(position: Position, move: Move) -> dict[str, str] | None:
    """After ``move`` the opponent has a stone to play (they do not have to pass)."""
    after = position.play(move)
    if after.is_over() or after.side == position.side:
        return None
    stones = sorted({m.stone for m in after.legal_moves() if m.stone is not None}, key=str)
    if not stones:
        return None
    return _reason(
        OPPONENT_PLAYS,
        _("After %(move)s your opponent can still play %(stones)s.")
        % {
            "move": str(move),
            "stones": ", ".join(stone_label(s) for s in stones),
        },
    )


FACTS = {BLOCKED_PIPS: blocked_pips, DOUBLE_STRANDED: double_stranded, OPPONENT_PLAYS: opponent_plays}


def legal_reason(position: Position, move: Move, reasons: tuple[str, ...]) -> dict[str, str] | None:
    """The first of the lesson's facts that is true of ``move`` (legal, not accepted)."""
    for kind in reasons:
        found = FACTS[kind](position, move)
        if found is not None:
            return found
    return None


def why_wrong(position: Position, move: Move, reasons: tuple[str, ...]) -> dict[str, Any]:
    """Why ``move`` is not right here: the rule it breaks, or a fact about where it leads."""
    if move not in position.legal_moves():
        return illegal_reason(position, move)
    return legal_reason(position, move, reasons) or _reason(
        "not_best", _("That move is legal, but it is not the best one here.")
    )
