"""Stone, move and position notation: parse/format round trips, normalisation,
and every class of invalid position string (docs/rules.md section 2.4)."""

from __future__ import annotations

import random

import pytest
from invalid_positions import (
    assert_refused,
    edit_entry,
    invalid_examples,
    main_line_positions,
    with_field,
)

from solver import (
    ALL_STONES,
    PASS,
    DominoError,
    Move,
    MoveError,
    Position,
    PositionError,
    Stone,
    StoneError,
    deal,
)
from solver.stones import TOTAL_PIPS

SEEDS = (0, 1, 7, 42, 1234, 2**64 - 1)


def random_game_positions(seed: int) -> list[Position]:
    rng = random.Random(seed)
    position = deal(seed)
    out = [position]
    while not position.is_over():
        position = position.push(rng.choice(position.legal_moves()))
        out.append(position)
    return out


# ------------------------------------------------------------------- stones


def test_the_set_has_28_stones_and_168_pips():
    assert len(ALL_STONES) == 28 == len(set(ALL_STONES))
    assert TOTAL_PIPS == 168 == sum(s.pips for s in ALL_STONES)


@pytest.mark.parametrize("stone", ALL_STONES, ids=str)
def test_stone_round_trip(stone):
    text = str(stone)
    assert len(text) == 2
    assert int(text[0]) <= int(text[1])
    assert Stone.parse(text) == stone
    assert str(Stone.parse(text)) == text


@pytest.mark.parametrize("stone", [s for s in ALL_STONES if not s.is_double], ids=str)
def test_high_first_stone_is_normalised(stone):
    high_first = f"{stone.high}{stone.low}"
    parsed = Stone.parse(high_first)
    assert parsed == stone
    assert str(parsed) == f"{stone.low}{stone.high}"


@pytest.mark.parametrize("text", ["7", "077", "17", "77", "a1", " 1", "-1", "", "٠١", "1.5"])
def test_bad_stone_is_refused_with_its_text_quoted(text):
    with pytest.raises(StoneError) as info:
        Stone.parse(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, (ValueError, DominoError))


# -------------------------------------------------------------------- moves


@pytest.mark.parametrize(
    ("text", "normal"),
    [
        ("36", "36"),
        ("63", "36"),
        ("36L", "36L"),
        ("36R", "36R"),
        ("63r", "36R"),
        ("00l", "00L"),
        ("pass", "pass"),
        ("PASS", "pass"),
        ("Pass", "pass"),
    ],
)
def test_move_parse_and_format(text, normal):
    move = Move.parse(text)
    assert str(move) == normal
    assert Move.parse(str(move)) == move


def test_move_kinds():
    assert Move.parse("pass") is PASS
    assert PASS.is_pass
    assert not PASS.is_opening
    opening = Move.parse("36")
    assert opening.is_opening
    assert opening.stone == Stone(3, 6)
    assert opening.end is None
    placed = Move.parse("36R")
    assert not placed.is_opening
    assert placed.end == "R"


@pytest.mark.parametrize("text", ["", "3", "36X", "36LR", "77L", "x6R", "passs", "36 L"])
def test_bad_move_is_refused_with_its_text_quoted(text):
    with pytest.raises(MoveError) as info:
        Move.parse(text)
    assert repr(text) in str(info.value)


# ---------------------------------------------------------------- positions


@pytest.mark.parametrize("seed", SEEDS)
def test_deal_round_trip(seed):
    position = deal(seed)
    text = str(position)
    assert Position.parse(text) == position
    assert str(Position.parse(text)) == text
    a, b, ends, side = text.split(" ")
    assert ends == "-"
    assert side == ("A" if "00" in a else "B")
    stones = [e for field in (a, b) for e in field.replace("/", ".").split(".")]
    assert sorted(stones) == sorted(str(s) for s in ALL_STONES)


@pytest.mark.parametrize("seed", SEEDS[:4])
def test_every_position_of_a_game_round_trips(seed):
    positions = list(main_line_positions(seed)) + random_game_positions(seed)
    for position in positions:
        text = str(position)
        assert Position.parse(text) == position, text
        assert str(Position.parse(text)) == text


def test_position_written_high_first_is_normalised():
    position = main_line_positions(42)[6]
    a_front = str(position).split(" ")[0].split("/")[0].split(".")
    col = next(i for i, e in enumerate(a_front) if e != "--" and e[0] != e[1])
    high_first = edit_entry(position, 0, 0, col, a_front[col][::-1])
    assert high_first != str(position)
    assert Position.parse(high_first) == position
    assert str(Position.parse(high_first)) == str(position)


def test_position_fields_and_ends():
    position = main_line_positions(42)[3]
    left, right = position.ends
    assert str(position).split(" ")[2] == f"{left}{right}"
    assert position.side in ("A", "B")
    # the ends match the played stones: each end number is on some played stone
    played = position.played_stones()
    assert any(s.has(left) for s in played)
    assert any(s.has(right) for s in played)


def test_pushing_a_move_changes_the_notation_as_the_rules_say():
    opening = deal(42)  # B holds 00
    after = opening.push("00")
    assert str(after).split(" ")[2:] == ["00", "A"]
    assert "00" not in str(after).split(" ")[1]
    placed = after.push(after.legal_moves()[0])
    assert placed.side == "B"


# --------------------------------------------------------- invalid positions

EXAMPLES = invalid_examples()


@pytest.mark.parametrize(("name", "text", "phrase"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_invalid_position_is_refused_with_reason_and_input_quoted(name, text, phrase):
    assert_refused(text, phrase)


def test_the_invalid_examples_are_edits_of_valid_positions():
    # guard against a helper that builds nonsense: undoing the edit is valid
    opening = deal(42)
    assert Position.parse(with_field(with_field(opening, 3, "A"), 3, "B")) == opening
    for _name, text, _ in EXAMPLES:
        assert text != str(opening)
        assert text.strip() == text


def test_every_rules_class_is_covered():
    names = {name for name, _, _ in EXAMPLES}
    for required in (
        "missing field",
        "stone not in set",
        "duplicate stone",
        "back played while front not",
        "empty table with played stones",
        "ends but no stone played",
        "ends not matching played stones",
        "disconnected played stones",
        "empty table and side without 00",
        "side with no stones left",
    ):
        assert required in names
    assert any(n.startswith(("malformed", "bad side", "hand without", "row of")) for n in names)


@pytest.mark.parametrize("value", [None, 42, b"- A"])
def test_position_must_be_a_string(value):
    with pytest.raises(PositionError):
        Position.parse(value)
