"""Game records: round trips of real games, Seed/Start agreement, the
lenient forms, and every error with its message."""

from __future__ import annotations

import random

import pytest

from solver import PASS, Move, Position, RecordError, Result, analyse, deal
from solver.record import GameRecord, format_result, parse_result

SEEDS = (0, 1, 2, 4, 7, 11, 42, 99)


# ------------------------------------------------------------------ games


def play(start: Position, rng: random.Random, best_share: float, stop_after: int | None = None) -> list[Move]:
    """A game from ``start``: at each ply the solver's best move with
    probability ``best_share``, else a random legal move."""
    moves: list[Move] = []
    position = start
    while not position.is_over() and (stop_after is None or len(moves) < stop_after):
        legal = position.legal_moves()
        move = analyse(position).pv[0] if rng.random() < best_share else rng.choice(legal)
        assert move in legal
        moves.append(move)
        position = position.push(move)
    return moves


def main_line(seed: int) -> tuple[Position, list[Move]]:
    start = deal(seed)
    return start, list(analyse(start).pv)


def score_for(side: str, result: Result) -> int:
    if result.winner is None:
        return 0
    return result.points if result.winner == side else -result.points


def check_round_trip(record: GameRecord) -> str:
    text = str(record)
    again = GameRecord.parse(text)
    assert again == record
    assert hash(again) == hash(record)
    assert again.moves == record.moves
    assert again.tags == record.tags
    assert again.start == record.start
    assert str(again) == text  # the written form is canonical
    assert record.format() == text
    positions = record.positions()
    assert len(positions) == len(record.moves) + 1
    assert positions[0] == record.start
    assert positions[-1] == record.final_position
    for before, move, after in zip(positions[:-1], record.moves, positions[1:], strict=True):
        assert move in before.legal_moves()  # stored normalised
        assert before.push(move) == after
    assert record.result == record.final_position.result()
    assert f'[Result "{format_result(record.result)}"]' in text
    assert f'[Start "{record.start}"]' in text
    return text


@pytest.mark.parametrize("seed", SEEDS)
def test_main_line_game_round_trips_and_scores_the_solver_value(seed):
    start, moves = main_line(seed)
    record = GameRecord.from_seed(seed, moves, {"Event": f"Main line of deal {seed}"})
    text = check_round_trip(record)
    assert record.is_over
    assert record.result is not None
    # perfect play from the start scores exactly the solver's value
    assert score_for(start.side, record.result) == analyse(start).value
    assert f'[Seed "{seed}"]' in text
    assert record.seed == seed


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("best_share", [0.0, 0.5])
def test_random_and_mixed_games_round_trip(seed, best_share):
    rng = random.Random(seed * 10 + int(best_share * 10))
    start = deal(seed)
    moves = play(start, rng, best_share)
    record = GameRecord(start, tuple(moves), (("Event", "Random"), ("Round", str(seed))))
    check_round_trip(record)
    assert record.is_over
    # every prefix is a valid, unfinished (or just finished) record too
    for n in sorted({0, 1, 2, len(moves) // 2, len(moves) - 1}):
        prefix = GameRecord(start, tuple(moves[:n]), record.tags)
        text = check_round_trip(prefix)
        if n < len(moves):
            assert prefix.result is None
            assert '[Result "*"]' in text


def test_game_with_forced_passes_round_trips():
    for seed in range(30):
        start, moves = main_line(seed)
        if PASS in moves:
            break
    else:  # pragma: no cover
        pytest.fail("no main line with a pass")
    record = GameRecord(start, tuple(moves))
    text = check_round_trip(record)
    assert " pass" in text


def test_draw_record():
    for seed in range(300):
        rng = random.Random(seed)
        moves = play(deal(seed), rng, 0.0)
        record = GameRecord.from_seed(seed, moves)
        if record.result.winner is None:
            break
    else:  # pragma: no cover
        pytest.fail("no drawn random game")
    text = check_round_trip(record)
    assert '[Result "draw blocked"]' in text


def test_written_form():
    start, moves = main_line(42)
    record = GameRecord.from_seed(42, moves[:5], {"Event": "Practice game"})
    assert str(record) == (
        '[Event "Practice game"]\n'
        '[Seed "42"]\n'
        f'[Start "{start}"]\n'
        '[Result "*"]\n'
        "\n"
        f"1. {moves[0]} {moves[1]} 2. {moves[2]} {moves[3]} 3. {moves[4]}\n"
    )
    assert str(GameRecord(start)) == f'[Start "{start}"]\n[Result "*"]\n'
    movetext = str(GameRecord.from_seed(42, moves)).split("\n\n")[1]
    assert len(movetext.splitlines()) > 1
    for line in movetext.splitlines():
        assert len(line) < 80
        assert not line.endswith(".")


def test_moves_are_stored_normalised():
    start, moves = main_line(42)

    # write every stone high first and every end in lower case
    def scramble(move: Move) -> str:
        if move.is_pass:
            return "PASS"
        text = f"{move.stone.high}{move.stone.low}"
        return text + (move.end.lower() if move.end else "")

    record = GameRecord.parse(f'[Seed "42"]\n\n{" ".join(scramble(m) for m in moves)}')
    assert record.moves == tuple(moves)
    assert record == GameRecord(start, tuple(scramble(m) for m in moves), (("Seed", "42"),))


def test_right_end_is_written_left_when_both_ends_match():
    for seed in range(60):
        rng = random.Random(seed)
        position = deal(seed)
        prefix: list[Move] = []
        while not position.is_over():
            if position.ends and position.ends[0] == position.ends[1]:
                fits = [m for m in position.legal_moves() if m.end == "L"]
                if fits:
                    written = f"{fits[0].stone}R"
                    record = GameRecord(deal(seed), tuple(prefix) + (written,))
                    assert record.moves[-1] == fits[0]
                    assert str(record).split()[-1] == str(fits[0])
                    parsed = GameRecord.parse(f"{deal(seed)}\n{' '.join(map(str, prefix))} {written}")
                    assert parsed == record
                    return
            move = rng.choice(position.legal_moves())
            prefix.append(move)
            position = position.push(move)
    pytest.fail("no position with equal ends")  # pragma: no cover


# ------------------------------------------------------ tags, seed and start


def test_seed_only_start_only_and_both():
    start, moves = main_line(7)
    movetext = " ".join(map(str, moves))
    by_seed = GameRecord.parse(f'[Seed "7"]\n\n{movetext}')
    by_start = GameRecord.parse(f'[Start "{start}"]\n\n{movetext}')
    both = GameRecord.parse(f'[Seed "7"]\n[Start "{start}"]\n\n{movetext}')
    assert by_seed.start == by_start.start == both.start == start
    assert by_seed == both
    assert by_seed.tags == (("Seed", "7"),)
    assert by_start.tags == ()
    assert by_start.seed is None
    assert by_start.moves == by_seed.moves == tuple(moves)


def test_seed_and_start_must_agree():
    other = deal(8)
    with pytest.raises(RecordError) as info:
        GameRecord.parse(f'[Seed "7"]\n[Start "{other}"]\n')
    message = str(info.value)
    assert "'7'" in message
    assert str(other) in message
    assert str(deal(7)) in message
    with pytest.raises(RecordError, match="not the opening position of deal"):
        GameRecord(other, (), (("Seed", "7"),))


def test_a_start_that_is_not_an_opening_needs_no_seed():
    start, moves = main_line(42)
    middle = start
    for move in moves[:6]:
        middle = middle.push(move)
    record = GameRecord(middle, tuple(moves[6:]))
    check_round_trip(record)
    assert record.result == GameRecord(start, tuple(moves)).result


def test_tag_values_with_quotes_and_backslashes_and_unknown_tags_round_trip():
    tags = (
        ("Event", 'The "Big" one'),
        ("Path", "C:\\games\\a.txt"),
        ("Both", 'a\\"b'),
        ("Empty", ""),
        ("White_Space", "  two  spaces  "),
        ("Unicode", "Łódź – 3½"),
        ("Seed", "42"),
        ("Zzz", "kept at the end"),
    )
    record = GameRecord(deal(42), (), tags)
    text = check_round_trip(record)
    assert '[Event "The \\"Big\\" one"]' in text
    assert '[Path "C:\\\\games\\\\a.txt"]' in text
    assert GameRecord.parse(text).tags == tags
    assert record.tag("Path") == "C:\\games\\a.txt"
    assert record.tag("Missing", "x") == "x"
    assert record.tag("Result") == "*"
    assert record.tag("Start") == str(deal(42))


def test_tag_order_is_kept_and_start_result_are_derived():
    text = f'[Result "*"]\n[Zeta "1"]\n[Start "{deal(3)}"]\n[Alpha "2"]\n'
    record = GameRecord.parse(text)
    assert record.tags == (("Zeta", "1"), ("Alpha", "2"))
    assert str(record).splitlines()[:2] == ['[Zeta "1"]', '[Alpha "2"]']


def test_push_and_with_tag():
    record = GameRecord.from_seed(42)
    for move in analyse(record.start).pv[:3]:
        record = record.push(move)
    assert len(record) == 3
    record = record.with_tag("Event", "x").with_tag("Event", "y")
    assert record.tags == (("Seed", "42"), ("Event", "y"))


# ----------------------------------------------------------- lenient input


def test_bare_position_with_moves_on_the_same_and_next_lines():
    start, moves = main_line(42)
    names = list(map(str, moves))
    expected = GameRecord(start, tuple(moves))
    assert GameRecord.parse(f"{start} {' '.join(names[:4])}\n{' '.join(names[4:])}\n") == expected
    assert GameRecord.parse(f"\n\n{start}\n" + "\n".join(names)) == expected
    assert GameRecord.parse(str(start)) == GameRecord(start)


def test_move_numbers_are_optional_and_ignored():
    start, moves = main_line(42)
    names = list(map(str, moves))
    plain = " ".join(names)
    wrong_numbers = " ".join(f"{i * 7}. {n}" for i, n in enumerate(names))
    glued = " ".join(f"{i + 1}.{n}" for i, n in enumerate(names))
    dotted = " ".join(f"{i + 1}... {n}" for i, n in enumerate(names))
    expected = GameRecord(start, tuple(moves))
    for movetext in (plain, wrong_numbers, glued, dotted):
        assert GameRecord.parse(f'[Start "{start}"]\n\n{movetext}') == expected


def test_whitespace_and_line_endings():
    start, moves = main_line(42)
    text = str(GameRecord.from_seed(42, moves))
    crlf = text.replace("\n", "\r\n")
    spaced = "\n\n" + text.replace(" ", "   ").replace('[Seed   "42"]', '  [Seed "42"]  ') + "\n\n"
    no_blank = text.replace('"]\n\n', '"]\n')
    for variant in (crlf, spaced, no_blank):
        assert GameRecord.parse(variant) == GameRecord.from_seed(42, moves)


# ------------------------------------------------------------------ errors


def record_text(seed: int = 42, n: int | None = None, extra_tags: str = "") -> tuple[str, list[Move]]:
    start, moves = main_line(seed)
    moves = moves if n is None else moves[:n]
    return f'[Seed "{seed}"]\n{extra_tags}\n' + " ".join(map(str, moves)), moves


def error_of(text: str) -> str:
    with pytest.raises(RecordError) as info:
        GameRecord.parse(text)
    return str(info.value)


@pytest.mark.parametrize("text", ["", "\n \n\t\n"])
def test_empty_record(text):
    assert "empty" in error_of(text)


def test_no_start_and_no_seed():
    message = error_of('[Event "x"]\n\n00 01L')
    assert "Start" in message
    assert "Seed" in message


@pytest.mark.parametrize(
    "line",
    [
        '[Event "unclosed]',
        "[Event unquoted]",
        '[Ev ent "x"]',
        '[1Event "x"]',
        '[Event "bad \\n escape"]',
        '[Event "inner " quote"]',
        '[Event "x"] trailing',
        "[Event]",
    ],
)
def test_bad_tag_line(line):
    message = error_of(f'[Seed "42"]\n{line}\n\n')
    assert "line 2" in message
    assert repr(line) in message


def test_duplicate_tag():
    message = error_of('[Seed "42"]\n[Event "a"]\n[Event "b"]\n')
    assert "line 3" in message
    assert "'Event'" in message
    assert "twice" in message


def test_bad_start_tag():
    bad = str(deal(42)).replace(" B", " A")
    message = error_of(f'[Start "{bad}"]\n')
    assert "Start" in message
    assert repr(bad) in message
    assert "does not hold it" in message


@pytest.mark.parametrize("seed", ["-1", "x", "18446744073709551616", "4.2"])
def test_bad_seed_tag(seed):
    message = error_of(f'[Seed "{seed}"]\n')
    assert "Seed" in message
    assert seed in message


def test_tag_after_moves():
    text, _ = record_text(n=4)
    message = error_of(text + '\n[Event "late"]\n')
    assert "line 4" in message
    assert "'[Event \"late\"]'" in message
    assert "after the moves" in message


def test_bare_record_with_bad_position():
    message = error_of("45.15.44 00 01L\n")
    assert "line 1" in message
    assert "position" in message


@pytest.mark.parametrize("token", ["7x", "36X", "77L", "3", "pas", "36LL"])
def test_malformed_move_names_ply_and_token(token):
    text, moves = record_text(n=3)
    message = error_of(f"{text} {token}")
    assert "ply 4" in message
    assert repr(token) in message
    assert "not a move" in message


def test_illegal_move_names_ply_token_and_reason():
    start, moves = main_line(42)
    position = start
    for move in moves[:3]:
        position = position.push(move)
    left, right = position.ends
    misfit = next(s for _, s in position.hand.available() if not s.has(right))
    token = f"{misfit.high}{misfit.low}R"  # high first, as a user might write it
    text, _ = record_text(n=3)
    message = error_of(f"{text} {token}")
    assert "ply 4" in message
    assert repr(token) in message
    assert f"does not fit the right end, which shows {right}" in message
    assert f"{position.side} to move" in message


def test_illegal_move_reasons():
    start, moves = main_line(42)  # B opens with 00
    cases = {
        "pass": "passing is never voluntary",
        "00L": "opening move is the bare stone",
        str(next(s for _, s in start.hands[0].available())): "not B's stone",
        str(start.hands[1].back[0]): "still covered",
    }
    for token, reason in cases.items():
        message = error_of(f'[Seed "42"]\n\n1. {token}')
        assert "ply 1" in message, message
        assert repr(token) in message, message
        assert reason in message, message
    after = start.push(moves[0])
    stone = next(s for _, s in after.hand.available() if s.has(after.ends[0]) or s.has(after.ends[1]))
    message = error_of(f'[Seed "42"]\n\n1. {moves[0]} {stone}')
    assert "ply 2" in message
    assert "say which end" in message


def test_forced_pass_must_be_written():
    start, moves = main_line(42)
    ply = moves.index(PASS)
    text = " ".join(str(m) for i, m in enumerate(moves) if i != ply)
    message = error_of(f'[Seed "42"]\n\n{text}')
    assert f"ply {ply + 1}" in message
    assert "the only move is 'pass'" in message


def test_move_after_the_end():
    text, moves = record_text()
    last = moves[-1]
    message = error_of(f"{text} {last}")
    assert f"ply {len(moves) + 1}" in message
    assert "the deal is over" in message


def test_result_must_match_the_replay():
    text, moves = record_text()
    record = GameRecord.parse(text)
    actual = format_result(record.result)
    assert actual != "*"
    winner, points, reason = actual.split()
    other = "A" if winner == "B" else "B"
    for claim in (
        f"{other} {points} {reason}",
        f"{winner} {int(points) + 1} {reason}",
        f"{winner} {points} {'domino' if reason == 'blocked' else 'blocked'}",
        "draw blocked",
        "*",
    ):
        message = error_of(text.replace('[Seed "42"]', f'[Seed "42"]\n[Result "{claim}"]'))
        assert repr(claim) in message
        assert repr(actual) in message
    assert GameRecord.parse(text.replace('[Seed "42"]', f'[Seed "42"]\n[Result "{actual}"]')) == record
    unfinished, _ = record_text(n=5)
    message = error_of(unfinished.replace('[Seed "42"]', f'[Seed "42"]\n[Result "{actual}"]'))
    assert "do not finish the deal" in message


@pytest.mark.parametrize(
    "claim", ["A", "A wins 12", "A 12", "C 12 domino", "A twelve domino", "draw domino", "A -3 blocked", "?", ""]
)
def test_malformed_result(claim):
    text, _ = record_text()
    message = error_of(text.replace('[Seed "42"]', f'[Seed "42"]\n[Result "{claim}"]'))
    assert repr(claim) in message


def test_result_format_and_parse():
    for result, text in [
        (Result("A", 12, "domino"), "A 12 domino"),
        (Result("B", 40, "blocked"), "B 40 blocked"),
        (Result(None, 0, "blocked"), "draw blocked"),
        (None, "*"),
    ]:
        assert format_result(result) == text
        assert parse_result(text) == result


# --------------------------------------------------- constructor checks


@pytest.mark.parametrize(
    ("tags", "phrase"),
    [
        ((("Start", "x"),), "Start"),
        ((("Result", "*"),), "Result"),
        ((("bad name", "x"),), "'bad name'"),
        ((("Event", "a\nb"),), "one line"),
        ((("Event", "a"), ("Event", "b")), "twice"),
        ((("Event", 3),), "string"),
        ((("Event",),), "pair"),
    ],
)
def test_constructor_refuses_bad_tags(tags, phrase):
    with pytest.raises(RecordError) as info:
        GameRecord(deal(1), (), tags)
    assert phrase in str(info.value)


def test_constructor_replays_the_moves():
    start, moves = main_line(42)
    with pytest.raises(RecordError, match=r"ply 1: '66R'"):
        GameRecord(start, ("66R",))
    with pytest.raises(RecordError, match=r"ply 2: 'xx' is not a move"):
        GameRecord(start, (moves[0], "xx"))
    with pytest.raises(RecordError):
        GameRecord(start, "00")  # a string is not a sequence of moves here
    assert GameRecord(str(start), tuple(map(str, moves))) == GameRecord(start, tuple(moves))


def test_records_are_immutable():
    record = GameRecord.from_seed(1)
    with pytest.raises(AttributeError):
        record.moves = ()  # type: ignore[misc]
