"""Duplicate matches between people (docs/rules.md section 5.1): each deal
played twice from one seed with the seats swapped, every game counted for
the match's sides, the deals won by their net over both games, the match won
on points or drawn level, and rated as a whole (a level match as a draw).
The totals are checked against the tournaments' own scoring of a head-to-head
match (``tournaments.duplicate.match_score``), written apart from it."""

from __future__ import annotations

import pytest

from puzzles.games.models import Game
from puzzles.people import matches
from puzzles.people.models import MATCH_DRAWN, Challenge, ChallengeDeal, GameRating, RatingChange
from puzzles.ratings import glicko2
from puzzles.tournaments import duplicate
from solver import Variant, deal

from .conftest import accept, expected, play_twice_each, post_challenge

pytestmark = pytest.mark.django_db(transaction=True)


def _seat_players(game: Game) -> dict[str, str]:
    return dict(game.seats.values_list("seat", "session_key"))


def test_a_duplicate_match_plays_each_deal_both_ways_and_is_won_on_points(api, other_api):
    created = post_challenge(api, seat="A", clock=None, days=1, duplicate_deals=2)
    assert created["match"]["target_text"] == "a duplicate match of 2 deals, each played both ways"
    accept(other_api, created["id"])
    challenge = Challenge.objects.get(pk=created["id"])
    seed = int(challenge.match_seed)
    ann, bob = api.session["od_player"], other_api.session["od_player"]
    clients = {ann: api, bob: other_api}
    # who gives each game up: the first game of deal 1 and both of deal 2 by Bob, the second of deal 1 by Ann
    resigning = [bob, ann, bob, bob]
    games = []
    for number, who in enumerate(resigning, start=1):
        challenge.refresh_from_db()
        game = challenge.game
        assert game.start_position == str(deal(matches.deal_seed(seed, (number + 1) // 2), Variant.parse("lewicki")))
        assert _seat_players(game) == ({"A": ann, "B": bob} if number % 2 else {"A": bob, "B": ann})
        assert clients[who].post(f"/api/games/{game.pk}/resign/").status_code == 200
        game.refresh_from_db()
        games.append(game)
        state = api.get(f"/api/challenges/{created['id']}/").json()["match"]
        assert state["over"] == (number == 4)
        # a deal's first game shows nothing of the solver's while its second is played
        shown = api.get(f"/api/games/{games[-1 if number % 2 else -2].pk}/").json()
        assert shown["concealed"] == bool(number % 2)
        assert not Game.objects.filter(
            pk__in=[g.pk for g in games[: number - 1 - (number + 1) % 2]], concealed=True
        ).exists()
    # the tournaments' scoring of the same games, from Ann's side
    scored = duplicate.match_score(
        ann,
        bob,
        [
            duplicate.Game(
                duplicate.Deal(matches.deal_seed(seed, (n + 1) // 2)),
                _seat_players(g)["A"],
                _seat_players(g)["B"],
                g.result["points"] if g.result["winner"] == "A" else -g.result["points"],
            )
            for n, g in enumerate(games, start=1)
        ],
    )
    assert [n["net"] for n in state["nets"]] == [d.net for d in scored.deals]
    assert state["wins"] == {"A": scored.won, "B": scored.lost}
    assert state["scores"]["A"] - state["scores"]["B"] == scored.points
    # Ann won games 1, 3 and 4 (Bob resigned them) and Bob game 2: every game's points to its winner's side
    won = {"A": 0, "B": 0}
    for n, g in enumerate(games, start=1):
        side = "A" if (g.result["winner"] == "A") == bool(n % 2) else "B"
        won[side] += g.result["points"]
    assert state["scores"] == won
    assert [d["winner"] for d in state["deals"]] == ["A", "B", "A", "A"]
    assert state["winner"] == ("A" if won["A"] > won["B"] else "B" if won["B"] > won["A"] else MATCH_DRAWN)
    assert scored.won >= 1  # deal 2 was Ann's both ways
    page = api.get(created["url"]).content.decode()
    assert page.count('data-net-deal="') == 2
    assert page.count('data-deal="') == 4
    assert ChallengeDeal.objects.filter(challenge_id=created["id"]).count() == 4


def test_a_level_duplicate_match_is_drawn_and_rated_as_a_draw(account):
    ann, bob = account("ann"), account("bob")
    for user, rating in ((ann.user, 1500), (bob.user, 1600)):
        GameRating.objects.create(
            user=user, time_class="correspondence", family="lewicki", rating=rating, rd=120, volatility=0.06
        )
    created = post_challenge(ann, rated=True, seat="A", clock=None, days=1, duplicate_deals=1)
    accept(bob, created["id"])
    seats = {}
    for number in (1, 2):
        game = Challenge.objects.get(pk=created["id"]).game
        clients = {"A": ann, "B": bob} if number == 1 else {"A": bob, "B": ann}
        play_twice_each(clients, game.pk)  # the same moves both ways: the same position at B's resignation
        assert clients["B"].post(f"/api/games/{game.pk}/resign/").status_code == 200
        game.refresh_from_db()
        seats[number] = game.result
    assert seats[1]["points"] == seats[2]["points"]
    state = ann.get(f"/api/challenges/{created['id']}/").json()
    assert state["match"]["winner"] == MATCH_DRAWN
    assert state["match"]["over"]
    assert state["match"]["nets"] == [{"deal": 1, "net": 0}]
    assert state["match"]["wins"] == {"A": 0, "B": 0}
    assert "The match ended level." in ann.get(created["url"]).content.decode()
    # one result each, a draw: the lower rated gains, the higher loses
    changes = {c.user.username: c for c in RatingChange.objects.select_related("user")}
    assert {c.score for c in changes.values()} == {0.5}
    want = expected(glicko2.Rating(1500, 120, 0.06), glicko2.Rating(1600, 120, 0.06), 0.5)
    assert changes["ann"].rating_after == pytest.approx(want.rating)
    assert changes["bob"].rating_after < 1600


@pytest.mark.parametrize(
    ("payload", "words"),
    [
        ({"duplicate_deals": 2, "target_wins": 3}, "one target"),
        ({"duplicate_deals": 9}, "duplicate_deals"),
        ({"duplicate_deals": 0}, "duplicate_deals"),
        ({"duplicate_deals": 2, "variant": "partnership", "seat": "A"}, "two players"),
    ],
)
def test_bad_duplicate_matches(api, payload, words):
    response = api.post("/api/challenges/", {"days": 1, **payload}, format="json")
    assert response.status_code == 400
    assert words in response.json()["error"]
    assert not Challenge.objects.exists()


def test_the_form_offers_a_duplicate_match(client):
    page = client.get("/challenges/new/")
    assert page.status_code == 200
    assert 'value="d2"' in page.content.decode()
