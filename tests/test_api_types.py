"""The front end's API types are generated: frontend/src/shared/api-types.ts is
what openapi-typescript makes of the schema the site serves now.  After a change
of the API, write it again with ``npm run api-types`` in frontend/ (or
``.venv/bin/python frontend/scripts/api_types.py``), then fix what ``npx tsc
--noEmit`` finds in the pages."""

from __future__ import annotations

import importlib.util
import shutil
from pathlib import Path

import pytest
from django.core.management import call_command

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "frontend" / "scripts" / "api_types.py"


def _load_script():
    spec = importlib.util.spec_from_file_location("frontend_api_types", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


api_types = _load_script()


def test_the_committed_api_types_are_what_the_schema_generates(tmp_path):
    if not api_types.OPENAPI_TYPESCRIPT.exists():
        pytest.skip("frontend/node_modules is absent (run `npm ci` in frontend/): openapi-typescript makes the types")
    if shutil.which("node") is None:
        pytest.skip("no node on PATH to run openapi-typescript")
    schema = tmp_path / "schema.yaml"
    call_command("spectacular", "--file", str(schema))
    generated = api_types.typescript(schema)
    # one assert of a bool, not of the texts: pytest's diff of thousands of lines says less than the command
    same = generated == api_types.committed()
    assert same, "frontend/src/shared/api-types*.ts are stale: run `npm run api-types` in frontend/"
    longest = max(text.count("\n") for text in generated.values())
    assert longest <= api_types.MAX_LINES
