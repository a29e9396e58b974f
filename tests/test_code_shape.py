"""The code keeps a shape a reader can take in: no module of the site
(``puzzles/``, migrations aside), no module of the solver (``solver/``) and
no TypeScript file of the front end (``frontend/src/``) over 500 lines, and
ruff keeps measuring every function's complexity (C90, at most 15) with no
file exempted, so that neither a long file nor a tangled function can grow
back silently; and every app of the site has its place in the layers
contract of ``lint-imports``, so that a new app cannot depend on anything
unchecked."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MAX_LINES = 500
MAX_COMPLEXITY = 15


def line_count(path: Path) -> int:
    with path.open("rb") as lines:
        return sum(1 for _ in lines)


def too_long(paths: list[Path]) -> list[str]:
    return [
        f"{path.relative_to(ROOT).as_posix()} ({count} lines)"
        for path in sorted(paths)
        if (count := line_count(path)) > MAX_LINES
    ]


def site_modules() -> list[Path]:
    return [p for p in (ROOT / "puzzles").rglob("*.py") if "migrations" not in p.relative_to(ROOT).parts]


def solver_modules() -> list[Path]:
    return sorted((ROOT / "solver").glob("*.py"))


def frontend_sources() -> list[Path]:
    found = [*(ROOT / "frontend" / "src").rglob("*.ts"), *(ROOT / "frontend" / "src").rglob("*.tsx")]
    return [p for p in found if "node_modules" not in p.parts]


def test_no_module_of_the_site_is_over_500_lines():
    modules = site_modules()
    assert len(modules) > 100, "the site's modules were not found"
    offenders = too_long(modules)
    assert not offenders, f"split these modules of the site under {MAX_LINES} lines: {', '.join(offenders)}"


def test_no_module_of_the_solver_is_over_500_lines():
    modules = solver_modules()
    assert len(modules) > 10, "the solver's modules were not found"
    offenders = too_long(modules)
    assert not offenders, f"split these modules of the solver under {MAX_LINES} lines: {', '.join(offenders)}"


def test_no_typescript_file_of_the_front_end_is_over_500_lines():
    sources = frontend_sources()
    assert len(sources) > 20, "the front end's TypeScript files were not found"
    offenders = too_long(sources)
    assert not offenders, f"split these TypeScript files under {MAX_LINES} lines: {', '.join(offenders)}"


def takes_in_c901(code: str) -> bool:
    """Whether a ruff selector takes in C901: the rule's code, a prefix of it, or ALL."""
    return code == "ALL" or "C901".startswith(code)


def test_ruff_measures_every_functions_complexity():
    lint = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["ruff"]["lint"]
    selected = [code for code in lint.get("select", []) + lint.get("extend-select", []) if takes_in_c901(code)]
    assert selected, f"ruff's lint.select has no C90: {lint.get('select')}"
    ignored = [code for code in lint.get("ignore", []) if takes_in_c901(code)]
    assert not ignored, f"ruff's lint.ignore drops C901: {ignored}"
    exempt = {
        files: codes for files, codes in lint.get("per-file-ignores", {}).items() if any(map(takes_in_c901, codes))
    }
    assert not exempt, f"files exempted from C901 (a noqa with its reason goes on the one function): {exempt}"
    complexity = lint.get("mccabe", {}).get("max-complexity", 10)  # ruff's default
    assert complexity <= MAX_COMPLEXITY, f"ruff's lint.mccabe.max-complexity is {complexity}, above {MAX_COMPLEXITY}"


def apps_of_the_site() -> set[str]:
    """Every app under ``puzzles/`` (a folder with an ``apps.py``), as its module name."""
    return {f"puzzles.{path.parent.name}" for path in (ROOT / "puzzles").glob("*/apps.py")}


def layered_modules() -> set[str]:
    """The modules named in the layers contracts of ``[tool.importlinter]``
    (a layer is one module or several, independent with ``|`` or not with ``:``)."""
    linter = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["importlinter"]
    named: set[str] = set()
    for contract in linter["contracts"]:
        if contract["type"] == "layers":
            for layer in contract["layers"]:
                named.update(part.strip() for part in layer.replace(":", "|").split("|"))
    return named


def test_every_app_of_the_site_is_in_the_layers_contract():
    apps = apps_of_the_site()
    assert len(apps) > 10, "the site's apps were not found"
    missing = sorted(apps - layered_modules())
    assert not missing, f"give these apps a layer in pyproject.toml's layers contract: {', '.join(missing)}"
