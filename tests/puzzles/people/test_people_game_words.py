"""A game between people reads as one on the server's pages and in its
record: the result shows the rating change, the record names the players and
the time control, the spectator's result names the winner, the play page
sends a new game to the lobby and offers the rematch at once, no move reads
"grading…" while the game goes on, a finished game's challenge says so, a
named challenge says who alone may accept it, a rematch is offered by a
guest's name, and a coach exercise from the game names the opponent."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from puzzles.games.models import Game
from puzzles.people.models import Challenge, RatingChange

from .conftest import accept, play_plies, post_challenge

pytestmark = pytest.mark.django_db(transaction=True)


def started(owner, other, **payload) -> tuple[Challenge, Game]:
    created = post_challenge(owner, **payload)
    game = Game.objects.get(pk=accept(other, created["id"])["game"])
    return Challenge.objects.get(pk=created["id"]), game


def test_a_rated_games_result_shows_each_players_rating_change(account):
    ann, bob = account("ann"), account("bob")
    _challenge, game = started(ann, bob, rated=True, seat="A")
    play_plies({"A": ann, "B": bob}, game.pk, 4)
    assert bob.post(f"/api/games/{game.pk}/resign/").status_code == 200
    change = RatingChange.objects.get(user=ann.user, game=game)
    seen = ann.get(f"/api/games/{game.pk}/").json()
    mine = seen["result"]["ratings"]["A"]
    assert (mine["before"], mine["after"]) == (round(change.rating_before), round(change.rating_after))
    assert mine["change"] == mine["after"] - mine["before"] > 0
    assert seen["result"]["ratings"]["B"]["change"] < 0


def test_a_casual_games_result_has_no_rating_change(api, other_api):
    _challenge, game = started(api, other_api)
    play_plies({"A": api, "B": other_api}, game.pk, 2)
    assert other_api.post(f"/api/games/{game.pk}/resign/").status_code == 200
    assert api.get(f"/api/games/{game.pk}/").json()["result"]["ratings"] == {}


def test_the_record_names_the_players_and_the_time_control_not_the_solver(account, api):
    ann, bob = account("ann"), account("bob")
    _challenge, game = started(ann, bob, clock={"initial": 300, "increment": 3})
    record = ann.get(f"/games/{game.pk}/record.txt").content.decode()
    assert '[A "ann"]' in record
    assert '[B "bob"]' in record
    assert '[TimeControl "300+3"]' in record
    assert '[You "A"]' in record
    assert "solver" not in record
    assert "Practice" not in record
    assert '[Event "Casual game between people"]' in record
    assert '[You "B"]' in bob.get(f"/games/{game.pk}/record.txt").content.decode()
    assert "[You " not in Client().get(f"/games/{game.pk}/record.txt").content.decode()  # a spectator's


def test_a_guests_record_and_notice_name_them_as_the_game_page_does(api, other_api):
    created = post_challenge(api)
    game = Game.objects.get(pk=accept(other_api, created["id"])["game"])
    names = api.get(f"/api/games/{game.pk}/").json()["players"]
    record = api.get(f"/games/{game.pk}/record.txt").content.decode()
    assert f'[A "{names["A"]["name"]}"]' in record
    assert names["A"]["name"].startswith("Guest ")
    play_plies({"A": api, "B": other_api}, game.pk, 2)
    assert other_api.post(f"/api/games/{game.pk}/resign/").status_code == 200
    assert api.post(f"/api/challenges/{created['id']}/rematch/").status_code in (200, 201)
    notice = other_api.get("/api/lobby/1/for-you/").json()["challenges"][0]
    assert notice["by"] == names["A"]["name"]
    assert notice["rematch_of"] == created["id"]


def test_the_spectators_result_names_the_winner(api, other_api):
    _challenge, game = started(api, other_api)
    play_plies({"A": api, "B": other_api}, game.pk, 2)
    assert other_api.post(f"/api/games/{game.pk}/resign/").status_code == 200
    names = api.get(f"/api/games/{game.pk}/").json()["players"]
    watched = Client().get(f"/api/games/{game.pk}/").json()
    assert watched["result"]["text"].startswith(f"{names['A']['name']} wins ")


def test_the_play_page_sends_to_the_lobby_offers_the_rematch_and_grades_later(api, other_api):
    challenge, game = started(api, other_api)
    play_plies({"A": api, "B": other_api}, game.pk, 2)
    page = api.get(f"/play/{game.pk}/").content.decode()
    assert 'data-new-game-url="/lobby/"' in page
    assert f'data-challenge-rematch-url="/challenges/{challenge.pk}/rematch/"' in page
    assert 'class="grade"' not in page
    assert "grades every move once the game is over" in page
    assert "Click or tap a ringed stone" in page
    watched = Client().get(f"/play/{game.pk}/").content.decode()
    assert "Click or tap a ringed stone" not in watched  # a spectator plays nothing
    assert other_api.post(f"/api/games/{game.pk}/resign/").status_code == 200
    over = api.get(f"/play/{game.pk}/").content.decode()
    assert 'class="grade"' in over
    assert f'action="/challenges/{challenge.pk}/rematch/"' in over


def test_a_practice_games_new_game_link_is_the_new_game_page(api):
    game = api.post("/api/games/", {"seed": 7}, format="json").json()
    assert 'data-new-game-url="/play/"' in api.get(f"/play/{game['id']}/").content.decode()


def test_an_aborted_game_offers_no_review_and_no_rematch(api, other_api):
    challenge, game = started(api, other_api)
    assert api.post(f"/api/games/{game.pk}/abort/").status_code == 200
    page = api.get(f"/play/{game.pk}/").content.decode()
    assert f'<a href="/games/{game.pk}/review/">' not in page
    assert "offer-rematch-form" not in page
    sheet = api.get(f"/challenges/{challenge.pk}/").content.decode()
    assert "the game was aborted" in sheet
    assert "Offer a rematch" not in sheet
    assert "Watch the game" not in sheet


def test_a_finished_games_challenge_says_it_is_over(api, other_api):
    challenge, game = started(api, other_api)
    play_plies({"A": api, "B": other_api}, game.pk, 2)
    assert other_api.post(f"/api/games/{game.pk}/resign/").status_code == 200
    sheet = api.get(f"/challenges/{challenge.pk}/").content.decode()
    assert "the game is over" in sheet
    assert "the game has started" not in sheet
    assert f'href="/games/{game.pk}/review/"' in sheet
    assert "Watch the game" not in sheet
    assert "Offer a rematch" in sheet
    assert api.get(f"/api/challenges/{challenge.pk}/").json()["game_over"] == "over"


def test_a_named_challenge_says_who_alone_may_accept_it(account):
    ann, bob = account("ann"), account("bob")
    created = post_challenge(ann, rated=True, to="bob")
    own = ann.get(f"/challenges/{created['id']}/").content.decode()
    assert "Only bob can accept this challenge." in own
    assert "whoever opens it can take the seat" not in own
    stranger = Client().get(f"/challenges/{created['id']}/").content.decode()
    assert "Only bob can accept this challenge." in stranger
    assert "log in or sign up to accept it" not in stranger
    invited = bob.get(f"/challenges/{created['id']}/").content.decode()
    assert "Accept the challenge" in invited
    assert "Only bob can accept" not in invited
    anyone = post_challenge(ann)
    assert "whoever opens it can take the seat" in ann.get(f"/challenges/{anyone['id']}/").content.decode()


def test_a_coach_exercise_from_a_game_between_people_names_the_opponent(api, other_api):
    from puzzles.coach.models import Exercise
    from puzzles.coach.presentation import source_state

    _challenge, game = started(api, other_api)
    names = api.get(f"/api/games/{game.pk}/").json()["players"]
    exercise = Exercise(game=game, source="game", side="A", ply=0)
    assert source_state(exercise)["players"] == {"A": names["A"]["name"], "B": names["B"]["name"]}
    # a practice game, by someone else (the players of a live game get no solver view while it is on)
    practice = Game.objects.get(pk=APIClient().post("/api/games/", {"seed": 7}, format="json").json()["id"])
    assert source_state(Exercise(game=practice, source="game", side="A", ply=0))["players"] is None
