"""Every page of the site in Polish, Dutch and Romanian, in headless Chromium
against the real site (one site shared by the three languages; see
conftest.py), with the page scripts running: no English text of the site's
catalogues is visible and no script or console error happens.

A text counts as English when a msgid of the English catalogue (or a
fragment of it between placeholders) appears on the page while no text of
that language's catalogue contains it: so words that happen to read the
same ("domino", "rating", "Status") are not taken for English."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlencode

import pytest
from browser_helpers import watch_errors

from solver import GameRecord

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = ("pl", "nl", "ro")
PLACEHOLDER = re.compile(r"%\([A-Za-z_]+\)[sd]|%%|<[^>]+>")
# Text on the page that is not the site's wording: player data and notation.
IGNORED_TEXT = re.compile(r"\[(Event|Seed|Start|Result) \"[^\"]*\"\]")


def po_entries(path: Path) -> list[tuple[list[str], list[str]]]:
    """(English texts, translations) of every entry of a .po file."""
    out = []
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        fields: dict[str, str] = {}
        current = None
        for line in block.splitlines():
            found = re.match(r'^(msgid_plural|msgid|msgstr(?:\[\d\])?) "(.*)"$', line)
            if found:
                current = found.group(1)
                fields[current] = found.group(2)
            elif line.startswith('"') and current:
                fields[current] += line[1:-1]
        if not fields.get("msgid"):
            continue
        unescape = lambda s: s.replace('\\"', '"').replace("\\n", "\n").replace("\\\\", "\\")  # noqa: E731
        english = [unescape(fields[k]) for k in ("msgid", "msgid_plural") if k in fields]
        translated = [unescape(v) for k, v in fields.items() if k.startswith("msgstr")]
        out.append((english, translated))
    return out


def english_fragments(lang: str) -> list[str]:
    """The pieces of English that must not be seen on a page in ``lang``."""
    entries = []
    for domain in ("django", "djangojs"):
        entries += po_entries(ROOT / "locale" / lang / "LC_MESSAGES" / f"{domain}.po")
    corpus = "\n".join(t for _english, translated in entries for t in translated)
    fragments = set()
    for english, _translated in entries:
        for text in english:
            for piece in PLACEHOLDER.split(text):
                piece = piece.strip(" .,:;·()–—-…\n")
                if len(piece) >= 4 and re.search(r"[A-Za-z]{3}", piece) and piece not in corpus:
                    fragments.add(piece)
    return sorted(fragments, key=len, reverse=True)


def english_on(text: str, fragments: list[str]) -> list[str]:
    text = IGNORED_TEXT.sub(" ", text)
    return [f for f in fragments if re.search(r"(?<![\w])" + re.escape(f) + r"(?![\w])", text)]


VISIBLE_TEXT = """() => {
  // What a reader sees: the body's text (the language menu names each language
  // in itself, "English" included), the SVG boards' and charts' text, and the
  // labels and placeholders of the form fields.
  const menu = document.querySelector('.language-menu');
  if (menu) menu.style.display = 'none';
  const parts = [document.body.innerText];
  if (menu) menu.style.display = '';
  for (const t of document.querySelectorAll('svg text')) parts.push(t.textContent);
  for (const e of document.querySelectorAll('input[type=submit], input[type=button], [placeholder]'))
    parts.push(e.value || '', e.getAttribute('placeholder') || '');
  return parts.join('\\n');
}"""


@pytest.fixture(scope="module")
def library(site):
    """At least one endgame in the library (built by the solver if none)."""
    build = subprocess.run(
        [sys.executable, "manage.py", "ensure_endgames"],
        cwd=str(ROOT),
        env=site.env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if build.returncode != 0 or "Unknown command" in build.stderr:
        build = subprocess.run(
            [sys.executable, "manage.py", "build_endgames", "--per-chapter", "1"],
            cwd=str(ROOT),
            env=site.env,
            capture_output=True,
            text=True,
            timeout=600,
        )
    assert build.returncode == 0, build.stderr


def a_record() -> GameRecord:
    rng = random.Random(11)
    record = GameRecord.from_seed(21, (), {"Event": "i18n"})
    while not record.is_over:
        record = record.push(rng.choice(record.final_position.legal_moves()))
    return record


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_is_in_the_language(site, browser, library, screenshots, lang):
    base = site.base_url
    context = browser.new_context(locale=lang, extra_http_headers={"Accept-Language": lang})
    page = context.new_page()
    errors = watch_errors(page)
    fragments = english_fragments(lang)
    record = a_record()
    middle = record.positions()[10]
    problems: list[str] = []

    def visit(path: str, ready: str | None = None, name: str = "") -> None:
        page.goto(base + path)
        if ready:
            page.wait_for_selector(ready, timeout=60_000)
        page.wait_for_timeout(300)
        assert page.locator("html").get_attribute("lang") == lang, path
        found = english_on(page.evaluate(VISIBLE_TEXT), fragments)
        if found:
            problems.append(f"{path}: {found[:8]}")
        screenshots(page, f"i18n-{lang}-{name or path.strip('/').replace('/', '-') or 'home'}")

    # The player's own things: a game, a game analysis (the session's guest owns them).
    csrf = {"X-CSRFToken": ""}
    visit("/", name="home")
    for cookie in context.cookies():
        if cookie["name"] == "csrftoken":
            csrf = {"X-CSRFToken": cookie["value"]}
    game = page.request.post(base + "/api/games/", data={"seed": 5, "human": "B"}, headers=csrf).json()
    analysis = page.request.post(base + "/api/game-analyses/", data={"record": str(record)}, headers=csrf).json()

    visit("/play/", name="new-game")
    visit(f"/play/{game['id']}/", "#game-root svg.odb-svg", name="play")
    visit(f"/games/{game['id']}/review/", "#game-root svg.odb-svg", name="review")
    visit("/puzzles/daily/", name="daily")
    visit("/puzzles/train/", name="train")
    visit("/puzzles/archive/", name="archive")
    visit("/puzzles/history/", name="history")
    visit(
        "/analysis/?" + urlencode({"position": str(middle)}),
        "#analysis-root [data-app] table tbody tr",
        name="analysis",
    )
    visit("/analysis/editor/", "#editor-root [data-app]:not([hidden])", name="editor")
    visit("/analysis/games/", name="game-analyses")
    visit(f"/analysis/games/{analysis['id']}/", "[data-summary]", name="game-analysis")
    visit("/endgames/", "[data-endgame] a", name="library")
    page.locator("[data-endgame] a").first.click()
    page.wait_for_selector("#endgame-root [data-app]:not([hidden])", timeout=60_000)
    visit(page.url.removeprefix(base), "#endgame-root [data-app]:not([hidden])", name="endgame")
    visit("/how-to-play/", name="how-to-play")
    visit("/accounts/login/", name="login")
    visit("/accounts/signup/", name="signup")
    context.close()
    assert not problems, "English on the page:\n" + "\n".join(problems)
    assert not errors, errors
