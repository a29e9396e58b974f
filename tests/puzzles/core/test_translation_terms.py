"""The words the translations choose: one English word with two senses gets a
translation per sense (msgctxt), counts take their language's plural form,
each concept has one word per language across both catalogues, and a variant
has one name on every page."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from django.template.loader import render_to_string
from django.utils import translation
from django.utils.translation import gettext, pgettext

from puzzles.core.errors import ApplicationError

ROOT = Path(__file__).resolve().parents[3]
LANGUAGES = ("pl", "nl", "ro")
DEAL_NOUN = {"pl": "Rozdanie", "nl": "Spel", "ro": "Runda"}


def catalogue(client, lang: str) -> dict:
    body = client.get("/jsi18n/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    found = re.search(r"const newcatalog = (\{.*?\});\n", body, re.S)
    assert found, body[:500]
    return json.loads(found.group(1))


def _unquote(lines: list[str]) -> str:
    return "".join(json.loads(line[line.index('"') :]) for line in lines)


def msgstrs(lang: str, domain: str) -> list[tuple[str, str]]:
    """Every (msgid, msgstr form) of a catalogue, plural forms one by one (obsolete entries left out)."""
    text = (ROOT / "locale" / lang / "LC_MESSAGES" / f"{domain}.po").read_text(encoding="utf-8")
    out = []
    for block in text.split("\n\n"):
        fields: dict[str, list[str]] = {}
        key = None
        for line in block.splitlines():
            start = re.match(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[\d\])?) ", line)
            if start:
                key = start.group(1)
                fields[key] = [line]
            elif line.startswith('"') and key:
                fields[key].append(line)
            else:
                key = None
        if "msgid" not in fields:
            continue
        msgid = _unquote(fields["msgid"])
        out.extend((msgid, _unquote(lines)) for name, lines in fields.items() if name.startswith("msgstr"))
    return out


# ------------------------------------------------------------ one word, two senses


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_score_sheet_heads_its_deal_column_with_the_noun(lang):
    state = {
        "target_text": "100",
        "human_team": "A",
        "solver": "B",
        "deals": [],
        "scores": {},
        "wins": {},
        "status": "playing",
        "text": "",
    }
    with translation.override(lang):
        sheet = render_to_string("matches/_score_sheet.html", {"state": state})
        verb = gettext("Deal")
    assert f"<th>{DEAL_NOUN[lang]}</th>" in sheet
    assert verb != DEAL_NOUN[lang]


@pytest.mark.django_db
def test_the_editors_deal_button_keeps_the_verb(client):
    page = client.get("/analysis/editor/", HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert '<button type="submit">Rozdaj</button>' in page
    assert "Rozdanie</button>" not in page


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_javascript_catalogue_has_both_senses_of_deal(client, lang):
    found = catalogue(client, lang)
    assert found["a deal (noun)\x04Deal"] == DEAL_NOUN[lang]
    assert found["Deal"] != DEAL_NOUN[lang]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_puzzle_start_button_and_the_go_to_start_button_differ(client, lang):
    from puzzles.training.models import Puzzle
    from solver import deal

    position = deal(1)
    puzzle = Puzzle.objects.create(
        position=str(position),
        side=position.side,
        kind="win",
        line=["36"],
        solver_moves=1,
        themes=["count"],
        value=10,
        rating=1200,
        seed="1",
        ply=0,
    )
    page = client.get(f"/puzzles/{puzzle.pk}/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
    with translation.override(lang):
        start_puzzle = pgettext("start a puzzle (button)", "Start")
        go_to_start = gettext("Start")
    assert f'<button type="submit">{start_puzzle}</button>' in page
    assert start_puzzle != go_to_start
    # The |< buttons of the analysis board and the endgames use the same word as the server's link.
    assert catalogue(client, lang)["Start"] == go_to_start


# ------------------------------------------------------------ counts


@pytest.mark.django_db(transaction=True)
def test_the_dashboard_counts_one_puzzle_in_the_singular(api):
    from django.utils import timezone

    from puzzles.accounts.players import PLAYER_SESSION_KEY
    from puzzles.training.models import Puzzle, PuzzleAttempt
    from solver import deal

    position = deal(1)
    puzzle = Puzzle.objects.create(
        position=str(position),
        side=position.side,
        kind="win",
        line=["36"],
        solver_moves=1,
        themes=["count"],
        value=10,
        rating=1200,
        seed="1",
        ply=0,
    )
    api.post(f"/api/puzzles/{puzzle.pk}/attempts/")
    token = api.session.get(PLAYER_SESSION_KEY, "")
    assert token
    PuzzleAttempt.objects.all().delete()
    PuzzleAttempt.objects.create(
        puzzle=puzzle,
        session_key=token,
        position=puzzle.position,
        rated=True,
        status=PuzzleAttempt.Status.FAILED,
        finished_at=timezone.now(),
        puzzle_rating_before=1200,
    )
    expected = {
        "nl": "1 puzzel, 0 opgelost.",
        "pl": "1 zadanie, rozwiązane: 0.",
        "ro": "1 problemă, rezolvate: 0.",
        "en": "1 puzzle, 0 solved.",
    }
    for lang, text in expected.items():
        page = api.get("/puzzles/dashboard/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()
        assert text in " ".join(page.split()), lang


@pytest.mark.parametrize(
    ("lang", "variant", "hands", "expected"),
    [
        ("pl", "lewicki", 3, "2 ręce"),
        ("pl", "partnership", 5, "4 ręce"),
        ("nl", "lewicki", 3, "2 handen"),
        ("ro", "lewicki", 3, "2 mâini"),
        ("en", "lewicki", 3, "2 hands"),
    ],
)
def test_a_deal_with_too_many_hands_counts_them_in_the_plural_form_and_names_the_game(lang, variant, hands, expected):
    from puzzles.core.texts import variant_name
    from puzzles.study.records import DealEntry, deal_start

    entry = DealEntry(variant=variant, hands=tuple(["01.02.03.04.05.06.11"] * hands))
    with translation.override(lang), pytest.raises(ApplicationError) as raised:
        deal_start(entry)
    with translation.override(lang):
        name = variant_name(variant)
    assert expected in str(raised.value)
    assert name in str(raised.value)
    assert f" {variant} " not in str(raised.value)


@pytest.mark.parametrize(
    ("lang", "expected"),
    [("pl", "8192 znaki"), ("pl", "8195 znaków"), ("ro", "8195 de caractere"), ("nl", "8195 tekens")],
)
def test_a_long_address_is_counted_in_the_plural_form(rf, settings, lang, expected):
    from puzzles.core.middleware import LongAddressMiddleware

    settings.OD_MAX_URL_CHARS = 8190
    length = int(expected.split()[0])
    request = rf.get("/" + "a" * (length - 1))
    with translation.override(lang):
        response = LongAddressMiddleware(lambda r: None).process_request(request)
    assert response is not None
    assert response.status_code == 414
    assert expected in response.content.decode()


# ------------------------------------------------------------ names of the games


def test_a_variant_has_one_name_on_every_page():
    from puzzles.core.texts import variant_name
    from puzzles.games.forms import VARIANT_CHOICES
    from puzzles.games.texts import variant_text
    from puzzles.study import texts as study_texts
    from puzzles.study.presentation import variant_choices
    from solver import VARIANTS

    for lang in ("en", *LANGUAGES):
        with translation.override(lang):
            study_choices = {c["name"]: c["label"] for c in variant_choices()}
            for variant in VARIANTS:
                name = str(variant)
                assert (
                    variant_text(name) == study_texts.variant_label(name) == study_choices[name] == variant_name(name)
                )
            for name, label in VARIANT_CHOICES:
                assert str(label) == variant_name(name)
    with translation.override("en"):
        assert variant_name("lewicki") == "Open domino (double-six, two rows)"


@pytest.mark.parametrize("lang", ["en", *LANGUAGES])
def test_a_record_naming_no_known_game_lists_the_games_by_their_names(lang):
    from puzzles.core.texts import variant_name
    from puzzles.study.records import parse_record

    with translation.override(lang), pytest.raises(ApplicationError) as raised:
        parse_record("this is not a game record at all")
    text = str(raised.value)
    with translation.override(lang):
        names = [variant_name(v) for v in ("lewicki", "lewicki9", "block", "partnership")]
    assert all(name in text for name in names), text
    assert "lewicki9" not in text
    assert "lewicki," not in text
    assert "'this'" in text


def test_a_team_wins_with_a_plural_verb():
    from puzzles.study.texts import record_result_text

    with translation.override("en"):
        assert record_result_text("B+D 9 blocked") == "B+D win 9 points (blocked)."
        assert record_result_text("A+C 1 domino") == "A+C win 1 point (domino)."
        assert record_result_text("A 12 domino") == "A wins 12 points (domino)."
        assert record_result_text("A ² domino") == "The record stops before the end of the deal."
    with translation.override("pl"):
        assert record_result_text("B+D 9 blocked") == "Drużyna B+D wygrywa 9 punktów (blokada)."


# ------------------------------------------------------------ one word per concept


@pytest.mark.parametrize(
    ("lang", "concept", "wrong"),
    [
        ("nl", "draw", r"\bremise\b|\bonbeslist"),
        ("nl", "score sheet", r"[Ss]corebord"),
        ("nl", "game record", r"[Ss]pelverslag|[Pp]artijverslag"),
        ("nl", "position string", r"[Ss]tellingstekst"),
        ("nl", "a best move (calque)", r"\been beste zet"),
        ("nl", "keeps the best value (calque)", r"\bhoudt\b.*\bbeste\b"),
        ("nl", "the opponent (calque)", r"\bde andere kant\b"),
        ("nl", "a lobby seek (not a search query)", r"[Zz]oekopdracht"),
        ("ro", "deal", r"[Îî]mpărțire|[Îî]mpărțeal"),
        ("ro", "draw", r"\bremiz|\be egală"),
        ("ro", "block game", r"[Jj]ocul blocat"),
        ("ro", "from now on", r"[Cc]u joc perfect de aici"),
        ("ro", "the opponent (calque)", r"\bcealaltă parte\b"),
        ("ro", "position string", r"[Șș]irul unei poziții|[Șș]ir de poziție"),
        ("pl", "perfect play", r"doskonałej gr|idealnej gr|najlepszej grze"),
        ("pl", "addressed to the player in the masculine", r"\b\w+łeś\b"),
        ("pl", "board (the game has none)", r"plansza do domina"),
        ("pl", "taking turns", r"ruszają się"),
    ],
)
def test_one_word_per_concept(lang, concept, wrong):
    found = [
        (msgid, msgstr)
        for domain in ("django", "djangojs")
        for msgid, msgstr in msgstrs(lang, domain)
        if re.search(wrong, msgstr)
    ]
    assert not found, f"{lang} {concept}: {found[:5]}"


@pytest.mark.parametrize(("lang", "punctual"), [("nl", r"^op tijd$"), ("ro", r"^la timp$")])
def test_a_loss_on_time_reads_as_the_clock_running_out_in_both_catalogues(lang, punctual):
    """The result's reason "on time" ("You win 3 points (on time).") is the clock
    running out, not "punctually"; the page and the script say it alike."""
    words = {
        msgstr for domain in ("django", "djangojs") for msgid, msgstr in msgstrs(lang, domain) if msgid == "on time"
    }
    assert len(words) == 1, words
    assert not re.search(punctual, words.pop())


@pytest.mark.parametrize("domain", ["django", "djangojs"])
def test_polish_score_points_are_punkty_not_pips(domain):
    """Points scored (``point`` in the English) are "punkty"; "oczka" are the pips of a stone or a hand."""
    found = [
        (msgid, msgstr)
        for msgid, msgstr in msgstrs("pl", domain)
        if re.search(r"\bpoints?\b", msgid) and "pip" not in msgid and re.search(r"oczk|oczek", msgstr)
    ]
    assert not found, found[:5]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_level_names_match_their_description(lang):
    """The new-game form's description of the opponents uses the levels' own names."""
    from puzzles.games.models import Game

    labels = dict(Game._meta.get_field("level").choices)
    described = [msgstr for msgid, msgstr in msgstrs(lang, "django") if "A perfect opponent" in msgid]
    assert described, "the levels' description"
    with translation.override(lang):
        names = [str(labels[level]).lower() for level in ("perfect", "strong", "casual")]
    for text in described:
        assert all(name in text.lower() for name in names), (names, text)
