"""A scripted client plays complete practice games of every variant of
docs/rules.md section 4 (each with and without ``+doubles``) through the API.
Every legal-move list, value (for the mover's team and for the human's),
best value, best move list, grade and points lost it is shown is checked
against ``solver.analyse`` run here; the solver's seats (in partnership the
human's partner and both opponents) move by themselves (tasks run eagerly)."""

from __future__ import annotations

import random

import pytest
from api_checks import check_grading, check_replay

from solver import VARIANTS, Position, Variant, analyse, deal

pytestmark = pytest.mark.django_db(transaction=True)

VARIANT_NAMES = [str(v) for v in VARIANTS]


def check_move_entry(entry: dict, game: dict) -> None:
    """A move's grading agrees with the solver; its values for the human are
    the mover's turned round exactly when the mover is an opponent."""
    before, analysis, mine = check_grading(entry)
    rules = before.variant
    human = game["human"]
    if entry["side"] == human:
        role = "human"
    elif rules.same_team(entry["side"], human):
        role = "partner"
    else:
        role = "opponent"
    assert entry["role"] == role
    sign = -1 if role == "opponent" else 1
    assert entry["value_for_human"] == sign * mine.value
    assert entry["best_value_for_human"] == sign * analysis.value


def check_game_consistent(game: dict) -> None:
    """The moves replay from the start to the current position; the board,
    the status, the legal moves and the result agree with the solver package."""
    start = Position.parse(game["start"])
    assert game["variant"] == str(start.variant)
    rules = start.variant
    assert game["seats"] == list(rules.seats)
    assert game["teams"] == [rules.team_name(0), rules.team_name(1)]
    assert game["human_team"] == rules.team_name(rules.team_of(game["human"]))
    assert game["solver"] == rules.team_name(1 - rules.team_of(game["human"]))
    position = check_replay(game)
    if position.is_over():
        assert game["status"] == "over"
        result = position.result()
        assert (game["result"]["winner"], game["result"]["points"], game["result"]["reason"]) == (
            result.winner,
            result.points,
            result.reason,
        )
        assert game["legal_moves"] == []
    elif position.side == game["human"]:
        assert game["status"] == "your-move"
        assert game["legal_moves"] == [str(m) for m in position.legal_moves()]
        assert game["result"] is None
    else:  # tasks are eager: the solver never leaves its own turn waiting
        pytest.fail(f"the solver's seat {position.side} is to move and has not moved")


def choose(legal: list[str], rng: random.Random, doubles_first: bool) -> str:
    """A random legal move; with ``doubles_first`` a double whenever there is one
    (so that ``+doubles`` games see the human move again)."""
    if doubles_first:
        doubles = [m for m in legal if m != "pass" and m[0] == m[1]]
        if doubles:
            return rng.choice(doubles)
    return rng.choice(legal)


def play_through(api, payload: dict, rng: random.Random) -> tuple[dict, list[dict]]:
    """Plays the human's moves until the deal is over; returns the final game
    and every state seen after a human move."""
    response = api.post("/api/games/", payload, format="json")
    assert response.status_code == 201, response.content
    game = response.json()
    url = f"/api/games/{game['id']}/"
    seen = []
    for _ in range(80):
        game = api.get(url).json()
        check_game_consistent(game)
        seen.append(game)
        if game["status"] == "over":
            return game, seen
        move = choose(game["legal_moves"], rng, "+doubles" in game["variant"])
        response = api.post(url + "moves/", {"move": move, "ply": game["ply"]}, format="json")
        assert response.status_code == 201, response.content
    pytest.fail("the game did not end")


@pytest.mark.parametrize("variant", VARIANT_NAMES)
def test_a_complete_game_of_each_variant_agrees_with_the_solver(api, variant):
    rules = Variant.parse(variant)
    rng = random.Random(variant)
    seed = 1000 + VARIANT_NAMES.index(variant)
    human = rules.seats[seed % len(rules.seats)]
    game, _seen = play_through(api, {"variant": variant, "seed": seed, "human": human, "level": "casual"}, rng)
    assert game["start"] == str(deal(seed, rules))
    assert game["seed"] == seed
    assert game["variant"] == variant
    assert game["human"] == human
    assert game["status"] == "over"
    assert game["ungraded"] == 0
    assert any(m["by"] == "human" for m in game["moves"]), "the human played"
    for entry in game["moves"]:
        check_move_entry(entry, game)
    # the result from the human's side (the human's team in partnership)
    result = game["result"]
    if result["winner"] is None:
        assert result["outcome"] == "draw"
        assert result["human_points"] == 0
    elif result["winner"] == game["human_team"]:
        assert result["outcome"] == "win"
        assert result["human_points"] == result["points"]
    else:
        assert result["outcome"] == "loss"
        assert result["human_points"] == -result["points"]


@pytest.mark.parametrize("variant", ["partnership", "partnership+doubles"])
def test_partnership_partner_and_opponents_move_by_themselves(api, variant):
    """The human plays one seat; between two of the human's turns the other
    three seats move by themselves, in playing order; the partner always
    plays a best move for the team (perfect), the opponents at the level."""
    rules = Variant.parse(variant)
    rng = random.Random(7)
    game, seen = play_through(api, {"variant": variant, "seed": 4242, "human": "B", "level": "casual"}, rng)
    assert game["partner"] == "D"
    assert game["roles"] == {"A": "opponent", "B": "human", "C": "opponent", "D": "partner"}
    partner_moves = [m for m in game["moves"] if m["side"] == "D"]
    assert partner_moves
    assert all(m["by"] == "solver" and m["grade"] == "best" for m in partner_moves)
    assert all(m["by"] == "solver" for m in game["moves"] if m["side"] in ("A", "C"))
    # the seats follow the rules' order: the next seat, or the same one after a double with +doubles
    position = Position.parse(game["start"])
    for entry in game["moves"]:
        assert entry["side"] == position.side
        position = position.push(entry["move"])
    # each state the human was shown was the human's move or the end: nothing was left to the solver
    for state in seen:
        assert state["status"] in ("your-move", "over")
        assert state["to_move"] in ("B", None)
    assert rules.seats == ("A", "B", "C", "D")


@pytest.mark.parametrize("variant", ["lewicki+doubles", "block+doubles", "partnership+doubles", "lewicki9+doubles"])
def test_with_doubles_the_same_seat_moves_again_after_a_double(api, variant):
    """With +doubles a seat that plays a double and still has a stone that
    fits moves again: the human's turn comes straight back (no solver move in
    between) and the solver's seats do the same by themselves."""
    rng = random.Random(variant)
    again = {"human": 0, "solver": 0}
    for seed in range(40):
        game, _seen = play_through(api, {"variant": variant, "seed": seed, "human": "A", "level": "strong"}, rng)
        moves = game["moves"]
        for entry, after in zip(moves, moves[1:], strict=False):
            stone = entry["move"][:2]
            if (
                entry["move"] != "pass"
                and stone[0] == stone[1]
                and Position.parse(entry["position_before"]).push(entry["move"]).side == entry["side"]
            ):
                assert after["side"] == entry["side"]
                assert after["by"] == entry["by"]
                again[entry["by"]] += 1
        if again["human"] and again["solver"]:
            break
    assert again["human"], again
    assert again["solver"], again


def test_a_variant_position_starts_a_game_of_that_variant(api):
    start = deal(5, Variant.parse("block"))
    position = start.push(start.legal_moves()[0])
    human = position.side
    response = api.post("/api/games/", {"position": str(position), "human": human}, format="json")
    assert response.status_code == 201, response.content
    game = response.json()
    assert game["variant"] == "block"
    assert game["seed"] is None
    assert game["start"] == str(position)
    assert game["status"] == "your-move"
    assert game["legal_moves"] == [str(m) for m in position.legal_moves()]
    # the variant may be named too, and must be the position's
    same = api.post("/api/games/", {"position": str(position), "variant": "block", "human": human}, format="json")
    assert same.status_code == 201
    other = api.post("/api/games/", {"position": str(position), "variant": "lewicki9", "human": human}, format="json")
    assert other.status_code == 400
    assert "block" in other.json()["error"]


def test_a_variant_alone_deals_afresh(api):
    response = api.post("/api/games/", {"variant": "lewicki9+doubles"}, format="json")
    assert response.status_code == 201, response.content
    game = response.json()
    assert game["variant"] == "lewicki9+doubles"
    assert game["seed"] is not None
    assert game["start"] == str(deal(game["seed"], Variant.parse("lewicki9+doubles")))
    listed = api.get("/api/games/").json()
    assert listed[0]["id"] == game["id"]
    assert listed[0]["variant"] == "lewicki9+doubles"


@pytest.mark.parametrize(
    ("payload", "words"),
    [
        ({"variant": "Block"}, "variant"),
        ({"variant": "block+doubles+doubles"}, "variant"),
        ({"variant": "draw"}, "variant"),
        ({"variant": "block", "human": "C"}, "C"),
        ({"variant": "lewicki", "human": "D"}, "D"),
        ({"variant": "partnership", "human": "E"}, "human"),
        ({"position": "partnership 45.15.44.05.34.13.25 56.14.01.66.22.26.00 - B"}, "field"),
        ({"variant": "block", "seed": "-1"}, "seed"),
    ],
)
def test_bad_variant_input_is_a_400_with_the_reason(api, payload, words):
    from puzzles.games.models import Game

    response = api.post("/api/games/", payload, format="json")
    assert response.status_code == 400, response.content
    body = response.json()
    assert isinstance(body["error"], str)
    assert words in body["error"]
    assert Game.objects.count() == 0


def test_partnership_seat_c_and_d_are_played(api):
    for human in ("C", "D"):
        response = api.post("/api/games/", {"variant": "partnership", "seed": 3, "human": human}, format="json")
        assert response.status_code == 201, response.content
        game = api.get(f"/api/games/{response.json()['id']}/").json()
        check_game_consistent(game)
        assert game["human"] == human
        assert game["partner"] == {"C": "A", "D": "B"}[human]
        assert game["human_team"] == ("A+C" if human == "C" else "B+D")


@pytest.mark.parametrize("variant", ["partnership", "block+doubles", "lewicki9"])
def test_hints_in_a_variant_agree_with_the_solver(api, variant):
    """The three hints for the human's move, from the solver's analysis of the
    position (values for the human's team)."""
    rules = Variant.parse(variant)
    seed = next(s for s in range(200) if not deal(s, rules).is_over())
    human = rules.seats[-1]
    response = api.post("/api/games/", {"variant": variant, "seed": seed, "human": human}, format="json")
    game = api.get(f"/api/games/{response.json()['id']}/").json()
    assert game["status"] == "your-move"
    analysis = analyse(Position.parse(game["position"]))
    best = [str(m) for m in analysis.best_moves]
    contents = {}
    for level in (1, 2, 3):
        answer = api.post(game["urls"]["hint"], {"level": level}, format="json")
        assert answer.status_code == 200, answer.content
        contents[level] = answer.json()["hint"]["content"]
    assert contents[1]["value"] == analysis.value
    assert contents[1]["outcome"] == ("win" if analysis.value > 0 else "loss" if analysis.value < 0 else "draw")
    assert set(contents[2]["stones"]) == {m if m == "pass" else m[:2] for m in best}
    assert contents[3]["move"] == best[0]
    assert contents[3]["moves"] == best
