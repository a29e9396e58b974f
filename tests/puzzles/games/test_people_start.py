"""Starting a game between people (``games.people_start.game_start_people``): its
seats, time control and clocks, and the input it refuses."""

from __future__ import annotations

import pytest

from puzzles.accounts.players import guest
from puzzles.core.errors import ApplicationError
from puzzles.games import selectors
from puzzles.games.models import Game, GameSeat
from puzzles.games.people_start import game_start_people
from solver import deal

pytestmark = pytest.mark.django_db(transaction=True)

ANN, BOB = guest("ann-token"), guest("bob-token")


def test_a_live_game_between_two_guests():
    game = game_start_people(variant="lewicki", seats={"A": ANN, "B": BOB}, rated=True, clock=(180, 2), seed=7)
    assert game.kind == Game.Kind.PEOPLE
    assert game.people == "AB"
    assert game.rated
    assert (game.clock_initial, game.clock_increment, game.days) == (180, 2, None)
    assert game.clock_ms == {"A": 180_000, "B": 180_000}
    assert game.start_position == str(deal(7))
    assert game.status == Game.Status.YOUR_MOVE
    assert game.deadline is not None
    assert game.turn_started_at is not None
    assert dict(GameSeat.objects.filter(game=game).values_list("seat", "session_key")) == {
        "A": "ann-token",
        "B": "bob-token",
    }
    assert [g.pk for g in selectors.people_games_in_progress(ANN)] == [game.pk]
    to_move = deal(7).side
    mover = ANN if to_move == "A" else BOB
    other = BOB if mover is ANN else ANN
    assert [g.pk for g in selectors.people_games_to_move(mover)] == [game.pk]
    assert selectors.people_games_to_move(other) == []
    assert selectors.game_players(game) == {"A": ANN, "B": BOB}
    # a practice game's list knows nothing of it
    assert list(selectors.games_for_player(ANN)) == []


def test_partnership_with_solver_partners_and_correspondence():
    game = game_start_people(
        variant="partnership",
        seats={"A": ANN, "B": BOB, "C": "perfect", "D": "casual"},
        rated=False,
        days=3,
        seed=5,
    )
    assert game.people == "AB"
    assert game.days == 3
    assert game.clock_ms is None
    assert selectors.game_players(game) == {"A": ANN, "B": BOB, "C": "perfect", "D": "casual"}


@pytest.mark.parametrize(
    ("kwargs", "says"),
    [
        ({"variant": "nonsense"}, "variant"),
        ({"seats": {"A": ANN}}, "seats name every seat"),
        ({"seats": {"A": ANN, "B": "wizard"}}, "solver level"),
        ({"seats": {"A": ANN, "B": ANN}}, "one seat only"),
        ({"seats": {"A": ANN, "B": "strong"}}, "at least two people"),
        ({"clock": (180, 2), "days": 3}, "not both"),
        ({"clock": None, "days": 2}, "days a move is one of"),
        ({"clock": (-1, 2)}, "initial time"),
        ({"clock": (0, 0)}, "initial time is a whole number of seconds from 1 to"),
        ({"clock": (0, 5)}, "initial time is a whole number of seconds from 1 to"),
        ({"clock": None, "rated": True}, "rated game needs a time control"),
    ],
)
def test_bad_input_is_refused_and_nothing_stored(kwargs, says):
    args = {"variant": "lewicki", "seats": {"A": ANN, "B": BOB}, "rated": False, "clock": (60, 0), **kwargs}
    with pytest.raises(ApplicationError, match=says):
        game_start_people(**args)
    assert not Game.objects.exists()
    assert not GameSeat.objects.exists()
