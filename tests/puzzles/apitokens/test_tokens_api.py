"""The tokens API and page: an account makes a token (its text shown once),
lists and revokes it; a guest and a token itself are refused; each token has
its own rate limit."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient
from rest_framework.throttling import SimpleRateThrottle

from puzzles.apitokens.models import PersonalToken
from puzzles.apitokens.services import MAX_TOKENS, create_personal_token

pytestmark = pytest.mark.django_db(transaction=True)


def bearer(text: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {text}")
    return client


def test_make_list_and_revoke_through_the_api(account):
    ann = account("ann")
    made = ann.post("/api/account/tokens/", {"name": "my bot", "scopes": ["play", "read"]}, format="json")
    assert made.status_code == 201, made.content
    body = made.json()
    assert made["Cache-Control"] == "no-store"
    secret = body["secret"]
    assert secret.startswith("od_")
    assert body["token"]["scopes"] == ["read", "play"]
    assert body["token"]["hint"] == secret[:9]
    listed = ann.get("/api/account/tokens/").json()
    assert [t["name"] for t in listed["tokens"]] == ["my bot"]
    assert secret not in str(listed)  # never shown again
    assert [s["name"] for s in listed["scopes"]] == ["read", "play", "challenge", "bot"]
    assert all(s["description"] for s in listed["scopes"])
    assert bearer(secret).get("/api/games/").status_code == 200
    gone = ann.delete(f"/api/account/tokens/{body['token']['id']}/")
    assert gone.status_code == 204
    assert ann.get("/api/account/tokens/").json()["tokens"] == []
    assert bearer(secret).get("/api/games/").status_code == 401


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"name": "", "scopes": ["read"]}, "name"),
        ({"name": "x", "scopes": []}, "scope"),
        ({"name": "x", "scopes": ["admin"]}, "admin"),
        ({"name": "x" * 61, "scopes": ["read"]}, "name"),
    ],
)
def test_bad_input_is_a_400_that_says_why(account, body, words):
    response = account("ann").post("/api/account/tokens/", body, format="json")
    assert response.status_code == 400
    assert words in response.json()["error"]
    assert not PersonalToken.objects.exists()


def test_at_most_so_many_tokens(account):
    ann = account("ann")
    for n in range(MAX_TOKENS):
        create_personal_token(ann.user, name=f"t{n}", scopes=["read"])
    response = ann.post("/api/account/tokens/", {"name": "one more", "scopes": ["read"]}, format="json")
    assert response.status_code == 409
    assert "revoke one" in response.json()["error"]


def test_guests_and_tokens_may_not_manage_tokens(account, api):
    assert api.get("/api/account/tokens/").status_code == 403
    assert api.post("/api/account/tokens/", {"name": "x", "scopes": ["read"]}, format="json").status_code == 403
    ann = account("ann")
    token, text = create_personal_token(ann.user, name="all", scopes=["read", "play", "challenge", "bot"])
    as_token = bearer(text)
    for response in (
        as_token.get("/api/account/tokens/"),
        as_token.post("/api/account/tokens/", {"name": "x", "scopes": ["read"]}, format="json"),
        as_token.delete(f"/api/account/tokens/{token.pk}/"),
    ):
        assert response.status_code == 403
        assert "API tokens may not do this" in response.json()["error"]
    assert PersonalToken.objects.get(pk=token.pk).revoked_at is None


def test_another_accounts_token_is_not_found(account):
    ann, bob = account("ann"), account("bob")
    token, _ = create_personal_token(ann.user, name="ann's", scopes=["read"])
    assert bob.delete(f"/api/account/tokens/{token.pk}/").status_code == 404
    assert PersonalToken.objects.get(pk=token.pk).revoked_at is None


def test_each_token_has_its_own_rate_limit(account, monkeypatch):
    rates = {**SimpleRateThrottle.THROTTLE_RATES, "token": "3/min"}
    monkeypatch.setattr(SimpleRateThrottle, "THROTTLE_RATES", rates)
    ann = account("ann")
    _, first = create_personal_token(ann.user, name="one", scopes=["read"])
    _, second = create_personal_token(ann.user, name="two", scopes=["read"])
    for _ in range(3):
        assert bearer(first).get("/api/games/").status_code == 200
    over = bearer(first).get("/api/games/")
    assert over.status_code == 429
    assert "error" in over.json()
    assert int(over["Retry-After"]) > 0
    assert bearer(second).get("/api/games/").status_code == 200  # counted apart
    assert ann.get("/api/games/").status_code == 200  # the browser session is not a token


def test_the_page_makes_a_token_and_shows_it_once(account):
    from django.test import Client

    ann = account("ann")
    page = Client()
    page.force_login(ann.user)
    assert "API tokens" in page.get("/").content.decode()  # the account's link
    made = page.post("/account/tokens/", {"name": "script", "scopes": ["read", "challenge"]})
    assert made.status_code == 200
    token = PersonalToken.objects.get(user=ann.user)
    html = made.content.decode()
    secret = html.split('data-testid="new-token">')[0].rsplit('value="', 1)[1].split('"')[0]
    assert secret.startswith("od_")
    assert token.scope_list == ["read", "challenge"]
    assert bearer(secret).get("/api/games/").status_code == 200
    again = page.get("/account/tokens/").content.decode()
    assert "script" in again
    assert secret not in again
    page.post(f"/account/tokens/{token.pk}/revoke/")
    assert bearer(secret).get("/api/games/").status_code == 401


def test_the_page_needs_an_account():
    from django.test import Client

    response = Client().get("/account/tokens/")
    assert response.status_code == 302
    assert "/accounts/login/" in response["Location"]
