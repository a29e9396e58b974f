"""Errors a visitor or a client can provoke: ids past the database's range,
unknown pages and hosts, a newline in an API path. Each is a 4xx in the form
the caller reads (JSON under /api/, a page in the site's layout and language
elsewhere), never a 500."""

from __future__ import annotations

import pytest

from solver import deal

pytestmark = pytest.mark.django_db(transaction=True)
SEED_A = next(s for s in range(100) if deal(s).side == "A")
HUGE = str(2**63)


@pytest.fixture
def guest(api):
    """A client with a session (the overflow showed only once a session existed)."""
    response = api.post("/api/games/", {"seed": SEED_A, "human": "A"}, format="json")
    assert response.status_code == 201
    return api


@pytest.mark.parametrize(
    "path",
    [
        f"/api/games/{HUGE}/",
        f"/api/games/{HUGE}/moves/",
        f"/api/exercises/{HUGE}/",
        f"/api/puzzles/{HUGE}/",
        f"/api/matches/{HUGE}/",
        f"/api/runs/{HUGE}/",
        f"/api/game-analyses/{HUGE}/",
        f"/api/analyses/{HUGE}/",
        f"/api/games/{'9' * 40}/",
    ],
)
def test_an_id_past_the_database_range_is_a_json_404(guest, path):
    response = guest.get(path)
    assert response.status_code == 404, response.content[:300]
    assert "error" in response.json()


@pytest.mark.parametrize(
    "path",
    [
        f"/play/{HUGE}/",
        f"/coach/games/{HUGE}/",
        f"/coach/analyses/{HUGE}/",
        f"/coach/exercises/{HUGE}/",
        f"/games/{HUGE}/review/",
        f"/matches/{HUGE}/",
    ],
)
def test_a_page_of_an_id_past_the_range_is_a_404_page(guest, path):
    response = guest.get(path)
    assert response.status_code == 404, response.content[:300]
    assert b"Page not found" in response.content


@pytest.mark.parametrize("query", [f"game={HUGE}", f"analysis={HUGE}", "game=-1", "analysis=x", "due=null", "due=2"])
def test_a_bad_query_id_or_flag_is_a_400_that_names_it(guest, query):
    response = guest.get(f"/api/exercises/?{query}")
    assert response.status_code == 400, response.content[:300]
    name = query.split("=")[0]
    assert name in response.json()["error"]


def test_the_largest_id_is_read_as_an_id(guest):
    # the id is read (not refused as a bad query): the game does not exist, so a 404 that names it
    response = guest.get(f"/api/exercises/?game={2**63 - 1}")
    assert response.status_code == 404, response.content[:300]
    assert "game" in response.json()["error"]
    assert guest.get(f"/api/games/{2**63 - 1}/").status_code == 404


def test_a_newline_in_an_api_path_is_a_json_404(api):
    response = api.get("/api/puzzles/%0A/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("application/json")
    assert "error" in response.json()


def test_an_unknown_host_is_a_json_400_under_the_api_and_a_page_elsewhere(client):
    response = client.get("/api/games/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert "host" in response.json()["error"]
    response = client.get("/", HTTP_HOST="evil.example")
    assert response.status_code == 400
    assert b"<nav" in response.content or b"<header" in response.content


def test_a_missing_page_is_in_the_layout_and_the_visitors_language(client):
    response = client.get("/no-such-page/", HTTP_ACCEPT_LANGUAGE="pl")
    assert response.status_code == 404
    body = response.content.decode()
    assert "Nie znaleziono strony" in body
    assert 'href="/how-to-play/"' in body  # the site's navigation is there to go on from
    response = client.get("/play/999999/", HTTP_ACCEPT_LANGUAGE="nl")
    assert response.status_code == 404
    assert "Pagina niet gevonden" in response.content.decode()


def test_the_server_error_page_is_in_the_layout(rf):
    from django.contrib.auth.models import AnonymousUser
    from django.utils import translation

    from puzzles.core.errorpages import server_error

    request = rf.get("/play/")
    request.user = AnonymousUser()
    with translation.override("en"):
        response = server_error(request)
    assert response.status_code == 500
    assert b"Something went wrong" in response.content
    api = server_error(rf.get("/api/games/"))
    assert api.status_code == 500
    assert api["Content-Type"].startswith("application/json")


@pytest.mark.parametrize("query", ["timeout=abc", "timeout=nan", "wait=1&timeout=inf", "wait=x"])
def test_a_long_polls_bad_timeout_is_a_400_with_or_without_wait(api, query):
    game = api.post("/api/games/", {"seed": SEED_A, "human": "A"}, format="json").json()
    response = api.get(f"/api/games/{game['id']}/?{query}")
    assert response.status_code == 400, response.content[:300]
    assert "timeout" in response.json()["error"] or "wait" in response.json()["error"]


@pytest.mark.parametrize("seed", [7, "7"])
def test_a_seed_is_a_number_or_a_string_of_digits_as_the_schema_says(api, seed, no_tasks):
    from django.test import Client

    response = api.post("/api/games/", {"seed": seed}, format="json")
    assert response.status_code == 201, response.content
    schema = Client().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    field = schema["components"]["schemas"]["GameCreateInputRequest"]["properties"]["seed"]
    assert {option["type"] for option in field["oneOf"]} == {"integer", "string"}
