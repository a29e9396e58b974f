"""A scripted client plays complete games through the API, and every legal-move
list, value, best value, best move list, grade and points lost it is shown is
checked against the solver run independently here (tasks run eagerly)."""

from __future__ import annotations

import random

import pytest
from api_checks import check_grading, check_replay

from solver import Position, deal

pytestmark = pytest.mark.django_db(transaction=True)


def check_game_consistent(game: dict) -> None:
    """The moves replay from the start to the current position; the board,
    the status, the legal moves and the result agree with the solver package."""
    position = check_replay(game)
    if position.is_over():
        assert game["status"] == "over"
        result = position.result()
        assert game["result"]["winner"] == result.winner
        assert game["result"]["points"] == result.points
        assert game["result"]["reason"] == result.reason
        assert game["legal_moves"] == []
    elif position.side == game["human"]:
        assert game["status"] == "your-move"
        assert game["legal_moves"] == [str(m) for m in position.legal_moves()]
        assert game["result"] is None
    else:
        assert game["status"] == "thinking"
        assert game["legal_moves"] == []


def play_through(api, payload: dict, rng: random.Random, check_every_step: bool = True) -> dict:
    response = api.post("/api/games/", payload, format="json")
    assert response.status_code == 201, response.content
    game = response.json()
    url = f"/api/games/{game['id']}/"
    for _ in range(60):
        game = api.get(url).json()
        if check_every_step:
            check_game_consistent(game)
        if game["status"] == "over":
            break
        assert game["status"] == "your-move", game["status"]  # tasks are eager: the solver has replied
        move = rng.choice(game["legal_moves"])
        response = api.post(url + "moves/", {"move": move, "ply": game["ply"]}, format="json")
        assert response.status_code == 201, response.content
        body = response.json()
        assert any(m["move"] == move and m["by"] == "human" for m in body["moves"])
    else:  # pragma: no cover
        pytest.fail("the game did not end")
    return game


@pytest.mark.parametrize(
    ("seed", "human", "level"),
    [
        (1, "A", "perfect"),
        (2, "B", "strong"),
        (31337, "A", "casual"),
        (2**64 - 1, "B", "perfect"),
        (987654321, "A", "strong"),
    ],
)
def test_scripted_games_agree_with_the_solver(api, seed, human, level):
    rng = random.Random(seed)
    game = play_through(api, {"seed": seed, "human": human, "level": level}, rng)
    assert game["start"] == str(deal(seed))
    assert game["seed"] == seed
    assert game["status"] == "over"
    assert game["ungraded"] == 0
    humans = [m for m in game["moves"] if m["by"] == "human"]
    assert humans, "the human played"
    for entry in game["moves"]:
        check_grading(entry)
    if level == "perfect":
        assert all(m["grade"] == "best" for m in game["moves"] if m["by"] == "solver")
    # the result from the human's side
    result = game["result"]
    if result["winner"] is None:
        assert result["outcome"] == "draw"
        assert result["human_points"] == 0
    elif result["winner"] == human:
        assert result["outcome"] == "win"
        assert result["human_points"] == result["points"]
    else:
        assert result["outcome"] == "loss"
        assert result["human_points"] == -result["points"]


def test_games_from_unseen_positions(api):
    """Start from middlegame positions reached by random play (positions the
    code has never seen), play to the end, check everything."""
    rng = random.Random(2024)
    for seed in (11, 12, 13):
        position = deal(seed)
        for _ in range(rng.randrange(4, 12)):
            moves = position.legal_moves()
            if not moves:
                break
            position = position.push(rng.choice(moves))
        if position.is_over():
            continue
        game = play_through(api, {"position": str(position), "human": position.side, "level": "casual"}, rng)
        assert game["start"] == str(position)
        assert game["seed"] is None
        for entry in game["moves"]:
            check_grading(entry)


def test_same_seeds_replay_the_same_game(api):
    """The solver's random choices come from the game's rng_seed: the same deal,
    rng_seed and human moves give the same game."""
    games = []
    for _ in range(2):
        rng = random.Random(5)
        games.append(play_through(api, {"seed": 77, "human": "A", "level": "casual", "rng_seed": 4242}, rng, False))
    assert [m["move"] for m in games[0]["moves"]] == [m["move"] for m in games[1]["moves"]]
    assert games[0]["rng_seed"] == games[1]["rng_seed"] == 4242


def find_forced_pass() -> Position:
    """A position where the side to move must pass (found by random play)."""
    rng = random.Random(1)
    for seed in range(500):
        position = deal(seed)
        while True:
            moves = position.legal_moves()
            if not moves:
                break
            if [str(m) for m in moves] == ["pass"]:
                return position
            position = position.push(rng.choice(moves))
    raise AssertionError("no forced pass found")


def test_human_forced_pass_is_explicit(api):
    position = find_forced_pass()
    response = api.post("/api/games/", {"position": str(position), "human": position.side}, format="json")
    assert response.status_code == 201
    game = response.json()
    assert game["status"] == "your-move"
    assert game["legal_moves"] == ["pass"]
    url = f"/api/games/{game['id']}/moves/"
    # any stone is refused, with the reason
    stone = position.hand.available()[0][1]
    bad = api.post(url, {"move": f"{stone}L", "ply": game["ply"]}, format="json")
    assert bad.status_code == 400
    assert "pass" in bad.json()["error"]
    ok = api.post(url, {"move": "pass", "ply": game["ply"]}, format="json")
    assert ok.status_code == 201
    game = api.get(f"/api/games/{game['id']}/").json()
    first = game["moves"][0]
    assert first["move"] == "pass"
    assert first["grade"] == "best"
    assert first["points_lost"] == 0
    check_grading(first)
    check_game_consistent(game)


def test_solver_forced_pass_is_played_by_the_solver(api):
    position = find_forced_pass()
    human = "B" if position.side == "A" else "A"
    response = api.post("/api/games/", {"position": str(position), "human": human}, format="json")
    assert response.status_code == 201
    game = api.get(f"/api/games/{response.json()['id']}/").json()
    assert game["moves"][0]["move"] == "pass"
    assert game["moves"][0]["by"] == "solver"
    check_game_consistent(game)


def test_solver_moves_first_when_it_holds_double_blank(api):
    seed = next(s for s in range(100) if deal(s).side == "B")
    response = api.post("/api/games/", {"seed": seed, "human": "A", "level": "perfect"}, format="json")
    assert response.status_code == 201
    game = api.get(f"/api/games/{response.json()['id']}/").json()
    assert len(game["moves"]) == 1
    assert game["moves"][0]["by"] == "solver"
    assert game["moves"][0]["grade"] == "best"
    check_game_consistent(game)


def test_random_deal_when_no_seed_or_position(api):
    response = api.post("/api/games/", {}, format="json")
    assert response.status_code == 201
    game = response.json()
    assert game["seed"] is not None
    assert 0 <= game["seed"] < 2**53
    assert game["start"] == str(deal(game["seed"]))
    assert game["human"] == "A"
    assert game["level"] == "strong"


def test_game_list_shows_only_my_games(api, other_api):
    mine = api.post("/api/games/", {"seed": 1}, format="json").json()
    other_api.post("/api/games/", {"seed": 2}, format="json")
    listed = api.get("/api/games/").json()
    assert [g["id"] for g in listed] == [mine["id"]]
