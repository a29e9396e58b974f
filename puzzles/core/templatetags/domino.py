"""Small filters for the pages: stones, moves and grades in words."""
from __future__ import annotations

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
def signed(value) -> str:
    if value is None:
        return ""
    return f"+{value}" if value > 0 else str(value)


@register.filter
def zip_rows(front: list, back: list) -> list:
    return list(zip(front, back))


@register.filter
def get(mapping: dict, key):
    return mapping.get(key) if isinstance(mapping, dict) else None


@register.filter
def halves(text: str) -> tuple[str, str]:
    return (text[0], text[1]) if text else ("", "")
