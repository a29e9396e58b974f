"""A game between people is graded when it ends, not move by move: until
then its moves have no grade; the grading task grades them all and bumps
the game's version once, and only then are the coach's exercises made, for
each player from their own mistakes, however long the grading took."""

from __future__ import annotations

import random
from unittest import mock

import pytest

from puzzles.coach.models import Exercise
from puzzles.games.models import Game, GameMove
from puzzles.games.tasks import grade_game_task
from puzzles.people.models import GameAccuracy
from solver import Position

from .conftest import accept, post_challenge

pytestmark = pytest.mark.django_db(transaction=True)


DEAL = 11  # a deal in which the random moves below give both players mistakes


def played_out(api, other_api) -> int:
    """A correspondence game between two guests, played to its end at random (the same deal and moves each time)."""
    created = post_challenge(api, clock=None, days=1)
    with mock.patch("puzzles.games.people_start.secrets.randbelow", return_value=DEAL):
        game_id = accept(other_api, created["id"])["game"]
    clients = {"A": api, "B": other_api}
    rng = random.Random(11)
    while Game.objects.get(pk=game_id).status != Game.Status.OVER:
        side = Position.parse(Game.objects.get(pk=game_id).current_position).side
        mine = clients[side].get(f"/api/games/{game_id}/").json()
        posted = clients[side].post(
            f"/api/games/{game_id}/moves/", {"move": rng.choice(mine["legal_moves"]), "ply": mine["ply"]}, format="json"
        )
        assert posted.status_code == 201, posted.content
    return game_id


def test_moves_are_graded_at_the_end_and_the_exercises_made_after(api, other_api, no_tasks):
    game_id = played_out(api, other_api)
    # no worker ran: nothing was graded move by move; the end queued the grading of the whole game
    assert not GameMove.objects.filter(game_id=game_id, graded_at__isnull=False).exists()
    assert [args for task, args in no_tasks if task is grade_game_task] == [(game_id,)]
    assert not Exercise.objects.exists()
    assert not GameAccuracy.objects.filter(game_id=game_id).exists()  # nor was the accuracy tried and queued again
    assert not [task for task, _ in no_tasks if "accuracy" in task.name]
    version = Game.objects.get(pk=game_id).version

    no_tasks.clear()
    grade_game_task.run(game_id)  # the worker at last; its exercises task is queued once it has graded
    moves = list(GameMove.objects.filter(game_id=game_id).order_by("ply"))
    assert all(m.graded_at is not None and m.grade for m in moves)
    assert Game.objects.get(pk=game_id).version == version + 1
    # each player's accuracy, recorded by the worker that graded the moves
    assert set(GameAccuracy.objects.filter(game_id=game_id).values_list("seat", flat=True)) == {"A", "B"}
    queued = [(task.name, args) for task, args in no_tasks]
    assert ("puzzles.coach.tasks.exercises_for_game_task", (game_id,)) in queued
    from puzzles.coach.tasks import exercises_for_game_task

    exercises_for_game_task.run(game_id)
    mistakes = {(m.side, m.position_before) for m in moves if m.grade in ("mistake", "blunder")}
    assert {side for side, _ in mistakes} == {"A", "B"}  # random play: both players made some
    made = {(e.side, e.position) for e in Exercise.objects.filter(game_id=game_id)}
    assert made == mistakes
    # graded again (a duplicate task): nothing changes
    assert grade_game_task.run(game_id) is None
    assert Game.objects.get(pk=game_id).version == version + 1


def test_exercises_made_for_a_guest_seat_just_after_its_claim_go_to_the_account(
    api, other_api, no_tasks, django_user_model
):
    """A guest plays, signs up while the game's exercises are being made: the
    task read the players before the claim and made the guest's exercises
    after the claim had handed the guest's over.  The account's next
    exercises sync takes them; the other guest keeps theirs."""
    from puzzles.accounts.players import Player
    from puzzles.accounts.signals import guest_claimed
    from puzzles.coach import services as coach
    from puzzles.games.selectors import game_people

    game_id = played_out(api, other_api)
    grade_game_task.run(game_id)
    game = Game.objects.get(pk=game_id)
    before_claim = game_people(game)
    ann = django_user_model.objects.create_user("ann", password="pw-ann-12345")
    guest_claimed.send(sender=None, user=ann, session_key=api.session["od_player"])
    assert game_people(game)["A"].user == ann
    with mock.patch.object(coach, "game_people", return_value=before_claim):
        assert coach.exercises_from_game(game) > 0
    stray = Exercise.objects.filter(game=game, side="A")
    assert stray.exists()
    assert not stray.filter(user=ann).exists()

    coach.exercises_sync(Player(ann, ""))
    assert stray.exists()
    assert stray.count() == stray.filter(user=ann, session_key="").count()
    others = Exercise.objects.filter(game=game, side="B")
    assert others.exists()
    assert not others.filter(user__isnull=False).exists()
    assert set(others.values_list("session_key", flat=True)) == {other_api.session["od_player"]}
