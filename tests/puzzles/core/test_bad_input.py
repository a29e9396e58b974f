"""Bad input never gets a 500: lone surrogates, JSON nested deep, bodies too
large, and paths under /api/ that are no endpoint all get a JSON answer that
says what is wrong, and change nothing."""

from __future__ import annotations

import json

import pytest

from puzzles.games.models import Game, GameMove
from solver import deal

pytestmark = pytest.mark.django_db(transaction=True)
SEED_A = next(s for s in range(100) if deal(s).side == "A")


@pytest.fixture
def game(api):
    response = api.post("/api/games/", {"seed": SEED_A, "human": "A"}, format="json")
    assert response.status_code == 201
    return response.json()


def post_raw(api, url: str, body: str | bytes):
    return api.generic("POST", url, body, content_type="application/json")


def json_endpoints(game: dict) -> list[str]:
    return [
        "/api/analyses/",
        "/api/games/",
        f"/api/games/{game['id']}/moves/",
        f"/api/games/{game['id']}/hint/",
        "/api/positions/",
        "/api/game-analyses/",
    ]


@pytest.mark.parametrize(("field", "value"), [("level", "\ud800"), ("human", "\udfff"), ("position", "x\ud834")])
def test_a_lone_surrogate_is_a_400(api, field, value):
    body = json.dumps({field: value})  # ensure_ascii: the surrogate travels as \\ud800
    response = post_raw(api, "/api/games/", body)
    assert response.status_code == 400
    assert "surrogate" in response.json()["error"]
    assert Game.objects.count() == 0


def test_every_json_endpoint_refuses_surrogates_and_deep_json(api, game):
    deep = "[" * 5000 + "]" * 5000
    for url in json_endpoints(game):
        response = post_raw(api, url, json.dumps({"level": "\ud800", "move": "\ud800", "position": "\ud800"}))
        assert response.status_code == 400, url
        assert "surrogate" in response.json()["error"], url
        response = post_raw(api, url, deep)
        assert response.status_code == 400, url
        assert "nested" in response.json()["error"], url
        response = post_raw(api, url, '{"a": ' * 40 + "1" + "}" * 40)
        assert response.status_code == 400, url
        assert "nested" in response.json()["error"], url
    assert GameMove.objects.filter(game_id=game["id"]).count() == 0


def test_a_body_too_large_is_a_413(api, game, settings):
    settings.OD_API_MAX_BODY_BYTES = 10_000
    response = post_raw(api, f"/api/games/{game['id']}/moves/", json.dumps({"move": "x" * 20_000}))
    assert response.status_code == 413
    assert "larger than 10000 bytes" in response.json()["error"]
    # beyond Django's own limit too (2.5 MB by default), on every JSON endpoint
    settings.OD_API_MAX_BODY_BYTES = 1 << 20
    for url in json_endpoints(game):
        response = post_raw(api, url, json.dumps({"record": "x" * 3_000_000}))
        assert response.status_code == 413, url
        assert response.json()["error"], url


@pytest.mark.parametrize("body", [b"\xff\xfe", b"{", b"[1, 2", b'{"move": NaN}'])
def test_malformed_json_is_a_400(api, game, body):
    response = post_raw(api, f"/api/games/{game['id']}/moves/", body)
    assert response.status_code == 400
    assert response.json()["error"]


@pytest.mark.parametrize(
    "url",
    [
        "/api/games/abc/",
        "/api/games/1/nonsense/",
        "/api/nothing/",
        "/api/attempts/x/moves/",
        "/api",
        "/api/",
        "/api/games/abc",
        "/api/nothing",
    ],
)
def test_unknown_api_paths_are_json_404s(api, url):
    for method in ("get", "post"):
        response = getattr(api, method)(url)
        assert response.status_code == 404, (method, url)
        assert response["Content-Type"].startswith("application/json")
        assert url in response.json()["error"]
        assert "ends with a slash" not in response.json()["error"]


@pytest.mark.parametrize("url", ["/api/games", "/api/analyses", "/api/puzzles/themes"])
def test_an_endpoint_without_its_last_slash_is_a_json_404_that_says_so(api, url):
    """No redirect (a POST would lose its body) and no HTML page: a JSON 404
    that names the address with its slash."""
    for method in ("get", "post"):
        response = getattr(api, method)(url)
        assert response.status_code == 404, (method, url)
        assert response["Content-Type"].startswith("application/json")
        assert f"the address ends with a slash: {url}/" in response.json()["error"]


def test_a_wrong_method_is_a_json_405(api, game):
    response = api.put(f"/api/games/{game['id']}/", {}, format="json")
    assert response.status_code == 405
    assert "not allowed" in response.json()["error"]


@pytest.mark.parametrize("path", ["/api/games/", "/api/analyses/", "/analysis/"])
def test_an_overlong_address_is_a_414(api, path, settings):
    settings.OD_MAX_URL_CHARS = 2_000
    fine = api.get(path + "?position=" + "x" * 1_000)
    assert fine.status_code != 414
    for method in ("get", "post"):
        response = getattr(api, method)(path + "?q=" + "x" * 5_000)
        assert response.status_code == 414, (method, path)
        if path.startswith("/api/"):
            assert response["Content-Type"].startswith("application/json")
            assert "at most 2000" in response.json()["error"]
        else:
            assert response["Content-Type"].startswith("text/plain")
            assert b"2000" in response.content


def test_a_refused_csrf_check_under_the_api_is_json(django_user_model):
    """A browser session's POST without its token: DRF's endpoints answer a
    JSON 403; a path that is no endpoint its JSON 404 (not Django's HTML
    CSRF page); Django's own CSRF refusal under /api/ is JSON too."""
    from django.test import Client, RequestFactory

    from puzzles.core.api import csrf_failure

    user = django_user_model.objects.create_user("csrf-player", password="a-long-pass-phrase-9")
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    refused = client.post("/api/games/", {"seed": 7}, content_type="application/json")
    assert refused.status_code == 403
    assert "CSRF" in refused.json()["error"]
    nowhere = client.post("/api/games/1/nonsense/", {}, content_type="application/json")
    assert nowhere.status_code == 404
    assert nowhere["Content-Type"].startswith("application/json")
    request = RequestFactory().post("/api/anything/")
    answer = csrf_failure(request, "CSRF cookie not set.")
    assert answer.status_code == 403
    assert "CSRF cookie not set." in json.loads(answer.content)["error"]
    page = csrf_failure(RequestFactory().post("/accounts/login/"), "CSRF cookie not set.")
    assert page.status_code == 403
    assert page["Content-Type"].startswith("text/html")
