"""The value chart the review pages draw (a practice game's, an analysed
record's): its geometry as numbers for an inline SVG, the template draws it."""

from __future__ import annotations

from typing import Any


def value_chart(values: list[int | None], width: int, height: int, pad: int) -> dict[str, Any]:
    """The polyline's points through ``values`` (one a ply from the start;
    ``None`` where a move is not graded yet, left out), one dot a known
    value (a link to its ply), the zero line and the scale, symmetric about
    zero and at least 1 high."""
    known = [v for v in values if v is not None]
    if not known:
        return {"width": width, "height": height, "points": "", "dots": [], "zero": height / 2, "top": 0, "bottom": 0}
    bound = max(max(known), -min(known), 1)
    n = max(len(values) - 1, 1)

    # The scale's labels ("+32", "-32", 11 px, about 6.5 a character) stand at
    # the left edge: the first point starts clear of them (and of its hover ring).
    left = max(pad, 2 + round(6.5 * len(f"+{bound}")) + 12)

    def x(i: int) -> float:
        return round(left + (width - left - pad) * i / n, 1)

    def y(v: int) -> float:
        return round(pad + (height - 2 * pad) * (bound - v) / (2 * bound), 1)

    dots = [{"x": x(i), "y": y(v), "ply": i, "value": v} for i, v in enumerate(values) if v is not None]
    return {
        "width": width,
        "height": height,
        "points": " ".join(f"{d['x']},{d['y']}" for d in dots),
        "dots": dots,
        "zero": y(0),
        "top": bound,
        "bottom": -bound,
        "y_top": y(bound),
        "y_bottom": y(-bound),
        "left": left,
        "right": width - pad,
    }
