"""Write src/shared/api-types.ts: the TypeScript types of the API's JSON, generated from its OpenAPI schema.

Run from the repository root with the project's Python after any change of the API
(or ``npm run api-types`` in frontend/, which runs the same):

    .venv/bin/python frontend/scripts/api_types.py

It writes the schema as ``manage.py spectacular`` serves it (the local settings),
then turns it into TypeScript with openapi-typescript, the front end's
devDependency (``npm ci`` in frontend/ first).  The pages alias the schemas they
read (``components["schemas"]["GameOutput"]``), so a field the server renames or
drops is a type error in the front end.  tests/test_api_types.py fails while the
committed file is not what the current schema gives.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "frontend" / "src" / "shared" / "api-types.ts"
OPENAPI_TYPESCRIPT = ROOT / "frontend" / "node_modules" / ".bin" / "openapi-typescript"

HEADER = """\
// Generated from the API's OpenAPI schema by frontend/scripts/api_types.py: do not edit.
// After a change of the API, regenerate it with `npm run api-types` in frontend/
// (or `.venv/bin/python frontend/scripts/api_types.py` from the repository root);
// tests/test_api_types.py fails while this file is not what the schema generates.
// The pages use its schemas through aliases (`components["schemas"]["GameOutput"]`).

"""


def write_schema(path: Path) -> None:
    """The OpenAPI schema, in YAML, as the site serves it under the local settings."""
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings.local"}
    subprocess.run(
        [sys.executable, "manage.py", "spectacular", "--file", str(path)],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )


def typescript(schema: Path) -> str:
    """The text of api-types.ts for the schema in ``schema``: openapi-typescript's output under HEADER."""
    with tempfile.TemporaryDirectory(prefix="api-types-") as folder:
        out = Path(folder) / "api-types.ts"
        subprocess.run(
            [str(OPENAPI_TYPESCRIPT), str(schema.resolve()), "--output", str(out)],
            cwd=ROOT / "frontend",
            check=True,
            capture_output=True,
        )
        return HEADER + out.read_text(encoding="utf-8")


def main() -> None:
    if not OPENAPI_TYPESCRIPT.exists():
        sys.exit(f"{OPENAPI_TYPESCRIPT.relative_to(ROOT)} is missing: run `npm ci` in frontend/ first")
    with tempfile.TemporaryDirectory(prefix="api-schema-") as folder:
        schema = Path(folder) / "schema.yaml"
        write_schema(schema)
        OUT.write_text(typescript(schema), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
