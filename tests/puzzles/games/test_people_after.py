"""After a game between people: both players get the review with both
players' grades, and each player's mistakes and blunders become that
player's own coach exercises."""

from __future__ import annotations

import pytest
from corpus import move_with_mistakes

from puzzles.coach.models import Exercise
from puzzles.games.people_start import game_start_people
from solver import Position

from .people_helpers import guest_client, play_out, state

pytestmark = pytest.mark.django_db(transaction=True)


def test_each_players_mistakes_become_their_own_exercises():
    (ann, ann_player), (bob, bob_player) = guest_client(), guest_client()
    game = game_start_people(
        variant="lewicki", seats={"A": ann_player, "B": bob_player}, rated=True, clock=(600, 5), seed=7
    )
    made: dict[str, dict[str, str]] = {"A": {}, "B": {}}

    def choose(seen: dict) -> str:  # each player makes one mistake (or blunder), else plays best
        position = Position.parse(seen["position"])
        return str(move_with_mistakes(position, made[seen["my_seat"]], 1))

    # the review waits for the end
    assert ann.get(f"/games/{game.pk}/review/").status_code == 302
    end = play_out({"A": ann, "B": bob}, game.pk, choose=choose)
    assert end["status"] == "over", made
    assert all(made.values()), made
    for seat, player in (("A", ann_player), ("B", bob_player)):
        mine = player.rows(Exercise.objects.filter(game_id=game.pk), "user")
        assert {(e.position, e.played) for e in mine} == set(made[seat].items())
        assert {e.side for e in mine} == {seat}
    # the coach's page of the game opens for both, each with their own exercises
    for client in (ann, bob):
        assert client.get(f"/coach/games/{game.pk}/").status_code == 200
        assert client.get(f"/api/exercises/?game={game.pk}").status_code == 200
    # both players' grades in the review, for both of them
    for client in (ann, bob):
        page = client.get(f"/games/{game.pk}/review/")
        assert page.status_code == 200
        names = {seat: p["name"] for seat, p in state(client, game.pk)["players"].items()}
        html = page.content.decode()
        for seat in "AB":  # each player's summary, with their mistakes counted
            assert f"{names[seat]} ({seat}): best" in html
        graded = [m for m in state(client, game.pk)["moves"] if m["grade"] in ("mistake", "blunder")]
        assert {m["side"] for m in graded} == {"A", "B"}
