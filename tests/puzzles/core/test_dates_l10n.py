"""The dates the pages write (``|date:"DATE_FORMAT"``) in each language: a
month inside a date is written in lower case where the language does so
(Django's Romanian catalogue capitalises it; ``puzzles/core/months.py``)."""

from __future__ import annotations

import datetime

import pytest
from django.template import Context, Template
from django.utils import translation

from puzzles.core.months import MONTHS


@pytest.mark.parametrize(
    ("lang", "shown"),
    [("en", "Dec. 6, 2026"), ("pl", "6 grudnia 2026"), ("nl", "6 december 2026"), ("ro", "6 decembrie 2026")],
)
def test_a_date_in_each_language(lang, shown):
    with translation.override(lang):
        page = Template('{{ day|date:"DATE_FORMAT" }}').render(Context({"day": datetime.date(2026, 12, 6)}))
    assert page == shown


def test_romanian_months_are_lower_case():
    with translation.override("ro"):
        names = [translation.gettext(month) for month in MONTHS]
    assert names == [name.lower() for name in names], names
    assert names[0] == "ianuarie", names
