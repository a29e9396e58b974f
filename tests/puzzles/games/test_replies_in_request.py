"""The solver's reply played in the request of the human's move: once the
analyses of a turn are computed ahead (``turn_prepare``, a task queued when
the human's turn begins), the move's answer carries its grade and the solver's
reply, the same reply a worker would have played, and only the next turn's
preparation is queued.  Without those analyses the reply is left to the
solver's task, as before."""

from __future__ import annotations

import pytest

from puzzles.analyses.models import Analysis
from puzzles.games.models import Game, GameMove
from puzzles.games.tasks import grade_move_task, turn_prepare_task
from solver import Position, Variant, deal

pytestmark = pytest.mark.django_db(transaction=True)
SEED_A = next(s for s in range(100) if deal(s).side == "A")


def _start(api, **body) -> dict:
    response = api.post("/api/games/", {"level": "strong", "rng_seed": 12345, **body}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def _play(api, game: dict, move: str) -> dict:
    response = api.post(f"/api/games/{game['id']}/moves/", {"move": move, "ply": game["ply"]}, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def test_the_answer_carries_the_reply_a_worker_would_have_played(api, settings):
    from unittest import mock

    game = _start(api, seed=SEED_A, human="A")  # eager tasks: the turn is prepared at once
    assert game["status"] == "your-move"
    sent: list = []
    with mock.patch("puzzles.core.tasking.send", lambda task, *args: sent.append((task, args))):
        answer = _play(api, game, game["legal_moves"][0])
    assert answer["status"] == "your-move"
    assert answer["ply"] == 2
    human, reply = answer["moves"]
    assert human["grade"] is not None
    assert reply["by"] == "solver"
    assert reply["grade"] is not None
    # nothing for the workers but the next turn's analyses
    assert [(task, args) for task, args in sent] == [(turn_prepare_task, (game["id"], answer["position"]))]
    # the same game, the reply left to the solver's task: the same move
    settings.OD_REPLY_IN_REQUEST = False
    other = _start(api, seed=SEED_A, human="A")
    played = _play(api, other, game["legal_moves"][0])
    assert [m["move"] for m in played["moves"]] == [human["move"], reply["move"]]
    assert played["moves"][1]["value"] == reply["value"]
    assert played["position"] == answer["position"]


def test_without_the_analyses_at_hand_the_reply_is_the_tasks(api, no_tasks):
    game = _start(api, seed=SEED_A, human="A")  # nothing runs: no analysis ahead
    answer = _play(api, game, game["legal_moves"][0])
    assert answer["status"] == "thinking"
    assert len(answer["moves"]) == 1
    assert [task for task, _ in no_tasks] == [turn_prepare_task, grade_move_task]


def test_the_next_turns_analysis_is_ready_and_stored_with_the_move(api):
    from puzzles.analyses.cache import analysis_cache_get

    game = _start(api, seed=SEED_A, human="A")
    answer = _play(api, game, game["legal_moves"][0])
    # ready in Redis for the grade and the hints; the workers wrote no row
    assert analysis_cache_get(answer["position"]) is not None
    assert not Analysis.objects.filter(position=answer["position"]).exists()
    # the move after that is answered in its request too, and the analysis it
    # was graded from is kept for good with it (the coach's exercises read it)
    again = _play(api, answer, answer["legal_moves"][-1])
    assert again["ply"] == 4 or again["status"] == "over"
    assert GameMove.objects.filter(game_id=game["id"], by="solver").count() == 2 or again["status"] == "over"
    row = Analysis.objects.get(position=answer["position"])
    assert row.status == Analysis.Status.DONE
    assert row.result == analysis_cache_get(answer["position"])


def test_in_partnership_the_three_other_seats_move_in_the_request(api):
    rules = Variant.parse("partnership")
    seed = next(s for s in range(200) if deal(s, rules).side == "A")
    game = _start(api, seed=seed, variant="partnership", human="A")
    assert game["status"] == "your-move"
    answer = _play(api, game, game["legal_moves"][0])
    if answer["status"] != "over":
        assert answer["status"] == "your-move"
        assert answer["to_move"] == "A"
        assert [m["side"] for m in answer["moves"]] == ["A", "B", "C", "D"]
        assert all(m["grade"] is not None for m in answer["moves"])
        partner = answer["moves"][2]
        assert partner["role"] == "partner"
    assert Game.objects.get(pk=game["id"]).ply_count == len(answer["moves"])


def test_a_double_that_moves_again_prepares_the_humans_next_turn(api):
    """With +doubles the human moves again after a double: no reply, and the
    next turn is prepared all the same."""
    from unittest import mock

    rules = Variant.parse("lewicki+doubles")

    def double_of(position):
        return next((str(m) for m in position.legal_moves() if str(m)[:1] == str(m)[1:2]), None)

    seed = next(s for s in range(300) if deal(s, rules).side == "A" and double_of(deal(s, rules)))
    game = _start(api, seed=seed, variant="lewicki+doubles", human="A")
    sent: list = []
    with mock.patch("puzzles.core.tasking.send", lambda task, *args: sent.append((task, args))):
        answer = _play(api, game, double_of(deal(seed, rules)))
    assert answer["status"] == "your-move"
    assert answer["to_move"] == "A"
    assert len(answer["moves"]) == 1
    assert answer["moves"][0]["grade"] is not None
    assert sent == [(turn_prepare_task, (game["id"], answer["position"]))]


def test_a_move_worked_out_before_the_lock_is_worked_out_again_if_the_game_moved_on(api):
    """The records are made from the game as read before the transaction;
    under the lock, a game that has moved on meanwhile (another request
    played) gets them made again from what it is now."""
    from puzzles.games import services

    game = _start(api, seed=SEED_A, human="A")
    stale = Game.objects.get(pk=game["id"])  # read before the other request's move
    answer = _play(api, game, game["legal_moves"][0])
    assert answer["status"] == "your-move"
    move = answer["legal_moves"][-1]
    record = services.game_play_human_move(game=stale, move=move)  # no ply: played where the game is now
    assert record.ply == answer["ply"]
    assert record.position_before == answer["position"]
    assert record.move == str(Position.parse(answer["position"]).normalise_move(move))
    # the analysis read beforehand was of the old position: the grading task
    # grades the move (eagerly here) from the position it was played in
    assert record.graded_at is None
    graded = GameMove.objects.get(pk=record.pk)
    assert graded.grade is not None
    assert graded.position_before == answer["position"]
    stored = GameMove.objects.filter(game_id=game["id"]).order_by("ply")
    assert [m.ply for m in stored] == list(range(stored.count()))
