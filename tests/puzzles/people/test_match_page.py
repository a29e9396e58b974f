"""Following a match between people on its pages: the score sheet scores a
match to won deals in deals won, names the match's state (played, over)
instead of "the game has started", leads each player to the deal in play
and offers a rematch only once the match is over; a deal's game page says
it is a deal of the match, not a casual game."""
from __future__ import annotations

import re

import pytest

from puzzles.people.models import Challenge

from .conftest import accept, post_challenge

pytestmark = pytest.mark.django_db(transaction=True)


def score_line(page: str) -> str:
    line = re.search(r'<p class="match-score">(.*?)</p>', page, re.S)
    assert line
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", line.group(1))).strip()


def test_a_match_to_won_deals_reads_as_a_match_from_start_to_end(api, other_api):
    created = post_challenge(api, seat="A", target_wins=2)
    accept(other_api, created["id"])
    first = Challenge.objects.get(pk=created["id"]).game
    assert "casual match, deal 1" in api.get(f"/play/{first.pk}/").content.decode()
    assert other_api.post(f"/api/games/{first.pk}/resign/").status_code == 200  # B gives the deal up
    second = Challenge.objects.get(pk=created["id"]).game
    assert second.pk != first.pk

    page = api.get(created["url"]).content.decode()
    points = api.get(f"/api/challenges/{created['id']}/").json()["match"]["scores"]["A"]
    assert points > 1 and score_line(page).startswith("A – B: 1 – 0")  # deals won, not points
    assert "the match is being played" in page and "the game has started" not in page
    assert f'href="/play/{second.pk}/">Play deal 2</a>' in page
    assert "Offer a rematch" not in page
    assert "casual match, deal 2" in other_api.get(f"/play/{second.pk}/").content.decode()

    assert other_api.post(f"/api/games/{second.pk}/resign/").status_code == 200
    page = api.get(created["url"]).content.decode()
    assert score_line(page).startswith("A – B: 2 – 0") and "A won the match." in page
    assert "the match is over" in page and "Play deal" not in page
    assert "Offer a rematch" in page
