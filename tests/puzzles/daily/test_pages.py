"""The daily deal's pages without scripts, in each of the four languages:
the home page's and the nav's links, the day's page (start it with a plain
form, play every move with plain forms, then the result against the field,
the histogram, the share line and the best line), a past day's page, the
archive (players, median, your result), and addresses that are no day."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.test import Client

from puzzles.daily.models import DailyDeal, DailyEntry
from puzzles.daily.tasks import daily_deal_task

pytestmark = pytest.mark.django_db(transaction=True)

NOON = datetime(2026, 7, 20, 12, 0, tzinfo=UTC)
DAY = "2026-07-20"
# A phrase of each page in each language (the translations, not the English, are served).
WORDS = {
    "en": {
        "start": "Play today's deal",
        "result": "Your result",
        "field": "1 player finished this deal on its day",
        "archive": "Past daily deals",
        "share": "Open domino daily deal",
        "nav": "Daily deal",
    },
    "pl": {
        "start": "Zagraj dzisiejsze rozdanie",
        "result": "Twój wynik",
        "field": "1 gracz ukończył to rozdanie tego dnia",
        "archive": "Dawne rozdania dnia",
        "share": "Domino otwarte: rozdanie dnia",
        "nav": "Rozdanie dnia",
    },
    "nl": {
        "start": "Speel het spel van vandaag",
        "result": "Jouw resultaat",
        "field": "1 speler heeft dit spel op die dag uitgespeeld",
        "archive": "Eerdere spellen van de dag",
        "share": "Open domino, spel van de dag",
        "nav": "Spel van de dag",
    },
    "ro": {
        "start": "Joacă runda de azi",
        "result": "Rezultatul tău",
        "field": "1 jucător a terminat această rundă în aceeași zi",
        "archive": "Rundele zilei din trecut",
        "share": "Domino deschis, runda zilei",
        "nav": "Runda zilei",
    },
}


def play_with_forms(client: Client, language: str, seed: int) -> str:
    """Start today's deal and play it to its end with the plain forms; the final page."""
    response = client.post(f"/daily/{DAY}/start/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 302
    assert response["Location"] == f"/daily/{DAY}/"
    rng = random.Random(seed)
    for _ in range(60):
        html = client.get(f"/daily/{DAY}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        form = re.search(r'<form method="post" action="/daily/[0-9-]+/move/".*?</form>', html, re.S)
        if form is None:
            return html
        ply = re.search(r'name="ply" value="(\d+)"', form.group(0)).group(1)
        moves = re.findall(r'<option value="([^"]+)"', form.group(0))
        client.post(f"/daily/{DAY}/move/", {"move": rng.choice(moves), "ply": ply}, HTTP_ACCEPT_LANGUAGE=language)
    raise AssertionError("the game did not end")


def test_home_and_nav_link_to_the_daily_deal(client):
    html = client.get("/").content.decode()
    assert html.count('href="/daily/"') >= 2  # the home page's link and the nav's


@pytest.mark.parametrize("language", ["en", "pl", "nl", "ro"])
def test_the_days_page_played_without_scripts_in_each_language(language):
    words = WORDS[language]
    client = Client()
    with time_machine.travel(NOON, tick=False):
        first = client.get("/daily/", HTTP_ACCEPT_LANGUAGE=language)
        html = first.content.decode()
        assert first.status_code == 200
        assert f'<html lang="{language}">' in html
        assert words["start"] in html
        assert words["nav"] in html
        assert f'action="/daily/{DAY}/start/"' in html
        # started: the board and the move form, the game's JSON for the script
        final = play_with_forms(client, language, seed=len(language))
        assert words["result"] in final
        assert words["field"] in final
        assert '<svg class="daily-histogram"' in final
        assert 'class="bar mine"' in final
        # the chart's numbers are SVG lengths, never written with a decimal comma
        rects = re.findall(r"<rect ([^>]*)>", final)
        assert len(rects) == 7, rects
        assert all(re.fullmatch(r'(\w+="[0-9.]+" ?)+', r.strip()) for r in rects), rects
        share = re.search(r'<textarea id="daily-share"[^>]*>(.*?)</textarea>', final, re.S).group(1)
        assert share.startswith(words["share"])
        assert DAY in share
        assert 'class="daily-line"' in final  # the best line, now that the game is over
        assert 'data-copy="daily-share"' in final
        entry = DailyEntry.objects.get()
        assert entry.recorded_at is not None
        assert entry.excluded == ""
        archive = client.get("/daily/archive/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert words["archive"] in archive
        assert f'href="/daily/{DAY}/"' in archive
        assert re.search(rf"<td>1</td>\s*<td>{entry.points_lost}</td>", archive)


def test_a_past_days_page_offers_a_late_game_and_the_archive_lists_it(client):
    with time_machine.travel(NOON, tick=False) as clock:
        client.get("/daily/")
        daily_deal_task.apply()  # the beat stores each day's deal (a read stores nothing)
        clock.move_to(NOON + timedelta(days=2))
        daily_deal_task.apply()
        html = client.get(f"/daily/{DAY}/").content.decode()
        assert "Play this deal (not ranked)" in html
        assert "Nobody has finished this deal on its day yet." in html
        today = client.get("/daily/").content.decode()
        assert "Play today&#x27;s deal" in today or "Play today's deal" in today
        archive = client.get("/daily/archive/").content.decode()
    assert archive.index("2026-07-22") < archive.index(DAY)  # newest first
    assert DailyDeal.objects.count() == 2


@pytest.mark.parametrize("path", ["/daily/2026-02-30/", "/daily/tomorrow/", "/daily/2026-07-21/", "/daily/2026-07-01/"])
def test_an_address_that_is_no_days_deal_is_a_404(client, path):
    with time_machine.travel(NOON, tick=False):
        assert client.get(path).status_code == 404


def test_a_move_form_without_a_game_changes_nothing(client):
    with time_machine.travel(NOON, tick=False):
        response = client.post(f"/daily/{DAY}/move/", {"move": "66", "ply": "0"})
    assert response.status_code == 302
    assert DailyEntry.objects.count() == 0


def test_the_archive_comes_thirty_days_a_page(client):
    from puzzles.daily import services

    for back in range(35):
        day = NOON.date() - timedelta(days=back)
        DailyDeal.objects.create(day=day, **services.deal_choice(day))
    with time_machine.travel(NOON, tick=False):
        first = client.get("/daily/archive/").content.decode()
        second = client.get("/daily/archive/?page=2").content.decode()
        beyond = client.get("/daily/archive/?page=99").content.decode()
    assert first.count("<tr>") - 1 == 30
    assert 'rel="next"' in first
    assert 'rel="prev"' not in first
    oldest = "2026-06-16"  # 34 days before
    assert f'href="/daily/{DAY}/"' in first
    assert oldest not in first
    assert second.count("<tr>") - 1 == 5
    assert 'rel="prev"' in second
    assert oldest in second
    table = re.compile(r"<table.*?</table>", re.S)
    assert table.search(beyond).group(0) == table.search(second).group(0)  # out of range: the last page
