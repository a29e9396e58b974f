"""``python -m solver``: run as a subprocess, the way a user runs it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from invalid_positions import invalid_examples, main_line_positions

from solver import PASS, Position, analyse, deal
from solver.cli import main
from solver.record import GameRecord

ROOT = Path(__file__).resolve().parents[2]  # the repository: tests/solver/ -> tests/ -> root


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run(
        [sys.executable, "-m", "solver", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=env,
        timeout=60,
    )


def assert_clean_error(proc: subprocess.CompletedProcess, status: int = 2) -> str:
    assert proc.returncode == status, proc
    assert "Traceback" not in proc.stderr
    assert proc.stderr.startswith("error: ") or proc.stderr.startswith("usage: "), proc.stderr
    return proc.stderr


# ------------------------------------------------------------------ analyse


def test_analyse_table_lists_every_move_best_first():
    position = deal(42)
    analysis = analyse(position)
    proc = run("analyse", str(position))
    assert proc.returncode == 0
    assert proc.stderr == ""
    out = proc.stdout
    assert str(position) in out
    header = next(line for line in out.splitlines() if line.startswith("move"))
    for column in ("value", "outcome", "grade", "points lost"):
        assert column in header
    rows = [line.split() for line in out.splitlines()]
    table = [r for r in rows if r and r[0] in {str(m.move) for m in analysis.moves}]
    assert [r[0] for r in table] == [str(m.move) for m in analysis.moves]
    for row, entry in zip(table, analysis.moves, strict=True):
        assert int(row[1]) == entry.value
        assert row[2] == entry.outcome
        assert row[3] == entry.grade
        assert int(row[4]) == entry.points_lost
    assert f"{analysis.value:+d}" in out
    assert " ".join(str(m) for m in analysis.pv) in out


def test_analyse_json_equals_the_library():
    for position in (deal(7), main_line_positions(42)[5]):
        proc = run("analyse", "--json", str(position))
        assert proc.returncode == 0
        assert proc.stdout.count("\n") == 1
        assert json.loads(proc.stdout) == analyse(position).to_json()


def test_analyse_accepts_the_four_fields_as_separate_arguments():
    # a position whose first field starts with '--' must not be taken for an option
    position = next(
        p for seed in range(20) for p in main_line_positions(seed)[:-1] if str(p).startswith("--") and not p.is_over()
    )
    proc = run("analyse", *str(position).split(" "), "--json")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == analyse(position).to_json()
    proc = run("analyse", str(position))
    assert proc.returncode == 0
    assert str(position) in proc.stdout


def test_analyse_normalises_the_position():
    position = deal(42)
    high_first = str(position).replace("45.15", "54.51", 1)
    assert high_first != str(position)
    proc = run("analyse", "--json", high_first)
    assert json.loads(proc.stdout)["position"] == str(position)


def test_analyse_terminal_position():
    final = main_line_positions(42)[-1]
    assert final.is_over()
    proc = run("analyse", str(final))
    assert proc.returncode == 0
    assert "no moves" in proc.stdout
    assert str(final.result()) in proc.stdout
    proc = run("analyse", "--json", str(final))
    assert json.loads(proc.stdout) == {"position": str(final), "value": final.final_value(), "moves": [], "pv": []}


def test_analyse_forced_pass():
    position = next(p for seed in range(30) for p in main_line_positions(seed) if p.legal_moves() == [PASS])
    proc = run("analyse", "--json", str(position))
    data = json.loads(proc.stdout)
    assert [m["move"] for m in data["moves"]] == ["pass"]
    assert data["moves"][0]["grade"] == "best"
    assert "pass" in run("analyse", str(position)).stdout


EXAMPLES = invalid_examples()


@pytest.mark.parametrize(("name", "text", "phrase"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_invalid_position_exits_2_with_the_reason(name, text, phrase):
    proc = run("analyse", text)
    stderr = assert_clean_error(proc)
    assert stderr.startswith("error: ")
    assert phrase in stderr
    assert stderr.count("\n") == 1
    assert proc.stdout == ""


@pytest.mark.parametrize(
    ("name", "text", "phrase"), EXAMPLES[:1] + EXAMPLES[-3:], ids=[e[0] for e in EXAMPLES[:1] + EXAMPLES[-3:]]
)
def test_invalid_position_as_separate_fields_and_with_json(name, text, phrase):
    for args in (("analyse", *text.split(" ")), ("analyse", "--json", text), ("moves", text)):
        stderr = assert_clean_error(run(*args))
        assert stderr.startswith("error: ")
        assert phrase in stderr


@pytest.mark.parametrize("args", [(), ("analyse",), ("frobnicate",), ("deal",), ("analyse", "--bogus", "x"), ("game",)])
def test_usage_errors_exit_2(args):
    proc = run(*args)
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr
    assert "usage:" in proc.stderr


def test_help():
    proc = run("--help")
    assert proc.returncode == 0
    assert "analyse" in proc.stdout
    assert "deal" in proc.stdout


# -------------------------------------------------------------------- batch


def test_batch_json_mixed_lines():
    good = [deal(3), main_line_positions(42)[4], main_line_positions(42)[-1]]
    bad = [EXAMPLES[0][1], "  not a position  ", EXAMPLES[-1][1]]
    lines = [str(good[0]), "", bad[0], "  " + str(good[1]) + "  ", bad[1], "\t", bad[2], str(good[2])]
    proc = run("analyse", "--json", "-", stdin="\n".join(lines) + "\n")
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(out) == 6
    assert out[0] == analyse(good[0]).to_json()
    assert out[1]["position"] == bad[0]
    assert "found 3" in out[1]["error"]
    assert out[2] == analyse(good[1]).to_json()
    assert out[3] == {"position": "not a position", "error": out[3]["error"]}
    assert "4 fields" in out[3]["error"]
    assert out[4]["position"] == bad[2]
    assert "no stones left" in out[4]["error"]
    assert out[5] == analyse(good[2]).to_json()


def test_batch_all_good_exits_0():
    positions = [deal(s) for s in range(4)]
    proc = run("analyse", "--json", "-", stdin="".join(f"{p}\n" for p in positions))
    assert proc.returncode == 0
    assert [json.loads(line) for line in proc.stdout.splitlines()] == [analyse(p).to_json() for p in positions]


def test_batch_table_mode():
    proc = run("analyse", "-", stdin=f"{deal(1)}\nbad\n{deal(2)}\n")
    assert proc.returncode == 1
    assert str(deal(1)) in proc.stdout
    assert str(deal(2)) in proc.stdout
    assert proc.stderr.startswith("error: ")
    assert "'bad'" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_batch_flushes_each_line():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, "-m", "solver", "analyse", "--json", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
    )
    try:
        for seed in (5, 6):
            proc.stdin.write(f"{deal(seed)}\n")
            proc.stdin.flush()
            line = proc.stdout.readline()  # answered before stdin is closed
            assert json.loads(line) == analyse(deal(seed)).to_json()
    finally:
        proc.stdin.close()
        assert proc.wait(timeout=30) == 0
        proc.stdout.close()


def test_broken_pipe_is_quiet():
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, "-m", "solver", "analyse", "--json", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
    )
    proc.stdout.close()  # the reader goes away before the first line is written
    _, err = proc.communicate(f"{deal(3)}\n" * 50, timeout=60)
    assert "Traceback" not in err
    assert "BrokenPipe" not in err
    assert proc.returncode in (0, 1)


# --------------------------------------------------------------- deal, moves


def test_deal_prints_a_parsable_reproducible_position():
    first = run("deal", "--seed", "42")
    again = run("deal", "--seed", "42")
    assert first.returncode == 0
    assert first.stdout == again.stdout
    text = first.stdout.strip()
    assert Position.parse(text) == deal(42)
    assert str(Position.parse(text)) == text
    assert run("deal", "--seed", "43").stdout.strip() == str(deal(43))
    assert run("deal", "--seed", str(2**64 - 1)).stdout.strip() == str(deal(2**64 - 1))


def test_deal_json():
    proc = run("deal", "--seed", "9", "--json")
    assert json.loads(proc.stdout) == deal(9).to_json()


@pytest.mark.parametrize("seed", ["-1", "x", "1.5", str(2**64), ""])
def test_bad_seed_exits_2(seed):
    stderr = assert_clean_error(run("deal", "--seed", seed))
    assert stderr.startswith("error: ")
    assert "seed" in stderr


def test_moves_lists_the_legal_moves():
    for position in (deal(42), main_line_positions(42)[3], main_line_positions(42)[-1]):
        proc = run("moves", str(position))
        assert proc.returncode == 0
        assert proc.stdout.split() == [str(m) for m in position.legal_moves()]


# --------------------------------------------------------------------- game


def game_record(seed: int = 7) -> GameRecord:
    import random

    rng = random.Random(seed)
    record = GameRecord.from_seed(seed, (), {"Event": "CLI test"})
    while not record.is_over:
        record = record.push(rng.choice(record.final_position.legal_moves()))
    return record


def test_game_table(tmp_path):
    record = game_record()
    path = tmp_path / "game.txt"
    path.write_text(str(record), encoding="utf-8")
    proc = run("game", str(path))
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    plies = [line.split() for line in lines if line.split() and line.split()[0].isdigit()]
    assert len(plies) == len(record.moves)
    for (_ply, side, move, value, best, grade, lost), position, played in zip(
        plies, record.positions()[:-1], record.moves, strict=True
    ):
        analysis = analyse(position)
        entry = analysis.move_value(played)
        assert (side, move, int(value), int(best), grade, int(lost)) == (
            position.side,
            str(played),
            entry.value,
            analysis.value,
            entry.grade,
            entry.points_lost,
        )
    assert "CLI test" in proc.stdout
    assert str(record.result) in proc.stdout
    summary = {
        line.split()[0]: line.split()[1:]
        for line in lines
        if line.split() and line.split()[0] in ("A", "B") and len(line.split()) == 6
    }
    assert set(summary) == {"A", "B"}
    assert sum(int(summary[s][0]) for s in "AB") == len(record.moves)


def test_game_json_from_stdin():
    record = game_record(11)
    proc = run("game", "-", "--json", stdin=str(record))
    assert proc.returncode == 0
    data = json.loads(proc.stdout)
    assert data["start"] == str(record.start)
    assert data["tags"] == dict(record.tags)
    assert [p["move"] for p in data["plies"]] == [str(m) for m in record.moves]
    for side in "AB":
        mine = [p for p in data["plies"] if p["side"] == side]
        s = data["summary"][side]
        assert s["moves"] == len(mine)
        assert s["points_lost"] == sum(p["points_lost"] for p in mine)
        for grade in ("inaccuracy", "mistake", "blunder"):
            assert s[grade] == sum(p["grade"] == grade for p in mine)
    for p in data["plies"]:
        assert p["points_lost"] == p["best"] - p["value"] >= 0


def test_game_invalid_record_exits_2(tmp_path):
    text = str(game_record()).replace("[Seed", '[Seed "x"]\n[Junk')
    stderr = assert_clean_error(run("game", "-", stdin=text))
    assert stderr.startswith("error: ")
    record = game_record()
    illegal = str(record).rstrip("\n") + " 66L\n"
    stderr = assert_clean_error(run("game", "-", stdin=illegal))
    assert f"ply {len(record.moves) + 1}" in stderr
    assert "'66L'" in stderr
    stderr = assert_clean_error(run("game", str(tmp_path / "missing.txt")))
    assert "missing.txt" in stderr


# ------------------------------------------------------------- in process


def test_main_returns_the_status(capsys):
    assert main(["deal", "--seed", "42"]) == 0
    assert capsys.readouterr().out.strip() == str(deal(42))
    assert main(["analyse", "nonsense"]) == 2
    assert capsys.readouterr().err.startswith("error: ")
    assert main(["deal"]) == 2
