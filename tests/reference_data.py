"""Where the independent reference analyses are: ``shared/`` lies beside the
clone (in CI a fresh clone with a copy of ``shared/`` beside it), or where
``SHARED_DIR`` says.  A missing file fails the test that needs it: it never
silently skips."""
from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def reference_analyses_path() -> Path:
    shared = Path(os.environ.get("SHARED_DIR", ROOT.parent / "shared"))
    path = shared / "reference" / "analyses.jsonl"
    assert path.is_file(), f"the reference analyses are missing: {path} (set SHARED_DIR)"
    return path
