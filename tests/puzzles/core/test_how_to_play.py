"""The How to play page: the example deals drawn with pips (each stone an SVG
named by its numbers, with as many pips as the stone has), and the sections
on how moves are written, how to use the board and the other games, in every
language, with links that open the new-game form on the game described."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from puzzles.site import rules

pytestmark = pytest.mark.django_db

LANGUAGES = ("en", "pl", "nl", "ro")
STONE = re.compile(r'<svg class="stone-face"[^>]*aria-label="(\d)-(\d)"[^>]*><title>\1-\2</title>(.*?)</svg>', re.S)


def page(lang: str = "en") -> str:
    return Client().get("/how-to-play/", HTTP_ACCEPT_LANGUAGE=lang).content.decode()


def figures(html: str) -> list[str]:
    return re.findall(r'<figure class="rules-board">(.*?)</figure>', html, re.S)


def test_the_example_deals_are_drawn_with_pips():
    example = rules.example()
    deal, later = figures(page())
    for figure, board in ((deal, example["deal"]), (later, example["later"])):
        drawn = STONE.findall(figure)
        in_hands = [s for hand in board["hands"].values() for s in hand["front"] + hand["back"] if s]
        assert len(drawn) == len(in_hands) + len(board["line"])
        for high, low, body in drawn:
            # one circle per pip, on an SVG with no inline style
            assert body.count("<circle") == int(high) + int(low)
            assert "style=" not in body
        assert "[" not in re.sub(r"<figcaption>.*?</figcaption>", "", figure, flags=re.S)
    # the line of the later board, left to right, as the position has it
    line = re.search(r'<div class="line".*?(?=<div class="hand)', later, re.S).group(0)
    assert ["".join(s[:2]) for s in STONE.findall(line)] == example["later"]["line"] == ["50", "00", "04"]


def test_played_stones_are_empty_outlines_hidden_from_screen_readers():
    later = figures(page())[1]
    played = re.findall(
        r'<span class="stone played"\s*><svg class="stone-face" viewBox="0 0 38 76" aria-hidden="true"', later
    )
    assert len(played) == 3


SECTIONS = {
    "notation": ("05L", "04R", "44R"),
    "board": ("Escape", "Enter"),
    "other-games": ("[9|9]", "[6|6]"),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_notation_board_and_other_games_sections_are_there_in_every_language(lang):
    html = page(lang)
    english = page("en")
    for section, words in SECTIONS.items():
        body = re.search(rf'<h2 id="{section}">(.*?)</h2>(.*?)(?=<h2|<p><a class="button")', html, re.S)
        assert body, section
        assert all(word in body.group(2) for word in words), (section, words)
        if lang != "en":
            english_body = re.search(rf'<h2 id="{section}">(.*?)</h2>(.*?)(?=<h2|<p><a class="button")', english, re.S)
            assert body.group(1) != english_body.group(1)
            # every paragraph is in the reader's language, none left in English
            for paragraph in re.findall(r"<(?:p|li)[^>]*>(.*?)</(?:p|li)>", body.group(2), re.S):
                assert paragraph not in english_body.group(2), paragraph[:80]
    for variant in ("lewicki9", "block", "partnership"):
        assert f'href="/play/?variant={variant}#new-game-form"' in html
    assert 'href="/play/?doubles=on#new-game-form"' in html


def test_a_link_to_a_game_opens_the_new_game_form_on_it():
    html = Client().get("/play/?variant=partnership&doubles=on").content.decode()
    assert re.search(r'<option value="partnership" selected>', html)
    assert re.search(r'<input type="checkbox" name="doubles"[^>]*checked', html)
    plain = Client().get("/play/?variant=nonsense").content.decode()
    assert re.search(r'<option value="lewicki" selected>', plain)
