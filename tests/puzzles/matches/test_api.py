"""The matches API: creating (and the errors that change nothing), reading,
ownership and resuming, the hand-over at log-in, recording a deal once even
when told twice, reads that write nothing, and a lost game_finished signal
made good by the beat's sweep (or by a move posted to the match)."""

from __future__ import annotations

import random
from unittest import mock

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from puzzles.accounts.players import Player
from puzzles.games.models import Game
from puzzles.matches import selectors, services
from puzzles.matches.models import Match, MatchDeal
from puzzles.matches.serializers import MatchOutputSerializer
from puzzles.matches.tasks import matches_settle_task
from solver import deal

pytestmark = pytest.mark.django_db(transaction=True)

WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")


def new_match(api, **payload) -> dict:
    response = api.post("/api/matches/", payload, format="json")
    assert response.status_code == 201, response.content
    return response.json()


def finish_deal(api, game_id: int, seed: int = 0) -> dict:
    rng = random.Random(seed)
    url = f"/api/games/{game_id}/"
    while (game := api.get(url).json())["status"] != "over":
        assert (
            api.post(
                url + "moves/", {"move": rng.choice(game["legal_moves"]), "ply": game["ply"]}, format="json"
            ).status_code
            == 201
        )
    return game


@pytest.mark.parametrize(
    ("payload", "words"),
    [
        ({}, "target"),
        ({"target_points": 100, "target_wins": 3}, "not both"),
        ({"target_points": 0}, "target_points"),
        ({"target_points": 501}, "target_points"),
        ({"target_wins": 0}, "target_wins"),
        ({"target_wins": 16}, "target_wins"),
        ({"target_points": "lots"}, "target_points"),
        ({"target_points": 100, "level": "godlike"}, "level"),
        ({"target_points": 100, "human": "C"}, "human"),
        ({"target_points": 100, "seed": -1}, "seed"),
        ({"target_points": 100, "seed": str(2**64)}, "seed"),
    ],
)
def test_bad_requests_are_400_and_create_nothing(api, payload, words):
    response = api.post("/api/matches/", payload, format="json")
    assert response.status_code == 400, response.content
    assert words in response.json()["error"]
    assert Match.objects.count() == 0
    assert Game.objects.count() == 0


def test_a_new_match_and_its_shape(api):
    match = new_match(api, target_points=200, level="perfect", seed=9)
    assert set(match) >= {
        "id",
        "status",
        "target_points",
        "target_wins",
        "scores",
        "wins",
        "deals",
        "current_game",
        "winner",
    }
    shape = MatchOutputSerializer(data=match)
    assert shape.is_valid(), shape.errors
    assert match["status"] == "playing"
    assert match["target_points"] == 200
    assert match["target_wins"] is None
    assert match["scores"] == {"A": 0, "B": 0}
    assert match["wins"] == {"A": 0, "B": 0}
    assert match["winner"] is None
    assert match["human"] == "A"
    assert match["level"] == "perfect"
    [first] = match["deals"]
    assert set(first) >= {"number", "game", "seed", "winner", "points", "reason"}
    assert first["number"] == 1
    assert first["game"] == match["current_game"]
    assert first["winner"] is None
    assert first["points"] is None
    assert first["reason"] is None
    game = Game.objects.get(pk=first["game"])
    assert game.start_position == str(deal(first["seed"]))
    assert game.seed == str(first["seed"])
    # a random match seed stays below 2**53 (read exactly by JavaScript)
    assert 0 <= new_match(api, target_wins=1)["seed"] < 2**53


def test_matches_belong_to_their_player_and_survive_the_browser_session(api, other_api):
    mine = new_match(api, target_points=100)
    other = new_match(other_api, target_points=100)
    assert [m["id"] for m in api.get("/api/matches/").json()] == [mine["id"]]
    assert api.get(f"/api/matches/{other['id']}/").status_code == 404
    # another player's deal is no more theirs to play than the match
    assert api.get(f"/api/games/{other['current_game']}/").status_code == 404
    assert api.get(f"/api/matches/{mine['id']}/").json()["id"] == mine["id"]


def test_a_guests_match_is_handed_over_at_log_in_and_continues_elsewhere(api, other_api, django_user_model):
    match = new_match(api, target_wins=2, seed=1)
    django_user_model.objects.create_user("dora", password="pw-dora-12345")
    response = api.post("/accounts/login/", {"username": "dora", "password": "pw-dora-12345"}, format="multipart")
    assert response.status_code == 302
    row = Match.objects.get(pk=match["id"])
    assert row.owner.username == "dora"
    assert row.session_key == ""
    assert Game.objects.get(pk=match["current_game"]).owner == row.owner
    # another device, the same account: the match and its deal go on there
    assert other_api.login(username="dora", password="pw-dora-12345")
    assert [m["id"] for m in other_api.get("/api/matches/").json()] == [match["id"]]
    game = finish_deal(other_api, match["current_game"])
    later = other_api.get(f"/api/matches/{match['id']}/").json()
    assert later["deals"][0]["recorded"]
    assert later["deals"][0]["winner"] == game["result"]["winner"]
    if later["status"] == "playing":
        assert Game.objects.get(pk=later["current_game"]).owner == row.owner


def test_a_deal_is_recorded_once_however_often_it_is_told(api):
    match = new_match(api, target_points=500, seed=3)
    game_id = match["current_game"]
    finish_deal(api, game_id)
    assert not services.match_deal_record(game_id=game_id)  # the signal recorded it already
    state = api.get(f"/api/matches/{match['id']}/").json()
    assert len(state["deals"]) == 2
    assert MatchDeal.objects.filter(match_id=match["id"]).count() == 2
    assert sum(state["scores"].values()) == state["deals"][0]["points"]


def writes_in(queries: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in queries.captured_queries if q["sql"].lstrip().upper().startswith(WRITES)]


def test_reads_write_nothing_and_the_sweep_makes_a_lost_signal_good(api):
    match = new_match(api, target_points=500, seed=4)
    with mock.patch("puzzles.games.signals.send_game_finished"):  # the process died before the signal
        game = finish_deal(api, match["current_game"])
    assert not MatchDeal.objects.get(game_id=game["id"]).recorded_at
    version = Match.objects.get(pk=match["id"]).version
    urls = [
        f"/api/matches/{match['id']}/",
        f"/api/matches/{match['id']}/?wait={version}&timeout=0",
        "/api/matches/",
        "/matches/",
        f"/matches/{match['id']}/",
        f"/matches/{match['id']}/review/",
    ]
    for url in urls:
        with CaptureQueriesContext(connection) as queries:
            assert api.get(url).status_code == 200, url
        assert writes_in(queries) == [], url
    # shown as stored: the deal not counted yet
    state = api.get(f"/api/matches/{match['id']}/").json()
    assert not state["deals"][0]["recorded"]
    assert len(state["deals"]) == 1
    # the beat's sweep counts it and deals the next one, once
    with CaptureQueriesContext(connection) as queries:
        matches_settle_task.apply()
    assert writes_in(queries)
    state = api.get(f"/api/matches/{match['id']}/").json()
    assert state["deals"][0]["recorded"]
    assert state["deals"][0]["points"] == game["result"]["points"]
    assert len(state["deals"]) == 2
    assert state["current_game"] == state["deals"][1]["game"]
    assert state["version"] > version
    assert services.matches_settle() == 0
    assert MatchDeal.objects.filter(match_id=match["id"]).count() == 2


def test_a_held_poll_on_the_match_reads_the_stored_version(api):
    """The long poll compares the version as stored (settling nothing); the
    sweep's record moves it on, which wakes the poll."""
    match = new_match(api, target_points=500, seed=4)
    with mock.patch("puzzles.games.signals.send_game_finished"):
        finish_deal(api, match["current_game"])
    row = Match.objects.get(pk=match["id"])
    player = Player.owning(row)
    assert selectors.match_version_for_player(player, row.pk) == row.version
    assert not MatchDeal.objects.get(game_id=match["current_game"]).recorded_at
    assert services.matches_settle() == 1
    assert selectors.match_version_for_player(player, row.pk) > row.version
    assert selectors.match_version_for_player(Player(None, "someone-else"), row.pk) is None


def test_a_move_posted_to_the_match_settles_it_first(api):
    """A form posted to the match page goes to the deal being played: the
    deal whose signal was lost is counted first, and the stale form is refused."""
    match = new_match(api, target_points=500, seed=4)
    first = match["current_game"]
    # the deal's end stored with no signal (a process died)
    Game.objects.filter(pk=first).update(status="over", result={"winner": "A", "points": 7, "reason": "resigned"})
    answer = api.post(f"/matches/{match['id']}/move/", {"game": first, "move": "x", "ply": 0}, format="multipart")
    assert answer.status_code == 302
    assert MatchDeal.objects.get(game_id=first).recorded_at
    assert MatchDeal.objects.filter(match_id=match["id"]).count() == 2
    page = api.get(answer["Location"]).content.decode()
    assert "the match has moved on to the next deal" in page


def test_a_drawn_deal_adds_nothing(api):
    match = new_match(api, target_wins=1, seed=5)
    game = Game.objects.get(pk=match["current_game"])
    # a draw (equal pips when blocked) is rare in real deals: make this deal's end one
    Game.objects.filter(pk=game.pk).update(
        status=Game.Status.OVER, result={"winner": None, "points": 0, "reason": "blocked"}
    )
    assert services.match_deal_record(game_id=game.pk)
    state = api.get(f"/api/matches/{match['id']}/").json()
    first = state["deals"][0]
    assert (first["winner"], first["points"], first["reason"], first["human_points"]) == (None, 0, "blocked", 0)
    assert first["totals"] == {"A": 0, "B": 0}
    assert first["wins"] == {"A": 0, "B": 0}
    assert state["status"] == "playing"
    assert len(state["deals"]) == 2


def test_the_match_ends_when_the_target_is_reached(api):
    match = new_match(api, target_points=1, seed=6)
    game = finish_deal(api, match["current_game"])
    state = api.get(f"/api/matches/{match['id']}/").json()
    if game["result"]["winner"] is None:  # pragma: no cover - a drawn first deal: the match goes on
        assert state["status"] == "playing"
        return
    assert state["status"] == "over"
    assert state["winner"] == game["result"]["winner"]
    assert state["current_game"] is None
    assert len(state["deals"]) == 1


def test_long_poll_answers_at_once_when_the_version_moved_on(api):
    match = new_match(api, target_points=100)
    response = api.get(f"/api/matches/{match['id']}/?wait={match['version'] + 5}&timeout=5")
    assert response.status_code == 200
    assert response.json()["id"] == match["id"]
    assert api.get(f"/api/matches/{match['id']}/?wait=x").status_code == 400


def test_the_beat_runs_the_matches_sweep_at_the_stale_work_pace(settings):
    beat = settings.CELERY_BEAT_SCHEDULE
    assert beat["matches-settle"]["task"] == "puzzles.matches.tasks.matches_settle_task"
    assert beat["matches-settle"]["schedule"] == beat["requeue-stale-work"]["schedule"]
