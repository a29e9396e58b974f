"""The variants of docs/rules.md section 4: the Variant type, position strings of
every variant (parse/format pairs, every invalid class refused), the rules
(forced first stones, passes with four seats, the double's extra move, team
scoring) and the seeded deals."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from invalid_positions import assert_refused, variant_final, variant_game, variant_invalid_examples

from solver import (
    BLOCK,
    LEWICKI,
    LEWICKI9,
    PARTNERSHIP,
    PASS,
    VARIANTS,
    DominoError,
    IllegalMoveError,
    Move,
    MoveError,
    Position,
    PositionError,
    Stone,
    Variant,
    VariantError,
    deal,
)
from solver.deal import draw_order

NAMES = [str(v) for v in VARIANTS]
RULES_EXAMPLES = [
    "block 45.15.44.05.34.13.25 56.14.01.66.22.26.00 02.03.04.06.11.12.16.23.24.33.35.36.46.55 - B",
    "partnership 45.15.44.05.34.13.25 56.14.01.66.22.26.00 11.06.35.24.12.46.33 36.16.23.03.02.55.04 - B",
]


# -------------------------------------------------------------------- Variant


@pytest.mark.parametrize("name", NAMES)
def test_variant_round_trip(name):
    variant = Variant.parse(name)
    assert str(variant) == name
    assert Variant.parse(str(variant)) == variant
    assert variant.doubles == name.endswith("+doubles")
    assert repr(variant) == f"Variant.parse({name!r})"
    assert hash(variant) == hash(Variant.parse(name))


def test_the_table_of_variants():
    rows = {
        # name: highest, seats, per seat, out, layout, field count
        "lewicki": (6, ("A", "B"), 14, 0, "rows", 4),
        "lewicki9": (9, ("A", "B"), 14, 27, "rows", 5),
        "block": (6, ("A", "B"), 7, 14, "hand", 5),
        "partnership": (6, ("A", "B", "C", "D"), 7, 0, "hand", 6),
    }
    for name, (highest, seats, per_seat, out, layout, count) in rows.items():
        for variant in (Variant.parse(name), Variant.parse(name + "+doubles")):
            assert (
                variant.highest,
                variant.seats,
                variant.per_seat,
                variant.out_count,
                variant.layout,
                variant.field_count,
            ) == (highest, seats, per_seat, out, layout, count)
            assert len(variant.stones) == (highest + 1) * (highest + 2) // 2
            assert list(variant.stones) == sorted(variant.stones)
    assert PARTNERSHIP.teams == (("A", "C"), ("B", "D"))
    assert BLOCK.teams == (("A",), ("B",))
    assert PARTNERSHIP.team_name(0) == "A+C"
    assert LEWICKI.team_name(1) == "B"
    assert [PARTNERSHIP.next_seat(s) for s in "ABCD"] == ["B", "C", "D", "A"]
    assert PARTNERSHIP.same_team("A", "C")
    assert not PARTNERSHIP.same_team("C", "D")
    assert LEWICKI.is_default
    assert Variant() == LEWICKI
    assert not Variant.parse("lewicki+doubles").is_default
    assert str(LEWICKI9.stones[:11]) == str(tuple(Stone(0, b) for b in range(10)) + (Stone(1, 1),))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "blok",
        "Block",
        "LEWICKI",
        "block+",
        "block+double",
        "block+doubles+doubles",
        "+doubles",
        "block +doubles",
        "lewicki-9",
        "partnership+Doubles",
    ],
)
def test_bad_variant_is_refused_with_its_text_quoted(text):
    with pytest.raises(VariantError) as info:
        Variant.parse(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, ValueError)


def test_variant_name_in_upper_case_says_so():
    # Reading of docs/rules.md section 4.7 "names are lower case": "Block" is refused, with a hint.
    with pytest.raises(VariantError, match="names are lower case: 'block'"):
        Variant.parse("Block")


# ------------------------------------------------------------ stones, moves


def test_double_nine_stones_and_moves():
    assert Stone.parse("99", 9) == Stone(9, 9)
    assert str(Stone.parse("97", 9)) == "79"
    with pytest.raises(DominoError):
        Stone.parse("79")  # not of the double-six set
    assert str(Move.parse("89R", 9)) == "89R"
    with pytest.raises(MoveError):
        Move.parse("89R")


# ------------------------------------------------------------------ positions


@pytest.mark.parametrize("name", NAMES)
def test_deals_and_games_round_trip(name):
    for seed in (0, 1, 7, 42, 2**64 - 1):
        game = variant_game(seed, name) if seed < 100 else [deal(seed, name)]
        for position in game:
            text = str(position)
            assert Position.parse(text) == position, text
            assert str(Position.parse(text)) == text
            assert text.startswith(name + " ") == (name != "lewicki")


@pytest.mark.parametrize("text", RULES_EXAMPLES)
def test_the_examples_of_the_rules(text):
    position = Position.parse(text)
    assert str(position) == text
    assert position.side == "B"
    assert position.legal_moves() == [Move.parse("66")]  # B holds 66: block's highest double, partnership's lead


def test_block_example_values_match_its_rule():
    position = Position.parse(RULES_EXAMPLES[0])
    assert position.variant == BLOCK
    assert len(position.out) == 14
    assert position.first_stone() == Stone(6, 6)


def test_out_stones_any_order_on_input_ascending_on_output():
    position = deal(3, "block")
    f = str(position).split(" ")
    shuffled = f[3].split(".")
    random.Random(1).shuffle(shuffled)
    f[3] = ".".join(s[::-1] for s in shuffled)  # and high first
    assert Position.parse(" ".join(f)) == position
    assert str(Position.parse(" ".join(f))) == str(position)


def test_the_standard_game_may_be_named_and_output_omits_it():
    position = deal(42)
    assert Position.parse(f"lewicki {position}") == position
    assert str(Position.parse(f"lewicki {position}")) == str(position)
    doubled = Position.parse(f"lewicki+doubles {position}")
    assert str(doubled) == f"lewicki+doubles {position}"
    assert doubled != position
    assert doubled.variant == Variant("lewicki", True)


EXAMPLES = variant_invalid_examples()


@pytest.mark.parametrize(("name", "text", "phrase"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_invalid_variant_position_is_refused_with_reason_and_input_quoted(name, text, phrase):
    assert_refused(text, phrase)


def test_every_rules_class_of_section_4_is_covered():
    names = {name for name, _, _ in EXAMPLES}
    for required in (
        "unknown variant",
        "unknown option",
        "option twice",
        "block without its out field",
        "partnership with three hands",
        "block hand of six slots",
        "stone 07 in a double-six game",
        "stone both in a hand and out",
        "too few out stones",
        "empty table and block side not the opener",
        "empty table and partnership side not the opener",
        "empty table and lewicki9 side not the opener",
        "block first stone still in a hand",
        "partnership 66 still in a hand",
        "two seats without stones",
        "seat without stones, side not the seat after it",
    ):
        assert required in names


def test_a_seat_without_stones_and_the_seat_after_it_to_move_is_valid():
    final = variant_final("partnership")
    assert final.is_over()
    assert Position.parse(str(final)) == final
    went_out = next(s for s, h in zip(final.seats, final.hands, strict=True) if h.count == 0)
    assert final.side == PARTNERSHIP.next_seat(went_out)


def without_doubles(position: Position) -> Position:
    """A lewicki9 deal with every double in a hand swapped for a non-double that was out."""
    text = str(position)
    spare = [s for s in position.out if not s.is_double]
    for hand in position.hands:
        for stone in hand.stones():
            if stone.is_double:
                other = spare.pop()
                text = text.replace(str(stone), "XX").replace(str(other), str(stone)).replace("XX", str(other))
    # the side is the opener again: with no double in play, A opens
    return Position.parse(text[:-1] + "A")


def test_lewicki9_without_a_double_in_play_a_opens():
    position = without_doubles(deal(5, "lewicki9"))
    assert not any(s.is_double for h in position.hands for s in h.stones())
    assert position.side == "A"
    assert len(position.legal_moves()) == 7
    with pytest.raises(PositionError, match="no double is in play"):
        Position.parse(str(position)[:-1] + "B")


def test_lewicki9_opener_is_the_lowest_double_in_play():
    for seed in range(20):
        position = deal(seed, "lewicki9")
        doubles = sorted(s for h in position.hands for s in h.stones() if s.is_double)
        assert position.hand_of(position.side).__contains__(doubles[0])
        assert len(position.legal_moves()) == 7


def test_block_opener_is_the_highest_double_else_the_heaviest_stone():
    for seed in range(40):
        position = deal(seed, "block")
        dealt = [s for h in position.hands for s in h.stones()]
        doubles = [s for s in dealt if s.is_double]
        first = max(doubles) if doubles else max(dealt, key=lambda s: (s.pips, s.high))
        assert first in position.hand
        assert position.legal_moves() == [Move(first)]
    # without a double: the heaviest stone, equal pips broken by the higher high half
    # (45 and 36 both have 9 pips: 36 leads)
    a, b = "05.14.23.45.16.25.34", "06.15.24.13.12.01.36"
    out = sorted(str(s) for s in BLOCK.stones if str(s) not in (a + "." + b).split("."))
    position = Position.parse(f"block {a} {b} {'.'.join(out)} - B")
    assert position.first_stone() == Stone(3, 6)
    assert position.legal_moves() == [Move.parse("36")]
    with pytest.raises(PositionError, match="the holder of 36 .the heaviest stone"):
        Position.parse(f"block {a} {b} {'.'.join(out)} - A")


def test_forced_first_stone_reasons():
    position = deal(42, "partnership")
    other = next(s for _, s in position.hand.available() if s != Stone(6, 6))
    with pytest.raises(IllegalMoveError, match="opens with 66"):
        position.push(str(other))


# ---------------------------------------------------------------------- rules


def test_partnership_passes_go_to_the_next_seat_and_teams_score():
    for seed in range(40):
        game = variant_game(seed, "partnership")
        for before, after in pairwise(game):
            assert after.side == PARTNERSHIP.next_seat(before.side)
        final = game[-1]
        result = final.result()
        assert result is not None
        assert result.winner in ("A+C", "B+D", None)
        team_pips = [final.team_pips(0), final.team_pips(1)]
        if result.reason == "domino":
            loser = 1 if result.winner == "A+C" else 0
            assert result.points == team_pips[loser]
        elif result.winner is not None:
            assert result.points == max(team_pips)
            assert team_pips[0] != team_pips[1]
        mine = PARTNERSHIP.team_of(final.side)
        expected = (
            0
            if result.winner is None
            else (result.points if result.winner == PARTNERSHIP.team_name(mine) else -result.points)
        )
        assert final.final_value() == expected
    passes = [p for seed in range(40) for p in variant_game(seed, "partnership") if p.legal_moves() == [PASS]]
    assert len(passes) > 20


def test_the_double_moves_again_with_the_option():
    seen = 0
    for name in ("lewicki+doubles", "block+doubles", "partnership+doubles", "lewicki9+doubles"):
        for seed in range(30):
            game = variant_game(seed, name)
            for before, after in pairwise(game):
                move = next(m for m in before.legal_moves() if before.play(m) == after)
                if move.is_pass or not move.stone.is_double:
                    assert after.side == before.variant.next_seat(before.side)
                    continue
                hand = after.hand_of(before.side)
                fits = after.ends is not None and any(
                    s.has(after.ends[0]) or s.has(after.ends[1]) for _, s in hand.available()
                )
                if hand.count and fits:
                    assert after.side == before.side  # the same seat moves again, no move recorded
                    seen += 1
                else:
                    assert after.side == before.variant.next_seat(before.side)  # no pass for the doubler
    assert seen > 50


def test_the_option_in_rows_counts_the_uncovered_back_stone():
    # a front double whose back stone fits the new end: the same seat moves again
    for seed in range(200):
        for before in variant_game(seed, "lewicki+doubles"):
            for move in before.legal_moves():
                if move.is_pass or not move.stone.is_double or before.ends is None:
                    continue
                hand = before.hand
                col = next((c for c in range(7) if hand.front[c] == move.stone), None)
                if col is None or hand.back[col] is None:
                    continue
                after = before.play(move)
                ends = after.ends
                others = [s for c, s in hand.available() if c != col]
                back_fits = hand.back[col].has(ends[0]) or hand.back[col].has(ends[1])
                if back_fits and not any(s.has(ends[0]) or s.has(ends[1]) for s in others):
                    assert after.side == before.side
                    return
    pytest.fail("no such position")  # pragma: no cover


def test_block_ends_blocked_with_team_of_one_scores():
    blocked = variant_final("block", "blocked")
    result = blocked.result()
    assert blocked.is_blocked()
    assert blocked.legal_moves() == []
    a, b = blocked.hands[0].pips, blocked.hands[1].pips
    assert result.winner == (None if a == b else "A" if a < b else "B")


# ----------------------------------------------------------------------- deals


@pytest.mark.parametrize("seed", [0, 1, 42, 2**64 - 1])
def test_the_standard_deal_is_unchanged(seed):
    assert deal(seed) == deal(seed, "lewicki") == deal(seed, LEWICKI) == deal(seed, None)
    assert draw_order(seed) == draw_order(seed, LEWICKI)


@pytest.mark.parametrize("name", ["lewicki9", "block", "partnership"])
def test_variant_deals_follow_the_rules(name):
    variant = Variant.parse(name)
    for seed in (0, 3, 99):
        order = draw_order(seed, variant)
        assert sorted(order) == list(variant.stones)
        position = deal(seed, variant)
        seats = len(variant.seats)
        for i, hand in enumerate(position.hands):
            drawn = order[i : seats * variant.per_seat : seats]  # the seats draw in turn, A first
            if variant.is_rows:
                assert list(hand.front) == drawn[:7]
                assert list(hand.back) == drawn[7:]
            else:
                assert list(hand.front) == drawn
                assert hand.back == ()
        assert list(position.out) == sorted(order[seats * variant.per_seat :])
        assert position.ends is None
        assert Position.parse(str(position)) == position
        assert deal(seed, Variant(name, True)).hands == position.hands  # the option does not change the deal


def test_double_nine_shuffle_is_over_55_stones():
    from solver.deal import SplitMix64

    rng = SplitMix64(7)
    deck = list(LEWICKI9.stones)
    for i in range(54, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    assert draw_order(7, "lewicki9") == deck


def test_deal_refuses_an_unknown_variant():
    with pytest.raises(VariantError, match="'blok'"):
        deal(1, "blok")


def test_variant_positions_to_json():
    position = deal(2, "partnership")
    data = position.to_json()
    assert data["variant"] == "partnership"
    assert data["out"] == []
    assert set(data["hands"]) == set("ABCD")
    assert data["hands"]["A"]["back"] == []
    assert len(data["hands"]["A"]["front"]) == 7
    assert "variant" not in deal(2).to_json()  # the standard game's JSON is as it was
    line_game = variant_game(2, "block")
    assert len(line_game[-1].to_json()["line"]) == len(line_game[-1].played_stones())
    nine = variant_game(3, "lewicki9")[-1]
    assert len(nine.table_line()) == len(nine.played_stones())
