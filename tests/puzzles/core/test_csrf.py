"""Every state-changing request of the API needs its CSRF token, a guest's as
much as an account's: a page on another origin (another port of the host, a
sibling subdomain) that posts with the visitor's cookies is refused, and
changes nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml
from django.apps import apps
from rest_framework.test import APIClient

from solver import deal

pytestmark = pytest.mark.django_db(transaction=True)

SCHEMA = Path(__file__).with_name("openapi.yaml")
SEED_A = next(s for s in range(100) if deal(s).side == "A")
FOREIGN = "http://evil.example"
# OAuth2's token and revocation endpoints are an app's, called with its
# client credentials and no cookie (RFC 6749): no session, so no CSRF check.
OAUTH_CLIENT_ENDPOINTS = {"oauth/token/", "oauth/revoke_token/"}


def unsafe_operations() -> list[tuple[str, str]]:
    paths = yaml.safe_load(SCHEMA.read_text())["paths"]
    return [
        (method.upper(), path)
        for path, operations in paths.items()
        for method in operations
        if method in ("post", "put", "patch", "delete")
    ]


def row_counts() -> dict[str, int]:
    return {
        model._meta.label: model.objects.count()
        for model in apps.get_models()
        if model._meta.app_label not in ("sessions", "contenttypes", "auth", "admin", "axes")
    }


def player(kind: str, django_user_model) -> tuple[APIClient, dict]:
    """A client of a guest or an account that owns a game, the token left out
    of its requests unless a test sends it."""
    client = APIClient(enforce_csrf_checks=True)
    if kind == "account":
        client.force_login(django_user_model.objects.create_user(f"csrf-{kind}", password="a-long-password-3"))
    client.get("/api/puzzles/themes/")  # the API sets the csrftoken cookie
    token = client.cookies["csrftoken"].value
    response = client.post("/api/games/", {"seed": SEED_A, "human": "A"}, format="json", HTTP_X_CSRFTOKEN=token)
    assert response.status_code == 201, response.content
    return client, response.json()


def test_the_schema_lists_the_state_changing_endpoints():
    operations = unsafe_operations()
    assert ("POST", "/api/games/{game_id}/resign/") in operations
    assert len(operations) >= 15


@pytest.mark.parametrize("kind", ["guest", "account"])
def test_a_foreign_origin_without_the_token_is_refused_everywhere(kind, django_user_model, no_tasks):
    client, game = player(kind, django_user_model)
    before = row_counts()
    refused = []
    for method, path in unsafe_operations():
        url = re.sub(r"\{game_id\}", str(game["id"]), path)
        url = re.sub(r"\{\w+\}", "1", url)
        response = client.generic(
            method,
            url,
            '{"move": "00", "ply": 0, "seed": 1, "mode": "streak"}',
            content_type="application/json",
            HTTP_ORIGIN=FOREIGN,
        )
        assert response.status_code == 403, (method, url, response.status_code, response.content)
        assert "CSRF" in response.json()["error"], response.content
        refused.append(url)
    assert len(refused) == len(unsafe_operations())
    assert row_counts() == before
    assert client.get(f"/api/games/{game['id']}/").json()["status"] != "over"


@pytest.mark.parametrize("kind", ["guest", "account"])
def test_the_same_request_with_the_token_is_taken(kind, django_user_model, no_tasks):
    client, game = player(kind, django_user_model)
    token = client.cookies["csrftoken"].value
    response = client.post(f"/api/games/{game['id']}/resign/", HTTP_ORIGIN="http://testserver", HTTP_X_CSRFTOKEN=token)
    assert response.status_code == 200, response.content
    assert response.json()["status"] == "over"


def test_a_refusal_sets_the_cookie_a_scripted_client_then_sends():
    client = APIClient(enforce_csrf_checks=True)
    response = client.post("/api/games/", {"seed": SEED_A}, format="json")
    assert response.status_code == 403
    assert "X-CSRFToken" in response.json()["error"]
    token = response.cookies["csrftoken"].value
    response = client.post("/api/games/", {"seed": SEED_A}, format="json", HTTP_X_CSRFTOKEN=token)
    assert response.status_code == 201, response.content


def page_paths(game_id: int) -> list[str]:
    """Every page of the site (not the API, the admin or the docs), its ids
    filled in with the player's game or 1."""
    from django.urls import URLPattern, URLResolver, get_resolver

    def walk(patterns, prefix: str = "") -> list[str]:
        out = []
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if isinstance(pattern, URLResolver):
                out += walk(pattern.url_patterns, route)
            elif isinstance(pattern, URLPattern):
                out.append(route)
        return out

    paths = []
    for route in walk(get_resolver().url_patterns):
        if route.startswith(("api", "^api", "admin", "jsi18n", "favicon")) or "(?P" in route or route.startswith("^"):
            continue
        if route in OAUTH_CLIENT_ENDPOINTS:
            continue
        path = "/" + re.sub(r"<id:game_id>", str(game_id), route)
        paths.append(re.sub(r"<\w+:\w+>", "1", path))
    return paths


@pytest.mark.parametrize("kind", ["guest", "account"])
def test_every_page_refuses_a_foreign_post_without_the_token(kind, django_user_model, no_tasks):
    client, game = player(kind, django_user_model)
    paths = page_paths(game["id"])
    assert f"/play/{game['id']}/resign/" in paths
    assert "/accounts/logout/" in paths
    assert len(paths) > 25
    before = row_counts()
    for path in paths:
        response = client.post(path, {"move": "00", "ply": 0}, HTTP_ORIGIN=FOREIGN)
        assert response.status_code == 403, (path, response.status_code)
    assert row_counts() == before
    assert client.get(f"/api/games/{game['id']}/").json()["status"] != "over"
