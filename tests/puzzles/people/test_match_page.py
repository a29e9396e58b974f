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
    assert points > 1
    assert score_line(page).startswith("A – B: 1 – 0")
    assert "the match is being played" in page
    assert "the game has started" not in page
    assert f'href="/play/{second.pk}/">Play deal 2</a>' in page
    assert "Offer a rematch" not in page
    assert "Watch the game" not in page
    # the page is titled by what it is and who plays it, not by the challenge's number
    names = [s["player"]["name"] for s in api.get(f"/api/challenges/{created['id']}/").json()["seats"]]
    assert names[0].startswith("Guest ")
    assert names[1].startswith("Guest ")
    assert names[0] != names[1]
    heading = f"A match to 2 won deals: {names[0]} \u2013 {names[1]}"
    assert f"<title>{heading} \u00b7" in page
    assert f"<h1>{heading}</h1>" in page
    assert f"Challenge {created['id']}" not in page
    assert "casual match, deal 2" in other_api.get(f"/play/{second.pk}/").content.decode()

    assert other_api.post(f"/api/games/{second.pk}/resign/").status_code == 200
    page = api.get(created["url"]).content.decode()
    assert score_line(page).startswith("A – B: 2 – 0")
    assert "A won the match." in page
    assert "the match is over" in page
    assert "Play deal" not in page
    assert "Offer a rematch" in page


def test_an_open_challenge_is_titled_by_its_maker(api, other_api):
    created = post_challenge(api, seat="A", rated=False)
    name = api.get(f"/api/challenges/{created['id']}/").json()["seats"][0]["player"]["name"]
    page = other_api.get(created["url"]).content.decode()
    assert f"<h1>Casual game: a challenge from {name}</h1>" in page
