"""The moves part of a game record: move tokens, move numbers and comments.

A comment is ``{...}`` after a move (docs/records.md).  Inside it, ``[%clk
H:MM:SS]`` is the clock annotation: the time the player who made the move
had left once it was made (the increment earned by the move included).
Anything else in a comment (free text, other ``[%name ...]`` annotations) is
kept as its text, its runs of whitespace made single spaces.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .errors import RecordError

LINE_WIDTH = 79

_MOVE_NUMBER = re.compile(r"(\d+)\.+(.*)\Z")  # "12." or "12..." (ignored), or glued "12.05"
_CLOCK = re.compile(r"\[%clk\s+(\d+):([0-5]\d):([0-5]\d)(?:\.(\d{1,3}))?\s*\]")
_ANY_CLOCK = re.compile(r"\[%clk\b[^\]]*\]?")


@dataclass(frozen=True, slots=True)
class Note:
    """What a comment after a move says: the mover's clock after the move
    (milliseconds, or ``None``) and any other text."""

    clock_ms: int | None = None
    text: str = ""

    def __post_init__(self) -> None:
        if self.clock_ms is not None and (not isinstance(self.clock_ms, int) or self.clock_ms < 0):
            raise RecordError(f"a clock is a whole number of milliseconds, 0 or more, not {self.clock_ms!r}")
        if not isinstance(self.text, str) or "{" in self.text or "}" in self.text:
            raise RecordError(f"a comment's text is a string without braces, not {self.text!r}")
        object.__setattr__(self, "text", " ".join(self.text.split()))
        if _ANY_CLOCK.search(self.text):
            raise RecordError(f"a comment's text holds no clock (give it as clock_ms): {self.text!r}")

    def format(self) -> str:
        parts = [] if self.clock_ms is None else [f"[%clk {format_clock(self.clock_ms)}]"]
        if self.text:
            parts.append(self.text)
        return "{" + " ".join(parts) + "}"


def format_clock(ms: int) -> str:
    """``H:MM:SS``, with ``.d``, ``.dd`` or ``.ddd`` for a part of a second
    (its trailing zeros dropped): 272000 is ``0:04:32``, 90500 ``0:01:30.5``."""
    seconds, part = divmod(ms, 1000)
    minutes, second = divmod(seconds, 60)
    hours, minute = divmod(minutes, 60)
    text = f"{hours}:{minute:02d}:{second:02d}"
    return f"{text}.{f'{part:03d}'.rstrip('0')}" if part else text


def parse_note(body: str) -> Note:
    """The note of a comment's text (between its braces)."""
    clocks = list(_CLOCK.finditer(body))
    if len(clocks) > 1:
        raise RecordError(f"a comment holds one clock, not {len(clocks)}: {{{body}}}")
    clock_ms = None
    if clocks:
        hours, minutes, seconds, part = clocks[0].groups()
        clock_ms = ((int(hours) * 60 + int(minutes)) * 60 + int(seconds)) * 1000 + int((part or "").ljust(3, "0"))
        body = body[: clocks[0].start()] + " " + body[clocks[0].end() :]
    if _ANY_CLOCK.search(body):
        raise RecordError(
            f"a clock is written [%clk H:MM:SS] (hours, minutes and seconds, maybe with tenths), not in {{{body}}}"
        )
    return Note(clock_ms, body)


@dataclass(frozen=True, slots=True)
class Token:
    """A move as written (``text``) and the line it is on, with the note of
    the comment that follows it."""

    text: str
    line: int
    note: Note | None = None


def move_tokens(lines: Iterable[tuple[int, str]]) -> list[Token]:
    """The moves of ``(line number, line)`` pairs, move numbers dropped, each
    with the comment that follows it; ``RecordError`` for a tag line among
    the moves, a comment before the first move, two comments after one move,
    a comment left open or a brace out of place."""
    tokens: list[Token] = []
    comment: list[str] | None = None  # the text of an open comment
    opened = 0
    for number, line in lines:
        if comment is None and line.lstrip().startswith("["):
            raise RecordError(f"line {number}: tag line {line.strip()!r} after the moves (tags come first)")
        for piece in re.split(r"([{}])", line):
            if comment is not None:
                if piece == "{":
                    raise RecordError(f"line {number}: a comment holds no '{{' (comments do not nest)")
                if piece == "}":
                    _attach(tokens, parse_note(" ".join(comment)), opened)
                    comment = None
                else:
                    comment.append(piece)
            elif piece == "{":
                comment, opened = [], number
            elif piece == "}":
                raise RecordError(f"line {number}: a '}}' closes no comment")
            else:
                tokens.extend(_moves(piece, number))
        if comment is not None:
            comment.append("\n")
    if comment is not None:
        raise RecordError(f"line {opened}: the comment begun here is not closed with '}}'")
    return tokens


def _moves(text: str, number: int) -> list[Token]:
    out = []
    for word in text.split():
        match = _MOVE_NUMBER.match(word)
        if match:
            word = match.group(2)
            if not word:
                continue
        out.append(Token(word, number))
    return out


def _attach(tokens: list[Token], note: Note, line: int) -> None:
    if not tokens:
        raise RecordError(f"line {line}: a comment comes after a move, not before the first one")
    last = tokens[-1]
    if last.note is not None:
        raise RecordError(f"line {line}: the move {last.text!r} has two comments; join them into one")
    tokens[-1] = Token(last.text, last.line, note)


def movetext(moves: Sequence[object], notes: Sequence[Note | None], width: int = LINE_WIDTH) -> str:
    """The moves as written: numbered every two plies (``1. 00 04L 2. 46L``),
    each followed by its comment, in lines under ``width`` + 1 characters
    where a move and its comment allow."""
    units = []
    for i, move in enumerate(moves):
        unit = f"{i // 2 + 1}. {move}" if i % 2 == 0 else str(move)
        note = notes[i] if i < len(notes) else None
        units.append(unit if note is None else f"{unit} {note.format()}")
    lines: list[str] = []
    current = ""
    for unit in units:
        if current and len(current) + 1 + len(unit) > width:
            lines.append(current)
            current = unit
        else:
            current = f"{current} {unit}" if current else unit
    if current:
        lines.append(current)
    return "\n".join(lines)
