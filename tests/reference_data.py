"""Where the independent reference analyses are: ``tests/data/analyses.jsonl``,
kept in the repository (docs/rules.md section 3.4 says what it holds).  Nothing
outside the clone is read.  A missing or empty file fails the test that needs
it loudly: the oracle never silently vanishes and a test never skips for it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
REFERENCE_ANALYSES = ROOT / "tests" / "data" / "analyses.jsonl"


def reference_analyses_path() -> Path:
    path = REFERENCE_ANALYSES
    if not path.is_file():
        raise FileNotFoundError(f"the reference analyses are missing: {path} (they are tracked in git; restore them)")
    return path


def reference_analyses() -> list[dict[str, Any]]:
    """The reference analyses, one dict a position (position, value, moves)."""
    path = reference_analyses_path()
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    if not records:
        raise ValueError(f"the reference analyses are empty: {path}")
    return records
