"""Signed numbers read the same on every page: the server's ``signed`` (and
its template filter, which the profile's and the challenge's rating changes
use) writes the true minus sign, as the front end's ``signed`` does, never
an ASCII hyphen."""

from __future__ import annotations

from pathlib import Path

from django.template import engines

from puzzles.core.texts import signed

TEMPLATES = Path(__file__).resolve().parents[3] / "puzzles" / "people" / "templates" / "people"


def test_signed_writes_the_minus_sign():
    assert [signed(v) for v in (12, -4, 0, None)] == ["+12", "\u22124", "0", ""]
    template = engines["django"].from_string("{% load domino %}({{ v|signed }})")
    assert template.render({"v": -37}) == "(\u221237)"


def test_the_people_pages_sign_rating_changes_with_the_filter():
    for name in ("profile.html", "challenge.html"):
        text = (TEMPLATES / name).read_text()
        assert "> 0 %}+{% endif %}" not in text, name  # no sign written by hand (it wrote a hyphen)
        assert "change|signed" in text, name
