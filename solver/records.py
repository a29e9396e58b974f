"""Files of many game records (docs/records.md): read one game at a time,
written one after another with a blank line between two.

::

    for record in read_records(text):  # GameRecord after GameRecord
        ...
    text = write_records(records)  # each with its [Format "1"] tag first

A game begins with its tag lines; a tag line after a game's moves, or after
the blank line that ends its tags, begins the next game.  An error names the
game (counted from 1) and the line (counted from 1 in the whole file):
``RecordError("game 3, line 27: ply 14: '13R' cannot be played ...")``, with
the attributes ``game`` and ``line``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from .errors import RecordError
from .record import FORMAT_VERSION, GameRecord

__all__ = ["FORMAT_VERSION", "iter_write", "read_records", "read_records_from", "write_records"]

_LINE_PREFIX = re.compile(r"line (\d+): ")


@dataclass
class _Chunk:
    """The lines of one game as read so far."""

    first_line: int
    lines: list[str] = field(default_factory=list)
    tags_done: bool = False  # a blank line or a move came after the tags
    comment_open: bool = False

    def starts_next(self, line: str) -> bool:
        """Whether ``line`` (a tag line) begins the next game."""
        return self.tags_done and not self.comment_open

    def add(self, line: str) -> None:
        if self.lines and not line.strip():
            self.tags_done = True
        elif line.strip() and (self.comment_open or not line.lstrip().startswith("[")):
            self.tags_done = True
            for char in line:  # braces do not nest: a comment closes at the first '}'
                if char == "{":
                    self.comment_open = True
                elif char == "}":
                    self.comment_open = False
        if self.lines or line.strip():
            self.lines.append(line)


def _chunks(lines: Iterable[str]) -> Iterator[_Chunk]:
    current: _Chunk | None = None
    for number, line in enumerate(lines, 1):
        line = line.rstrip("\r\n")
        if number == 1:
            line = line.removeprefix("\ufeff")
        tag = line.lstrip().startswith("[")
        if current is not None and tag and current.starts_next(line):
            yield current
            current = None
        if current is None:
            if not line.strip():
                continue
            current = _Chunk(number)
        current.add(line)
    if current is not None:
        yield current


def read_records_from(lines: Iterable[str]) -> Iterator[GameRecord]:
    """The games of a file read line by line (an open file, a decompressing
    stream), one at a time; ``RecordError`` naming the game and the line."""
    for number, chunk in enumerate(_chunks(lines), 1):
        try:
            yield GameRecord.parse("\n".join(chunk.lines), first_line=chunk.first_line)
        except RecordError as exc:
            raise _located(exc, number, chunk.first_line) from None


def read_records(text: str) -> Iterator[GameRecord]:
    """The games of ``text``, one at a time (none for an empty text)."""
    if not isinstance(text, str):
        raise RecordError(f"a file of game records is a string, not {text!r}")
    return read_records_from(text.splitlines())


def _located(exc: RecordError, game: int, first_line: int) -> RecordError:
    message = str(exc)
    line = getattr(exc, "line", None)
    found = _LINE_PREFIX.match(message)
    if found is not None:
        line, message = int(found.group(1)), message[found.end() :]
    line = line or first_line
    error = RecordError(f"game {game}, line {line}: {message}")
    error.game, error.line = game, line  # type: ignore[attr-defined]
    return error


def iter_write(records: Iterable[GameRecord]) -> Iterator[str]:
    """``write_records`` a game at a time, for a file written as it goes."""
    for index, record in enumerate(records):
        text = record.format(versioned=True)
        yield text if index == 0 else "\n" + text


def write_records(records: Iterable[GameRecord]) -> str:
    """The games as one text: each as ``GameRecord.format(versioned=True)``
    writes it (its Format tag first), a blank line between two."""
    return "".join(iter_write(records))
