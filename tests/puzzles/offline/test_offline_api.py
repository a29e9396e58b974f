"""Offline puzzles through the API: the pack of the player's next puzzles
with the keys that grade them in the browser (checked against the solver),
results sent back recorded once, unrated, with no rating changed, and
nonsense refused with a 400 that says what is wrong."""

from __future__ import annotations

import json
import uuid

import pytest
from django.conf import settings

from puzzles.offline import keys
from puzzles.offline.models import OfflineKey, OfflineResult
from puzzles.training import pool as puzzle_pool
from puzzles.training.models import Puzzle, PuzzleAttempt, PuzzleRating
from solver import Position, analyse

pytestmark = pytest.mark.django_db(transaction=True)

SEEDS = [11, 12, 13]
PACK = "/api/puzzles/offline/"
RESULTS = "/api/puzzles/offline/results/"


@pytest.fixture
def pool():
    summary = puzzle_pool.mine_seeds(SEEDS)
    assert summary["accepted"] >= 3, summary
    return summary


def fetch_pack(api, n: int = 50) -> dict:
    """The pack, once its keys are built (the tests' tasks run at once, after the first answer).
    The offline page first: it makes the visitor a guest, to whom keys can be given."""
    assert api.get("/puzzles/offline/").status_code == 200
    first = api.get(PACK, {"n": n})
    assert first.status_code == 200, first.content
    body = api.get(PACK, {"n": n}).json()
    assert body["preparing"] == 0, body
    assert body["puzzles"], body
    return body


def solving_line(key: dict, pick: int = 0) -> list[str]:
    """The player's moves of one way to solve a puzzle: the first accepted move at each step
    (``pick=-1``: the last)."""
    moves, node = [], key
    while node is not None:
        move, branch = list(node["accept"].items())[pick]
        moves.append(move)
        node = branch["then"]
    return moves


def wrong_move(board: dict, key: dict) -> str | None:
    return next((m for m in board["legal_moves"] if m not in key["accept"]), None)


def test_pack_keys_accept_exactly_the_moves_that_keep_the_value(api, pool):
    pack = fetch_pack(api)
    assert len(pack["puzzles"]) == Puzzle.objects.filter(daily_on__isnull=True).count()
    assert pack["results_url"] == RESULTS
    for item in pack["puzzles"]:
        puzzle = Puzzle.objects.get(pk=item["id"])
        assert item["board"]["position"] == puzzle.position
        # Each step's accepted moves are the solver's best moves there, and the
        # boards after them follow the rules; no value is sent.
        stack = [(Position.parse(puzzle.position), item["key"])]
        while stack:
            position, node = stack.pop()
            analysis = analyse(position)
            assert set(node["accept"]) == {str(m) for m in analysis.best_moves}
            for move, branch in node["accept"].items():
                after = position.push(move)
                assert branch["after"]["position"] == str(after)
                assert "value" not in branch
                if branch["reply"] is None:
                    assert branch["then"] is None
                    continue
                replied = after.push(branch["reply"])
                assert branch["replied"]["position"] == str(replied)
                if branch["then"] is not None:
                    stack.append((replied, branch["then"]))


def test_pack_leaves_out_tried_puzzles_and_checks_n(api, pool):
    pack = fetch_pack(api)
    first = pack["puzzles"][0]
    api.post(f"/api/puzzles/{first['id']}/attempts/", format="json")
    again = api.get(PACK).json()
    assert first["id"] not in [p["id"] for p in again["puzzles"]]
    assert len(api.get(PACK, {"n": 1}).json()["puzzles"]) == 1
    for bad in ("0", "101", "many"):
        response = api.get(PACK, {"n": bad})
        assert response.status_code == 400
        assert "n:" in response.json()["error"]


def test_solved_result_is_recorded_once_unrated(api, pool):
    pack = fetch_pack(api)
    item = pack["puzzles"][0]
    rating_before = list(PuzzleRating.objects.values_list("rating", "rd", "rated_count"))
    puzzle_rating = Puzzle.objects.get(pk=item["id"]).rating
    body = {"id": uuid.uuid4().hex, "puzzle": item["id"], "moves": solving_line(item["key"])}
    first = api.post(RESULTS, body, format="json")
    assert first.status_code == 201, first.content
    assert first.json()["status"] == "solved"
    assert first.json()["rated"] is False
    assert first.json()["recorded"]
    second = api.post(RESULTS, body, format="json")
    assert second.status_code == 200
    assert second.json()["recorded"] is False
    assert second.json()["attempt"] == first.json()["attempt"]
    attempts = PuzzleAttempt.objects.filter(puzzle_id=item["id"])
    assert attempts.count() == 1
    assert OfflineResult.objects.count() == 1
    attempt = attempts.get()
    assert attempt.status == "solved"
    assert not attempt.rated
    assert attempt.unrated_because == "offline"
    assert attempt.rating_before is None
    assert attempt.rating_after is None
    assert [m["move"] for m in attempt.moves if m["by"] == "player"] == body["moves"]
    assert all(m["correct"] for m in attempt.moves if m["by"] == "player")
    # No rating moved: the player's row (if any) is at its start, the puzzle's as it was.
    assert all(r == 0 for _, _, r in PuzzleRating.objects.values_list("rating", "rd", "rated_count"))
    assert rating_before == [] or rating_before == list(PuzzleRating.objects.values_list("rating", "rd", "rated_count"))
    assert Puzzle.objects.get(pk=item["id"]).rating == puzzle_rating
    # The attempt is the player's, shown as any finished attempt.
    shown = api.get(f"/api/attempts/{attempt.pk}/").json()
    assert shown["status"] == "solved"
    assert shown["rated"] is False


def test_wrong_move_fails_and_next_online_attempt_is_unrated(api, pool):
    pack = fetch_pack(api)
    item = next(p for p in pack["puzzles"] if wrong_move(p["board"], p["key"]))
    move = wrong_move(item["board"], item["key"])
    response = api.post(RESULTS, {"id": uuid.uuid4().hex, "puzzle": item["id"], "moves": [move]}, format="json")
    assert response.status_code == 201
    assert response.json()["status"] == "failed"
    attempt = PuzzleAttempt.objects.get(pk=response.json()["attempt"])
    assert attempt.moves[0]["correct"] is False
    assert attempt.moves[0]["points_lost"] > 0
    # The puzzle was tried: an attempt at it online is not rated either.
    online = api.post(f"/api/puzzles/{item['id']}/attempts/", format="json").json()
    assert online["rated"] is False


def test_gave_up_result(api, pool):
    item = fetch_pack(api)["puzzles"][0]
    response = api.post(
        RESULTS, {"id": uuid.uuid4().hex, "puzzle": item["id"], "moves": [], "gave_up": True}, format="json"
    )
    assert response.status_code == 201
    assert response.json()["status"] == "failed"
    assert PuzzleAttempt.objects.get(pk=response.json()["attempt"]).gave_up


def test_nonsense_is_refused(api, pool):
    item = fetch_pack(api)["puzzles"][0]
    line = solving_line(item["key"])
    wrong = wrong_move(item["board"], item["key"])
    cases = [
        ({"puzzle": item["id"], "moves": line}, "id:"),
        ({"id": "x", "puzzle": item["id"], "moves": line}, "id:"),
        ({"id": uuid.uuid4().hex, "puzzle": item["id"], "moves": "36"}, "moves:"),
        ({"id": uuid.uuid4().hex, "puzzle": item["id"], "moves": ["77"]}, "move 1"),
        ({"id": uuid.uuid4().hex, "puzzle": item["id"], "moves": []}, "stop before"),
        ({"id": uuid.uuid4().hex, "puzzle": item["id"], "moves": [*line, line[0]]}, "after the puzzle was over"),
        ({"id": uuid.uuid4().hex, "puzzle": item["id"], "moves": line, "gave_up": True}, "cannot be given up"),
    ]
    if wrong:
        cases.append(({"id": uuid.uuid4().hex, "puzzle": item["id"], "moves": [wrong, line[0]]}, "after the puzzle"))
    for body, words in cases:
        response = api.post(RESULTS, body, format="json")
        assert response.status_code == 400, (body, response.content)
        assert words in response.json()["error"], (body, response.json())
    assert api.post(RESULTS, {"id": uuid.uuid4().hex, "puzzle": 10**9, "moves": line}, format="json").status_code == 404
    # A puzzle whose key was never built (never sent for offline solving): 409.
    OfflineKey.objects.filter(puzzle_id=item["id"]).delete()
    response = api.post(RESULTS, {"id": uuid.uuid4().hex, "puzzle": item["id"], "moves": line}, format="json")
    assert response.status_code == 409
    assert "offline key" in response.json()["error"]
    # The same id for another puzzle is refused, not recorded twice.
    other = Puzzle.objects.exclude(pk=item["id"]).filter(offline_key__tree__isnull=False).first()
    same = uuid.uuid4().hex
    assert (
        api.post(RESULTS, {"id": same, "puzzle": other.pk, "moves": [], "gave_up": True}, format="json").status_code
        == 201
    )
    response = api.post(RESULTS, {"id": same, "puzzle": item["id"], "moves": [], "gave_up": True}, format="json")
    assert response.status_code == 400
    assert "another puzzle" in response.json()["error"]
    assert PuzzleAttempt.objects.count() == 1


def test_guest_results_follow_them_to_their_account(api, pool, django_user_model):
    item = fetch_pack(api)["puzzles"][0]
    body = {"id": uuid.uuid4().hex, "puzzle": item["id"], "moves": [], "gave_up": True}
    assert api.post(RESULTS, body, format="json").status_code == 201
    user = django_user_model.objects.create_user("offliner", password="a long password 123")
    api.post("/accounts/login/", {"username": "offliner", "password": "a long password 123"})
    assert OfflineResult.objects.get().user == user
    assert api.post(RESULTS, body, format="json").status_code == 200


def test_service_worker_and_manifest(client):
    response = client.get("/sw.js")
    assert response.status_code == 200, response.content
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    text = response.content.decode()
    assert text.startswith("self.ODT_SW = {")
    assert "/jsi18n/" in text
    assert "/puzzles/offline/" in text
    assert "/analysis/" in text
    # Every file of the build is kept, the board demo's page too; the worker itself is not.
    config = json.loads(text.split("\n", 1)[0].removeprefix("self.ODT_SW = ").removesuffix(";"))
    manifest = json.loads((settings.OD_FRONTEND_MANIFEST).read_text())
    for key, chunk in manifest.items():
        wanted = f"/static/frontend/{chunk['file']}"
        assert (wanted in config["precache"]) == (chunk.get("name") != "sw"), key
    assert "/static/frontend/index.html" in config["precache"]
    for path in (settings.OD_FRONTEND_DIST / "assets").glob("*.wasm"):
        assert f"/static/frontend/assets/{path.name}" in config["precache"]
    assert len(config["version"]) == 16
    manifest = client.get("/manifest.webmanifest").json()
    assert manifest["display"] == "standalone"
    assert manifest["start_url"].startswith("/")
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert client.get(icon["src"]).status_code == 200, icon
    page = client.get("/puzzles/offline/").content.decode()
    assert 'rel="manifest"' in page
    assert 'id="offline-root"' in page


@pytest.mark.parametrize(
    ("lang", "heading", "name"),
    [
        ("en", "Offline puzzles", "Open domino trainer"),
        ("pl", "Zadania offline", "Trener domina otwartego"),
        ("nl", "Offline puzzels", "Open-dominotrainer"),
        ("ro", "Probleme offline", "Antrenor de domino deschis"),
    ],
)
def test_offline_page_and_manifest_in_every_language(client, lang, heading, name):
    client.cookies["django_language"] = lang
    page = client.get("/puzzles/offline/").content.decode()
    assert f"<h1>{heading}</h1>" in page
    assert f'href="/puzzles/offline/">{heading}</a>' in page
    assert client.get("/manifest.webmanifest").json()["name"] == name


def test_the_key_grades_as_the_server_grades_an_attempt(api, pool):
    """Every puzzle's key agrees with the server's own grading (attempts played through the
    API, settled by the task): the same replies, the same correct moves, the same end."""
    pack = fetch_pack(api)
    checked = 0
    for item in pack["puzzles"]:
        key = OfflineKey.objects.get(puzzle_id=item["id"]).tree
        lines = [solving_line(item["key"]), solving_line(item["key"], -1)]
        wrong = wrong_move(item["board"], item["key"])
        if wrong:
            lines.append([wrong])
        for line in {tuple(line): line for line in lines}.values():
            attempt = api.post(f"/api/puzzles/{item['id']}/attempts/", format="json").json()
            for move in line:
                attempt = api.post(
                    attempt["urls"]["moves"], {"move": move, "ply": len(attempt["moves"])}, format="json"
                ).json()
                attempt = api.get(attempt["urls"]["self"]).json()
            walk = keys.key_walk(key, line)
            assert attempt["status"] == walk.status
            assert [(m["by"], m["move"], m["correct"]) for m in attempt["moves"]] == [
                (m["by"], m["move"], m["correct"]) for m in walk.records
            ]
            stored = PuzzleAttempt.objects.get(pk=attempt["id"])
            assert stored.position == walk.position
            assert stored.found == walk.found
            checked += 1
    assert checked >= 4


def test_the_beat_builds_the_keys_before_any_player_asks(api, pool):
    from puzzles.offline.tasks import keys_upkeep_task

    training = Puzzle.objects.filter(daily_on__isnull=True).count()
    assert OfflineKey.objects.count() == 0
    assert keys_upkeep_task.delay().get() == training
    assert OfflineKey.objects.filter(tree__isnull=False).count() == training
    assert keys_upkeep_task.delay().get() == 0
    api.get("/puzzles/offline/")
    first = api.get(PACK).json()
    assert first["preparing"] == 0
    assert len(first["puzzles"]) == training
