"""A whole rated game between two accounts, made by a challenge and played
move by move through the games API by its two players: the result's rating
change is Glicko-2's from the ratings before, each player's accuracy is the
share of best moves among their graded moves with a choice, and the profile
shows both."""

from __future__ import annotations

import random

import pytest

from puzzles.games.models import Game, GameMove
from puzzles.people.models import GameAccuracy, GameRating
from puzzles.ratings import glicko2
from solver import Position

from .conftest import accept, post_challenge

pytestmark = pytest.mark.django_db(transaction=True)


def play_out(clients: dict, game_id: int, seed: int = 3) -> dict:
    rng = random.Random(seed)
    for _ in range(200):
        seen = clients["A"].get(f"/api/games/{game_id}/").json()
        if seen["status"] == "over":
            return seen
        side = Position.parse(Game.objects.get(pk=game_id).current_position).side
        mover = clients[side]
        mine = mover.get(f"/api/games/{game_id}/").json()
        move = rng.choice(mine["legal_moves"])
        response = mover.post(f"/api/games/{game_id}/moves/", {"move": move, "ply": mine["ply"]}, format="json")
        assert response.status_code == 201, response.content
    raise AssertionError("the game did not end")


def test_a_rated_game_played_move_by_move(account, client):
    ann, bob = account("ann"), account("bob")
    created = post_challenge(ann, rated=True, seat="A", variant="block", clock={"initial": 600, "increment": 5})
    game_id = accept(bob, created["id"])["game"]
    final = play_out({"A": ann, "B": bob}, game_id)
    game = Game.objects.get(pk=game_id)
    assert final["status"] == "over"
    assert game.result["reason"] in ("domino", "blocked")
    winner = game.result["winner"]
    score_a = 0.5 if not winner else (1.0 if winner == "A" else 0.0)
    fresh = glicko2.Rating()
    after_a = glicko2.update(fresh, [(fresh, score_a)])
    row = GameRating.objects.get(user=ann.user, time_class="live", family="block")
    assert row.rating == pytest.approx(after_a.rating)
    assert row.games == 1
    other = GameRating.objects.get(user=bob.user, time_class="live", family="block")
    assert other.rating == pytest.approx(glicko2.update(fresh, [(fresh, 1.0 - score_a)]).rating)
    # accuracy from the graded moves (the grades come in the request or by the eager tasks)
    for seat, user in (("A", ann.user), ("B", bob.user)):
        moves = list(GameMove.objects.filter(game=game, side=seat, by="human"))
        assert moves
        assert all(m.grade is not None for m in moves)
        chosen = [m for m in moves if len(Position.parse(m.position_before).legal_moves()) > 1]
        best = sum(1 for m in chosen if m.grade == "best")
        acc = GameAccuracy.objects.get(game=game, seat=seat)
        assert acc.user == user
        assert acc.rated
        assert (acc.choices, acc.best) == (len(chosen), best)
        if chosen:
            assert acc.accuracy == round(100 * best / len(chosen), 1)
    page = client.get("/players/ann/").content.decode()
    assert f'href="/games/{game_id}/review/"' in page
