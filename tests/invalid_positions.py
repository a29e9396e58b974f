"""Invalid position strings of every class in RULES.md section 2, each made by
editing a real position (a seeded deal, or a position reached by play).

``invalid_examples()`` gives ``(name, text, phrase)``: ``phrase`` is a piece of
the reason the error message must give.
"""
from __future__ import annotations

from functools import cache

from solver import Position, analyse, deal


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
