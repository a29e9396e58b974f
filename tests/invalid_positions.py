"""Invalid position strings of every class in docs/rules.md section 2.4, each made by
editing a real position (a seeded deal, or a position reached by play).

``invalid_examples()`` gives ``(name, text, phrase)``: ``phrase`` is a piece of
the reason the error message must give.
"""

from __future__ import annotations

from functools import cache

import pytest

from solver import Position, analyse, deal
from solver.errors import PositionError


def assert_refused(text: str, phrase: str) -> None:
    """Reading ``text`` is refused with a message that quotes it and gives
    ``phrase`` of the reason."""
    with pytest.raises(PositionError) as info:
        Position.parse(text)
    message = str(info.value)
    assert repr(text) in message, message
    assert phrase in message, message


def fields(position: Position | str) -> list[str]:
    return str(position).split(" ")


def rows(field: str) -> tuple[list[str], list[str]]:
    front, back = field.split("/")
    return front.split("."), back.split(".")


def join_rows(front: list[str], back: list[str]) -> str:
    return ".".join(front) + "/" + ".".join(back)


def edit_entry(position: Position | str, side: int, row: int, col: int, entry: str) -> str:
    """The position string with one row entry replaced."""
    f = fields(position)
    hand = rows(f[side])
    hand[row][col] = entry
    f[side] = join_rows(*hand)
    return " ".join(f)


def with_field(position: Position | str, index: int, value: str) -> str:
    f = fields(position)
    f[index] = value
    return " ".join(f)


@cache
def main_line_positions(seed: int) -> tuple[Position, ...]:
    """The positions along the solver's main line of deal ``seed``."""
    position = deal(seed)
    out = [position]
    for move in analyse(position).pv:
        position = position.push(move)
        out.append(position)
    return tuple(out)


def middlegame(seed: int = 42, ply: int = 6) -> Position:
    return main_line_positions(seed)[ply]


def domino_final() -> Position:
    """The end of a main line where a player went out (the side to move is the loser)."""
    for seed in range(100):
        final = main_line_positions(seed)[-1]
        if final.result() is not None and final.result().reason == "domino":
            return final
    raise AssertionError("no deal ends in domino")  # pragma: no cover


def disconnected(seed_range: range = range(200)) -> str:
    """A front-row double ``dd`` and a non-double front stone ``xy`` without a
    ``d``, both marked played, ends ``xy``: the degrees fit, the line is broken."""
    for seed in seed_range:
        position = deal(seed)
        f = fields(position)
        slots = []
        for side in (0, 1):
            front, _ = rows(f[side])
            slots += [(side, col, stone) for col, stone in enumerate(front)]
        doubles = [s for s in slots if s[2][0] == s[2][1]]
        others = [s for s in slots if s[2][0] != s[2][1]]
        for d in doubles:
            for o in others:
                if d[2][0] not in o[2] and "00" not in (d[2], o[2]):
                    text = edit_entry(position, d[0], 0, d[1], "--")
                    text = edit_entry(text, o[0], 0, o[1], "--")
                    # keep a side to move that still has stones (both do)
                    return with_field(text, 2, o[2])
    raise AssertionError("no suitable deal")  # pragma: no cover


def wrong_ends(position: Position) -> str:
    """``position`` with ends whose parity cannot match the played stones."""
    assert position.ends is not None
    left, right = position.ends
    true_odd = {left, right} if left != right else set()
    for x in range(7):
        for y in range(7):
            if x != y and {x, y} != true_odd:
                return with_field(position, 2, f"{x}{y}")
    raise AssertionError("unreachable")  # pragma: no cover


def invalid_examples() -> list[tuple[str, str, str]]:
    opening = deal(42)  # B holds 00 and moves
    mid = middlegame()
    f = fields(opening)
    a_front, a_back = rows(f[0])
    b_front, _ = rows(f[1])
    final = domino_final()
    return [
        ("missing field", " ".join(f[:3]), "found 3"),
        ("missing side and ends", " ".join(f[:2]), "found 2"),
        ("extra field", str(opening) + " A", "found 5"),
        ("hand without slash", with_field(opening, 0, f[0].replace("/", ".")), "one '/'"),
        ("row of six entries", with_field(opening, 1, join_rows(b_front[:6], rows(f[1])[1])), "6 entries"),
        ("malformed ends", with_field(mid, 2, "3x"), "'3x'"),
        ("ends of three digits", with_field(mid, 2, "123"), "'123'"),
        ("bad side", with_field(opening, 3, "C"), "'C'"),
        ("entry not a stone", edit_entry(opening, 0, 0, 0, "x5"), "'x5'"),
        ("stone not in set", edit_entry(opening, 0, 0, 3, "17"), "'17'"),
        ("stone 77 not in set", edit_entry(opening, 1, 1, 6, "77"), "'77'"),
        ("duplicate stone", edit_entry(opening, 0, 0, 0, b_front[0]), "appears twice"),
        ("duplicate stone high first", edit_entry(opening, 0, 1, 2, b_front[0][::-1]), "appears twice"),
        ("back played while front not", edit_entry(opening, 0, 1, 4, "--"), "still there"),
        ("empty table with played stones", edit_entry(opening, 0, 0, 1, "--"), "table is empty"),
        ("ends but no stone played", with_field(opening, 2, "05"), "no stone is marked played"),
        ("ends not matching played stones", wrong_ends(mid), "cannot form one line"),
        ("disconnected played stones", disconnected(), "cannot form one line"),
        ("empty table and side without 00", with_field(opening, 3, "A"), "does not hold it"),
        ("side with no stones left", with_field(final, 3, "A" if final.side == "B" else "B"), "no stones left"),
    ]


# ------------------------------------------------------------------ variants
# Invalid position strings of every class of docs/rules.md section 4.7 (and the
# section 2 classes as they apply to the variants), each an edit of a real
# position of that variant.


def variant_game(seed: int, variant: str) -> list[Position]:
    """The positions of a seeded random game of ``variant``."""
    import random

    rng = random.Random(seed)
    positions = [deal(seed, variant)]
    while moves := positions[-1].legal_moves():
        positions.append(positions[-1].play(rng.choice(moves)))
    return positions


def variant_final(variant: str, reason: str = "domino") -> Position:
    """The last position of the first seeded random game of ``variant`` that ends so."""
    for seed in range(200):
        final = variant_game(seed, variant)[-1]
        result = final.result()
        if result is not None and result.reason == reason:
            return final
    raise AssertionError(f"no {variant} game ends {reason}")  # pragma: no cover


def hand_fields(position: Position | str) -> tuple[list[str], int]:
    """The fields of a variant's position string and the index of its first hand."""
    f = fields(position)
    return f, (0 if f[0][0].isdigit() or f[0][0] == "-" else 1)


def edit_slot(position: Position | str, seat: int, slot: int, entry: str) -> str:
    """A hand-layout position with one slot of seat ``seat`` replaced."""
    f, first = hand_fields(position)
    slots = f[first + seat].split(".")
    slots[slot] = entry
    f[first + seat] = ".".join(slots)
    return " ".join(f)


def blank_hand(position: Position | str, seat: int) -> str:
    """A hand-layout position with every stone of seat ``seat`` marked played."""
    f, first = hand_fields(position)
    f[first + seat] = ".".join(["--"] * 7)
    return " ".join(f)


def played_first_stone_elsewhere(variant: str) -> str:
    """A deal of ``variant`` where another stone than the forced first stone
    was played first (and is the whole line)."""
    position = deal(42, variant)
    first = position.first_stone()
    seats = position.seats
    for seat_index, hand in enumerate(position.hands):
        for slot, stone in enumerate(hand.front):
            if stone is not None and stone != first and not stone.is_double:
                text = edit_slot(position, seat_index, slot, "--")
                text = with_field(text, len(fields(text)) - 2, f"{stone.low}{stone.high}")
                return with_field(text, len(fields(text)) - 1, seats[(seat_index + 1) % len(seats)])
    raise AssertionError("unreachable")  # pragma: no cover


def variant_invalid_examples() -> list[tuple[str, str, str]]:
    block, partnership, nine = deal(42, "block"), deal(42, "partnership"), deal(42, "lewicki9")
    b = fields(block)  # block a b out ends side
    p = fields(partnership)  # partnership a b c d ends side
    n = fields(nine)  # lewicki9 a b out ends side
    out = b[3].split(".")
    block_mid = variant_game(5, "block")[4]
    assert block_mid.ends is not None
    assert not block_mid.is_over()
    hand_a = b[1].split(".")
    domino = variant_final("partnership")
    went_out = next(seat for seat, hand in zip(domino.seats, domino.hands, strict=True) if hand.count == 0)
    wrong_side = next(s for s in domino.seats if s not in (went_out, domino.variant.next_seat(went_out)))
    block_domino = variant_final("block")
    out_seat = next(i for i, hand in enumerate(block_domino.hands) if hand.count == 0)
    standard = str(deal(42))
    return [
        ("unknown variant", "blok " + " ".join(b[1:]), "unknown variant 'blok'"),
        ("variant name in upper case", "Block " + " ".join(b[1:]), "names are lower case"),
        ("unknown option", "block+double " + " ".join(b[1:]), "unknown option"),
        ("option twice", "block+doubles+doubles " + " ".join(b[1:]), "written once"),
        ("option without a name", "+doubles " + " ".join(b[1:]), "unknown variant"),
        ("explicit lewicki with a missing field", "lewicki " + " ".join(standard.split()[:3]), "found 3"),
        ("block without its out field", " ".join(b[:3] + b[4:]), "found 4"),
        ("block with an extra field", str(block) + " A", "found 6"),
        ("partnership with three hands", " ".join(p[:4] + p[5:]), "found 5"),
        ("lewicki9 without its out field", " ".join(n[:3] + n[4:]), "found 4"),
        ("block hand of six slots", with_field(block, 1, ".".join(hand_a[:6])), "6 slots"),
        ("block hand of eight slots", with_field(block, 1, ".".join(hand_a + [out[0]])), "8 slots"),
        (
            "block hand written in rows",
            with_field(block, 1, ".".join(hand_a[:4]) + "/" + ".".join(hand_a[4:])),
            "no rows",
        ),
        ("lewicki9 hand without rows", with_field(nine, 1, n[1].replace("/", ".")), "one '/'"),
        ("stone 07 in a double-six game", edit_slot(block, 0, 2, "07"), "'07'"),
        ("stone 77 in partnership", edit_slot(partnership, 3, 0, "77"), "'77'"),
        ("stone 0a in lewicki9", edit_entry(nine, 1, 0, 0, "0a"), "'0a'"),
        ("out stone not of the set", with_field(block, 3, ".".join(["07", *out[1:]])), "'07'"),
        ("stone both in a hand and out", with_field(block, 3, ".".join([hand_a[0], *out[1:]])), "both in a hand"),
        ("out stone twice", with_field(block, 3, ".".join([out[1], *out[1:]])), "appears twice among the out stones"),
        ("too few out stones", with_field(block, 3, ".".join(out[1:])), "13 are listed"),
        ("too many out stones", with_field(nine, 3, n[3] + "." + n[1].split("/")[0].split(".")[0]), "28 are listed"),
        ("stone twice in the hands", edit_slot(block, 1, 0, hand_a[0]), "appears twice"),
        (
            "empty table and block side not the opener",
            with_field(block, 5, "A" if b[5] == "B" else "B"),
            "not the opener",
        ),
        (
            "empty table and partnership side not the opener",
            with_field(partnership, 6, next(s for s in "ABCD" if s != p[6])),
            "not the opener",
        ),
        (
            "empty table and lewicki9 side not the opener",
            with_field(nine, 5, "A" if n[5] == "B" else "B"),
            "not the opener",
        ),
        ("empty table with a played stone in block", edit_slot(block, 0, 0, "--"), "table is empty"),
        ("block first stone still in a hand", played_first_stone_elsewhere("block"), "still in"),
        ("partnership 66 still in a hand", played_first_stone_elsewhere("partnership"), "still in"),
        (
            "block ends not matching the line",
            with_field(block_mid, 4, wrong_ends_digits(block_mid)),
            "cannot form one line",
        ),
        ("block ends beyond the set", with_field(block_mid, 4, "79"), "'79'"),
        ("lewicki9 ends not digits", with_field(nine, 4, "9x"), "'9x'"),
        ("side not a seat of block", with_field(block, 5, "C"), "'C'"),
        ("side not a seat of partnership", with_field(partnership, 6, "E"), "'E'"),
        ("two seats without stones", blank_hand(domino, (domino.seats.index(went_out) + 2) % 4), "have no stones left"),
        ("two seats of block without stones", blank_hand(block_domino, 1 - out_seat), "have no stones left"),
        ("seat without stones, side not the seat after it", with_field(domino, 6, wrong_side), "the one after it"),
        ("seat without stones to move", with_field(domino, 6, went_out), "no stones left"),
    ]


def wrong_ends_digits(position: Position) -> str:
    """Ends whose parity cannot match the played stones of ``position``."""
    assert position.ends is not None
    left, right = position.ends
    true_odd = {left, right} if left != right else set()
    return next(f"{x}{y}" for x in range(7) for y in range(7) if x != y and {x, y} != true_odd)
