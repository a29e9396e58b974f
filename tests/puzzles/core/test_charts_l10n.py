"""The charts the server draws (the game analysis's value chart, the puzzle
rating chart, the profile's rating and accuracy charts) in every language: their SVG attributes are plain numbers (no
decimal comma, whatever the reader's locale) and the drawing is the same in
all four languages; only the words differ."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from types import SimpleNamespace

import pytest
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.utils import translation

from puzzles.people.presentation import line_chart
from puzzles.study.presentation import value_chart
from puzzles.training.presentation import rating_chart

LANGUAGES = ("en", "pl", "nl", "ro")
NUMBER = re.compile(r"-?\d+(\.\d+)?")
# Attributes whose value is one number, or a list of them.
NUMERIC = {
    "x",
    "y",
    "x1",
    "x2",
    "y1",
    "y2",
    "cx",
    "cy",
    "r",
    "rx",
    "ry",
    "width",
    "height",
    "font-size",
    "stroke-width",
}
LISTS = {"viewbox", "points", "stroke-dasharray"}


class SvgParser(HTMLParser):
    """Collects every element inside <svg>, with its attributes, in order."""

    def __init__(self) -> None:
        super().__init__()
        self.depth = 0
        self.elements: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "svg":
            self.depth += 1
        if self.depth:
            self.elements.append((tag, dict(attrs)))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag == "svg":
            self.depth -= 1

    def handle_endtag(self, tag: str) -> None:
        if tag == "svg":
            self.depth -= 1


def drawing(html: str) -> list[tuple[str, dict[str, str | None]]]:
    """The SVG elements of a page with their geometry, every number checked."""
    parser = SvgParser()
    parser.feed(html)
    assert parser.elements, "no SVG on the page"
    shapes = []
    for tag, attrs in parser.elements:
        geometry = {}
        for name, value in attrs.items():
            if name in NUMERIC and value not in (None, "100%"):
                assert NUMBER.fullmatch(value or ""), f"<{tag} {name}={value!r}>"
                geometry[name] = value
            elif name in LISTS:
                parts = [p for p in re.split(r"[\s,]+", value or "") if p]
                assert all(NUMBER.fullmatch(p) for p in parts), f"<{tag} {name}={value!r}>"
                geometry[name] = value
        shapes.append((tag, geometry))
    return shapes


def render(template: str, context: dict, lang: str) -> str:
    request = RequestFactory().get("/")
    request.user = SimpleNamespace(is_authenticated=False, username="")
    request.session = {}  # as the session middleware gives every request (the header reads who the guest is)
    with translation.override(lang):
        request.LANGUAGE_CODE = lang
        return render_to_string(template, context, request=request)


def game_analysis_context() -> dict:
    # Values that put the dots on fractional coordinates (583.1, 71.3...).
    values = [0, -3, 12, 7, -26, 0, 14, 9, 9, -5, 33, 21, 0]
    result = {"tags": {"Event": "Test"}, "result": "A 29 blocked", "start": "", "values": values, "plies": []}
    summary = {"accuracy": 71.4, "points_lost": 35, "inaccuracy": 1, "mistake": 1, "blunder": 0, "moves": 9}
    chart = value_chart(values)
    return {
        "analysis": SimpleNamespace(pk=1),
        "state": {
            "status": "done",
            "urls": {"self": "/api/game-analyses/1/"},
            "record": "",
            "progress": 12,
            "total": 12,
        },
        "result": result,
        "chart": chart,
        "cursor_x": chart["dots"][0]["x"],
        "urls": {"jsi18n": "/jsi18n/"},
        "page": {
            "chart": chart,
            "plies": [],
            "ply": 0,
            "first": "A",
            "result_text": "",
            "seat_rows": [("A", summary), ("B", summary)],
            "team_rows": [],
            "board": None,
        },
    }


def history_context() -> dict:
    ratings = [1500.0, 1523.7, 1511.2, 1548.9, 1562.4, 1539.5, 1601.3]
    rows = [{"rating_before": a, "rating_after": b} for a, b in zip(ratings, ratings[1:], strict=False)]
    player = {"rating": 1601, "rd": 87, "rated_count": 6, "streak": 2, "best_streak": 3}
    return {"rows": [], "chart": rating_chart(rows), "player": player}


def profile_context() -> dict:
    # Seven games: the dots fall on fractional coordinates (101.7...).
    ratings = [1500.0, 1662.4, 1610.8, 1587.1, 1640.9, 1702.3, 1688.5]
    pool = {"time_class_text": "live", "family_text": "open domino"}
    return {
        "profile_user": SimpleNamespace(username="ala", pk=1, get_username=lambda: "ala"),  # as a user reads
        "ratings": [],
        "games": [],
        "charts": [{"pool": pool, "chart": line_chart(ratings)}],
        "accuracy_mean": 71.4,
        "accuracy_games": 7,
        "accuracy_chart": line_chart([71.4, 80.2, 65.0, 90.5, 77.7, 59.9, 88.1], 0, 100),
    }


@pytest.mark.django_db  # the name's BOT mark asks which accounts are bots
def test_the_profile_charts_draw_the_same_in_every_language():
    ctx = profile_context()
    assert any("." in str(d["x"]) for d in ctx["charts"][0]["chart"]["dots"]), "the test data should need decimals"
    drawings = {lang: drawing(render("people/profile.html", ctx, lang)) for lang in LANGUAGES}
    assert len([tag for tag, _ in drawings["en"] if tag == "svg"]) == 2
    for lang in LANGUAGES:
        assert drawings[lang] == drawings["en"], lang


@pytest.mark.parametrize(
    ("template", "context"),
    [("study/game_analysis.html", game_analysis_context), ("training/history.html", history_context)],
    ids=["game-analysis", "rating-history"],
)
def test_charts_draw_the_same_in_every_language(template, context):
    ctx = context()
    assert any("." in str(d["x"]) for d in ctx["chart"]["dots"]), "the test data should need decimals"
    drawings = {lang: drawing(render(template, ctx, lang)) for lang in LANGUAGES}
    for lang in LANGUAGES:
        assert drawings[lang] == drawings["en"], lang


def test_shown_numbers_follow_the_language():
    ctx = game_analysis_context()
    assert "71.4%" in render("study/game_analysis.html", ctx, "en")
    assert "71,4%" in render("study/game_analysis.html", ctx, "pl")
