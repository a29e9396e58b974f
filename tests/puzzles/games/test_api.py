"""The API's contract: analyses, errors that change nothing, ownership, hints,
long polling, idempotent and crash-safe tasks, the OpenAPI schema."""

from __future__ import annotations

from unittest import mock

import pytest
from django.core.cache import cache

from puzzles.analyses.models import Analysis
from puzzles.analyses.selectors import analysis_memory_clear
from puzzles.analyses.tasks import compute_analysis_task
from puzzles.games import moves, services, upkeep
from puzzles.games.models import Game, GameMove, Hint
from puzzles.games.serializers import GameMoveOutputSerializer, GameOutputSerializer
from puzzles.games.tasks import grade_move_task, solver_turn_task
from solver import Position, analyse, deal

pytestmark = pytest.mark.django_db(transaction=True)

DEAL_7 = str(deal(7))
SEED_A = next(s for s in range(100) if deal(s).side == "A")  # A holds 00 and moves first
SEED_B = next(s for s in range(100) if deal(s).side == "B")


def new_game(api, **payload) -> dict:
    response = api.post("/api/games/", payload, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def snapshot(game_id: int) -> tuple:
    game = Game.objects.get(pk=game_id)
    return (
        game.current_position,
        game.status,
        game.ply_count,
        game.version,
        game.hints_used,
        list(GameMove.objects.filter(game_id=game_id).values_list("ply", "move", "grade")),
        list(Hint.objects.filter(game_id=game_id).values_list("ply", "level")),
    )


# ---------------------------------------------------------------- analyses


def test_analysis_202_then_200_when_cached(api):
    response = api.post("/api/analyses/", {"position": DEAL_7}, format="json")
    assert response.status_code == 202
    body = response.json()
    assert body["status"] == "pending"
    assert body["result"] is None
    assert body["position"] == DEAL_7
    # the (eager) task has run by now
    detail = api.get(f"/api/analyses/{body['id']}/").json()
    assert detail["status"] == "done"
    assert detail["result"] == analyse(Position.parse(DEAL_7)).to_json()
    again = api.post("/api/analyses/", {"position": DEAL_7}, format="json")
    assert again.status_code == 200
    assert again.json()["id"] == body["id"]
    assert again.json()["result"] == detail["result"]
    assert Analysis.objects.count() == 1


def test_analysis_is_keyed_by_the_normalised_position(api):
    spelled = DEAL_7.replace("26.56", "62.65")  # high digit first is the same position
    first = api.post("/api/analyses/", {"position": DEAL_7}, format="json").json()
    second = api.post("/api/analyses/", {"position": spelled}, format="json")
    assert second.status_code == 200
    assert second.json()["id"] == first["id"]


def test_analysis_from_the_database_when_the_cache_is_cold(api):
    first = api.post("/api/analyses/", {"position": DEAL_7}, format="json").json()
    cache.clear()
    analysis_memory_clear()
    with mock.patch("puzzles.analyses.services.solver.analyse") as solver_run:
        again = api.post("/api/analyses/", {"position": DEAL_7}, format="json")
    assert again.status_code == 200
    assert again.json()["id"] == first["id"]
    solver_run.assert_not_called()


@pytest.mark.parametrize(
    "position",
    [
        "",
        "nonsense",
        DEAL_7.replace(" A", " B"),  # B does not hold 00 on an empty table
        DEAL_7.replace("26", "56", 1),  # a stone twice
        DEAL_7.replace("26", "77", 1),  # not a stone
        DEAL_7 + " extra",
    ],
)
def test_invalid_positions_are_400_and_queue_nothing(api, no_tasks, position):
    response = api.post("/api/analyses/", {"position": position}, format="json")
    assert response.status_code == 400
    assert isinstance(response.json()["error"], str)
    assert response.json()["error"]
    assert no_tasks == []
    assert Analysis.objects.count() == 0
    response = api.post("/api/games/", {"position": position}, format="json")
    if position == "":  # an empty position means "deal one": that is fine
        assert response.status_code == 201
        return
    assert response.status_code == 400
    assert response.json()["error"]
    assert Game.objects.count() == 0
    assert no_tasks == []


def test_missing_analysis_is_404(api):
    response = api.get("/api/analyses/999/")
    assert response.status_code == 404
    assert response.json()["error"]


# --------------------------------------------------------- game creation


@pytest.mark.parametrize(
    "payload",
    [
        {"seed": -1},
        {"seed": 2**64},
        {"seed": "abc"},
        {"seed": 3, "position": DEAL_7},
        {"human": "C"},
        {"level": "godlike"},
        {"rng_seed": -5},
    ],
)
def test_bad_game_requests_are_400(api, payload):
    response = api.post("/api/games/", payload, format="json")
    assert response.status_code == 400, response.content
    assert response.json()["error"]
    assert Game.objects.count() == 0


def test_a_finished_position_cannot_start_a_game(api):
    position = deal(7)
    while position.legal_moves():
        position = position.push(analyse(position).best_moves[0])
    # the deal ended with a domino: the winner has no stones, the loser is to move
    response = api.post("/api/games/", {"position": str(position)}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]


def test_seed_as_string_and_number_agree(api):
    a = new_game(api, seed="123")
    b = new_game(api, seed=123)
    assert a["start"] == b["start"] == str(deal(123))
    assert a["seed"] == b["seed"] == 123


# ------------------------------------------------------------- bad moves


@pytest.fixture
def my_turn_game(api):
    return new_game(api, seed=SEED_A, human="A")


PLY, LEGAL = "<the game's ply>", "<a legal move>"  # filled in from the game by the test


@pytest.mark.parametrize(
    ("body", "code", "words"),
    [
        ({"move": "99", "ply": PLY}, 400, "bad stone"),
        ({"move": "36X", "ply": PLY}, 400, "not"),
        ({"move": "", "ply": PLY}, 400, "move"),
        ({"move": "pass", "ply": PLY}, 400, "passing is never voluntary"),
        ({"ply": PLY}, 400, "move"),
        ({}, 400, "move"),
        ({"move": 36, "ply": PLY}, 400, ""),
        ({"move": ["36"], "ply": PLY}, 400, ""),
        ({"move": LEGAL}, 400, "ply: This field is required."),
        ({"move": LEGAL, "ply": None}, 400, "ply: This field may not be null."),
        ({"move": LEGAL, "ply": "next"}, 400, 'ply: must be a whole number, not "next"'),
        ({"move": LEGAL, "ply": -1}, 400, "ply: "),
    ],
)
def test_bad_moves_change_nothing(api, my_turn_game, body, code, words):
    filled = {PLY: my_turn_game["ply"], LEGAL: my_turn_game["legal_moves"][0]}
    body = {key: filled.get(value, value) if isinstance(value, str) else value for key, value in body.items()}
    before = snapshot(my_turn_game["id"])
    response = api.post(f"/api/games/{my_turn_game['id']}/moves/", body, format="json")
    assert response.status_code == code, response.content
    assert words in response.json()["error"]
    assert snapshot(my_turn_game["id"]) == before


def test_illegal_moves_change_nothing(api, my_turn_game):
    position = Position.parse(my_turn_game["position"])
    url = f"/api/games/{my_turn_game['id']}/moves/"
    back_stone = position.hand.back[0]
    opponent_stone = position.opponent_hand.front[0]
    for move, words in [
        (str(back_stone), "back row"),
        (str(opponent_stone), "not A's stone"),
        (f"{position.hand.front[0]}L", "bare stone"),
    ]:
        before = snapshot(my_turn_game["id"])
        response = api.post(url, {"move": move, "ply": my_turn_game["ply"]}, format="json")
        assert response.status_code == 400, (move, response.json())
        assert words in response.json()["error"], (move, response.json())
        assert snapshot(my_turn_game["id"]) == before


def test_not_your_move_is_409(api, no_tasks):
    game = new_game(api, seed=SEED_B, human="A")  # the solver is to move; no worker runs
    assert game["status"] == "thinking"
    assert game["legal_moves"] == []
    assert no_tasks == [(solver_turn_task, (game["id"],))]
    before = snapshot(game["id"])
    first = Position.parse(game["position"]).legal_moves()[0]
    response = api.post(f"/api/games/{game['id']}/moves/", {"move": str(first), "ply": game["ply"]}, format="json")
    assert response.status_code == 409
    assert "not your move" in response.json()["error"]
    assert snapshot(game["id"]) == before
    hint = api.post(f"/api/games/{game['id']}/hint/", {"level": 1}, format="json")
    assert hint.status_code == 409
    assert hint.json()["error"]


def test_a_ply_another_request_stored_first_is_409_and_changes_nothing(api, my_turn_game):
    """The race the unique (game, ply) settles: the move's row is refused,
    and the whole transaction with it (no half-played move, on either
    database)."""
    gid, ply = my_turn_game["id"], my_turn_game["ply"]
    game = Game.objects.get(pk=gid)
    other = GameMove.objects.create(  # as if another request had stored this ply a moment before
        game=game,
        ply=ply,
        side="A",
        by=GameMove.By.HUMAN,
        move="xx",
        position_before=game.current_position,
        position_after=game.current_position,
    )
    before = snapshot(gid)
    response = api.post(f"/api/games/{gid}/moves/", {"move": my_turn_game["legal_moves"][0], "ply": ply}, format="json")
    assert response.status_code == 409
    assert "moved on" in response.json()["error"]
    assert snapshot(gid) == before
    assert list(GameMove.objects.filter(game_id=gid).values_list("pk", flat=True)) == [other.pk]


def test_game_over_is_409(api):
    game = new_game(api, seed=SEED_A, human="A", level="perfect")
    url = f"/api/games/{game['id']}/"
    while game["status"] != "over":
        game = api.post(url + "moves/", {"move": game["legal_moves"][0], "ply": game["ply"]}, format="json").json()
    before = snapshot(game["id"])
    for body in ({"move": "pass", "ply": game["ply"]}, {"move": "00", "ply": game["ply"]}):
        response = api.post(url + "moves/", body, format="json")
        assert response.status_code == 409
        assert "over" in response.json()["error"]
    hint = api.post(url + "hint/", {"level": 1}, format="json")
    assert hint.status_code == 409
    assert snapshot(game["id"]) == before


def test_the_move_is_stored_before_anything_else(api, no_tasks):
    """With no worker at all, the move is there (ungraded), the grading and the
    solver's reply are queued, and the game waits for the solver."""
    game = new_game(api, seed=SEED_A, human="A")
    assert game["status"] == "your-move"
    move = game["legal_moves"][0]
    response = api.post(f"/api/games/{game['id']}/moves/", {"move": move, "ply": game["ply"]}, format="json")
    assert response.status_code == 201
    body = response.json()
    assert body["status"] == "thinking"
    assert body["ungraded"] == 1
    entry = body["moves"][0]
    assert entry["move"] == move
    assert entry["by"] == "human"
    assert entry["grade"] is None
    assert entry["value"] is None
    assert entry["best_value"] is None
    move_id = GameMove.objects.get(game_id=game["id"], ply=0).pk
    # one task grades the move, and then queues the solver's reply
    assert no_tasks[-1:] == [(grade_move_task, (move_id,))]


def test_requeue_stale_work_finishes_everything(api, no_tasks):
    game = new_game(api, seed=SEED_A, human="A")
    api.post(f"/api/games/{game['id']}/moves/", {"move": game["legal_moves"][0], "ply": game["ply"]}, format="json")
    analysis = api.post("/api/analyses/", {"position": str(deal(99))}, format="json").json()
    assert analysis["status"] == "pending"
    no_tasks.clear()
    sent = upkeep.requeue_stale_work(stale_after=0)
    assert sent["moves"]
    assert sent["games"] == [game["id"]]
    assert sent["analyses"]
    # now run what was queued, for real
    for task, args in list(no_tasks):
        task.apply(args=args, throw=True)
    state = api.get(f"/api/games/{game['id']}/").json()
    assert state["ungraded"] == 0
    assert state["status"] == "your-move"
    assert len(state["moves"]) == 2
    assert api.get(f"/api/analyses/{analysis['id']}/").json()["status"] == "done"


def test_grading_and_solver_turn_are_idempotent(api, no_tasks):
    game = new_game(api, seed=SEED_A, human="A")
    api.post(f"/api/games/{game['id']}/moves/", {"move": game["legal_moves"][0], "ply": game["ply"]}, format="json")
    move = GameMove.objects.get(game_id=game["id"], ply=0)
    grade_move_task.apply(args=(move.pk,), throw=True)
    move.refresh_from_db()
    graded = (move.grade, move.value, move.graded_at)
    assert move.grade is not None
    assert no_tasks[-1] == (solver_turn_task, (game["id"],))  # the reply is queued
    grade_move_task.apply(args=(move.pk,), throw=True)
    move.refresh_from_db()
    assert (move.grade, move.value, move.graded_at) == graded
    solver_turn_task.apply(args=(game["id"],), throw=True)
    solver_turn_task.apply(args=(game["id"],), throw=True)
    assert GameMove.objects.filter(game_id=game["id"]).count() == 2
    grade_move_task.apply(args=(123456,), throw=True)  # gone: a no-op
    solver_turn_task.apply(args=(123456,), throw=True)


# -------------------------------------------------------------- ownership


def test_other_players_get_404(api, other_api, my_turn_game):
    gid = my_turn_game["id"]
    before = snapshot(gid)
    assert other_api.get(f"/api/games/{gid}/").status_code == 404
    r = other_api.post(
        f"/api/games/{gid}/moves/", {"move": my_turn_game["legal_moves"][0], "ply": my_turn_game["ply"]}, format="json"
    )
    assert r.status_code == 404
    assert r.json()["error"]
    assert other_api.post(f"/api/games/{gid}/hint/", {"level": 1}, format="json").status_code == 404
    assert snapshot(gid) == before
    assert api.get(f"/api/games/{gid}/").status_code == 200
    assert api.get("/api/games/99999/").status_code == 404


def test_logged_in_users_own_their_games_and_claim_guest_games(api, other_api, django_user_model):
    guest_game = new_game(api, seed=5)
    alice = django_user_model.objects.create_user("alice", password="pw-alice-123")
    bob = django_user_model.objects.create_user("bob", password="pw-bob-123")
    assert api.login(username="alice", password="pw-alice-123")
    # the guest game became alice's
    assert api.get(f"/api/games/{guest_game['id']}/").status_code == 200
    assert Game.objects.get(pk=guest_game["id"]).owner == alice
    owned = new_game(api, seed=6)
    assert Game.objects.get(pk=owned["id"]).owner == alice
    other_api.force_login(bob)
    assert other_api.get(f"/api/games/{owned['id']}/").status_code == 404
    api.logout()
    assert api.get(f"/api/games/{owned['id']}/").status_code == 404


# ------------------------------------------------------------------ hints


def test_hints_agree_with_the_solver_and_are_recorded(api):
    game = new_game(api, seed=SEED_A, human="A")
    analysis = analyse(Position.parse(game["position"]))
    url = f"/api/games/{game['id']}/hint/"
    h1 = api.post(url, {"level": 1}, format="json")
    assert h1.status_code == 200
    body = h1.json()
    assert body["status"] == "done"
    assert body["hint"]["content"] == {"value": analysis.value, "outcome": analysis.moves[0].outcome}
    assert body["hint"]["text"]
    h2 = api.post(url, {"level": 2}, format="json").json()["hint"]
    stones = []
    for m in analysis.best_moves:
        if str(m.stone) not in stones:
            stones.append(str(m.stone))
    assert h2["content"]["stones"] == stones
    h3 = api.post(url, {"level": 3}, format="json").json()
    assert h3["hint"]["content"]["move"] == str(analysis.best_moves[0])
    assert h3["hint"]["content"]["moves"] == [str(m) for m in analysis.best_moves]
    assert h3["game"]["hints_used"] == 3
    # asking again counts once
    again = api.post(url, {"level": 3}, format="json").json()
    assert again["hint"] == h3["hint"]
    assert again["game"]["hints_used"] == 3
    assert [(h["ply"], h["level"]) for h in again["game"]["hints"]] == [(0, 1), (0, 2), (0, 3)]


@pytest.mark.parametrize("level", [0, 4, "x", None])
def test_bad_hint_levels_are_400(api, my_turn_game, level):
    before = snapshot(my_turn_game["id"])
    response = api.post(f"/api/games/{my_turn_game['id']}/hint/", {"level": level}, format="json")
    assert response.status_code == 400
    assert response.json()["error"]
    assert snapshot(my_turn_game["id"]) == before


def test_hint_pending_when_the_analysis_is_not_ready(api, no_tasks):
    game = new_game(api, seed=SEED_A, human="A")
    # no worker ran: the start analysis was queued, not computed
    response = api.post(f"/api/games/{game['id']}/hint/", {"level": 3}, format="json")
    assert response.status_code == 202
    body = response.json()
    assert body["status"] == "pending"
    assert body["hint"] is None
    assert body["analysis"]["status"] == "pending"
    assert body["analysis"]["position"] == game["position"]
    assert Hint.objects.count() == 0
    # a worker computes it; the same request then answers
    compute_analysis_task.apply(args=(body["analysis"]["id"],), throw=True)
    response = api.post(f"/api/games/{game['id']}/hint/", {"level": 3}, format="json")
    assert response.status_code == 200
    assert response.json()["hint"]["level"] == 3


# ----------------------------------------------------------- long polling


def test_wait_returns_at_once_when_the_version_moved_on(api, my_turn_game):
    gid = my_turn_game["id"]
    v = my_turn_game["version"]
    assert api.get(f"/api/games/{gid}/?wait={v - 1}&timeout=5").json()["version"] == v


def test_wait_times_out_when_nothing_changes(api, my_turn_game):
    import time

    gid = my_turn_game["id"]
    start = time.monotonic()
    response = api.get(f"/api/games/{gid}/?wait={my_turn_game['version']}&timeout=0.3")
    assert time.monotonic() - start > 0.25
    # nothing new: 304 with no body, the client keeps what it has
    assert response.status_code == 304
    assert response.content == b""
    assert api.get(f"/api/games/{gid}/?wait=abc").status_code == 400
    # a timeout of 0 answers at once, with the game
    assert api.get(f"/api/games/{gid}/?wait={my_turn_game['version']}&timeout=0").json()["id"] == gid


# ------------------------------------------------------------------ schema


def test_openapi_schema_and_docs(api):
    schema = api.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert schema.status_code == 200
    text = schema.content.decode()
    for path in ("/api/analyses/", "/api/games/{game_id}/moves/", "/api/games/{game_id}/hint/"):
        assert path in text
    assert api.get("/api/docs/").status_code == 200


def test_openapi_schema_validates_without_warnings(tmp_path):
    from django.core.management import call_command

    out = tmp_path / "schema.yaml"
    call_command("spectacular", "--validate", "--fail-on-warn", "--file", str(out))
    text = out.read_text()
    assert "/api/games/{game_id}/hint/" in text
    assert "GameOutput" in text


def test_game_json_matches_the_documented_fields(api, my_turn_game):
    api.post(
        f"/api/games/{my_turn_game['id']}/moves/",
        {"move": my_turn_game["legal_moves"][0], "ply": my_turn_game["ply"]},
        format="json",
    )
    game = api.get(f"/api/games/{my_turn_game['id']}/").json()
    assert set(game) == set(GameOutputSerializer().fields)
    assert set(game["moves"][0]) == set(GameMoveOutputSerializer().fields)
    for key in ("ply", "side", "by", "move", "value", "best_value", "best_moves", "grade", "points_lost"):
        assert key in game["moves"][0]


def test_a_move_whose_analysis_is_known_is_graded_in_its_own_answer(api, no_tasks, settings):
    """The analysis of the position before the move is known: the answer to the
    POST already carries the grade and no grading task is queued (only the
    solver's reply); with grading in the request off, the move waits for a
    grading worker."""
    from puzzles.analyses.services import analysis_solve

    position = deal(5)
    move = str(position.legal_moves()[-1])
    expected = analyse(position).move_value(move)
    for in_request in (True, False):
        settings.OD_GRADE_IN_REQUEST = in_request
        game = api.post("/api/games/", {"position": str(position), "human": position.side}, format="json").json()
        if in_request:
            analysis_solve(str(position))  # known before the move
        sent = len(no_tasks)
        answer = api.post(f"/api/games/{game['id']}/moves/", {"move": move, "ply": 0}, format="json")
        assert answer.status_code == 201, answer.json()
        played = answer.json()["moves"][0]
        queued = [task for task, _ in no_tasks[sent:]]
        assert GameMove.objects.get(game_id=game["id"], ply=0).move == move  # stored either way
        if in_request:
            assert (played["value"], played["grade"], played["points_lost"]) == (
                expected.value,
                expected.grade,
                expected.points_lost,
            )
            assert queued == [solver_turn_task]
            assert answer.json()["status"] == "thinking"
        else:
            assert played["grade"] is None
            assert queued == [grade_move_task]


def test_a_failing_check_of_the_puzzles_a_move_shows_does_not_stop_the_game(api, my_turn_game, no_tasks, caplog):
    """After a move is stored, the positions it shows are told to puzzle
    training (an attempt there is then unrated); should that fail, the move
    is still answered and its work queued, and the failure is logged."""
    move, ply = my_turn_game["legal_moves"][0], my_turn_game["ply"]
    with mock.patch.object(moves, "analysis_shown", side_effect=RuntimeError("the database is locked")):
        answer = api.post(f"/api/games/{my_turn_game['id']}/moves/", {"move": move, "ply": ply}, format="json")
    assert answer.status_code == 201, answer.content
    assert GameMove.objects.filter(game_id=my_turn_game["id"], ply=ply).exists()
    assert no_tasks, "the move's grading or reply was not queued"
    assert "the database is locked" in caplog.text


def test_a_move_that_is_not_a_string_is_refused_before_anything_else(my_turn_game):
    """The service's own check, for callers other than the API's serializer:
    a clear 400 before the fairness checks or the rules see it."""
    from puzzles.core.errors import ApplicationError

    game = Game.objects.get(pk=my_turn_game["id"])
    for bad in (36, ["36"], None):
        with pytest.raises(ApplicationError, match="a move is a string"):
            services.game_play(game=game, move=bad, ply=game.ply_count)
    assert not GameMove.objects.filter(game=game, ply=game.ply_count).exists()
