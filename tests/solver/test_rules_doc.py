"""The worked examples of docs/rules.md, run as written: every ``$ python -m
solver ...`` line of its code blocks is run through a shell, and its output
must be the lines printed under it (a line ``...`` stands for any number of
lines).  The page's examples can then never drift from the solver."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]  # the repository: tests/solver/ -> tests/ -> root
RULES_PAGE = ROOT / "docs" / "rules.md"


def examples() -> list[tuple[str, list[str]]]:
    """(command, expected output lines) for every ``$ `` line of the page's
    code blocks, in page order."""
    found: list[tuple[str, list[str]]] = []
    for block in re.findall(r"^```[a-z]*\n(.*?)^```", RULES_PAGE.read_text(encoding="utf-8"), re.S | re.M):
        for chunk in re.split(r"^\$ ", block, flags=re.M)[1:]:
            command, *output = chunk.rstrip("\n").split("\n")
            found.append((command, output))
    return found


def matches(expected: list[str], actual: list[str]) -> bool:
    """Do the output lines match, ``...`` standing for any run of lines?"""
    pattern = "".join("(?:.*\n)*?" if line == "..." else re.escape(line) + "\n" for line in expected)
    return (
        re.fullmatch(pattern + ("(?:.*\n)*" if expected[-1:] == ["..."] else ""), "".join(a + "\n" for a in actual))
        is not None
    )


def test_the_page_has_worked_examples_of_every_command():
    commands = [command for command, _ in examples()]
    for name in ("analyse", "moves", "deal", "game"):
        assert any(f"python -m solver {name}" in c for c in commands), name
    assert len(commands) >= 15


@pytest.mark.parametrize(("command", "expected"), examples(), ids=lambda v: v[:60] if isinstance(v, str) else "")
def test_worked_example(command, expected):
    env = dict(os.environ, PY=sys.executable, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    # ``python`` on the page is the interpreter running the tests, in pipes too.
    script = 'python() { "$PY" "$@"; }\n' + command
    proc = subprocess.run(["bash", "-c", script], capture_output=True, text=True, cwd=ROOT, env=env, timeout=120)
    actual = [line.rstrip() for line in (proc.stdout + proc.stderr).rstrip("\n").split("\n")]
    assert "Traceback" not in proc.stderr
    assert matches([line.rstrip() for line in expected], actual), "\n".join(actual)


def test_matching_treats_dots_as_any_lines_and_nothing_else():
    assert matches(["a", "...", "d"], ["a", "b", "c", "d"])
    assert matches(["a", "..."], ["a", "b"])
    assert matches(["a", "...", "b"], ["a", "b"])
    assert not matches(["a", "d"], ["a", "b", "d"])
    assert not matches(["a"], ["a", "b"])
    assert not matches(["a", "...", "d"], ["a", "b", "c"])
