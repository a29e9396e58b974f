"""Row ids in addresses and query strings.

The database's keys are signed 64-bit integers, so a number past 2**63 - 1
can name no row: handed to a query it overflows the driver (SQLite's
``OverflowError``, a 500) instead of finding nothing.  The path converter
``<id:...>`` matches such a number not at all (the address is then a 404, a
JSON one under /api/), and ``parse_id`` reads a query parameter the same way."""

from __future__ import annotations

from django.urls import register_converter

LARGEST = 2**63 - 1


class IdConverter:
    """``<id:name>``: a row id, a whole number from 0 to 2**63 - 1."""

    regex = "[0-9]{1,19}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if number > LARGEST:
            raise ValueError(f"{value} is larger than any id")  # Django reads it as no match
        return number

    def to_url(self, value: int) -> str:
        return str(value)


register_converter(IdConverter, "id")


def parse_id(raw: str | None) -> int | None:
    """The id a query parameter names, or None when it names none; a
    ``ValueError`` that says why when it is no id at all."""
    if raw is None or raw == "":
        return None
    text = raw.strip()
    if not (text.isascii() and text.isdigit()):
        raise ValueError(f"an id is a whole number such as 12, not {raw[:40]!r}")
    number = int(text)
    if number > LARGEST:
        raise ValueError(f"{text[:40]} is larger than any id (at most {LARGEST})")
    return number
