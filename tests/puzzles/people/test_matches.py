"""Matches between people (docs/rules.md section 5): deal after deal from
the match's seeds, the same people in the same seats, each deal counted once
(even when its end is told twice), the match over when a side reaches the
target; the score sheet in the API and on the challenge page; the refusals;
a rated match rated once, as a whole, when it is won."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from puzzles.games.models import Game
from puzzles.games.signals import send_game_finished
from puzzles.people import matches, ratings, upkeep
from puzzles.people.models import Challenge, ChallengeDeal, GameRating, RatingChange
from puzzles.ratings import glicko2
from solver import Variant, deal

from .conftest import accept, assert_rated, play_plies, post_challenge

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_match_to_100_points_between_two_guests(api, other_api):
    created = post_challenge(api, seat="A", clock=None, days=1, target_points=100)
    first = accept(other_api, created["id"])
    challenge = Challenge.objects.get(pk=created["id"])
    seed = int(challenge.match_seed)
    played = []
    while True:
        challenge.refresh_from_db()
        game = challenge.game
        assert game is not None
        number = len(played) + 1
        assert game.start_position == str(deal(matches.deal_seed(seed, number), Variant.parse("lewicki")))
        assert dict(game.seats.values_list("seat", "session_key")) == {
            "A": api.session["od_player"],
            "B": other_api.session["od_player"],
        }
        if game.status == "over":
            break
        assert other_api.post(f"/api/games/{game.pk}/resign/").status_code == 200  # B gives each deal up
        game.refresh_from_db()
        played.append(game.result["points"])
        send_game_finished(game.pk)  # told twice: counted once
        state = api.get(f"/api/challenges/{created['id']}/").json()["match"]
        assert [d["points"] for d in state["deals"] if d["recorded"]] == played
        assert state["scores"] == {"A": sum(played), "B": 0}
        assert state["wins"]["A"] == len(played)
        if state["over"]:
            break
    assert first["game"] == ChallengeDeal.objects.get(challenge_id=created["id"], number=1).game_id
    assert state["winner"] == "A"
    assert sum(played) >= 100
    assert sum(played[:-1]) < 100
    assert ChallengeDeal.objects.filter(challenge_id=created["id"]).count() == len(played)
    page = api.get(created["url"]).content.decode()
    assert "A won the match." in page
    assert page.count('data-deal="') == len(played)


def test_a_match_to_won_deals_and_a_lost_signal(api, other_api):
    created = post_challenge(api, seat="B", variant="block+doubles", target_wins=2)
    accept(other_api, created["id"])
    challenge = Challenge.objects.get(pk=created["id"])
    game = challenge.game
    # the deal's end recorded with no signal (a process died): a read shows the match as stored,
    # and the beat's sweep counts the deal
    Game.objects.filter(pk=game.pk).update(status="over", result={"winner": "B", "points": 9, "reason": "resigned"})
    state = other_api.get(f"/api/challenges/{created['id']}/").json()["match"]
    assert state["wins"] == {"A": 0, "B": 0}
    assert len(state["deals"]) == 1
    assert upkeep.people_settle() == 1
    state = other_api.get(f"/api/challenges/{created['id']}/").json()["match"]
    assert state["wins"] == {"A": 0, "B": 1}
    assert len(state["deals"]) == 2
    assert not state["over"]
    second = Challenge.objects.get(pk=created["id"]).game
    assert second.pk != game.pk
    assert second.variant == "block+doubles"
    assert other_api.post(f"/api/games/{second.pk}/resign/").status_code == 200  # A (other_api) resigns
    state = api.get(f"/api/challenges/{created['id']}/").json()["match"]
    assert state["over"]
    assert state["winner"] == "B"
    assert state["wins"] == {"A": 0, "B": 2}
    assert ChallengeDeal.objects.filter(challenge_id=created["id"]).count() == 2


@pytest.mark.parametrize(
    ("payload", "words"),
    [
        ({"target_points": 100, "target_wins": 3}, "one target"),
        ({"target_points": 0}, "target_points"),
        ({"target_wins": 16}, "target_wins"),
        ({"target_points": "many"}, "target_points"),
    ],
)
def test_bad_match_targets(api, payload, words):
    response = api.post("/api/challenges/", {"days": 1, **payload}, format="json")
    assert response.status_code == 400
    assert words in response.json()["error"]
    assert not Challenge.objects.exists()


def test_a_rated_match_is_rated_once_as_a_whole_when_it_is_won(account):
    ann, bob = account("ann"), account("bob")
    GameRating.objects.create(
        user=ann.user, time_class="correspondence", family="lewicki", rating=1550, rd=150, volatility=0.06
    )
    GameRating.objects.create(
        user=bob.user, time_class="correspondence", family="lewicki", rating=1700, rd=90, volatility=0.058
    )
    created = post_challenge(ann, rated=True, seat="A", clock=None, days=1, target_wins=2)
    accept(bob, created["id"])
    first = Challenge.objects.get(pk=created["id"]).game
    assert first.rated
    play_plies({"A": ann, "B": bob}, first.pk, 4)  # deal 1 is played: two moves each
    assert bob.post(f"/api/games/{first.pk}/resign/").status_code == 200  # deal 1: A
    # a deal changes no rating: only the match does
    assert not RatingChange.objects.exists()
    assert GameRating.objects.get(user=ann.user).games == 0
    second = Challenge.objects.get(pk=created["id"]).game
    assert second.pk != first.pk
    assert second.rated
    # deal 2 given up at once: a deal of a match is scored as played (not aborted), and the match is won
    assert bob.post(f"/api/games/{second.pk}/resign/").status_code == 200  # deal 2: A wins the match
    second.refresh_from_db()
    assert second.result["reason"] == "resigned"
    assert second.result["winner"] == "A"
    state = ann.get(f"/api/challenges/{created['id']}/").json()
    assert state["match"]["winner"] == "A"
    assert state["rated"]
    ann_row, bob_row = assert_rated(
        ann.user,
        bob.user,
        (glicko2.Rating(1550, 150, 0.06), glicko2.Rating(1700, 90, 0.058)),
        "correspondence",
        "lewicki",
    )
    changes = RatingChange.objects.filter(game=second)
    assert changes.count() == 2
    assert RatingChange.objects.count() == 2
    # told again (the deal's signal, the settles): rated once
    send_game_finished(second.pk)
    assert ratings.match_rate(challenge_id=created["id"]) is False
    assert upkeep.people_settle() == 0
    assert RatingChange.objects.count() == 2
    # the score sheet (API and page) and the profile show the change
    seats = {s["seat"]: s["rating_change"] for s in state["seats"]}
    assert seats == {"A": round(ann_row.rating - 1550), "B": round(bob_row.rating - 1700)}
    page = ann.get(created["url"]).content.decode()
    loss = str(seats["B"]).replace("-", "\u2212")  # the pages write a real minus sign
    assert f"(+{seats['A']})" in page
    assert f"({loss})" in page
    assert "rated match" in page
    profile = ann.get("/api/players/ann/").json()
    row = next(g for g in profile["games"] if g["game"] == second.pk)
    assert row["change"] == seats["A"]
    assert row["match"] == "a match to 2 won deals"
    assert row["result"] == "won"
    assert row["url"] == created["url"]
    assert [(h["game"], h["match"]) for h in profile["history"]] == [(second.pk, created["id"])]
    profile_page = bob.get("/players/bob/").content.decode()
    assert loss in profile_page
    assert "a match to 2 won deals" in profile_page


def test_a_rated_match_with_no_winner_and_a_casual_match_are_not_rated(account, monkeypatch):
    from datetime import timedelta

    from django.utils import timezone

    from puzzles.games import clock, deadlines

    ann, bob = account("ann"), account("bob")
    later = [timezone.now()]
    monkeypatch.setattr(clock, "now", lambda: later[0])
    created = post_challenge(ann, rated=True, seat="A", target_points=100)
    accept(bob, created["id"])
    for _ in range(2):  # nobody makes a first move: the deal is aborted, the match ends with no winner
        later[0] += timedelta(seconds=deadlines.FIRST_MOVE_SECONDS + 1)
        deadlines.games_check_deadlines()
    state = ann.get(f"/api/challenges/{created['id']}/").json()
    assert state["match"]["over"]
    assert state["match"]["winner"] is None
    assert all(s["rating_change"] is None for s in state["seats"])
    casual = post_challenge(ann, seat="A", days=1, clock=None, target_wins=1)
    accept(bob, casual["id"])
    game = Challenge.objects.get(pk=casual["id"]).game
    assert bob.post(f"/api/games/{game.pk}/resign/").status_code == 200
    assert ann.get(f"/api/challenges/{casual['id']}/").json()["match"]["winner"] == "A"
    assert upkeep.people_settle() == 0
    assert not RatingChange.objects.exists()
    assert not GameRating.objects.filter(games__gt=0).exists()


def test_a_match_seek_says_its_target_in_the_lobby(api, other_api):
    made = api.post("/api/seeks/", {"days": 3, "target_wins": 3}, format="json")
    assert made.status_code == 201
    assert made.json()["match"]["target_text"] == "a match to 3 won deals"
    lobby = other_api.get("/lobby/", HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "mecz do 3 wygranych rozdań" in lobby
    page = other_api.get(made.json()["url"], HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "Mecz do 3 wygranych rozdań" in page


def test_an_aborted_deal_ends_the_match_with_no_winner(api, other_api, monkeypatch):
    # Dealing on after an aborted deal would deal a match its players left a new
    # game every minute for ever, and let a player call off every deal they disliked.
    from datetime import timedelta

    from django.utils import timezone

    from puzzles.games import clock, deadlines

    later = [timezone.now()]
    monkeypatch.setattr(clock, "now", lambda: later[0])
    created = post_challenge(api, seat="A", target_points=100)
    accept(other_api, created["id"])
    for _ in range(3):  # nobody makes a first move
        later[0] += timedelta(seconds=deadlines.FIRST_MOVE_SECONDS + 1)
        deadlines.games_check_deadlines()
    challenge = Challenge.objects.get(pk=created["id"])
    assert ChallengeDeal.objects.filter(challenge=challenge).count() == 1
    assert challenge.game.result["reason"] == "aborted"
    state = api.get(f"/api/challenges/{created['id']}/").json()["match"]
    assert state["over"]
    assert state["winner"] is None
    assert state["deals"][0]["reason"] == "aborted"
    assert "won the match" not in api.get(created["url"]).content.decode()

    called_off = post_challenge(api, seat="A", target_points=100)
    accept(other_api, called_off["id"])
    game = Challenge.objects.get(pk=called_off["id"]).game
    assert api.post(f"/api/games/{game.pk}/abort/").status_code == 200
    assert ChallengeDeal.objects.filter(challenge_id=called_off["id"]).count() == 1
    assert Challenge.objects.get(pk=called_off["id"]).game_id == game.pk


def test_the_game_page_links_to_its_challenge_and_a_deal_to_its_score_sheet(api, other_api, client):
    one = post_challenge(api, seat="A")
    game_id = accept(other_api, one["id"])["game"]
    state = api.get(f"/api/games/{game_id}/").json()
    assert (state["challenge_url"], state["match_deal"]) == (one["url"], None)
    page = api.get(f"/play/{game_id}/").content.decode()
    assert f'href="{one["url"]}" class="challenge-link"' in page
    assert "The challenge page (rematch)" in page
    # a spectator sees the link too
    assert client.get(f"/api/games/{game_id}/").json()["challenge_url"] == one["url"]
    match = post_challenge(api, seat="A", days=1, clock=None, target_wins=2)
    accept(other_api, match["id"])
    first = Challenge.objects.get(pk=match["id"]).game
    assert other_api.post(f"/api/games/{first.pk}/resign/").status_code == 200
    second = Challenge.objects.get(pk=match["id"]).game
    for game, number in ((first, 1), (second, 2)):
        state = other_api.get(f"/api/games/{game.pk}/").json()
        assert (state["challenge_url"], state["match_deal"]) == (match["url"], number)
    page = other_api.get(f"/play/{second.pk}/", HTTP_ACCEPT_LANGUAGE="nl").content.decode()
    assert f'href="{match["url"]}" class="challenge-link"' in page
    assert "Scoreblad van de wedstrijd (spel 2)" in page
    # a practice game has no challenge (someone else's: the players of a live game get no solver view)
    stranger = APIClient()
    practice = stranger.post("/api/games/", {"position": first.start_position}, format="json")
    assert practice.status_code == 201, practice.content
    assert practice.json()["challenge_url"] is None
    assert practice.json()["match_deal"] is None
    assert "challenge-link" not in stranger.get(f"/play/{practice.json()['id']}/").content.decode()


def test_a_rated_match_whose_every_deal_ended_at_once_is_not_rated(account):
    ann, bob = account("ann"), account("bob")
    created = post_challenge(ann, rated=True, seat="A", clock=None, days=1, target_wins=2)
    accept(bob, created["id"])
    for _ in range(2):  # each deal resigned before any move: scored, A wins the match
        game = Challenge.objects.get(pk=created["id"]).game
        assert bob.post(f"/api/games/{game.pk}/resign/").status_code == 200
    state = ann.get(f"/api/challenges/{created['id']}/").json()
    assert state["match"]["winner"] == "A"
    assert not RatingChange.objects.exists()
    assert not GameRating.objects.filter(games__gt=0).exists()
    assert state["unrated_because"] == "early"
    assert "every deal of the match" in state["unrated_text"]
    assert all(s["rating_change"] is None for s in state["seats"])
    assert upkeep.people_settle() == 0
    assert not RatingChange.objects.exists()
