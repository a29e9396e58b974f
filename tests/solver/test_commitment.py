"""Deal commitments (solver.commitment) and ``python -m solver verify-deal``."""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path

import pytest

from solver import deal
from solver.commitment import (
    CommitmentError,
    check_commitment,
    check_salt,
    deal_commitment,
    keyed_seed,
    new_salt,
    verify_deal,
)

ROOT = Path(__file__).resolve().parents[2]
SALT = "00112233445566778899aabbccddeeff"


def run(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.run(
        [sys.executable, "-m", "solver", *args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=60
    )


# ------------------------------------------------------------- the library


def test_the_commitment_is_the_sha256_of_the_documented_text():
    expected = hashlib.sha256(f"open-domino deal v1 lewicki {SALT} 7".encode()).hexdigest()
    assert deal_commitment(7, SALT) == expected == deal_commitment(7, SALT, "lewicki")
    # stable: the value written in solver/README.md
    assert expected == "8417c2116539c6a218f40394383d28c3d24ef38bbe3944ecebd7496c80499e4a"


def test_the_commitment_depends_on_salt_seed_and_variant():
    base = deal_commitment(7, SALT)
    assert deal_commitment(7, SALT.replace("0", "1", 1)) != base
    assert deal_commitment(8, SALT) != base
    assert deal_commitment(7, SALT, "block") != base
    assert deal_commitment(7, SALT.upper()) == base  # the salt is read in either case


def test_salts_are_fresh_128_bit_hex():
    salts = {new_salt() for _ in range(50)}
    assert len(salts) == 50
    assert all(check_salt(s) == s and len(s) == 32 for s in salts)


@pytest.mark.parametrize("bad", ["", "0011", SALT + "0", "g" * 32, None, 12, " " * 32])
def test_a_bad_salt_is_refused(bad):
    with pytest.raises(CommitmentError):
        check_salt(bad)


@pytest.mark.parametrize("bad", ["", "ab" * 31, "zz" * 32, None, 5])
def test_a_bad_commitment_is_refused(bad):
    with pytest.raises(CommitmentError):
        check_commitment(bad)


def test_keyed_seed_depends_on_the_secret_and_stays_below_2_53():
    one, other = keyed_seed("secret one", "daily 2026-12-06"), keyed_seed("secret two", "daily 2026-12-06")
    assert one != other
    assert keyed_seed("secret one", "daily 2026-12-06") == one
    assert keyed_seed("secret one", "daily 2026-12-07") != one
    assert 0 <= one < 2**53
    assert 0 <= other < 2**53


def test_verify_deal_checks_commitment_and_position():
    commitment = deal_commitment(42, SALT, "block")
    proof = verify_deal(seed=42, salt=SALT, commitment=commitment, variant="block", position=str(deal(42, "block")))
    assert proof.holds
    assert proof.deal == deal(42, "block")
    assert [c.name for c in proof.checks] == ["commitment", "position"]
    wrong = verify_deal(seed=42, salt=SALT, commitment=commitment, variant="lewicki")
    assert not wrong.holds
    assert wrong.failed == ["commitment"]
    elsewhere = verify_deal(seed=42, salt=SALT, commitment=commitment, variant="block", position=str(deal(43, "block")))
    assert elsewhere.failed == ["position"]


# ------------------------------------------------------------------ the CLI


def test_cli_all_checks_hold():
    commitment = deal_commitment(7, SALT)
    proc = run("verify-deal", "--seed", "7", "--salt", SALT, "--commitment", commitment, "--position", str(deal(7)))
    assert proc.returncode == 0, proc
    assert proc.stderr == ""
    lines = proc.stdout.splitlines()
    assert f"deal:       {deal(7)}" in lines
    assert f"commitment: {commitment} matches" in lines
    assert lines[-1] == "all checks hold"


def test_cli_without_a_position_checks_the_commitment_only():
    proc = run(
        "verify-deal",
        "--seed",
        "7",
        "--salt",
        SALT,
        "--commitment",
        deal_commitment(7, SALT, "block"),
        "--variant",
        "block",
    )
    assert proc.returncode == 0, proc
    assert "position:" not in proc.stdout
    assert str(deal(7, "block")) in proc.stdout


def test_cli_a_wrong_seed_is_a_commitment_mismatch():
    proc = run("verify-deal", "--seed", "8", "--salt", SALT, "--commitment", deal_commitment(7, SALT))
    assert proc.returncode == 1, proc
    assert "commitment: MISMATCH" in proc.stdout
    assert proc.stdout.splitlines()[-1] == "mismatch: commitment"


def test_cli_a_wrong_salt_is_a_commitment_mismatch():
    other = "f" * 32
    proc = run("verify-deal", "--seed", "7", "--salt", other, "--commitment", deal_commitment(7, SALT))
    assert proc.returncode == 1
    assert proc.stdout.splitlines()[-1] == "mismatch: commitment"


def test_cli_a_wrong_variant_is_a_commitment_mismatch():
    proc = run(
        "verify-deal", "--seed", "7", "--salt", SALT, "--commitment", deal_commitment(7, SALT), "--variant", "block"
    )
    assert proc.returncode == 1
    assert proc.stdout.splitlines()[-1] == "mismatch: commitment"


def test_cli_a_start_position_of_another_deal_is_a_position_mismatch():
    proc = run(
        "verify-deal",
        "--seed",
        "7",
        "--salt",
        SALT,
        "--commitment",
        deal_commitment(7, SALT),
        "--position",
        str(deal(8)),
    )
    assert proc.returncode == 1, proc
    assert "position:   MISMATCH" in proc.stdout
    assert f"the deal of seed 7 is {deal(7)}" in proc.stdout
    assert proc.stdout.splitlines()[-1] == "mismatch: position"


def test_cli_both_mismatches_are_named():
    proc = run(
        "verify-deal",
        "--seed",
        "9",
        "--salt",
        SALT,
        "--commitment",
        deal_commitment(7, SALT),
        "--position",
        str(deal(7)),
    )
    assert proc.returncode == 1
    assert proc.stdout.splitlines()[-1] == "mismatch: commitment, position"


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["--seed", "-1"], "seed"),
        (["--seed", "x"], "seed"),
        (["--seed", str(2**64)], "seed"),
        (["--salt", "00"], "salt"),
        (["--commitment", "abc"], "commitment"),
        (["--variant", "chess"], "chess"),
        (["--position", "26.56"], "position"),
    ],
)
def test_cli_bad_input_exits_2_with_an_error(args, says):
    given = {"--seed": "7", "--salt": SALT, "--commitment": deal_commitment(7, SALT)}
    argv = ["verify-deal"]
    for name, value in given.items():
        if name not in args:
            argv += [name, value]
    proc = run(*argv, *[f"{a}={b}" for a, b in zip(args[::2], args[1::2], strict=True)])
    assert proc.returncode == 2, proc
    assert "Traceback" not in proc.stderr
    assert proc.stderr.startswith("error: "), proc.stderr
    assert says in proc.stderr, proc.stderr
    assert proc.stdout == ""


def test_cli_a_missing_option_is_a_usage_error():
    proc = run("verify-deal", "--seed", "7", "--salt", SALT)
    assert proc.returncode == 2
    assert "--commitment" in proc.stderr
