"""Game records of the variants: the Variant tag, round trips, Seed and Start
agreement, partnership results, and grading (solver.review)."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest
from invalid_positions import variant_game

from solver import GameRecord, RecordError, Result, Variant, analyse, deal
from solver.record import format_result, parse_result
from solver.review import grade_record

VARIANTS = [
    "lewicki+doubles",
    "lewicki9",
    "lewicki9+doubles",
    "block",
    "block+doubles",
    "partnership",
    "partnership+doubles",
]


def played(seed: int, variant: str) -> GameRecord:
    rng = random.Random(seed)
    record = GameRecord.from_seed(seed, (), {"Event": "Variant test"}, variant=variant)
    while not record.is_over:
        record = record.push(rng.choice(record.final_position.legal_moves()))
    return record


@pytest.mark.parametrize("variant", VARIANTS)
def test_variant_records_round_trip(variant):
    for seed in range(4):
        record = played(seed, variant)
        text = str(record)
        assert f'[Variant "{variant}"]' in text
        lines = text.splitlines()
        assert lines.index(f'[Variant "{variant}"]') + 1 == lines.index(f'[Start "{record.start}"]')
        again = GameRecord.parse(text)
        assert again == record
        assert str(again) == text
        assert again.variant == Variant.parse(variant)
        assert again.tag("Variant") == variant
        assert again.result == record.final_position.result()
        for n in (0, len(record.moves) // 2):
            prefix = GameRecord(record.start, record.moves[:n], record.tags)
            assert GameRecord.parse(str(prefix)) == prefix


def test_standard_records_have_no_variant_tag():
    record = GameRecord.from_seed(3, analyse(deal(3)).pv[:4])
    assert "Variant" not in str(record)
    assert record.tag("Variant") == "lewicki"
    assert GameRecord.parse('[Variant "lewicki"]\n[Seed "3"]\n\n' + " ".join(map(str, record.moves))) == record


@pytest.mark.parametrize("variant", VARIANTS)
def test_seed_and_variant_tags_give_the_start(variant):
    moves = analyse(deal(9, variant)).pv
    text = f'[Seed "9"]\n[Variant "{variant}"]\n\n' + " ".join(map(str, moves))
    record = GameRecord.parse(text)
    assert record.start == deal(9, variant)
    assert record.is_over
    # the Start position alone says the variant (the tag is optional on input)
    assert GameRecord.parse(f'[Start "{deal(9, variant)}"]\n\n' + " ".join(map(str, moves))).start == record.start
    # a bare record: the position string first
    assert GameRecord.parse(f"{deal(9, variant)}\n" + " ".join(map(str, moves))).moves == record.moves


def test_variant_tag_errors():
    with pytest.raises(RecordError, match="bad Variant tag.*'blok'"):
        GameRecord.parse('[Variant "blok"]\n[Seed "1"]\n')
    with pytest.raises(RecordError, match="does not match the Start tag"):
        GameRecord.parse(f'[Variant "block"]\n[Start "{deal(1, "partnership")}"]\n')
    with pytest.raises(RecordError, match="not the opening position of deal"):
        GameRecord.parse(f'[Variant "block"]\n[Seed "1"]\n[Start "{deal(2, "block")}"]\n')
    with pytest.raises(RecordError, match="Variant tag is not stored"):
        GameRecord(deal(1, "block"), (), {"Variant": "block"})
    with pytest.raises(RecordError, match="ply 1"):
        GameRecord.parse(
            f'[Seed "1"]\n[Variant "partnership"]\n\n{next(s for h in deal(1, "partnership").hands for s in h.stones() if s.pips < 12)}'
        )


def test_partnership_results_name_the_team():
    assert parse_result("A+C 12 domino", Variant.parse("partnership")) == Result("A+C", 12, "domino")
    assert parse_result("b+d 3 blocked", Variant.parse("partnership")) == Result("B+D", 3, "blocked")
    with pytest.raises(RecordError, match="'A 12 domino'"):
        parse_result("A 12 domino", Variant.parse("partnership"))
    with pytest.raises(RecordError, match="'A\\+C 12 domino'"):
        parse_result("A+C 12 domino")
    record = played(2, "partnership")
    claim = format_result(record.result)
    assert claim.split()[0] in ("A+C", "B+D", "draw")
    text = str(record)
    assert f'[Result "{claim}"]' in text
    assert GameRecord.parse(text) == record


def test_move_numbers_count_two_plies_in_every_variant():
    # reading of "everything else as for the standard game": numbers every two plies
    record = played(1, "partnership")
    units = record.movetext_units()
    assert units[0].startswith("1. ")
    assert units[2].startswith("2. ")
    assert "." not in units[1]


@pytest.mark.parametrize("variant", ["lewicki9", "block+doubles", "partnership", "partnership+doubles"])
def test_grading_a_variant_record(variant):
    record = played(5, variant)
    report = grade_record(record)
    seats = Variant.parse(variant).seats
    assert set(report["summary"]) == set(seats)
    assert sum(report["summary"][s]["moves"] for s in seats) == len(record.moves)
    for ply, position, move in zip(report["plies"], record.positions()[:-1], record.moves, strict=True):
        analysis = analyse(position)
        assert ply["side"] == position.side
        assert ply["value"] == analysis.move_value(move).value
        assert ply["best"] == analysis.value
    # values for A's side, start to end; the last is the result for A's side
    final = record.result
    team_a = Variant.parse(variant).team_name(0)
    expected = 0 if final.winner is None else final.points if final.winner == team_a else -final.points
    assert report["values"][-1] == expected
    assert len(report["values"]) == len(record.moves) + 1


def test_the_double_moves_again_in_records():
    # a record with +doubles lists the doubling seat's second move like any other
    for seed in range(40):
        game = variant_game(seed, "block+doubles")
        if any(a.side == b.side for a, b in pairwise(game)):
            break
    record = played(seed, "block+doubles")
    assert GameRecord.parse(str(record)) == record
