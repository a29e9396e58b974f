"""Inline SVG charts drawn on the server (pages work without their script):
the coordinates of a line chart of a series, which a template draws."""

from __future__ import annotations

from typing import Any


def line_chart(
    values: list[float | None],
    *,
    width: int = 640,
    height: int = 180,
    pad: int = 30,
    floor: float | None = None,
    ceiling: float | None = None,
) -> dict[str, Any] | None:
    """A polyline through the values that are not None (in order, evenly
    spaced), with a dot each and the low and high marks of the vertical axis.
    ``floor`` and ``ceiling`` fix the axis (0 to 100 for a percentage); else it
    is the values' range.  None when there is nothing to draw."""
    known = [(i, v) for i, v in enumerate(values) if v is not None]
    if not known:
        return None
    low = min(v for _, v in known) if floor is None else floor
    high = max(v for _, v in known) if ceiling is None else ceiling
    if high <= low:
        high = low + 1
    n = len(values)
    inner_w, inner_h = width - 2 * pad, height - 2 * pad
    dots = []
    for i, v in known:
        x = pad + inner_w * (i / (n - 1) if n > 1 else 0.5)
        y = height - pad - inner_h * (v - low) / (high - low)
        dots.append({"x": round(x, 1), "y": round(y, 1), "v": v, "n": i + 1})
    return {
        "width": width,
        "height": height,
        "pad": pad,
        "bottom": height - pad,
        "right": width - pad,
        "points": " ".join(f"{d['x']},{d['y']}" for d in dots),
        "dots": dots,
        "low": round(low),
        "high": round(high),
        "count": n,
    }
