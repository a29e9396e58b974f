"""Small filters for the pages: stones, moves and grades in words."""

from __future__ import annotations

from typing import Any

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from .. import texts

register = template.Library()


@register.filter
def stone(text: str | None) -> str:
    """``"36"`` -> ``"[3|6]"``; a played stone (None) -> ``"--"``."""
    if not text:
        return "--"
    return f"[{text[0]}|{text[1]}]"


# The pip patterns of a half, 0..9, on a 3 by 3 grid, as the script's board
# draws them (frontend/src/board/pips.ts): for an upright stone, the six is two
# columns of three along the stone.
PIP_LAYOUTS: tuple[tuple[tuple[int, int], ...], ...] = (
    (),
    ((0, 0),),
    ((1, -1), (-1, 1)),
    ((1, -1), (0, 0), (-1, 1)),
    ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    ((-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)),
    ((-1, -1), (-1, 0), (-1, 1), (0, 0), (1, -1), (1, 0), (1, 1)),
    ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)),
    ((-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 0), (0, 1), (1, -1), (1, 0), (1, 1)),
)
# An upright stone's size and its pips', in the units of the script's board.
STONE_W, STONE_H, PIP_STEP, PIP_R = 38, 76, 9.4, 3.6


def _pips(value: int, cx: float, cy: float, across: bool) -> list[tuple[float, float]]:
    """The centres of one half's pips; a stone laid across turns the pattern
    a quarter turn with it."""
    spots = PIP_LAYOUTS[value] if 0 <= value < len(PIP_LAYOUTS) else ()
    if across:
        return [(round(cx - dy * PIP_STEP, 2), round(cy + dx * PIP_STEP, 2)) for dx, dy in spots]
    return [(round(cx + dx * PIP_STEP, 2), round(cy + dy * PIP_STEP, 2)) for dx, dy in spots]


@register.simple_tag
def stone_svg(text: str | None, across: bool = False, covered: bool = False) -> SafeString:
    """A stone drawn with its pips, as an inline SVG (presentation attributes
    only: the page's Content-Security-Policy allows no inline style), named
    for screen readers by its numbers (``"36"`` -> "3-6"); the first number is
    the top half, or the left half of a stone laid ``across`` (as in the line
    of play).  A played stone (None) is an empty outline, hidden from screen
    readers; a ``covered`` back stone is drawn greyed."""
    w, h = (STONE_H, STONE_W) if across else (STONE_W, STONE_H)
    if not text:
        return format_html(
            '<svg class="stone-face" viewBox="0 0 {} {}" aria-hidden="true" focusable="false">'
            '<rect x="1" y="1" width="{}" height="{}" rx="6" fill="none" stroke="#8fb39a" stroke-width="1.2" stroke-dasharray="4 4"/>'
            "</svg>",
            w,
            h,
            w - 2,
            h - 2,
        )
    label = f"{text[0]}-{text[1]}"
    divider: tuple[float, float, float, float]
    if across:
        divider = (w / 2, 6, w / 2, h - 6)
        halves = [(int(text[0]), w / 4, h / 2), (int(text[1]), 3 * w / 4, h / 2)]
    else:
        divider = (6, h / 2, w - 6, h / 2)
        halves = [(int(text[0]), w / 2, h / 4), (int(text[1]), w / 2, 3 * h / 4)]
    pips = format_html_join(
        "",
        '<circle cx="{}" cy="{}" r="{}" fill="{}"/>',
        (
            (x, y, PIP_R, "#4a4a4a" if covered else "#161616")
            for value, cx, cy in halves
            for x, y in _pips(value, cx, cy, across)
        ),
    )
    return format_html(
        '<svg class="stone-face" viewBox="0 0 {w} {h}" role="img" aria-label="{label}" focusable="false"><title>{label}</title>'
        '<rect x="1" y="1" width="{rw}" height="{rh}" rx="6" fill="{body}" stroke="#6b604c" stroke-width="1.2"/>'
        '<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#8d8069" stroke-width="1.6" stroke-linecap="round"/>'
        "{pips}</svg>",
        w=w,
        h=h,
        label=label,
        rw=w - 2,
        rh=h - 2,
        body="#c9c4b5" if covered else "#fbf6e8",
        x1=divider[0],
        y1=divider[1],
        x2=divider[2],
        y2=divider[3],
        pips=pips,
    )


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
def board_seats(
    board: dict[str, Any] | None, sides: str | None = None, human: str | None = None
) -> list[dict[str, Any]]:
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
        order = [
            (seats[(at + 2) % 4], "top"),
            (seats[(at + 1) % 4], "left"),
            (seats[(at + 3) % 4], "right"),
            (seats[at], "bottom"),
        ]
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
