"""Files of many game records (``solver.records``, docs/records.md): the
versioned format, clocks and comments, errors that name the game and the
line, the command line, and every example of docs/records.md read and
written back byte for byte."""

from __future__ import annotations

import argparse
import bz2
import re
import sys
from pathlib import Path

import pytest

from solver import deal
from solver.cli import main
from solver.errors import RecordError
from solver.movetext import Note, format_clock, parse_note
from solver.record import GameRecord
from solver.records import iter_write, read_records, read_records_from, write_records
from solver.records_cli import cmd_records

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "records.md"
EXAMPLE = re.compile(r"^```records\n(.*?)^```", re.M | re.S)

SEED42 = ["00", "04L", "46L", "16L", "01L", "pass", "05L", "25L", "26L", "pass", "56L", "15L", "06R", "13L", "36L"]


def examples() -> list[str]:
    return EXAMPLE.findall(DOC.read_text(encoding="utf-8"))


def test_the_doc_has_examples_of_one_and_of_several_games():
    found = examples()
    assert len(found) >= 3
    assert any(len(list(read_records(text))) > 1 for text in found)


@pytest.mark.parametrize("number", range(len(EXAMPLE.findall(DOC.read_text(encoding="utf-8")))))
def test_every_example_of_the_doc_reads_and_writes_back_identically(number):
    text = examples()[number]
    records = list(read_records(text))
    assert records
    assert write_records(records) == text
    assert list(read_records(write_records(records))) == records


def test_the_first_example_carries_its_clocks_ratings_and_round():
    record = next(read_records(examples()[0]))
    assert record.tag("Round") == "3"
    assert record.tag("ARating") == "1612"
    assert record.tag("BRatingDiff") == "+9"
    assert record.clocks[:3] == (180_000, 180_000, 181_200)
    assert record.clocks[8] == 172_250
    assert str(record.result) == "B 55 blocked" or record.tag("Result") == "B 55 blocked"


def test_the_versions_error_of_the_doc_is_the_readers():
    documented = re.search(r"^error: newer\.txt: (.*)$", DOC.read_text(encoding="utf-8"), re.M).group(1)
    with pytest.raises(RecordError) as caught:
        list(read_records('[Format "2"]\n[Seed "7"]\n'))
    assert str(caught.value) == documented


def sample(count: int = 3) -> list[GameRecord]:
    out = []
    for n in range(count):
        notes = [Note(180_000 - 1000 * i - n, "well played" if i == 2 else "") for i in range(len(SEED42))]
        tags = [("Event", f'Game {n} "quoted" \\ slash'), ("A", "ada"), ("B", "bruno"), ("Seed", "42")]
        out.append(GameRecord(deal(42), SEED42[: 5 + n], tags, notes[: 5 + n]))
    return out


def test_many_games_write_and_read_back_with_every_tag_move_and_clock():
    records = sample(5)
    text = write_records(records)
    assert text.count('[Format "1"]') == 5
    assert "\n\n[Format" in text
    back = list(read_records(text))
    assert back == records
    assert [r.clocks for r in back] == [r.clocks for r in records]
    assert back[0].notes[2] == Note(178_000, "well played")


def test_iter_write_is_write_records_a_game_at_a_time():
    records = sample(3)
    assert "".join(iter_write(records)) == write_records(records)
    assert write_records([]) == ""
    assert list(read_records("")) == []
    assert list(read_records("\n\n  \n")) == []


def test_a_file_read_line_by_line_from_a_compressed_stream(tmp_path):
    path = tmp_path / "games.txt.bz2"
    with bz2.open(path, "wt", encoding="utf-8") as out:
        for text in iter_write(sample(4)):
            out.write(text)
    with bz2.open(path, "rt", encoding="utf-8") as lines:
        assert list(read_records_from(lines)) == sample(4)


def test_games_without_format_tags_or_with_a_minor_version_are_read():
    old = str(sample(1)[0])  # no Format tag: version 1
    newer_minor = old.replace("[Event", '[Format "1.4"]\n[Event', 1)
    assert list(read_records(old + "\n" + newer_minor)) == sample(1) * 2


@pytest.mark.parametrize(
    ("value", "words"),
    [("2", "version 2 of the record format, newer than this reader"), ("3.1", "version 3.1"), ("one", "bad Format")],
)
def test_another_major_version_or_a_bad_format_is_refused(value, words):
    with pytest.raises(RecordError, match=re.escape(words)):
        list(read_records(f'[Format "{value}"]\n[Seed "42"]\n'))


def test_an_error_names_the_game_and_the_line_in_the_file():
    good = write_records(sample(2))
    bad = '[Event "broken"]\n[Seed "42"]\n\n1. 00 04L\n2. 46L 47L\n'
    text = good + "\n" + bad
    line = text.splitlines().index("2. 46L 47L") + 1
    with pytest.raises(RecordError) as caught:
        list(read_records(text))
    assert str(caught.value).startswith(f"game 3, line {line}: ply 4: '47L' is not a move")
    assert caught.value.game == 3
    assert caught.value.line == line


def test_a_bad_tag_line_and_a_bad_result_are_located():
    text = write_records(sample(1)) + '\n[Event "x"\n[Seed "42"]\n'
    line = text.splitlines().index('[Event "x"') + 1
    with pytest.raises(RecordError, match=rf"^game 2, line {line}: a tag line is"):
        list(read_records(text))
    wrong = '[Seed "42"]\n[Result "A 3 domino"]\n\n1. 00\n'
    with pytest.raises(RecordError, match=r"^game 1, line 1: the Result tag says 'A 3 domino'"):
        list(read_records(wrong))


def test_the_games_before_an_error_are_given():
    games = read_records(write_records(sample(2)) + '\n[Seed "x"]\n')
    assert next(games) == sample(2)[0]
    assert next(games) == sample(2)[1]
    with pytest.raises(RecordError, match="game 3"):
        next(games)


@pytest.mark.parametrize(
    ("movetext", "words"),
    [
        ("{early} 00", "a comment comes after a move"),
        ("00 {a} {b}", "has two comments"),
        ("00 {open", "is not closed"),
        ("00 } 04L", "closes no comment"),
        ("00 {a {b}}", "do not nest"),
        ("00 {[%clk 4:32]}", "a clock is written [%clk H:MM:SS]"),
        ("00 {[%clk 0:00:01] [%clk 0:00:02]}", "one clock"),
    ],
)
def test_bad_comments_are_refused(movetext, words):
    with pytest.raises(RecordError, match=re.escape(words)):
        list(read_records(f'[Seed "42"]\n\n1. {movetext}\n'))


def test_a_comment_may_span_lines_and_keeps_other_annotations_as_text():
    text = '[Seed "42"]\n\n1. 00 {[%clk 0:01:00]\nfirst [%eval 3]\n  move} 04L\n'
    record = next(read_records(text))
    assert record.notes[0] == Note(60_000, "first [%eval 3] move")
    assert record.moves[1].__str__() == "04L"
    assert record.notes[1] is None
    # a comment line that starts with '[' is no tag line
    assert next(read_records('[Seed "42"]\n\n1. 00 {a\n[%clk 0:00:09]}\n')).clocks == (9000,)


def test_clock_forms():
    assert format_clock(272_000) == "0:04:32"
    assert format_clock(90_500) == "0:01:30.5"
    assert format_clock(1_250) == "0:00:01.25"
    assert format_clock(259_200_000) == "72:00:00"
    assert parse_note("[%clk 0:04:32.05]").clock_ms == 272_050
    assert parse_note(" [%clk 100:00:00] ").clock_ms == 360_000_000


def test_a_record_keeps_its_notes_through_push_and_tags():
    record = GameRecord(deal(42), ["00"], [("Seed", "42")], [Note(1000)]).push("04L", Note(None, "hm"))
    assert record.clocks == (1000, None)
    assert record.with_tag("Event", "x").notes == record.notes
    assert GameRecord(deal(42), ["00"], [], [Note()]).notes == (None,)  # an empty comment is none
    with pytest.raises(RecordError, match="2 notes for 1 moves"):
        GameRecord(deal(42), ["00"], [], [Note(1), Note(2)])
    with pytest.raises(RecordError, match="Format tag is not stored"):
        GameRecord(deal(42), [], [("Format", "1")])


def test_the_single_record_reader_still_says_ply_first():
    # the site's messages read the ply from the start of the message
    with pytest.raises(RecordError, match=r"^ply 2: '47L' is not a move"):
        GameRecord.parse('[Seed "42"]\n\n1. 00 47L\n')


def run_cli(tmp_path, capsys, action, text, name="games.txt"):
    path = tmp_path / name
    if name.endswith(".bz2"):
        path.write_bytes(bz2.compress(text.encode()))
    else:
        path.write_text(text, encoding="utf-8")
    status = cmd_records(argparse.Namespace(action=action, files=[str(path)]), sys.stdout, sys.stderr)
    out = capsys.readouterr()
    return status, out.out, out.err, str(path)


def test_the_command_line_checks_and_formats(tmp_path, capsys):
    text = "\n".join(str(r) for r in sample(3))  # unversioned, as records were written before
    status, out, err, path = run_cli(tmp_path, capsys, "check", text)
    assert (status, out, err) == (0, f"{path}: 3 games, every move legal\n", "")
    status, out, err, _ = run_cli(tmp_path, capsys, "format", text)
    assert status == 0
    assert out == write_records(sample(3))
    status, out, _, path = run_cli(tmp_path, capsys, "check", write_records(sample(2)), "g.txt.bz2")
    assert status == 0
    assert out.endswith("2 games, every move legal\n")


def test_the_command_line_says_error_and_exits_2(tmp_path, capsys):
    status, _, err, path = run_cli(tmp_path, capsys, "check", '[Seed "42"]\n\n1. 00 99L\n')
    assert status == 2
    assert err.startswith(f"error: {path}: game 1, line 3: ply 2: '99L' is not a move")
    assert main(["records", "check", str(tmp_path / "no-such-file.txt")]) == 2
    assert "error: cannot read" in capsys.readouterr().err
