"""The translations: every catalogue complete after a fresh ``makemessages``
(so that a new English string without its translations fails), the plural
forms of each language, and the JavaScript catalogue served at /jsi18n/."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from django.core.management import call_command
from django.utils import translation

ROOT = Path(__file__).resolve().parents[3]
LANGUAGES = ("pl", "nl", "ro")
DOMAINS = ("django", "djangojs")
NPLURALS = {"pl": 3, "nl": 2, "ro": 3}


@pytest.fixture(scope="module")
def fresh_catalogues(tmp_path_factory):
    """``makemessages`` for both domains and the three languages, run over the
    sources as they are now into a copy of ``locale/`` (the repository's
    catalogues are never written).

    ``makemessages`` writes each source's messages to the catalogue of the
    ``locale`` folder found in the folder it runs in, whatever
    ``LOCALE_PATHS`` says; run in the repository it rewrote the repository's
    own catalogues, and two test processes doing so at once left them
    truncated.  So it runs in a folder of its own: the copy of ``locale/``
    beside links to everything else at the top of the repository."""
    from django.conf import settings

    here = tmp_path_factory.mktemp("catalogues")
    copy = here / "locale"
    shutil.copytree(ROOT / "locale", copy, ignore=shutil.ignore_patterns("*.mo", "*.pot"))
    for entry in ROOT.iterdir():
        if entry.name != "locale" and not entry.name.startswith("."):
            (here / entry.name).symlink_to(entry)
    saved = settings.LOCALE_PATHS
    settings.LOCALE_PATHS = [copy]
    cwd = Path.cwd()
    try:
        os.chdir(here)
        for domain in DOMAINS:
            call_command(
                "makemessages",
                domain=domain,
                locale=list(LANGUAGES),
                symlinks=True,
                ignore_patterns=["locale"],
                verbosity=0,
            )
    finally:
        os.chdir(cwd)
        settings.LOCALE_PATHS = saved
    return copy


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_translated(fresh_catalogues, lang, domain):
    po = fresh_catalogues / lang / "LC_MESSAGES" / f"{domain}.po"
    done = subprocess.run(
        ["msgfmt", "--check", "--statistics", "-o", "/dev/null", str(po)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    statistics = done.stderr.strip().splitlines()[-1]
    assert re.fullmatch(r"\d+ translated messages?\.", statistics), (
        f"{lang}/{domain}.po after makemessages: {statistics}\n"
        + subprocess.run(
            ["msgattrib", "--untranslated", "--only-fuzzy", str(po)], capture_output=True, text=True, check=False
        ).stdout[-3000:]
        + subprocess.run(["msgattrib", "--untranslated", str(po)], capture_output=True, text=True, check=False).stdout[
            -3000:
        ]
    )


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_forms(lang, domain):
    text = (ROOT / "locale" / lang / "LC_MESSAGES" / f"{domain}.po").read_text(encoding="utf-8")
    header = re.search(r'"Plural-Forms: nplurals=(\d+);', text)
    assert header
    assert int(header.group(1)) == NPLURALS[lang]
    for block in text.split("\n\n"):
        if "msgid_plural" in block:
            assert len(re.findall(r"^msgstr\[\d\]", block, re.M)) == NPLURALS[lang], block


@pytest.mark.parametrize(
    ("lang", "n", "expected"),
    [
        ("pl", 1, "1 punkt"),
        ("pl", 3, "3 punkty"),
        ("pl", 5, "5 punktów"),
        ("pl", 22, "22 punkty"),
        ("pl", 12, "12 punktów"),
        ("nl", 1, "1 punt"),
        ("nl", 7, "7 punten"),
        ("ro", 1, "1 punct"),
        ("ro", 19, "19 puncte"),
        ("ro", 20, "20 de puncte"),
        ("ro", 101, "101 puncte"),
    ],
)
def test_plurals_on_the_server(lang, n, expected):
    from puzzles.games import texts

    with translation.override(lang):
        assert expected in texts.result_text({"outcome": "win", "points": n, "reason": "domino"})


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("pl", ["Oczka: %(pips)s", "Blokada: masz mniej oczek"]),
        ("nl", ["Ogen: %(pips)s", "jij hebt minder ogen"]),
        ("ro", ["Puncte în mână: %(pips)s", "ai mai puține puncte în mână"]),
    ],
)
def test_the_javascript_catalogue_serves_the_front_end_messages(client, lang, words):
    body = client.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    found = re.search(r"const newcatalog = (\{.*?\});\n", body, re.S)
    assert found, body[:500]
    catalogue = json.loads(found.group(1))
    texts = "\n".join(v if isinstance(v, str) else "\n".join(v) for v in catalogue.values())
    for word in words:
        assert word in texts
    # Plural entries have as many forms as the language's own plural rule.
    forms = catalogue["You go out and score %(count)s point."]
    assert isinstance(forms, list)
    assert len(forms) == NPLURALS[lang]
    assert all(forms)


def test_the_front_ends_messages_with_a_context_are_extracted(fresh_catalogues):
    """``tc(context, msgid)`` in the front end is read with its context: the
    noun "Deal" of the match table keeps its own entry beside the verb."""
    text = (fresh_catalogues / "pl" / "LC_MESSAGES" / "djangojs.po").read_text(encoding="utf-8")
    assert re.search(r'^msgctxt "a deal \(noun\)"\nmsgid "Deal"\nmsgstr "Rozdanie"$', text, re.M), "the noun Deal"
    assert re.search(r'^msgid "Deal"\nmsgstr "Rozdaj"$', text, re.M), "the verb Deal"
