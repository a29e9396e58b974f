"""Reads with their SQL built once (``puzzles.core.queries.Prepared``): the
same rows as the ORM's queryset gives, arguments in their places, and a read
whose values Django orders otherwise than its arguments refused at once."""

from __future__ import annotations

import pytest
from django.urls import reverse

from puzzles.core.queries import Prepared
from puzzles.games import presentation, selectors
from puzzles.games.models import Game, GameMove

pytestmark = pytest.mark.django_db


def _game(token: str, **fields) -> Game:
    return Game.objects.create(
        variant="lewicki",
        start_position="x",
        current_position="x",
        human_side="A",
        level="strong",
        rng_seed=1,
        status="your-move",
        owner=None,
        session_key=token,
        **fields,
    )


def test_the_reads_give_what_the_orm_gives():
    mine, theirs = _game("mine"), _game("theirs")
    for ply in (2, 0, 1):
        GameMove.objects.create(
            game=mine,
            ply=ply,
            side="A",
            by="human",
            move="36",
            position_before="p",
            position_after="q",
            best_moves=["36", "63R"] if ply == 1 else None,
        )
    assert selectors.game_by_id(mine.pk) == mine
    assert selectors.game_by_id(10**9) is None
    from puzzles.accounts.players import guest

    assert selectors.game_get_for_player(guest("mine"), mine.pk) == mine
    assert selectors.game_version_for_player(guest("mine"), theirs.pk) is None
    assert selectors.game_version(theirs.pk) == theirs.version
    moves = selectors.game_moves(mine)
    assert [m.ply for m in moves] == [0, 1, 2]
    assert moves[1].best_moves == ["36", "63R"]
    assert moves[0].best_moves is None
    assert moves[0].graded_at is None
    # every column a game's state shows, as the ORM reads it
    for row, model in zip(moves, GameMove.objects.filter(game=mine).order_by("ply"), strict=True):
        assert row._asdict() == {
            **{field: getattr(model, field) for field in row._fields if field != "graded_at"},
            "graded_at": None,
        }


def test_values_in_another_order_than_the_arguments_are_refused():
    # Django orders a filter's keywords by name: session_key comes after pk
    backwards = Prepared(lambda token, pk: Game.objects.filter(session_key=token, pk=pk), "?token", -1)
    with pytest.raises(RuntimeError, match="not as its arguments"):
        backwards.objects("mine", 1)


def test_a_read_of_fixed_values_runs_with_the_values_django_built():
    mine, _theirs = _game("mine"), _game("theirs")
    fixed = Prepared(lambda: Game.objects.filter(session_key="mine"))
    assert fixed.objects() == [mine]
    Game.objects.filter(pk=mine.pk).update(session_key="gone")
    assert fixed.rows() == []  # the same SQL and values, the rows as they are now


def test_a_games_urls_are_the_ones_reverse_gives():
    game = _game("mine")
    urls = presentation.game_urls(game)
    assert urls["self"] == reverse("games:api-game-detail", args=[game.pk])
    assert urls == {key: reverse(name, args=[game.pk]) for key, name in presentation._URL_NAMES.items()}
    assert len(urls) == 8  # self, moves, hint, play, review, resign, rematch, abort


def test_an_id_no_column_can_hold_is_no_row(api):
    """SQLite raises OverflowError for a number past 64 bits where the ORM
    checks first: the prepared reads answer "no such row", so the API's 404."""
    huge = 99999999999999999999
    assert selectors.game_by_id(huge) is None
    assert selectors.game_version(huge) is None
    for path in (f"/api/games/{huge}/", f"/api/games/{huge}/?wait=1&timeout=1"):
        response = api.get(path)
        assert response.status_code == 404
        assert "error" in response.json()


@pytest.mark.django_db(transaction=True)
def test_the_game_is_locked_only_inside_a_transaction():
    from django.db.transaction import TransactionManagementError, atomic

    game = _game("mine")
    with pytest.raises(TransactionManagementError):
        selectors.game_locked(game.pk)
    with atomic():
        assert selectors.game_locked(game.pk) == game
