"""Vacation from correspondence games: a turn under way when it starts, or
whose deadline comes during it, is held; coming back moves each held turn's
deadline on by the vacation time used; the opponent sees it; the days are an
allowance a year."""

from __future__ import annotations

from datetime import timedelta

import pytest

from puzzles.games import deadlines, vacations
from puzzles.games.models import Game, Vacation
from puzzles.games.people_start import game_start_people
from solver import Position

from .people_helpers import account_client

pytestmark = pytest.mark.django_db(transaction=True)

DAY = 86400


@pytest.fixture
def postal(django_user_model, now):
    """A correspondence game (3 days a move) between two accounts: (game, clients and users by seat)."""
    (ann, ann_player), (bob, bob_player) = (
        account_client(django_user_model, "ann"),
        account_client(django_user_model, "bob"),
    )
    game = game_start_people(variant="lewicki", seats={"A": ann_player, "B": bob_player}, rated=False, days=3, seed=7)
    people = {"A": (ann, ann_player.user), "B": (bob, bob_player.user)}
    return game, people


def to_move(game: Game) -> str:
    return Position.parse(game.current_position).side


def test_a_turn_under_way_waits_and_moves_on_by_the_vacation_used(postal, now):
    game, people = postal
    seat = to_move(game)
    client, user = people[seat]
    other = people["B" if seat == "A" else "A"][0]
    deadline = game.deadline
    answer = client.post("/api/vacation/", {"on": True}, format="json")
    assert answer.status_code == 200, answer.content
    assert answer.json()["on"] is True
    game.refresh_from_db()
    assert game.deadline == deadline + timedelta(days=14)  # held for the whole allowance meanwhile
    assert other.get(f"/api/games/{game.pk}/claim/").json()["opponents"][0]["vacation"] is True
    assert client.post("/api/vacation/", {"on": True}, format="json").status_code == 409
    now.move(2 * DAY)
    back = client.post("/api/vacation/", {"on": False}, format="json")
    assert back.status_code == 200, back.content
    assert back.json()["seconds_left"] == 12 * DAY
    game.refresh_from_db()
    assert game.deadline == deadline + timedelta(days=2)
    assert other.get(f"/api/games/{game.pk}/claim/").json()["opponents"][0]["vacation"] is False
    assert client.post("/api/vacation/", {"on": False}, format="json").status_code == 409


def test_a_turn_that_begins_during_a_vacation_is_held_when_its_deadline_comes(postal, now):
    game, people = postal
    mover = to_move(game)
    waiting = "B" if mover == "A" else "A"
    _client, user = people[waiting]
    vacations.vacation_start(user)  # not their turn: nothing held yet
    mover_client = people[mover][0]
    seen = mover_client.get(f"/api/games/{game.pk}/").json()
    answer = mover_client.post(
        f"/api/games/{game.pk}/moves/", {"move": seen["legal_moves"][0], "ply": seen["ply"]}, format="json"
    )
    assert answer.status_code == 201, answer.content
    game.refresh_from_db()
    assert to_move(game) == waiting
    deadline = game.deadline
    now.move(3 * DAY + 3600)  # the deadline passes during the vacation
    held_at = now.at
    checked = deadlines.game_check_deadline(game)
    assert checked.status != Game.Status.OVER
    assert checked.deadline > held_at
    now.move(DAY)
    vacations.vacation_end(user)
    game.refresh_from_db()
    # the deadline moved on by the vacation used from when the turn was held
    assert game.deadline == deadline + (now.at - held_at)


def test_without_a_vacation_the_deadline_is_lost_and_guests_have_none(postal, now, client):
    game, _people = postal
    now.move(3 * DAY + 60)
    assert deadlines.game_check_deadline(game).status == Game.Status.OVER
    assert client.get("/api/vacation/").status_code == 403


def test_the_days_are_an_allowance_a_year(postal, now, settings):
    settings.OD_VACATION_DAYS = 1
    _game, people = postal
    _client, user = people["A"]
    assert vacations.vacation_start(user)["seconds_left"] == DAY
    now.move(2 * DAY)
    state = vacations.vacation_state(user)
    assert (state["on"], state["seconds_left"]) == (False, 0)  # used up: over by itself
    with pytest.raises(Exception, match="no vacation left"):
        vacations.vacation_start(user)


def test_a_later_turn_of_the_same_vacation_is_held_too(postal, now):
    game, people = postal
    mover = to_move(game)
    other = "B" if mover == "A" else "A"
    vacations.vacation_start(people[mover][1])  # this turn held
    now.move(60)
    for seat in (mover, other):  # the player on vacation moves all the same; then the opponent
        client = people[seat][0]
        seen = client.get(f"/api/games/{game.pk}/").json()
        answer = client.post(
            f"/api/games/{game.pk}/moves/", {"move": seen["legal_moves"][0], "ply": seen["ply"]}, format="json"
        )
        assert answer.status_code == 201, answer.content
    game.refresh_from_db()
    if game.status == Game.Status.OVER or to_move(game) != mover:
        pytest.skip("the deal gave the turn elsewhere")
    now.move(3 * DAY + 3600)  # the new turn's deadline passes during the same vacation
    checked = deadlines.game_check_deadline(game)
    assert checked.status != Game.Status.OVER
    assert checked.deadline > now.at


def test_a_turn_already_lost_on_time_is_not_saved_by_a_vacation(postal, now):
    game, people = postal
    client, user = people[to_move(game)]
    deadline = game.deadline
    now.move(3 * DAY + 60)  # the deadline has passed, nothing has ended the game yet
    assert client.post("/api/vacation/", {"on": True}, format="json").status_code == 200
    game.refresh_from_db()
    assert game.deadline == deadline  # not held
    assert deadlines.game_check_deadline(game).status == Game.Status.OVER


def test_reading_the_vacation_writes_nothing(postal, now, settings):
    settings.OD_VACATION_DAYS = 1
    _game, people = postal
    client, user = people["A"]
    state = client.get("/api/vacation/").json()
    assert (state["on"], state["seconds_left"]) == (False, DAY)
    assert not Vacation.objects.filter(user=user).exists()  # made at the first change only
    vacations.vacation_start(user)
    now.move(2 * DAY)
    state = client.get("/api/vacation/").json()
    assert (state["on"], state["seconds_left"]) == (False, 0)  # its days run out: shown over...
    assert Vacation.objects.get(user=user).since is not None  # ...and settled at the next change
