"""The schema says what the server checks, and the server refuses what the
schema refuses: each rule below is read from the served schema and tried on
the server (puzzles/core/contract.py)."""
from __future__ import annotations

import re

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def document(django_db_blocker):
    with django_db_blocker.unblock():
        return APIClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()


@pytest.fixture
def api():
    client = APIClient()
    client.get("/api/puzzles/themes/")
    return client


def _parameter(document, path, name):
    parameters = document["paths"][path]["get"]["parameters"]
    return next(p for p in parameters if p["name"] == name)["schema"]


def _body(document, name):
    return document["components"]["schemas"][name]


def test_query_parameters_state_their_ranges(document):
    assert _parameter(document, "/api/puzzles/dashboard/", "days")["enum"] == [7, 30, 90]
    n = _parameter(document, "/api/puzzles/offline/", "n")
    assert (n["minimum"], n["maximum"]) == (1, 100)
    assert _parameter(document, "/api/exercises/", "game")["minimum"] == 0
    for path in ("/api/puzzles/next/", "/api/puzzles/replay/"):
        assert "$ref" in _parameter(document, path, "theme") or "enum" in _parameter(document, path, "theme")
    day = _parameter(document, "/api/daily-deal/{day}/ranking/", "day")
    assert re.match(day["pattern"], "2024-02-29") and not re.match(day["pattern"], "2023-02-29")
    assert not re.match(day["pattern"], "0")


@pytest.mark.parametrize("url", [
    "/api/puzzles/dashboard/?days=0",
    "/api/puzzles/dashboard/?days=",
    "/api/puzzles/dashboard/?days=7&days=30",
    "/api/puzzles/offline/?n=0",
    "/api/puzzles/offline/?n=101",
    "/api/exercises/?game=-1",
    "/api/exercises/?analysis=1&analysis=2",
    "/api/exercises/?due=",
    "/api/puzzles/next/?theme=nothing",
    "/api/puzzles/replay/?theme=",
    "/api/runs/?mode=sprint",
    "/api/daily-deal/2023-02-29/ranking/",
])
def test_a_query_the_schema_refuses_is_a_400(api, url):
    answer = api.get(url)
    assert answer.status_code == 400, (url, answer.content)
    assert answer.json()["error"]


def test_the_documented_queries_are_answered(api):
    assert api.get("/api/puzzles/dashboard/?days=90").status_code == 200
    assert api.get("/api/puzzles/dashboard/").status_code == 200
    assert api.get("/api/exercises/?due=true&game=5").status_code in (200, 404)
    assert api.get("/api/runs/?mode=timed").status_code == 200


def test_the_bodies_state_their_rules_across_fields(document):
    challenge = _body(document, "ChallengeCreateInputRequest")
    rules = challenge["allOf"]
    assert {"oneOf": [{"required": ["clock"], "properties": {"clock": {"not": {"enum": [None]}}}},
                      {"required": ["days"], "properties": {"days": {"not": {"enum": [None]}}}}]} in rules
    assert any("not" in rule for rule in rules)  # not both targets
    assert [b["required"] for b in _body(document, "GameAnalysisInputRequest")["oneOf"]] == [
        ["record"], ["file"], ["game_id"], ["hands"]]
    assert "anyOf" in str(_body(document, "GameCreateInputRequest"))
    analysis = _body(document, "AnalysisInputRequest")["properties"]["position"]
    assert re.match(analysis["pattern"], "45.15.44.05.34.13.25/11.06.35.24.12.46.33 "
                                         "56.14.01.66.22.26.00/36.16.23.03.02.55.04 - B")
    assert re.match(analysis["pattern"], "partnership --.--.--.--.00.--.-- --.11.--.--.--.--.-- "
                                         "55.44.--.--.--.--.-- --.45.--.--.14.35.-- 31 C")
    assert not re.match(analysis["pattern"], "0" * 60)
    request_body = document["paths"]["/api/seeks/"]["post"]["requestBody"]
    assert request_body["required"] is True


@pytest.mark.parametrize(("url", "body", "says"), [
    ("/api/challenges/", {"clock": {"initial": 60, "increment": 0}, "days": 3}, "time control"),
    ("/api/challenges/", {}, "time control"),
    ("/api/challenges/", {"days": 3, "target_points": 100, "target_wins": 3}, "not both"),
    ("/api/challenges/", {"days": 3, "seat": "D"}, "partnership only"),
    ("/api/challenges/", {"days": 2}, "days"),
    ("/api/seeks/", {"days": 3, "to": "someone"}, "to"),
    ("/api/games/", {"human": "D", "variant": "lewicki9"}, "partnership only"),
    ("/api/games/", {"position": "45.15.44.05.34.13.25/11.06.35.24.12.46.33 56.14.01.66.22.26.00/36.16.23.03.02.55.04"
                     " - B", "seed": 4}, "not both"),
    ("/api/matches/", {"target_points": 100, "human": "C"}, "partnership only"),
    ("/api/matches/", {}, "one of the two"),
    ("/api/game-analyses/", {"record": "x", "game_id": 3}, "exactly one"),
    ("/api/analyses/", {"position": "0" * 80}, "position"),
    ("/api/positions/", {"position": "45.15.44.05.34.13.25/11.06.35.24.12.46.33 56.14.01.66.22.26.00/36.16.23.03.02.55.04"
                         " - B", "moves": ["0000000"]}, "a move is"),
])
def test_a_body_the_schema_refuses_is_a_400_that_says_why(api, url, body, says):
    token = api.cookies["csrftoken"].value
    answer = api.post(url, body, format="json", HTTP_X_CSRFTOKEN=token)
    assert answer.status_code == 400, (url, body, answer.content)
    assert says in answer.json()["error"], answer.json()


def test_a_possible_position_that_is_impossible_is_a_400_saying_what(api):
    token = api.cookies["csrftoken"].value
    impossible = "00.00.00.00.00.00.00/00.00.00.00.00.00.00 00.00.00.00.00.00.00/00.00.00.00.00.00.00 - A"
    answer = api.post("/api/analyses/", {"position": impossible}, format="json", HTTP_X_CSRFTOKEN=token)
    assert answer.status_code == 400 and "appears twice" in answer.json()["error"]


def test_a_rematch_between_people_documents_its_409(document):
    assert "409" in document["paths"]["/api/games/{game_id}/rematch/"]["post"]["responses"]
