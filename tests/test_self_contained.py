"""The repository stands alone: no tracked file reads or cites anything beside
the clone (the rules are docs/rules.md, the reference analyses
tests/data/analyses.jsonl), and every citation of docs/rules.md names a
section the page has."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

from reference_data import REFERENCE_ANALYSES, reference_analyses

ROOT = Path(__file__).resolve().parents[1]
RULES_PAGE = ROOT / "docs" / "rules.md"
THIS = Path(__file__).resolve().relative_to(ROOT).as_posix()

# What a reference to a file outside the clone looks like: the old rules file
# and reference data beside the clone, the variable that pointed there, an
# absolute path of one machine, and the old rules file's citations ("RULES.md
# section 4", "RULES 1.6", "RULES notation").
OUTSIDE = re.compile(
    r"shared/RULES|shared/reference|/work/|SHARED_DIR|RULES\.md|\bRULES(?= +(?:\d|sections?\b|notation\b))"
)
# The front end's own src/shared/ folder, imported by relative paths.
FRONTEND_IMPORT = re.compile(r"""\bfrom\s+["'](?:\.\./)+(?:src/)?shared/""")
SECTION_CITATION = re.compile(r"docs/rules\.md\)?\s*(?:sections?|§)\s*((?:§?\d+(?:\.\d+)?(?:,\s*|\s+and\s+)?)+)")


def tracked_files() -> list[str]:
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True).stdout
    return [name for name in listed.decode().split("\0") if name]


def tracked_texts() -> list[tuple[str, str]]:
    texts = []
    for name in tracked_files():
        path = ROOT / name
        if not path.is_file():  # deleted in the work tree, not yet committed
            continue
        try:
            texts.append((name, path.read_text(encoding="utf-8")))
        except UnicodeDecodeError:  # binary
            continue
    return texts


def outside_references(name: str, text: str) -> list[str]:
    """The lines of a file that refer to something beside the clone, as
    ``name:line: text``."""
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        if (
            OUTSIDE.search(line)
            or "../shared" in line
            and not (name.startswith("frontend/") and FRONTEND_IMPORT.search(line))
        ):
            found.append(f"{name}:{number}: {line.strip()}")
    return found


def rules_sections() -> set[str]:
    """The numbers of docs/rules.md's sections: "2" for "## 2. ...", "2.4" for "### 2.4 ..."."""
    return set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", RULES_PAGE.read_text(encoding="utf-8"), re.M))


def cited_sections(text: str) -> list[str]:
    return [n for group in SECTION_CITATION.findall(text) for n in re.findall(r"\d+(?:\.\d+)?", group)]


def test_no_tracked_file_refers_to_anything_beside_the_clone():
    found = [hit for name, text in tracked_texts() if name != THIS for hit in outside_references(name, text)]
    assert not found, "references outside the repository:\n" + "\n".join(found)


def test_the_check_finds_references_outside_and_lets_the_front_ends_imports_pass():
    assert outside_references("README.md", "fixed in `../shared/RULES.md`.")
    assert outside_references("tests/x.py", 'Path(os.environ.get("SHARED_DIR", ROOT.parent / "shared"))')
    assert outside_references("tests/x.py", 'Path("/work/shared/reference/analyses.jsonl")')
    assert outside_references("solver/x.c", "/* one per distinct move (RULES 1.6). */")
    assert outside_references("solver/x.py", "(RULES sections 2 and 4)")
    assert outside_references("frontend/src/board/x.ts", "Reading RULES notation")
    assert outside_references("frontend/src/x.ts", 'const rules = "../shared/rules.md";')
    assert not outside_references("frontend/src/games/x.ts", 'import { t } from "../shared/i18n";')
    assert not outside_references("frontend/tests/x.ts", 'import { el } from "../../src/shared/dom";')
    assert not outside_references("tests/solver/x.py", "RULES_EXAMPLES = [")
    assert not outside_references("solver/x.py", "(docs/rules.md section 1.6)")


def test_the_rules_and_the_reference_analyses_are_tracked():
    tracked = set(tracked_files())
    assert "docs/rules.md" in tracked
    assert REFERENCE_ANALYSES.relative_to(ROOT).as_posix() == "tests/data/analyses.jsonl"
    assert "tests/data/analyses.jsonl" in tracked
    records = reference_analyses()
    assert len(records) == 43
    for record in records:
        assert set(record) == {"position", "value", "moves"}, record
        assert all(set(move) == {"move", "value", "grade"} for move in record["moves"]), record
    # one JSON object a line, nothing else
    lines = REFERENCE_ANALYSES.read_text(encoding="utf-8").splitlines()
    assert [json.loads(line) for line in lines] == records


def test_every_citation_of_the_rules_names_one_of_their_sections():
    sections = rules_sections()
    assert {"1", "2", "3", "4", "5", "1.6", "2.2", "2.4", "3.3", "4.7", "4.9"} <= sections
    wrong = [
        f"{name}: section {number}"
        for name, text in tracked_texts()
        if name != THIS
        for number in cited_sections(text)
        if number not in sections
    ]
    assert not wrong, "docs/rules.md has no such section:\n" + "\n".join(wrong)


def test_citations_are_read_in_every_form_the_repository_writes():
    assert cited_sections("(docs/rules.md sections 1.8, 1.9 and 4.4)") == ["1.8", "1.9", "4.4"]
    assert cited_sections("(docs/rules.md §2.2, §4.7)") == ["2.2", "4.7"]
    assert cited_sections("notation (docs/rules.md\n§2.5: `36`") == ["2.5"]
    assert cited_sections("[docs/rules.md](../docs/rules.md) section 5)") == ["5"]
    assert cited_sections("the notation of docs/rules.md section 2. Values") == ["2"]
    assert cited_sections("docs/rules.md section 9.1") == ["9.1"]
