"""Games between people on the insights page and in the home page's "Your
games": a finished game between two accounts counts, for each of them, the
moves of their own seat only (both seats' moves are a person's), an aborted
one counts nothing, and the home page lists the game with the player's seat,
the opponent's name and the result for that player."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from puzzles.accounts.players import Player
from puzzles.games.models import Game, GameMove, GameSeat
from puzzles.insights import selectors
from solver import deal

pytestmark = pytest.mark.django_db(transaction=True)


def people_game(a, b, seed: int, lost: dict[str, int], result: dict) -> Game:
    """A finished game between ``a`` (seat A) and ``b`` (seat B), first legal
    move each time; every move with a choice of seat ``s`` loses ``lost[s]``."""
    position = deal(seed, "lewicki")
    game = Game.objects.create(
        variant="lewicki",
        start_position=str(position),
        current_position=str(position),
        kind=Game.Kind.PEOPLE,
        people="AB",
        rng_seed=seed,
        seed=str(seed),
        status=Game.Status.OVER,
        result=result,
    )
    GameSeat.objects.create(game=game, seat="A", owner=a)
    GameSeat.objects.create(game=game, seat="B", owner=b)
    ply = 0
    while not position.is_over():
        legal = position.legal_moves()
        after = position.push(legal[0])
        points = lost[position.side] if len(legal) > 1 else 0
        GameMove.objects.create(
            game=game,
            ply=ply,
            side=position.side,
            by=GameMove.By.HUMAN,
            move=str(legal[0]),
            position_before=str(position),
            position_after=str(after),
            value=0,
            best_value=points,
            grade="best" if points == 0 else "mistake",
            points_lost=points,
        )
        position, ply = after, ply + 1
    Game.objects.filter(pk=game.pk).update(current_position=str(position), ply_count=ply)
    return game


def test_each_player_counts_their_own_seat_of_a_game_between_people(client):
    ann = get_user_model().objects.create_user("ann", password="x")
    bob = get_user_model().objects.create_user("bob", password="x")
    game = people_game(ann, bob, 5, {"A": 2, "B": 0}, {"winner": "B", "points": 17, "reason": "domino"})
    people_game(ann, bob, 6, {"A": 1, "B": 1}, {"winner": None, "points": 0, "reason": "aborted"})

    ann_games = selectors.game_insights(Player(ann, ""))["games"]
    bob_games = selectors.game_insights(Player(bob, ""))["games"]
    assert [g["game"] for g in ann_games] == [game.pk] == [g["game"] for g in bob_games]  # the aborted one is left out
    ann_choices = ann_games[0]["choices"]
    assert ann_choices > 0
    assert ann_games[0]["points_lost"] == 2 * ann_choices
    assert ann_games[0]["accuracy"] == 0
    assert bob_games[0]["points_lost"] == 0
    assert bob_games[0]["accuracy"] == 100

    client.force_login(ann)
    page = client.get("/insights/").content.decode()
    assert f"{2 * ann_choices} points lost in 1 finished game." in page

    home = client.get("/").content.decode()
    assert "No games yet." not in home
    row = home[home.index(f'<tr data-game="{game.pk}"') :]
    row = row[: row.index("</tr>")]
    assert 'data-label="Side">A<' in row
    assert 'data-label="Opponent">bob<' in row
    assert "You lose 17 points (domino)." in row
    assert "\u221217" in row
