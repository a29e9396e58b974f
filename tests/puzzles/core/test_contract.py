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
    assert re.match(day["pattern"], "2024-02-29")
    assert not re.match(day["pattern"], "2023-02-29")
    assert not re.match(day["pattern"], "0")


@pytest.mark.parametrize(
    "url",
    [
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
    ],
)
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
    assert {
        "oneOf": [
            {"required": ["clock"], "properties": {"clock": {"not": {"enum": [None]}}}},
            {"required": ["days"], "properties": {"days": {"not": {"enum": [None]}}}},
        ]
    } in rules
    assert any("not" in rule for rule in rules)  # not both targets
    assert [b["required"] for b in _body(document, "GameAnalysisInputRequest")["oneOf"]] == [
        ["record"],
        ["game_id"],
        ["hands"],
    ]
    assert "anyOf" in str(_body(document, "GameCreateInputRequest"))
    analysis = _body(document, "AnalysisInputRequest")["properties"]["position"]
    assert re.match(
        analysis["pattern"], "45.15.44.05.34.13.25/11.06.35.24.12.46.33 56.14.01.66.22.26.00/36.16.23.03.02.55.04 - B"
    )
    assert re.match(
        analysis["pattern"],
        "partnership --.--.--.--.00.--.-- --.11.--.--.--.--.-- 55.44.--.--.--.--.-- --.45.--.--.14.35.-- 31 C",
    )
    assert not re.match(analysis["pattern"], "0" * 60)
    request_body = document["paths"]["/api/seeks/"]["post"]["requestBody"]
    assert request_body["required"] is True


@pytest.mark.parametrize(
    ("url", "body", "says"),
    [
        ("/api/challenges/", {"clock": {"initial": 60, "increment": 0}, "days": 3}, "time control"),
        ("/api/challenges/", {}, "time control"),
        ("/api/challenges/", {"days": 3, "target_points": 100, "target_wins": 3}, "one target"),
        ("/api/challenges/", {"days": 3, "seat": "D"}, "partnership only"),
        ("/api/challenges/", {"days": 2}, "days"),
        ("/api/seeks/", {"days": 3, "to": "someone"}, "to"),
        ("/api/games/", {"human": "D", "variant": "lewicki9"}, "partnership only"),
        (
            "/api/games/",
            {
                "position": "45.15.44.05.34.13.25/11.06.35.24.12.46.33 56.14.01.66.22.26.00/36.16.23.03.02.55.04 - B",
                "seed": 4,
            },
            "not both",
        ),
        ("/api/matches/", {"target_points": 100, "human": "C"}, "partnership only"),
        ("/api/matches/", {}, "one of the two"),
        ("/api/game-analyses/", {"record": "x", "game_id": 3}, "exactly one"),
        ("/api/analyses/", {"position": "0" * 80}, "position"),
        (
            "/api/positions/",
            {
                "position": "45.15.44.05.34.13.25/11.06.35.24.12.46.33 56.14.01.66.22.26.00/36.16.23.03.02.55.04 - B",
                "moves": ["0000000"],
            },
            "a move is",
        ),
    ],
)
def test_a_body_the_schema_refuses_is_a_400_that_says_why(api, url, body, says):
    token = api.cookies["csrftoken"].value
    answer = api.post(url, body, format="json", HTTP_X_CSRFTOKEN=token)
    assert answer.status_code == 400, (url, body, answer.content)
    assert says in answer.json()["error"], answer.json()


def test_a_possible_position_that_is_impossible_is_a_400_saying_what(api):
    token = api.cookies["csrftoken"].value
    impossible = "00.00.00.00.00.00.00/00.00.00.00.00.00.00 00.00.00.00.00.00.00/00.00.00.00.00.00.00 - A"
    answer = api.post("/api/analyses/", {"position": impossible}, format="json", HTTP_X_CSRFTOKEN=token)
    assert answer.status_code == 400
    assert "appears twice" in answer.json()["error"]


def test_a_rematch_between_people_documents_its_409(document):
    assert "409" in document["paths"]["/api/games/{game_id}/rematch/"]["post"]["responses"]


# ---------------------------------------------------------- a JSON body's types


def _post(api, url, body):
    return api.post(url, body, format="json", HTTP_X_CSRFTOKEN=api.cookies["csrftoken"].value)


def _resolved(document, schema):
    while "$ref" in schema:
        schema = document["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema


def _boolean_fields(document):
    """(path, property) of every boolean of a JSON body of a POST without a
    path parameter, read from the served schema."""
    for path, item in document["paths"].items():
        body = item.get("post", {}).get("requestBody", {}).get("content", {}).get("application/json")
        if "{" in path or not body:
            continue
        for name, field in _resolved(document, body["schema"]).get("properties", {}).items():
            if _resolved(document, field).get("type") == "boolean":
                yield path, name


def test_every_boolean_of_a_body_is_a_json_boolean_not_0_1_or_yes(api, document):
    """The schema says boolean: 0, 1, "yes" and "true" were read as booleans
    (DRF's coercion) and a schema-violating body was accepted."""
    fields = list(_boolean_fields(document))
    assert ("/api/challenges/", "rated") in fields
    assert ("/api/seeks/quick/", "rated") in fields
    for path, name in fields:
        for value in (0, 1, "yes", "true"):
            answer = _post(api, path, {name: value})
            assert answer.status_code == 400, (path, name, value, answer.content)
            assert f"{name}: must be true or false (a JSON boolean), not " in answer.json()["error"], answer.json()


@pytest.mark.parametrize(
    ("url", "body", "says"),
    [
        (
            "/api/challenges/",
            {"clock": {"initial": "60", "increment": 0}},
            'clock: initial: must be a whole number, not "60"',
        ),
        (
            "/api/challenges/",
            {"clock": {"initial": 60, "increment": True}, "rated": False},
            "clock: increment: must be a",
        ),
        ("/api/challenges/", {"days": 3, "variant": 5}, "variant: must be a string, not 5"),
        ("/api/game-analyses/", {"record": '[Seed "42"]\n\n1. 00 04L', "out": 0}, "out: must be a string, not 0"),
        (
            "/api/positions/",
            {
                "position": "45.15.44.05.34.13.25/11.06.35.24.12.46.33 56.14.01.66.22.26.00/36.16.23.03.02.55.04 - B",
                "moves": ["44", 36],
            },
            "moves: 1: must be a string, not 36",
        ),
        ("/api/games/", {"seed": True}, "seed: must be a number or a string of digits, not true"),
    ],
)
def test_a_value_of_another_json_type_is_a_400_naming_it(api, url, body, says):
    answer = _post(api, url, body)
    assert answer.status_code == 400, (url, body, answer.content)
    assert says in answer.json()["error"], answer.json()


def test_a_json_integer_may_be_written_with_a_zero_fraction(api):
    answer = _post(api, "/api/challenges/", {"clock": {"initial": 60.0, "increment": 0}})
    assert answer.status_code == 201, answer.content


@pytest.mark.parametrize("value", ["1", "yes", "True", "0"])
def test_a_boolean_in_a_query_is_true_or_false(api, value):
    answer = api.get(f"/api/exercises/?due={value}")
    assert answer.status_code == 400, answer.content
    assert "due is true or false" in answer.json()["error"], answer.content


# ------------------------------------------------- other schema mismatches


def test_a_challenge_to_nobody_is_a_documented_404(api, document):
    """A well-formed name nobody has: 404, as the player's page (it was a
    400 for a schema-valid body)."""
    answer = _post(api, "/api/challenges/", {"days": 3, "to": "nobody-of-that-name"})
    assert answer.status_code == 404, answer.content
    assert answer.json()["error"] == "no player is called 'nobody-of-that-name'"
    documented = document["paths"]["/api/challenges/"]["post"]["responses"]["404"]["description"]
    assert "`to` names no player" in documented


def test_a_position_and_another_variant_is_refused_as_the_schema_says(api, document):
    """A position names its variant; given with another ``variant`` it was a
    400 the schema did not state."""
    block = "block 44.25.24.16.33.13.04 01.46.03.12.36.56.00 02.05.06.11.14.15.22.23.26.34.35.45.55.66 - A"
    answer = _post(api, "/api/games/", {"position": block, "variant": "lewicki"})
    assert answer.status_code == 400, answer.content
    assert "of the variant block, not lewicki" in answer.json()["error"], answer.content
    assert _post(api, "/api/games/", {"position": block, "variant": "block"}).status_code == 201
    assert _post(api, "/api/games/", {"position": block, "variant": ""}).status_code == 201
    rules = _body(document, "GameCreateInputRequest")["allOf"]
    branches = next(
        rule["anyOf"] for rule in rules if "anyOf" in rule and "position" in str(rule) and "^block$" in str(rule)
    )
    fits = [b for b in branches if b.get("properties", {}).get("variant", {}).get("pattern") == "^block$"]
    assert re.match(fits[0]["properties"]["position"]["pattern"], block)
    lewicki = next(b for b in branches if b.get("properties", {}).get("variant", {}).get("pattern") == "^lewicki$")
    assert not re.match(lewicki["properties"]["position"]["pattern"], block)


def test_a_hand_typed_in_holds_stones_as_the_schema_says(api, document):
    answer = _post(api, "/api/game-analyses/", {"hands": ["", " "]})
    assert answer.status_code == 400, answer.content
    assert "a hand holds stones" in answer.json()["error"], answer.content
    hand = _body(document, "GameAnalysisInputRequest")["properties"]["hands"]["items"]
    assert hand["minLength"] == 1
    assert not re.search(hand["pattern"], "   ")


def test_text_without_a_nul_character_as_the_schema_says(api, document):
    """DRF refuses NUL in any text field: the schema says so."""
    answer = _post(api, "/api/challenges/", {"days": 3, "to": "a\u0000b"})
    assert answer.status_code == 400, answer.content
    assert answer.json()["error"].startswith("to: "), answer.content
    to = _body(document, "ChallengeCreateInputRequest")["properties"]["to"]["oneOf"][0]
    assert re.match(to["pattern"], "ania")
    assert not re.match(to["pattern"], "a\u0000b")


def test_the_solver_takes_no_seat_of_yours_as_the_schema_says(api, document):
    """Your own seat among the solver's was a 400 the schema did not state;
    with seat 'random' yours is drawn among the others."""
    answer = _post(
        api, "/api/challenges/", {"days": 3, "variant": "partnership", "seat": "C", "solver": {"C": "strong"}}
    )
    assert answer.status_code == 400, answer.content
    assert "C is your seat" in answer.json()["error"], answer.content
    rule = next(r for r in _body(document, "ChallengeCreateInputRequest")["allOf"] if "solver" in str(r.get("not")))
    assert {
        "required": ["seat", "solver"],
        "properties": {"seat": {"pattern": "^C$"}, "solver": {"required": ["C"]}},
    } in rule["not"]["anyOf"]
    for _ in range(8):
        answer = _post(
            api,
            "/api/challenges/",
            {"days": 3, "variant": "partnership", "seat": "random", "solver": {"C": "strong", "D": "casual"}},
        )
        assert answer.status_code == 201, answer.content
        _post(api, f"/api/challenges/{answer.json()['id']}/cancel/", {})


# ------------------------------------------------------------------ media types


def test_a_form_encoded_body_is_a_415_that_says_what_the_endpoint_reads(api):
    token = api.cookies["csrftoken"].value
    answer = api.post("/api/challenges/", {"days": "3", "rated": "1"}, format="multipart", HTTP_X_CSRFTOKEN=token)
    assert answer.status_code == 415, answer.content
    assert (
        "the body is multipart/form-data, which this endpoint does not read: send application/json"
        in (answer.json()["error"])
    )
    answer = api.generic(
        "POST",
        "/api/game-analyses/",
        "record=x",
        content_type="application/x-www-form-urlencoded",
        HTTP_X_CSRFTOKEN=token,
    )
    assert answer.status_code == 415
    assert answer.json()["error"] == (
        "the body is application/x-www-form-urlencoded, which this endpoint does not "
        "read: send application/json, multipart/form-data (Content-Type)"
    )


def test_a_multipart_body_is_an_uploaded_record_only(api, document):
    """Multipart fields read as strings, not JSON's lists: a multipart body
    is the uploaded record (``file``), and nothing else is read from it."""
    token = api.cookies["csrftoken"].value
    answer = api.post(
        "/api/game-analyses/",
        {"hands": ["04 23 16 05 01 26 56", "06 44 36 12 25 33 45"]},
        format="multipart",
        HTTP_X_CSRFTOKEN=token,
    )
    assert answer.status_code == 400, answer.content
    assert "a multipart body holds the game record as its file" in answer.json()["error"]
    multipart = document["paths"]["/api/game-analyses/"]["post"]["requestBody"]["content"]["multipart/form-data"]
    assert list(_resolved(document, multipart["schema"])["properties"]) == ["file"]
    assert "file" not in _body(document, "GameAnalysisInputRequest")["properties"]
