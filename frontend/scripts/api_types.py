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
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "frontend" / "src" / "shared" / "api-types.ts"
# The schemas, a file for each part of the API (its tags), each at most MAX_LINES long.
PARTS_DIR = ROOT / "frontend" / "src" / "shared" / "api-types"
MAX_LINES = 500
OPENAPI_TYPESCRIPT = ROOT / "frontend" / "node_modules" / ".bin" / "openapi-typescript"

HEADER = """\
// Generated from the API's OpenAPI schema by frontend/scripts/api_types.py: do not edit.
// After a change of the API, regenerate it with `npm run api-types` in frontend/
// (or `.venv/bin/python frontend/scripts/api_types.py` from the repository root);
// tests/test_api_types.py fails while this file is not what the schema generates.
// The pages use its schemas through aliases (`components["schemas"]["GameOutput"]`),
// one file of frontend/src/shared/api-types/ for each part of the API.

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


def typescript(schema: Path) -> dict[Path, str]:
    """The files of the types for the schema in ``schema``: openapi-typescript's
    schemas (the pages read nothing else of its output), split by the API's own
    tags (``split``), each file under HEADER."""
    with tempfile.TemporaryDirectory(prefix="api-types-") as folder:
        out = Path(folder) / "api-types.ts"
        subprocess.run(
            [str(OPENAPI_TYPESCRIPT), str(schema.resolve()), "--output", str(out)],
            cwd=ROOT / "frontend",
            check=True,
            capture_output=True,
        )
        entries = schema_entries(out.read_text(encoding="utf-8"))
    document = yaml.safe_load(schema.read_text(encoding="utf-8"))
    return split(entries, groups_of(document))


def schema_entries(generated: str) -> dict[str, list[str]]:
    """The text of each schema in openapi-typescript's ``components.schemas``,
    its doc comment included, by name: an entry is written at 8 spaces and
    ends with the first line at that depth that ends with ``;``."""
    lines = generated.splitlines()
    start = lines.index("export interface components {") + 2
    entries: dict[str, list[str]] = {}
    pending: list[str] = []
    name = None
    for line in lines[start:]:
        if line == "    };":
            break
        pending.append(line)
        key = re.match(r"^ {8}(\w+): ", line)
        if name is None and key:
            name = key.group(1)
        if name is not None and re.match(r"^ {8}\S", line) and line.endswith(";"):
            entries[name], pending, name = pending, [], None
    return entries


def _refs(node: Any, found: set[str]) -> set[str]:
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "$ref" and isinstance(value, str):
                found.add(value.rsplit("/", 1)[-1])
            else:
                _refs(value, found)
    elif isinstance(node, list):
        for value in node:
            _refs(value, found)
    return found


def groups_of(document: dict[str, Any]) -> dict[str, str]:
    """Each schema's file: the API tag (an endpoint's part of the site) whose
    endpoints alone use it, directly or through other schemas; ``enums`` for an
    enum used by several, ``shared`` for any other used by several."""
    schemas = document["components"]["schemas"]
    tags: dict[str, set[str]] = {name: set() for name in schemas}
    for item in document["paths"].values():
        for operation in item.values():
            if not isinstance(operation, dict):
                continue
            todo, seen = list(_refs(operation, set())), set()
            while todo:
                name = todo.pop()
                if name not in seen:
                    seen.add(name)
                    tags[name].update(operation.get("tags", ["other"]))
                    todo.extend(_refs(schemas[name], set()))
    return {
        name: next(iter(used)) if len(used) == 1 else ("enums" if "enum" in schemas[name] else "shared")
        for name, used in tags.items()
    }


def _part_name(group: str) -> str:
    return "".join(word.capitalize() for word in re.split(r"[^A-Za-z0-9]+", group) if word) + "Schemas"


def split(entries: dict[str, list[str]], groups: dict[str, str]) -> dict[Path, str]:
    """OUT, whose ``components.schemas`` joins one interface a file of
    PARTS_DIR, and those files, none over MAX_LINES (a group too long is
    continued in a numbered file)."""
    parts: dict[str, list[list[str]]] = {}
    for name in sorted(entries):
        chunks = parts.setdefault(groups.get(name, "shared"), [[]])
        if chunks[-1] and sum(len(e) for e in chunks[-1]) + len(entries[name]) > MAX_LINES - 12:
            chunks.append([])
        chunks[-1].append(entries[name])
    files: dict[Path, str] = {}
    names = []
    for group in sorted(parts):
        for index, chunk in enumerate(parts[group], start=1):
            stem = group if index == 1 else f"{group}-{index}"
            names.append((_part_name(stem), stem))
            body = "\n".join(line[4:] for entry in chunk for line in entry)
            uses = 'import type { components } from "../api-types";\n\n' if 'components["schemas"]' in body else ""
            files[PARTS_DIR / f"{stem}.ts"] = f"{HEADER}{uses}export interface {_part_name(stem)} {{\n{body}\n}}\n"
    imports = "".join(f'import type {{ {part} }} from "./api-types/{stem}";\n' for part, stem in names)
    joined = " &\n        ".join(part for part, _stem in names)
    files[OUT] = f"{HEADER}{imports}\nexport interface components {{\n    schemas: {joined};\n}}\n"
    return files


def committed() -> dict[Path, str]:
    """The files written last time."""
    paths = [OUT, *sorted(PARTS_DIR.glob("*.ts"))] if OUT.exists() else []
    return {path: path.read_text(encoding="utf-8") for path in paths}


def main() -> None:
    if not OPENAPI_TYPESCRIPT.exists():
        sys.exit(f"{OPENAPI_TYPESCRIPT.relative_to(ROOT)} is missing: run `npm ci` in frontend/ first")
    with tempfile.TemporaryDirectory(prefix="api-schema-") as folder:
        schema = Path(folder) / "schema.yaml"
        write_schema(schema)
        files = typescript(schema)
    for stale in set(committed()) - set(files):
        stale.unlink()
    PARTS_DIR.mkdir(exist_ok=True)
    for path, text in files.items():
        path.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)} and {len(files) - 1} files in {PARTS_DIR.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
