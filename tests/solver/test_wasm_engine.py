"""The browser's solver (frontend/src/engine/ over the WebAssembly build of
solver/engine.c) answers as the Python engine does: its command line,
``node frontend/scripts/analyse.mjs``, and ``python -m solver analyse --json``
give the same bytes and the same exit status on the same input, valid
positions of every variant and invalid ones alike."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from engine_cases import STANDARD, engine_cases

ROOT = Path(__file__).resolve().parents[2]
NODE = shutil.which("node")
SCRIPT = ROOT / "frontend" / "scripts" / "analyse.mjs"
WASM = ROOT / "frontend" / "src" / "engine" / "solver.wasm"

pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")


@pytest.fixture(scope="module", autouse=True)
def built_wasm():
    if not WASM.exists():  # `make setup` builds it; a bare checkout builds it here
        subprocess.run(["make", "-C", str(ROOT), "wasm"], check=True, capture_output=True)


def run(command: list[str], text: str | None = None) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        command, input=None if text is None else text.encode(), capture_output=True, cwd=ROOT, timeout=600
    )


def python_cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "solver", "analyse", "--json", *args]


def node_cli(*args: str) -> list[str]:
    return [str(NODE), str(SCRIPT), *args]


def test_batch_output_is_the_same_bytes_on_every_case():
    cases = engine_cases()
    text = "\n".join(cases) + "\n"
    python, node = run(python_cli("-"), text), run(node_cli("-"), text)
    assert node.stderr == b""
    assert (node.returncode, python.returncode) == (1, 1)  # the invalid lines fail the run
    py_lines, node_lines = python.stdout.decode().splitlines(), node.stdout.decode().splitlines()
    assert len(py_lines) == len(node_lines) == len(cases)
    for case, expected, got in zip(cases, py_lines, node_lines, strict=True):
        assert got == expected, case
    assert node.stdout == python.stdout
    assert sum('"error"' in line for line in py_lines) >= 50
    variants = {line.split(" ")[0] for line in cases if not line[0].isdigit()}
    assert {
        "block",
        "block+doubles",
        "lewicki9",
        "lewicki9+doubles",
        "partnership",
        "partnership+doubles",
        "lewicki+doubles",
    } <= variants


def test_line_endings_and_blank_lines_read_as_python_reads_them():
    text = f"\r\n  {STANDARD}\r\n\n\t\rnot a position\r{STANDARD.lower()}"
    python, node = run(python_cli("-"), text), run(node_cli("-"), text)
    assert (node.stdout, node.returncode) == (python.stdout, python.returncode)
    assert len(node.stdout.splitlines()) == 2  # a lone \r does not end a line


def test_all_valid_lines_exit_zero():
    python, node = run(python_cli("-"), STANDARD + "\n"), run(node_cli("-"), STANDARD + "\n")
    assert (node.stdout, node.returncode) == (python.stdout, 0)


def test_one_position_as_arguments_and_its_error():
    python, node = run(python_cli(*STANDARD.split(" "))), run(node_cli(*STANDARD.split(" ")))
    assert (node.stdout, node.returncode) == (python.stdout, 0)
    python, node = run(python_cli("26.56")), run(node_cli("26.56"))
    assert (node.stdout, node.stderr, node.returncode) == (b"", python.stderr, 2)
    assert node.stderr.startswith(b"error: a position has 4 fields")
