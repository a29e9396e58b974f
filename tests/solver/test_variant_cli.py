"""``python -m solver`` with the variants: analyse, moves, deal, game and the
batch mode take any variant's position string; every invalid class of
docs/rules.md section 4.7 exits 2 with ``error: ...`` and no traceback."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from invalid_positions import variant_invalid_examples

from solver import GameRecord, Position, analyse, deal
from solver.variant import VARIANTS

ROOT = Path(__file__).resolve().parents[2]
NAMES = [str(v) for v in VARIANTS]


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


def assert_clean_error(proc: subprocess.CompletedProcess) -> str:
    assert proc.returncode == 2, proc
    assert "Traceback" not in proc.stderr
    assert proc.stdout == ""
    assert proc.stderr.startswith("error: "), proc.stderr
    assert proc.stderr.count("\n") == 1, proc.stderr
    return proc.stderr


def test_help_lists_the_variants():
    for args in (("--help",), ("analyse", "--help"), ("deal", "--help")):
        proc = run(*args)
        assert proc.returncode == 0
        for name in ("lewicki", "lewicki9", "block", "partnership", "+doubles"):
            assert name in proc.stdout, (args, name)


@pytest.mark.parametrize("variant", NAMES)
def test_deal_analyse_and_moves_of_every_variant(variant):
    proc = run("deal", "--seed", "11", "--variant", variant)
    assert proc.returncode == 0, proc.stderr
    text = proc.stdout.strip()
    assert text == str(deal(11, variant))
    assert Position.parse(text) == deal(11, variant)
    assert json.loads(run("deal", "--seed", "11", "--variant", variant, "--json").stdout) == deal(11, variant).to_json()
    proc = run("analyse", "--json", text)
    assert proc.returncode == 0
    assert json.loads(proc.stdout) == analyse(deal(11, variant)).to_json()
    middle = random.Random(1)
    position = deal(11, variant)
    for _ in range(5):
        after = position.play(middle.choice(position.legal_moves()))
        if after.is_over():
            break
        position = after
    proc = run("analyse", *str(position).split(" "))  # the fields as separate arguments
    assert proc.returncode == 0
    assert str(position) in proc.stdout
    assert "main line:" in proc.stdout
    proc = run("moves", str(position))
    assert proc.returncode == 0
    assert proc.stdout.split() == [str(m) for m in position.legal_moves()]


def test_bad_variant_for_deal_exits_2():
    stderr = assert_clean_error(run("deal", "--seed", "1", "--variant", "blok"))
    assert "'blok'" in stderr


EXAMPLES = variant_invalid_examples()


@pytest.mark.parametrize(("name", "text", "phrase"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_invalid_variant_position_exits_2(name, text, phrase):
    stderr = assert_clean_error(run("analyse", text))
    assert phrase in stderr


def test_invalid_variant_positions_in_moves_json_and_batch():
    for _, text, phrase in EXAMPLES[::5]:
        assert phrase in assert_clean_error(run("moves", text))
        assert phrase in assert_clean_error(run("analyse", "--json", text))
    good = [deal(seed, variant) for seed, variant in enumerate(NAMES)]
    lines = [str(good[0]), EXAMPLES[0][1], str(good[1]), EXAMPLES[-1][1], *map(str, good[2:])]
    proc = run("analyse", "--json", "-", stdin="\n".join(lines) + "\n")
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert out[1] == {"position": EXAMPLES[0][1], "error": out[1]["error"]}
    assert EXAMPLES[0][2] in out[1]["error"]
    assert out[3]["position"] == EXAMPLES[-1][1]
    assert "error" in out[3]
    assert [o for i, o in enumerate(out) if i not in (1, 3)] == [analyse(p).to_json() for p in good]


def test_batch_of_twenty_fresh_deals_of_each_variant():
    lines = "".join(
        f"{deal(seed, variant)}\n" for variant in ("lewicki9", "block", "partnership") for seed in range(20)
    )
    proc = run("analyse", "--json", "-", stdin=lines)
    assert proc.returncode == 0
    assert len(proc.stdout.splitlines()) == 60


@pytest.mark.parametrize("variant", ["lewicki9", "block+doubles", "partnership"])
def test_game_grades_a_variant_record(variant, tmp_path):
    rng = random.Random(3)
    record = GameRecord.from_seed(3, (), variant=variant)
    while not record.is_over:
        record = record.push(rng.choice(record.final_position.legal_moves()))
    path = tmp_path / "game.txt"
    path.write_text(str(record), encoding="utf-8")
    proc = run("game", str(path))
    assert proc.returncode == 0, proc.stderr
    seats = record.variant.seats
    summary = [line.split()[0] for line in proc.stdout.splitlines() if line.split() and len(line.split()) == 6]
    assert [s for s in summary if s in seats] == list(seats)
    data = json.loads(run("game", "-", "--json", stdin=str(record)).stdout)
    assert data["start"] == str(record.start)
    assert set(data["summary"]) == set(seats)
    assert [p["move"] for p in data["plies"]] == [str(m) for m in record.moves]
    illegal = str(record).rstrip("\n") + " 66L\n"
    stderr = assert_clean_error(run("game", "-", stdin=illegal))
    assert f"ply {len(record.moves) + 1}" in stderr
    stderr = assert_clean_error(
        run("game", "-", stdin=str(record).replace(f'[Variant "{variant}"]', '[Variant "nope"]'))
    )
    assert "Variant" in stderr
