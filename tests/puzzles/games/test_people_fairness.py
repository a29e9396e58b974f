"""Fairness in games between people: while one is in progress nobody gets
the solver's view of its positions (no values in the game, no hints, no
analysis through the analyses API, the position API or the analysis board),
and after it everything is open."""

from __future__ import annotations

import pytest

from puzzles.games.people_start import game_start_people
from solver import Position

from .people_helpers import guest_client, play_out, state

pytestmark = pytest.mark.django_db(transaction=True)


def started():
    (ann, ann_player), (bob, bob_player) = guest_client(), guest_client()
    game = game_start_people(
        variant="lewicki", seats={"A": ann_player, "B": bob_player}, rated=False, clock=(600, 5), seed=7
    )
    return game, {"A": ann, "B": bob}


def test_no_analysis_of_a_game_in_progress_then_all_of_it_after():
    from solver import deal

    known = guest_client()[0].post("/api/analyses/", {"position": str(deal(7))}, format="json").json()
    game, clients = started()
    read_back = clients["A"].get(f"/api/analyses/{known['id']}/")  # analysed before the game: not now
    assert read_back.status_code == 403
    assert "error" in read_back.json()
    seen = state(clients["A"], game.pk)
    mover = clients[seen["to_move"]]
    move = state(mover, game.pk)["legal_moves"][0]
    after = mover.post(f"/api/games/{game.pk}/moves/", {"move": move, "ply": 0}, format="json").json()
    current = Position.parse(after["position"])
    # the current position, the start, and the position after any move of the player to move
    ahead = current.push(current.legal_moves()[0])
    # the same hands with the seats swapped round: the same deal
    swapped = str(current).split(" ")
    swapped_seats = " ".join([swapped[1], swapped[0], *swapped[2:-1], "B" if swapped[-1] == "A" else "A"])
    for client in (*clients.values(), guest_client()[0]):
        for position in (after["position"], after["start"], str(ahead), swapped_seats):
            refused = client.post("/api/analyses/", {"position": position}, format="json")
            assert refused.status_code == 403, (position, refused.content)
            assert "game between people in progress" in refused.json()["error"]
        board = client.post("/api/positions/", {"position": after["start"], "moves": [move]}, format="json")
        assert board.status_code == 403
        assert "error" in board.json()
        page = client.get("/analysis/", {"position": after["position"]})
        assert page.status_code == 403
    hint = clients[after["to_move"]].post(f"/api/games/{game.pk}/hint/", {"level": 3}, format="json")
    assert hint.status_code == 403
    assert "no hints" in hint.json()["error"]
    play_out(clients, game.pk)
    for position in (after["position"], after["start"], str(ahead)):
        answer = clients["A"].post("/api/analyses/", {"position": position}, format="json")
        assert answer.status_code in (200, 202), answer.content
    assert clients["A"].get(f"/api/analyses/{known['id']}/").status_code == 200
    assert (
        clients["B"].post("/api/positions/", {"position": after["start"], "moves": [move]}, format="json").status_code
        == 200
    )


def test_an_unrelated_position_is_analysed_while_a_game_is_on():
    started()
    from solver import deal

    answer = guest_client()[0].post("/api/analyses/", {"position": str(deal(12345))}, format="json")
    assert answer.status_code in (200, 202), answer.content


def test_no_puzzle_at_a_position_of_a_game_in_progress():
    from puzzles.training.models import Puzzle

    game, clients = started()
    position = Position.parse(game.start_position)
    puzzle = Puzzle.objects.create(
        position=str(position),
        side=position.side,
        kind="win",
        line=["36"],
        solver_moves=1,
        themes=["count"],
        value=10,
        rating=1200,
        seed="7",
        ply=0,
    )
    refused = clients["A"].post(f"/api/puzzles/{puzzle.pk}/attempts/")
    assert refused.status_code == 403
    assert "game between people in progress" in refused.json()["error"]
    clients["A"].post(f"/api/games/{game.pk}/abort/")
    assert clients["A"].post(f"/api/puzzles/{puzzle.pk}/attempts/").status_code == 201


def test_no_game_record_analysis_of_a_game_in_progress():
    game, clients = started()
    record = clients["A"].get(f"/games/{game.pk}/record.txt").content.decode()
    refused = clients["B"].post("/api/game-analyses/", {"record": record}, format="json")
    assert refused.status_code == 403
    assert "game between people in progress" in refused.json()["error"]


def test_no_practice_game_of_a_deal_in_progress():
    # A practice game gives hints: a player could start one from their game's
    # position (or its seed, which the game's JSON withholds until the end but
    # a player might learn) and ask for the best move.
    game, clients = started()
    seen = state(clients["A"], game.pk)
    assert seen["seed"] is None
    seen["seed"] = int(game.seed)
    mover = clients[seen["to_move"]]
    for payload in (
        {"position": seen["position"], "human": seen["to_move"]},
        {"seed": seen["seed"], "variant": seen["variant"], "human": seen["to_move"]},
    ):
        refused = mover.post("/api/games/", payload, format="json")
        assert refused.status_code == 403, refused.content
        assert "game between people in progress" in refused.json()["error"]
    play_out(clients, game.pk)
    assert (
        mover.post("/api/games/", {"seed": seen["seed"], "variant": seen["variant"]}, format="json").status_code == 201
    )
