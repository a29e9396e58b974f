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
