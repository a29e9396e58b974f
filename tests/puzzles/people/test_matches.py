"""Matches between people (docs/rules.md section 5): deal after deal from
the match's seeds, the same people in the same seats, each deal counted once
(even when its end is told twice), the match over when a side reaches the
target; the score sheet in the API and on the challenge page; the refusals."""
from __future__ import annotations

import pytest

from puzzles.games.models import Game
from puzzles.games.signals import send_game_finished
from puzzles.people import matches
from puzzles.people.models import Challenge, ChallengeDeal
from solver import Variant, deal

from .conftest import accept, post_challenge

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
            "A": api.session["od_player"], "B": other_api.session["od_player"]}
        if game.status == "over":
            break
        assert other_api.post(f"/api/games/{game.pk}/resign/").status_code == 200  # B gives each deal up
        game.refresh_from_db()
        played.append(game.result["points"])
        send_game_finished(game.pk)  # told twice: counted once
        state = api.get(f"/api/challenges/{created['id']}/").json()["match"]
        assert [d["points"] for d in state["deals"] if d["recorded"]] == played
        assert state["scores"] == {"A": sum(played), "B": 0} and state["wins"]["A"] == len(played)
        if state["over"]:
            break
    assert first["game"] == ChallengeDeal.objects.get(challenge_id=created["id"], number=1).game_id
    assert state["winner"] == "A" and sum(played) >= 100 and sum(played[:-1]) < 100
    assert ChallengeDeal.objects.filter(challenge_id=created["id"]).count() == len(played)
    page = api.get(created["url"]).content.decode()
    assert "A won the match." in page and page.count('data-deal="') == len(played)


def test_a_match_to_won_deals_and_a_lost_signal(api, other_api):
    created = post_challenge(api, seat="B", variant="block+doubles", target_wins=2)
    accept(other_api, created["id"])
    challenge = Challenge.objects.get(pk=created["id"])
    game = challenge.game
    # the deal's end recorded with no signal (a process died): the next read counts it
    Game.objects.filter(pk=game.pk).update(status="over", result={"winner": "B", "points": 9, "reason": "resigned"})
    state = other_api.get(f"/api/challenges/{created['id']}/").json()["match"]
    assert state["wins"] == {"A": 0, "B": 1} and len(state["deals"]) == 2 and not state["over"]
    second = Challenge.objects.get(pk=created["id"]).game
    assert second.pk != game.pk and second.variant == "block+doubles"
    assert other_api.post(f"/api/games/{second.pk}/resign/").status_code == 200  # A (other_api) resigns
    state = api.get(f"/api/challenges/{created['id']}/").json()["match"]
    assert state["over"] and state["winner"] == "B" and state["wins"] == {"A": 0, "B": 2}
    assert ChallengeDeal.objects.filter(challenge_id=created["id"]).count() == 2


@pytest.mark.parametrize(
    "payload,words",
    [
        ({"target_points": 100, "target_wins": 3}, "not both"),
        ({"target_points": 0}, "target_points"),
        ({"target_wins": 16}, "target_wins"),
        ({"target_points": "many"}, "target_points"),
    ],
)
def test_bad_match_targets(api, payload, words):
    response = api.post("/api/challenges/", {"days": 1, **payload}, format="json")
    assert response.status_code == 400 and words in response.json()["error"]
    assert not Challenge.objects.exists()


def test_matches_between_people_are_casual(account):
    ann = account("ann")
    response = ann.post("/api/challenges/", {"days": 1, "rated": True, "target_points": 100}, format="json")
    assert response.status_code == 400 and "casual" in response.json()["error"]


def test_a_match_seek_says_its_target_in_the_lobby(api, other_api):
    made = api.post("/api/seeks/", {"days": 3, "target_wins": 3}, format="json")
    assert made.status_code == 201 and made.json()["match"]["target_text"] == "a match to 3 won deals"
    lobby = other_api.get("/lobby/", HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "mecz do 3 wygranych rozdań" in lobby
    page = other_api.get(made.json()["url"], HTTP_ACCEPT_LANGUAGE="pl").content.decode()
    assert "Mecz do 3 wygranych rozdań" in page


def test_an_aborted_deal_ends_the_match_with_no_winner(api, other_api, monkeypatch):
    # Dealing on after an aborted deal would deal a match its players left a new
    # game every minute for ever, and let a player call off every deal they disliked.
    from datetime import timedelta

    from django.utils import timezone

    from puzzles.games import clock, people

    later = [timezone.now()]
    monkeypatch.setattr(clock, "now", lambda: later[0])
    created = post_challenge(api, seat="A", target_points=100)
    accept(other_api, created["id"])
    for _ in range(3):  # nobody makes a first move
        later[0] += timedelta(seconds=people.FIRST_MOVE_SECONDS + 1)
        people.games_check_deadlines()
    challenge = Challenge.objects.get(pk=created["id"])
    assert ChallengeDeal.objects.filter(challenge=challenge).count() == 1
    assert challenge.game.result["reason"] == "aborted"
    state = api.get(f"/api/challenges/{created['id']}/").json()["match"]
    assert state["over"] and state["winner"] is None and state["deals"][0]["reason"] == "aborted"
    assert "won the match" not in api.get(created["url"]).content.decode()

    called_off = post_challenge(api, seat="A", target_points=100)
    accept(other_api, called_off["id"])
    game = Challenge.objects.get(pk=called_off["id"]).game
    assert api.post(f"/api/games/{game.pk}/abort/").status_code == 200
    assert ChallengeDeal.objects.filter(challenge_id=called_off["id"]).count() == 1
    assert Challenge.objects.get(pk=called_off["id"]).game_id == game.pk
