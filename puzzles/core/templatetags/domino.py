"""Small filters for the pages: stones, moves and grades in words."""
from __future__ import annotations

from typing import Any

from django import template

from .. import texts

register = template.Library()


@register.filter
def stone(text: str | None) -> str:
    """``"36"`` -> ``"[3|6]"``; a played stone (None) -> ``"--"``."""
    if not text:
        return "--"
    return f"[{text[0]}|{text[1]}]"


@register.filter
def grade_label(grade: str | None) -> str:
    return texts.grade_label(grade)


@register.filter
def move(text: str | None) -> str:
    """``"36R"`` as written; ``"pass"`` in the reader's language."""
    return texts.move_label(text)


@register.filter
def signed(value: int | None) -> str:
    return texts.signed(value)


@register.filter
def zip_rows(front: list[Any], back: list[Any]) -> list[tuple[Any, Any]]:
    return list(zip(front, back, strict=False))


@register.filter
def get(mapping: Any, key: Any) -> Any:
    return mapping.get(key) if isinstance(mapping, dict) else None


@register.filter
def halves(text: str) -> tuple[str, str]:
    return (text[0], text[1]) if text else ("", "")


SEAT_ORDER = "ABCD"


@register.simple_tag
def board_seats(board: dict[str, Any] | None, sides: str | None = None, human: str | None = None) -> list[dict[str, Any]]:
    """The seats of a server-drawn board (``Position.to_json()`` of any
    variant), in the order they are drawn, each with its place round the
    table, its hand, whether it has rows, and the line drawn before it.

    Two seats: ``sides`` lists them top first (default ``"BA"``).  Four seats:
    the bottom seat is the last letter of ``sides`` (else ``human``, else A),
    the next seat in playing order sits on the left, the partner at the top,
    the seat before on the right."""
    if not isinstance(board, dict):
        return []
    hands = board.get("hands") or {}
    seats = [seat for seat in SEAT_ORDER if seat in hands]
    if len(seats) >= 4:
        wanted = (sides or "")[-1:] or human or seats[0]
        at = seats.index(wanted) if wanted in seats else 0
        order = [(seats[(at + 2) % 4], "top"), (seats[(at + 1) % 4], "left"), (seats[(at + 3) % 4], "right"), (seats[at], "bottom")]
    else:
        top_first = [seat for seat in (sides or "BA") if seat in seats] or list(reversed(seats))
        order = [(top_first[0], "top"), (top_first[-1], "bottom")]
    partner = None
    if human in seats and len(seats) >= 4:
        partner = seats[(seats.index(human) + 2) % len(seats)]
    drawn = []
    for seat, place in order:
        hand = hands.get(seat) or {"front": [], "back": [], "pips": 0, "count": 0}
        drawn.append(
            {
                "seat": seat,
                "place": place,
                "hand": hand,
                "rows": bool(hand.get("back")),
                "line_before": place == "bottom",
                "you": seat == human,
                "partner": seat == partner,
                "to_move": seat == board.get("side") and not board.get("over"),
            }
        )
    return drawn
