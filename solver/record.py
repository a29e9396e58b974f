"""Game records: a start position and the moves played from it, as one
plain-text form in the manner of PGN.

::

    [Event "Practice game"]
    [Seed "42"]
    [Start "44.25.24.16.33.13.04/45.15.22.35.02.23.34 01.46.03.12.36.56.00/06.26.66.11.55.14.05 - B"]
    [Result "B 55 blocked"]

    1. 00 04L 2. 46L 16L 3. 01L pass ...

``GameRecord.parse`` reads a record and replays every move (each must be
legal); ``str(record)`` writes it back, and ``GameRecord.parse(str(record))
== record``.  A record of another variant than the standard game has a
``[Variant "block"]`` tag (written before Start); its Start position names
the variant too.  The format is described in the README.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from .deal import check_seed, deal
from .errors import IllegalMoveError, MoveError, PositionError, RecordError, SeedError, VariantError
from .moves import Move
from .movetext import Note, Token, move_tokens, movetext
from .position import BLOCKED, REASONS, Position, Result, names_variant
from .variant import LEWICKI, Variant

START, SEED, RESULT, VARIANT, FORMAT = "Start", "Seed", "Result", "Variant", "Format"
# tags worked out from the start position and the moves (and the format's version)
DERIVED = (FORMAT, VARIANT, START, RESULT)
UNFINISHED = "*"
# The version of docs/records.md this module reads and writes: a record of
# another major version is refused, a later minor version of this one read.
FORMAT_MAJOR, FORMAT_VERSION = 1, "1"

_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*\Z")
_TAG_LINE = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_]*)\s+"((?:[^"\\]|\\["\\])*)"\s*\]\Z')
_UNESCAPE = re.compile(r'\\(["\\])')
_FORMAT_VALUE = re.compile(r"(\d+)(?:\.(\d+))?\Z")

TagsLike = Mapping[str, str] | Iterable[tuple[str, str]]


# ------------------------------------------------------------------- results


def format_result(result: Result | None) -> str:
    """The Result tag's value: ``A 12 domino``, ``B 40 blocked``,
    ``draw blocked``, or ``*`` while the deal goes on (``result`` is ``None``)."""
    if result is None:
        return UNFINISHED
    if result.winner is None:
        return f"draw {result.reason}"
    return f"{result.winner} {result.points} {result.reason}"


def parse_result(text: str, variant: Variant = LEWICKI) -> Result | None:
    """Read a Result tag's value (see ``format_result``); ``*`` gives ``None``.
    The winner is a side of ``variant``: ``A`` or ``B``, or in ``partnership``
    the team ``A+C`` or ``B+D``."""
    words = text.split()
    if words == [UNFINISHED]:
        return None
    if len(words) == 2 and words[0].lower() == "draw" and words[1].lower() == BLOCKED:
        return Result(None, 0, BLOCKED)
    winners = [variant.team_name(team) for team in (0, 1)]
    if (
        len(words) == 3
        and words[0].upper() in winners
        and words[1].isascii()
        and words[1].isdigit()
        and words[2].lower() in REASONS
    ):
        return Result(words[0].upper(), int(words[1]), words[2].lower())
    raise RecordError(
        f"a result is '<{'|'.join(winners)}> <points> <domino|blocked>', 'draw blocked' or '*', not {text!r}"
    )


# -------------------------------------------------------------------- tags


def escape_tag_value(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _check_tags(tags: TagsLike) -> tuple[tuple[str, str], ...]:
    pairs = list(tags.items()) if isinstance(tags, Mapping) else list(tags)
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    for pair in pairs:
        try:
            name, value = pair
        except (TypeError, ValueError):
            raise RecordError(f"a tag is a (name, value) pair, not {pair!r}") from None
        if not isinstance(name, str) or not _TAG_NAME.match(name):
            raise RecordError(f"a tag name is a letter followed by letters, digits or '_', not {name!r}")
        if name in DERIVED:
            raise RecordError(
                f"the {name} tag is not stored with the other tags: it is worked out "
                f"from the start position and the moves"
            )
        if name in seen:
            raise RecordError(f"the tag {name!r} is given twice")
        if not isinstance(value, str):
            raise RecordError(f"the value of tag {name!r} is a string, not {value!r}")
        if "\n" in value or "\r" in value:
            raise RecordError(f"the value of tag {name!r} must be on one line, not {value!r}")
        seen.add(name)
        out.append((name, value))
    return tuple(out)


def _seed_start(value: str, variant: Variant = LEWICKI) -> Position:
    try:
        return deal(check_seed(value.strip()), variant)
    except SeedError as exc:
        raise RecordError(f"bad Seed tag: {exc}") from None


def _variant_tag(value: str) -> Variant:
    try:
        return Variant.parse(value.strip())
    except VariantError as exc:
        raise RecordError(f"bad Variant tag: {exc}") from None


# ------------------------------------------------------------------ replay


def _replay(
    start: Position, tokens: Iterable[tuple[str, object]], lines: Sequence[int] = ()
) -> tuple[tuple[Move, ...], tuple[Position, ...]]:
    """Play ``(token, move)`` pairs from ``start``; the token is what the
    record said, quoted in errors (whose ``line`` is the move's, from
    ``lines``, when given).  Returns the normalised moves and every position
    from ``start`` to the end."""
    moves: list[Move] = []
    positions = [start]
    position = start
    for ply, (token, move) in enumerate(tokens, 1):
        try:
            move = _played(position, ply, token, move)
        except RecordError as exc:
            exc.line = lines[ply - 1] if ply <= len(lines) else None  # type: ignore[attr-defined]
            raise
        position = position.push(move)
        moves.append(move)
        positions.append(position)
    return tuple(moves), tuple(positions)


def _played(position: Position, ply: int, token: str, move: object) -> Move:
    if not isinstance(move, (Move, str)):
        raise RecordError(f"ply {ply}: a move is a Move or a string such as '36R', not {move!r}")
    try:
        return position.normalise_move(move)
    except MoveError as exc:
        raise RecordError(f"ply {ply}: {token!r} is not a move: {exc}") from None
    except IllegalMoveError as exc:
        raise RecordError(f"ply {ply}: {token!r} cannot be played ({position.side} to move): {exc}") from None


def _notes(notes: Iterable[Note | None], count: int) -> tuple[Note | None, ...]:
    """One note (or ``None``) a move: ``notes`` padded with ``None``."""
    if isinstance(notes, (str, Note)):
        raise RecordError(f"notes is a sequence of notes, not {notes!r}")
    kept = tuple(notes)
    if len(kept) > count:
        raise RecordError(f"{len(kept)} notes for {count} moves: a note belongs to a move")
    for note in kept:
        if note is not None and not isinstance(note, Note):
            raise RecordError(f"a note is a solver.movetext.Note or None, not {note!r}")
    # an empty comment says nothing: kept as no note
    kept = tuple(None if note is None or (note.clock_ms is None and not note.text) else note for note in kept)
    return kept + (None,) * (count - len(kept))


def check_format(value: str) -> None:
    """Refuse a Format tag's value that is not ``N`` or ``N.M``, or whose major
    version ``N`` is not this reader's."""
    match = _FORMAT_VALUE.match(value.strip())
    if match is None:
        raise RecordError(f"bad Format tag: a version is '<major>' or '<major>.<minor>' such as '1', not {value!r}")
    major = int(match.group(1))
    if major > FORMAT_MAJOR:
        raise RecordError(
            f"this record is written in version {value.strip()} of the record format, newer than this "
            f"reader (version {FORMAT_VERSION}): read it with a newer version of the program"
        )
    if major < FORMAT_MAJOR:
        raise RecordError(f"bad Format tag: there is no version {value.strip()!r} of the record format before 1")


# ------------------------------------------------------------------ record


@dataclass(frozen=True, slots=True, init=False)  # __init__ below checks and normalises
class GameRecord:
    """A start position, the moves played from it (normalised, each legal) and
    the record's tags as ``(name, value)`` pairs in order, and the note of
    each move (its comment: the mover's clock after it, any text; ``None``
    for a move without one).

    The Format, Variant, Start and Result tags are not among ``tags``: they are
    written from ``start`` (whose variant it is) and ``result``.  A ``Seed``
    tag, if present, must name the deal of that variant whose opening
    position is ``start``.

    The constructor takes more than it stores: the start as a ``Position`` or
    a position string, the moves as ``Move`` objects or move strings, the tags
    as a mapping or as pairs; it checks them all (raising ``RecordError``) and
    keeps them normalised.
    """

    start: Position
    moves: tuple[Move, ...]
    tags: tuple[tuple[str, str], ...]
    notes: tuple[Note | None, ...]
    _positions: tuple[Position, ...] = field(init=False, repr=False, compare=False, hash=False)

    def __init__(
        self,
        start: Position | str,
        moves: Iterable[Move | str] = (),
        tags: TagsLike = (),
        notes: Iterable[Note | None] = (),
    ) -> None:
        if isinstance(start, str):
            try:
                start = Position.parse(start)
            except PositionError as exc:
                raise RecordError(f"bad start position: {exc}") from None
        if not isinstance(start, Position):
            raise RecordError(f"the start is a Position or a position string, not {start!r}")
        checked_tags = _check_tags(tags)
        seed = dict(checked_tags).get(SEED)
        if seed is not None and _seed_start(seed, start.variant) != start:
            raise RecordError(
                f"the start position {str(start)!r} is not the opening position of deal "
                f"{seed!r}, which is {str(_seed_start(seed, start.variant))!r}"
            )
        if isinstance(moves, (str, Move)):
            raise RecordError(f"moves is a sequence of moves, not {moves!r}")
        played, positions = _replay(start, ((str(m), m) for m in moves))
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "tags", checked_tags)
        object.__setattr__(self, "moves", played)
        object.__setattr__(self, "notes", _notes(notes, len(played)))
        object.__setattr__(self, "_positions", positions)

    # ------------------------------------------------------------ building
    @classmethod
    def from_seed(
        cls,
        seed: int | str,
        moves: Iterable[Move | str] = (),
        tags: TagsLike = (),
        variant: Variant | str | None = None,
    ) -> GameRecord:
        """A record of deal ``seed`` of ``variant`` (the standard game by
        default; its Seed tag comes after ``tags``)."""
        value = str(check_seed(seed))
        kept = tuple(t for t in _check_tags(tags) if t[0] != SEED) + ((SEED, value),)
        return cls(deal(int(value), variant), tuple(moves), kept)

    def push(self, move: Move | str, note: Note | None = None) -> GameRecord:
        """The record with ``move`` played after the last one (with ``note``)."""
        return GameRecord(self.start, (*self.moves, move), self.tags, (*self.notes, note))

    def with_tag(self, name: str, value: str) -> GameRecord:
        """The record with tag ``name`` set to ``value`` (replaced in place if present)."""
        tags = list(self.tags)
        for i, (n, _) in enumerate(tags):
            if n == name:
                tags[i] = (name, value)
                break
        else:
            tags.append((name, value))
        return GameRecord(self.start, self.moves, tuple(tags), self.notes)

    # ------------------------------------------------------------- reading
    def tag(self, name: str, default: str | None = None) -> str | None:
        """The value of tag ``name`` (``Variant``, ``Start`` and ``Result``
        included, as written; ``Variant`` is ``lewicki`` for the standard game)."""
        if name == FORMAT:
            return FORMAT_VERSION
        if name == VARIANT:
            return str(self.start.variant)
        if name == START:
            return str(self.start)
        if name == RESULT:
            return format_result(self.result)
        return dict(self.tags).get(name, default)

    @property
    def clocks(self) -> tuple[int | None, ...]:
        """Each move's clock annotation (milliseconds left to the mover after it), or ``None``."""
        return tuple(None if note is None else note.clock_ms for note in self.notes)

    @property
    def variant(self) -> Variant:
        return self.start.variant

    @property
    def seed(self) -> int | None:
        value = dict(self.tags).get(SEED)
        return None if value is None else check_seed(value.strip())

    def positions(self) -> tuple[Position, ...]:
        """Every position of the game: ``start``, then the one after each move."""
        return self._positions

    @property
    def final_position(self) -> Position:
        return self._positions[-1]

    @property
    def result(self) -> Result | None:
        """How the deal ended, or ``None`` if the record stops before the end."""
        return self.final_position.result()

    @property
    def is_over(self) -> bool:
        return self.final_position.is_over()

    def __len__(self) -> int:
        return len(self.moves)

    # ------------------------------------------------------------- writing
    def format(self, *, versioned: bool = False) -> str:
        """The record as text: tag lines (the Format tag first when
        ``versioned``, as ``solver.records.write_records`` writes it), a
        blank line, the numbered moves with their comments."""
        lines = [f'[{FORMAT} "{FORMAT_VERSION}"]'] if versioned else []
        lines += [f'[{name} "{escape_tag_value(value)}"]' for name, value in self.tags]
        if not self.start.variant.is_default:
            lines.append(f'[{VARIANT} "{self.start.variant}"]')
        lines.append(f'[{START} "{self.start}"]')
        lines.append(f'[{RESULT} "{format_result(self.result)}"]')
        text = "\n".join(lines) + "\n"
        moves = movetext(self.moves, self.notes)
        if moves:
            text += "\n" + moves + "\n"
        return text

    def __str__(self) -> str:
        return self.format()

    def movetext_units(self) -> list[str]:
        """The moves as written: ``"1. 00"``, ``"04L"``, ``"2. 46L"``, ..."""
        units = []
        for i, move in enumerate(self.moves):
            units.append(f"{i // 2 + 1}. {move}" if i % 2 == 0 else str(move))
        return units

    # ------------------------------------------------------------- parsing
    @classmethod
    def parse(cls, text: str, first_line: int = 1) -> GameRecord:
        """Read a record (see the module docstring), replaying every move.

        Raises ``RecordError`` whose message says what is wrong and where
        (lines counted from ``first_line``; its ``line`` attribute, when
        set, is the line of the move refused).
        """
        if not isinstance(text, str):
            raise RecordError(f"a game record is a string, not {text!r}")
        lines = text.splitlines()
        index = 0
        while index < len(lines) and not lines[index].strip():
            index += 1
        if index == len(lines):
            raise RecordError(
                "the game record is empty: expected tags such as "
                '[Start "<position>"] or a position string, then the moves'
            )
        if not lines[index].lstrip().startswith("["):
            return cls._parse_bare(lines, index, first_line)

        tags, index = _tag_lines(lines, index, first_line)
        values = dict(tags)
        if FORMAT in values:
            check_format(values[FORMAT])
        tokens = move_tokens(enumerate(lines[index:], index + first_line))
        start = _tagged_start(values)
        moves, positions = _replay(start, _pairs(tokens), [t.line for t in tokens])
        if RESULT in values:
            claimed = parse_result(values[RESULT], start.variant)
            actual = positions[-1].result()
            if claimed != actual:
                raise RecordError(
                    f"the Result tag says {values[RESULT]!r} but the moves "
                    + ("do not finish the deal" if actual is None else f"end with {format_result(actual)!r}")
                )
        kept = tuple((n, v) for n, v in tags if n not in DERIVED)
        return cls(start, moves, kept, [t.note for t in tokens])

    @classmethod
    def _parse_bare(cls, lines: list[str], index: int, first_line: int = 1) -> GameRecord:
        """No tags: the first line is a position string, possibly followed by moves."""
        fields = lines[index].split()
        length = 4  # the standard game's fields; a variant's name says how many it has
        if fields and names_variant(fields[0], len(fields)):
            try:
                length = 1 + Variant.parse(fields[0]).field_count
            except VariantError as exc:
                raise RecordError(
                    f"line {index + first_line}: a record without tags starts with a position string: {exc}"
                ) from None
        try:
            start = Position.parse(" ".join(fields[:length]))
        except PositionError as exc:
            raise RecordError(
                f"line {index + first_line}: a record without tags starts with a position string: {exc}"
            ) from None
        rest = [(index + first_line, " ".join(fields[length:]))]
        tokens = move_tokens(rest + list(enumerate(lines[index + 1 :], index + first_line + 1)))
        moves, _ = _replay(start, _pairs(tokens), [t.line for t in tokens])
        return cls(start, moves, (), [t.note for t in tokens])


def _pairs(tokens: list[Token]) -> list[tuple[str, object]]:
    return [(t.text, t.text) for t in tokens]


def _tag_lines(lines: list[str], index: int, first_line: int = 1) -> tuple[list[tuple[str, str]], int]:
    """The tags ``(name, value)`` of the tag lines from ``lines[index]`` on, in
    order, and the index of the first line after them; ``RecordError`` for a
    line that is no tag or a tag given twice."""
    tags: list[tuple[str, str]] = []
    names: set[str] = set()
    while index < len(lines) and lines[index].lstrip().startswith("["):
        line = lines[index].strip()
        match = _TAG_LINE.match(line)
        if not match:
            raise RecordError(
                f'line {index + first_line}: a tag line is [Name "value"] (in the value write '
                f'\\" for " and \\\\ for \\), not {line!r}'
            )
        name, value = match.group(1), _UNESCAPE.sub(r"\1", match.group(2))
        if name in names:
            raise RecordError(f"line {index + first_line}: the tag {name!r} is given twice")
        names.add(name)
        tags.append((name, value))
        index += 1
    return tags, index


def _tagged_start(values: dict[str, str]) -> Position:
    """The start position the tags give: the Start tag's position (a position
    of the Variant tag's variant, if there is one) or the opening position of
    the Seed tag's deal, the same position when both are given; else
    ``RecordError``."""
    start: Position | None = None
    variant = _variant_tag(values[VARIANT]) if VARIANT in values else None
    if START in values:
        try:
            start = Position.parse(values[START])
        except PositionError as exc:
            raise RecordError(f"bad Start tag: {exc}") from None
        if variant is not None and start.variant != variant:
            raise RecordError(
                f"the Variant tag {values[VARIANT]!r} does not match the Start tag "
                f"{values[START]!r}, which is a position of {str(start.variant)!r}"
            )
        variant = start.variant
    if SEED in values:
        dealt = _seed_start(values[SEED], variant or LEWICKI)
        if start is None:
            start = dealt
        elif start != dealt:
            raise RecordError(
                f"the Start tag {values[START]!r} is not the opening position of deal "
                f"{values[SEED]!r}, which is {str(dealt)!r}"
            )
    if start is None:
        raise RecordError("a game record needs a Start tag (the start position) or a Seed tag (the deal number)")
    return start
