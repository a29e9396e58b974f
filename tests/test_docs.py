"""The READMEs and docs/ keep serving their readers: the root README stays a
short front page that names the two commands, every relative link in the
manuals leads to a file (and a heading) that exists, every environment
variable the site and its scripts read is in docs/configuration.md, and every
module of puzzles/core/ is in puzzles/README.md."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
CONFIGURATION = ROOT / "docs" / "configuration.md"
PUZZLES_README = ROOT / "puzzles" / "README.md"
README_MAX_LINES = 130

LINK = re.compile(r"!?\[[^\]]*\]\(([^)\s]+)\)")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.M | re.S)
# How the code reads a variable: os.environ / os.getenv, the settings'
# typed readers (env.str, env.int, ..., production's _required), ${NAME:-...} in the
# shell scripts, NAME ?= in the Makefile.
PYTHON_READ = re.compile(
    r"""(?:os\.environ\.get|os\.environ\.setdefault|os\.getenv|env\.(?:str|bool|int|float|list)|_required)\(\s*["']([A-Z][A-Z0-9_]*)["']"""
    r"""|os\.environ\[\s*["']([A-Z][A-Z0-9_]*)["']\s*\]"""
)
SHELL_READ = re.compile(r"\$\{([A-Z][A-Z0-9_]*):?[-=]")
MAKE_READ = re.compile(r"^([A-Z][A-Z0-9_]*)\s*\?=", re.M)


def manuals() -> list[Path]:
    return [README, ROOT / "solver" / "README.md", PUZZLES_README, *sorted((ROOT / "docs").glob("*.md"))]


def slug(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def anchors(text: str) -> set[str]:
    found: set[str] = set()
    for heading in re.findall(r"^#{1,6} +(.+?) *#*$", FENCE.sub("", text), re.M):
        name, n = slug(heading), 1
        while name in found:
            name, n = f"{slug(heading)}-{n}", n + 1
        found.add(name)
    return found


def broken_links(path: Path, text: str) -> list[str]:
    """The relative links of a Markdown file (outside code blocks) whose file,
    or whose heading in a Markdown file, does not exist."""
    broken = []
    for target in LINK.findall(FENCE.sub("", text)):
        if re.match(r"[a-z][a-z0-9+.-]*:", target):  # https:, mailto:
            continue
        file_part, _, anchor = target.partition("#")
        if not file_part:  # a heading of this page
            headings = anchors(text)
        else:
            linked = (path.parent / file_part).resolve()
            if not linked.exists():
                broken.append(f"{path.relative_to(ROOT)}: {target} (no such file)")
                continue
            headings = anchors(linked.read_text(encoding="utf-8")) if linked.suffix == ".md" else None
        if anchor and headings is not None and anchor not in headings:
            broken.append(f"{path.relative_to(ROOT)}: {target} (no such heading)")
    return broken


def variables_read() -> dict[str, str]:
    """Every environment variable the site, its scripts and the Makefile read, with where."""
    found: dict[str, str] = {}
    for folder in ("config", "puzzles"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for groups in PYTHON_READ.findall(path.read_text(encoding="utf-8")):
                found.setdefault(next(g for g in groups if g), str(path.relative_to(ROOT)))
    for path in sorted((ROOT / "scripts").glob("*.sh")):
        for name in SHELL_READ.findall(path.read_text(encoding="utf-8")):
            found.setdefault(name, str(path.relative_to(ROOT)))
    for name in MAKE_READ.findall((ROOT / "Makefile").read_text(encoding="utf-8")):
        found.setdefault(name, "Makefile")
    return found


def test_the_readme_is_a_short_front_page_with_both_commands():
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= README_MAX_LINES
    assert "make run" in text
    assert "make test" in text
    assert "docs/images/" in text
    assert not broken_links(README, text)


def test_every_relative_link_of_the_manuals_leads_somewhere():
    broken = [hit for path in manuals() for hit in broken_links(path, path.read_text(encoding="utf-8"))]
    assert not broken, "broken links:\n" + "\n".join(broken)


def test_the_link_check_finds_missing_files_and_headings_and_skips_code():
    page = ROOT / "docs" / "page.md"
    assert broken_links(page, "see [the API](api.md)") == []
    assert broken_links(page, "see [rules](rules.md#2-notation) and [x](#nowhere)") == [
        "docs/page.md: #nowhere (no such heading)"
    ]
    assert broken_links(page, "![shot](images/none.png)") == ["docs/page.md: images/none.png (no such file)"]
    assert broken_links(page, "[the root](../README.md#where-to-read-on), [web](https://example.org/x)") == []
    assert broken_links(page, "```\n[not a link](missing.md)\n```\n") == []
    assert slug("1. The standard game (`lewicki`)") == "1-the-standard-game-lewicki"
    assert slug("`core/`, module by module") == "core-module-by-module"


def test_every_environment_variable_read_is_in_the_configuration_page():
    read = variables_read()
    # the reader itself: it finds the variables of each kind of file
    assert {
        "DJANGO_SECRET_KEY",
        "DJANGO_DEBUG",
        "DJANGO_ALLOWED_HOSTS",
        "OD_WEB_BODY_TIMEOUT",
        "OD_SIGNUPS_PER_HOUR",
        "OD_REDIS_PORT",
        "OD_RUN_DIR",
        "WITH_BROWSER",
        "PYTHON",
    } <= set(read)
    documented = set(re.findall(r"`([A-Z][A-Z0-9_]*)`", CONFIGURATION.read_text(encoding="utf-8")))
    missing = sorted(f"{name} ({where})" for name, where in read.items() if name not in documented)
    assert not missing, "read but not in docs/configuration.md:\n" + "\n".join(missing)


def test_every_module_of_core_is_in_the_puzzles_readme():
    text = PUZZLES_README.read_text(encoding="utf-8")
    modules = sorted(path.name for path in (ROOT / "puzzles" / "core").glob("*.py"))
    assert "authentication.py" in modules
    missing = [name for name in modules if f"core/{name}" not in text]
    assert not missing, "puzzles/README.md does not name: " + ", ".join(missing)


def test_every_top_level_page_of_the_site_is_in_the_readme():
    # The README's table of pages is how a newcomer finds the site's parts:
    # a page added under a new first path segment must be listed there.
    import django
    from django.urls import URLPattern, URLResolver, get_resolver

    django.setup()
    machinery = {"api", "admin", "i18n", "jsi18n", "favicon.ico", ""}

    def routes(patterns, prefix=""):
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                yield from routes(pattern.url_patterns, prefix + str(pattern.pattern))
            elif isinstance(pattern, URLPattern) and not str(pattern.pattern).startswith("^"):
                yield prefix + str(pattern.pattern)

    tops = {route.split("/")[0] for route in routes(get_resolver().url_patterns)} - machinery
    assert {"learn", "daily", "insights", "lobby"} <= tops  # the walk finds the site's pages
    listed = set(re.findall(r"`/([a-z.-]+)", README.read_text()))
    assert tops - listed == set(), "pages missing from the README's table"
