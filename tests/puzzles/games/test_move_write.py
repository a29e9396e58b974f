"""A move between people stored in one statement on PostgreSQL
(``games.move_write``): the same rows as the ORM's insert and update, nothing
written when the game has moved on or the ply is taken, and the ORM's way
wherever one statement cannot be used."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.db.models import F
from django.forms.models import model_to_dict

from puzzles.games import move_write, moves, turns
from puzzles.games.models import Game, GameMove
from solver import Position

from ..people.conftest import accept, post_challenge
from .people_helpers import guest_client

pytestmark = pytest.mark.django_db(transaction=True)
postgresql = pytest.mark.skipif(connection.vendor != "postgresql", reason="one statement is PostgreSQL's")

SKIP = ("id", "created_at")  # the rows' own


def people_game() -> Game:
    (ann, _), (bob, _) = guest_client(), guest_client()
    return Game.objects.get(pk=accept(bob, post_challenge(ann, seat="A")["id"])["game"])


def planned(game: Game) -> tuple[GameMove, dict]:
    """The game's next move (the first legal one) and the fields it writes, as a move plans them."""
    before = Position.parse(game.current_position)
    played = before.legal_moves()[0]
    after = before.push(played)
    record = GameMove(
        game=game,
        ply=game.ply_count,
        side=before.side,
        by=GameMove.By.HUMAN,
        move=str(played),
        position_before=str(before),
        position_after=str(after),
    )
    return record, turns.moved_on(after, game.person_seats)


def orm_write(game: Game, record: GameMove, fields: dict) -> None:
    with transaction.atomic():
        moves.store([record], optimistic=True)
        moves.update(game, fields, optimistic=True)


@postgresql
def test_one_statement_writes_what_the_orm_writes():
    one, other = people_game(), people_game()
    Game.objects.filter(pk=other.pk).update(current_position=one.current_position, ply_count=0)
    other.refresh_from_db()
    (record, fields), (orm_record, orm_fields) = planned(one), planned(other)
    assert move_write.write(one, record, fields)
    orm_write(other, orm_record, orm_fields)
    assert record.pk is not None
    assert not record._state.adding
    stored, orm_stored = GameMove.objects.get(pk=record.pk), GameMove.objects.get(pk=orm_record.pk)
    assert {k: v for k, v in model_to_dict(stored).items() if k not in ("game", *SKIP)} == {
        k: v for k, v in model_to_dict(orm_stored).items() if k not in ("game", *SKIP)
    }
    assert stored.created_at is not None
    assert stored.game_id == one.pk
    one_after, other_after = Game.objects.get(pk=one.pk), Game.objects.get(pk=other.pk)
    for name in fields:
        if name != "updated_at":
            assert getattr(one_after, name) == getattr(other_after, name), name
    assert (one_after.version, one_after.ply_count) == (one.version + 1, one.ply_count + 1)


@postgresql
def test_a_game_moved_on_or_a_ply_taken_writes_nothing():
    game = people_game()
    record, fields = planned(game)
    Game.objects.filter(pk=game.pk).update(version=F("version") + 1)  # a change in between
    with pytest.raises(moves.Raced):
        move_write.write(game, record, fields)
    assert not GameMove.objects.filter(game=game).exists()
    assert Game.objects.get(pk=game.pk).ply_count == game.ply_count
    game.refresh_from_db()
    taken, _fields = planned(game)
    taken.save()  # the ply stored by another move: the update is undone with the statement
    with pytest.raises(moves.Raced):
        move_write.write(game, record, fields)
    assert Game.objects.get(pk=game.pk).version == game.version
    assert GameMove.objects.filter(game=game).count() == 1


def test_one_statement_only_outside_a_transaction_on_postgresql():
    game = people_game()
    record, fields = planned(game)
    with transaction.atomic():
        assert not move_write.available()
        assert not move_write.write(game, record, fields)  # the caller stores it the ORM's way
    assert move_write.available() == (connection.vendor == "postgresql")
    assert not GameMove.objects.filter(game=game).exists()
    assert not move_write.write(game, record, {**fields, "ply_count": F("ply_count") * 2})  # not F + n
