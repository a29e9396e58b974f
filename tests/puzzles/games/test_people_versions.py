"""A game's version is what its long polls wait on: in a game between people
under way, a move's grade (which nobody sees before the end) leaves it as it
is, so that it wakes no player's or spectator's poll; a grade in a practice
game, or once the game is over, moves it on."""

from __future__ import annotations

import pytest

from puzzles.games import grading
from puzzles.games.models import Game, GameMove
from puzzles.games.people_start import game_start_people

from .people_helpers import guest_client, play_out, state

pytestmark = pytest.mark.django_db(transaction=True)


def regrade(move: GameMove) -> int:
    """The game's version change when ``move`` is graded again from scratch."""
    GameMove.objects.filter(pk=move.pk).update(graded_at=None, grade=None)
    before = Game.objects.get(pk=move.game_id).version
    grading.move_grade(move=GameMove.objects.get(pk=move.pk))
    assert GameMove.objects.get(pk=move.pk).grade is not None
    return Game.objects.get(pk=move.game_id).version - before


def test_a_grade_moves_the_version_on_only_where_someone_sees_it():
    (ann, ann_player), (bob, bob_player) = guest_client(), guest_client()
    game = game_start_people(
        variant="lewicki",
        rated=False,
        clock=(600, 5),
        seed=7,
        seats={"A": ann_player, "B": bob_player},
    )
    clients = {"A": ann, "B": bob}
    seen = state(ann, game.pk)
    mover = clients[seen["to_move"]]
    response = mover.post(f"/api/games/{game.pk}/moves/", {"move": seen["legal_moves"][0], "ply": 0}, format="json")
    assert response.status_code == 201
    first = GameMove.objects.get(game=game, ply=0)
    assert regrade(first) == 0  # under way: nobody sees the grade, no poll is woken
    end = play_out(clients, game.pk)
    assert end["status"] == "over"
    assert regrade(first) == 1  # over: the review shows it

    practice = Game.objects.create(
        variant="lewicki",
        start_position=game.start_position,
        current_position=game.start_position,
        rng_seed=1,
        status=Game.Status.YOUR_MOVE,
    )
    move = GameMove.objects.create(
        game=practice,
        ply=0,
        side=first.side,
        by=GameMove.By.HUMAN,
        move=first.move,
        position_before=first.position_before,
        position_after=first.position_after,
    )
    assert regrade(move) == 1
