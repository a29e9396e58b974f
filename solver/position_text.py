"""Reading a position string (docs/rules.md sections 2.2 and 4.7): its fields,
each parsed to a value, and the checks that the position can arise in a deal.

``read_position`` is what ``Position.parse`` calls; ``str(Position)`` writes
the string back.  Every failure is a ``PositionError`` that quotes the string
read and says what is wrong with it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .errors import PositionError, StoneError, VariantError
from .hand import PLAYED, Hand
from .stones import Stone
from .variant import COLUMNS, LEWICKI, NAMES, Variant


class PositionFields(NamedTuple):
    """What a position string says, field by field (``Position``'s own fields)."""

    variant: Variant
    hands: tuple[Hand, ...]
    out: tuple[Stone, ...]
    ends: tuple[int, int] | None
    side: str


def read_position(text: str) -> PositionFields:
    """The fields of the position string ``text``; ``PositionError`` unless each
    field reads and the position they make can arise in a deal."""
    fields = text.split()
    variant = LEWICKI
    if fields and names_variant(fields[0], len(fields)):
        try:
            variant = Variant.parse(fields[0])
        except VariantError as exc:
            raise PositionError(f"{exc}, in {text!r}") from None
        fields = fields[1:]
        named = True
    else:
        named = False
    if len(fields) != variant.field_count:
        raise PositionError(_fields_message(variant, named, len(fields), text))
    seats = variant.seats
    hands = tuple(
        (_parse_hand if variant.is_rows else _parse_slots)(fields[i], seat, text, variant)
        for i, seat in enumerate(seats)
    )
    out: tuple[Stone, ...] = ()
    if variant.out_count:
        out = _parse_out(fields[len(seats)], text, variant)
    ends = _parse_ends(fields[-2], text, variant.highest)
    side = fields[-1].upper()
    if side not in seats:
        raise PositionError(f"the side to move is {_or(seats)}, not {fields[-1]!r} in {text!r}")
    position = PositionFields(variant, hands, out, ends, side)
    check_reachable(position, text)
    return position


def names_variant(field: str, fields: int) -> bool:
    """Is this first field meant as a variant's name?  A hand always has '.'
    between its entries; a word is a name when it is one (in any case, with
    any option) or when there are more fields than a standard position has."""
    if "." in field or "/" in field or not any(c.isalpha() for c in field):
        return False
    return field.lower().partition("+")[0] in NAMES or "+" in field or fields > LEWICKI.field_count


def _or(items: Sequence[str]) -> str:
    quoted = [repr(i) for i in items]
    return " or ".join(quoted) if len(quoted) <= 2 else ", ".join(quoted[:-1]) + " or " + quoted[-1]


def _fields_message(variant: Variant, named: bool, found: int, text: str) -> str:
    if variant.is_default and not named:
        return (
            f"a position has 4 fields '<A front>/<A back> <B front>/<B back> <ends> <side>', found {found} in {text!r}"
        )
    shape = [f"<{seat} front>/<{seat} back>" if variant.is_rows else f"<{seat} hand>" for seat in variant.seats]
    if variant.out_count:
        shape.append("<out>")
    shape += ["<ends>", "<side>"]
    return (
        f"a {variant} position has {variant.field_count} fields after its name "
        f"'{' '.join(shape)}', found {found} in {text!r}"
    )


def _stone(entry: str, where: str, text: str, variant: Variant) -> Stone:
    try:
        return Stone.parse(entry, variant.highest)
    except StoneError:
        raise PositionError(
            f"{where} has {entry!r}, which is neither a stone of the {variant.set_name} set "
            f"(two digits 0..{variant.highest}) nor '--', in {text!r}"
        ) from None


def _parse_hand(field: str, side: str, text: str, variant: Variant = LEWICKI) -> Hand:
    rows = field.split("/")
    if len(rows) != 2:
        raise PositionError(f"{side}'s stones are written '<front>/<back>' (one '/'), not {field!r} in {text!r}")
    parsed = []
    for name, row in zip(("front", "back"), rows, strict=True):
        entries = row.split(".")
        if len(entries) != COLUMNS:
            raise PositionError(f"{side}'s {name} row has {len(entries)} entries, not 7, in {field!r} of {text!r}")
        parsed.append(
            tuple(
                None if entry == PLAYED else _stone(entry, f"{side}'s {name} row", text, variant) for entry in entries
            )
        )
    return Hand(parsed[0], parsed[1])


def _parse_slots(field: str, side: str, text: str, variant: Variant) -> Hand:
    if "/" in field:
        raise PositionError(
            f"in {variant.name} a hand has no rows: {side}'s stones are 7 slots joined by '.', "
            f"not {field!r} in {text!r}"
        )
    entries = field.split(".")
    if len(entries) != COLUMNS:
        raise PositionError(f"{side}'s hand has {len(entries)} slots, not 7, in {field!r} of {text!r}")
    slots = tuple(None if entry == PLAYED else _stone(entry, f"{side}'s hand", text, variant) for entry in entries)
    return Hand(slots, ())


def _parse_out(field: str, text: str, variant: Variant) -> tuple[Stone, ...]:
    entries = field.split(".")
    if len(entries) != variant.out_count:
        raise PositionError(
            f"a {variant.name} deal leaves {variant.out_count} stones out, but {len(entries)} are "
            f"listed in {field!r} of {text!r}"
        )
    stones = []
    for entry in entries:
        try:
            stones.append(Stone.parse(entry, variant.highest))
        except StoneError:
            raise PositionError(
                f"the out stones have {entry!r}, which is not a stone of the {variant.set_name} set "
                f"(two digits 0..{variant.highest}), in {text!r}"
            ) from None
    seen: set[Stone] = set()
    for stone in stones:
        if stone in seen:
            raise PositionError(f"stone {stone} appears twice among the out stones in {text!r}")
        seen.add(stone)
    return tuple(sorted(stones))


def _parse_ends(field: str, text: str, highest: int = 6) -> tuple[int, int] | None:
    if field == "-":
        return None
    if len(field) != 2 or not field.isascii() or not field.isdigit() or max(field) > str(highest):
        raise PositionError(
            f"the ends are '-' (empty table) or two digits 0..{highest} (left, right), not {field!r} in {text!r}"
        )
    return int(field[0]), int(field[1])


def _forms_line(stones: list[Stone], left: int, right: int, highest: int = 6) -> bool:
    """Can ``stones`` be laid as one line whose ends show ``left`` and ``right``?

    That is an Euler trail from ``left`` to ``right`` in the multigraph whose
    vertices are the numbers 0..highest and whose edges are the stones: every
    stone connected to ``left``, and the odd-degree numbers exactly
    ``{left, right}`` (none when ``left == right``, which must then be on some
    stone).
    """
    degree = [0] * (highest + 1)
    parent = list(range(highest + 1))

    def find(x: int) -> int:
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for s in stones:
        degree[s.low] += 1
        degree[s.high] += 1
        parent[find(s.low)] = find(s.high)
    odd = {n for n in range(highest + 1) if degree[n] % 2}
    if left == right:
        if odd or degree[left] == 0:
            return False
    elif odd != {left, right}:
        return False
    root = find(left)
    return all(find(s.low) == root for s in stones)


def check_reachable(position: PositionFields, text: str) -> None:
    """``PositionError`` (quoting ``text``, the string read) unless the
    position can arise in a deal: each stone in one place, the table empty
    exactly when no stone is played, and then the opener to move, else the
    played stones a line from the opening stone to the ends."""
    seen = _placed_stones(position, text)
    played = [s for s in position.variant.stones if s not in seen]
    if position.ends is None:
        _check_empty_table(position, text, played)
    else:
        _check_table(position, text, played, position.ends)


def _placed_stones(position: PositionFields, text: str) -> dict[Stone, str]:
    """Where each stone in a hand or out is (``"A front column 3"``,
    ``"out"``); ``PositionError`` for a stone in two places or a back stone
    played before its front one."""
    seen: dict[Stone, str] = {}
    for seat, hand in zip(position.variant.seats, position.hands, strict=True):
        for col in range(COLUMNS):
            entries: tuple[tuple[str, Stone | None], ...]
            if hand.is_rows:
                entries = (
                    (f"{seat} front column {col}", hand.front[col]),
                    (f"{seat} back column {col}", hand.back[col]),
                )
            else:
                entries = ((f"{seat} slot {col}", hand.front[col]),)
            for here, stone in entries:
                if stone is None:
                    continue
                if stone in seen:
                    raise PositionError(f"stone {stone} appears twice ({seen[stone]} and {here}) in {text!r}")
                seen[stone] = here
            if hand.is_rows and hand.front[col] is not None and hand.back[col] is None:
                raise PositionError(
                    f"{seat}'s back stone in column {col} is marked played while its front "
                    f"stone {hand.front[col]} is still there, in {text!r}"
                )
    for stone in position.out:
        if stone in seen:
            where = seen[stone]
            if where == "out":
                raise PositionError(f"stone {stone} appears twice among the out stones in {text!r}")
            raise PositionError(f"stone {stone} appears twice: it is both in a hand ({where}) and out, in {text!r}")
        seen[stone] = "out"
    return seen


def _check_empty_table(position: PositionFields, text: str, played: list[Stone]) -> None:
    """Nothing played, and the variant's opener to move."""
    variant = position.variant
    if played:
        raise PositionError(
            f"the table is empty ('-') but {len(played)} stone(s) are marked played "
            f"({' '.join(map(str, played))}) in {text!r}"
        )
    opener, why = variant.opener(hand.stones() for hand in position.hands)
    if opener != position.side:
        if variant.is_default:
            raise PositionError(
                f"the table is empty, so the holder of 00 moves first, and {position.side} "
                f"does not hold it, in {text!r}"
            )
        raise PositionError(
            f"the table is empty, so {why} moves first: that is {opener}, and {position.side} "
            f"is not the opener, in {text!r}"
        )


def _check_table(position: PositionFields, text: str, played: list[Stone], ends: tuple[int, int]) -> None:
    """Some stone played, at most one seat out (the deal over once it is,
    the seat after it to move), the played stones one line from the
    variant's first stone to ``ends``."""
    variant = position.variant
    if not played:
        raise PositionError(f"the ends are {ends[0]}{ends[1]} but no stone is marked played in {text!r}")
    empty = [seat for seat, hand in zip(variant.seats, position.hands, strict=True) if hand.count == 0]
    if len(empty) > 1:
        raise PositionError(
            f"{' and '.join(empty)} have no stones left, but the deal ends as soon as one seat goes out, in {text!r}"
        )
    if empty and empty[0] == position.side:
        raise PositionError(
            f"{position.side} has no stones left, so the deal is already over and "
            f"{position.side} cannot be the side to move, in {text!r}"
        )
    if empty and variant.next_seat(empty[0]) != position.side:
        raise PositionError(
            f"{empty[0]} has no stones left, so the deal ended when {empty[0]} went out and the "
            f"seat to move is the one after it, {variant.next_seat(empty[0])}, not {position.side}, in {text!r}"
        )
    if not _forms_line(played, *ends, variant.highest):
        raise PositionError(
            f"the played stones ({' '.join(map(str, played))}) cannot form one line with "
            f"left end {ends[0]} and right end {ends[1]}, in {text!r}"
        )
    dealt = [s for s in variant.stones if s not in position.out]
    first = variant.first_stone(dealt)
    if first is not None and first not in played:
        holder = next(seat for seat, hand in zip(variant.seats, position.hands, strict=True) if first in hand)
        raise PositionError(
            f"the table is not empty, so the deal was opened with {first} (the {variant.name} "
            f"game's first stone), but {first} is still in {holder}'s hand, in {text!r}"
        )
