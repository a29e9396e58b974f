"""OAuth2 for third-party apps: a developer registers an app, a player is
asked on the site's consent page and allows it, the app swaps the code for
an access token with its PKCE verifier, and the token works within its
scopes until the player (or the app) revokes it."""

from __future__ import annotations

import base64
import hashlib
import re
import secrets
from urllib.parse import parse_qs, urlencode, urlsplit

import pytest
from django.test import Client
from oauth2_provider.models import get_access_token_model, get_application_model
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db(transaction=True)

REDIRECT = "https://app.example/callback"


def logged_in(django_user_model, name: str) -> Client:
    user = django_user_model.objects.create_user(name, password=f"pw-{name}-12345")
    client = Client()
    client.force_login(user)
    client.user = user
    return client


def bearer(text: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {text}")
    return client


def pkce() -> tuple[str, str]:
    verifier = secrets.token_urlsafe(48)
    challenge = base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()
    return verifier, challenge


@pytest.fixture
def app(django_user_model):
    """A public app registered on the developer's page."""
    developer = logged_in(django_user_model, "dev")
    page = developer.post(
        "/account/apps/", {"name": "Domino Buddy", "redirect_uris": REDIRECT, "client_type": "public"}
    )
    assert page.status_code == 200
    made = get_application_model().objects.get(user=developer.user)
    assert made.client_id in page.content.decode()
    return made


def authorize_query(app, challenge: str | None, scope: str = "read play") -> str:
    query = {"response_type": "code", "client_id": app.client_id, "redirect_uri": REDIRECT, "scope": scope}
    query["state"] = "s-42"
    if challenge:
        query.update(code_challenge=challenge, code_challenge_method="S256")
    return "/oauth/authorize/?" + urlencode(query)


def consent(player: Client, app, challenge: str, scope: str = "read play") -> str:
    """The player allows the app on the consent page: the code it is sent back with."""
    page = player.get(authorize_query(app, challenge, scope))
    assert page.status_code == 200
    form = dict(re.findall(r'<input type="hidden" name="([a-z_]+)" value="([^"]*)"', page.content.decode()))
    answer = player.post("/oauth/authorize/", {**form, "allow": "on"})
    assert answer.status_code == 302, answer.content
    sent_back = urlsplit(answer["Location"])
    assert f"{sent_back.scheme}://{sent_back.netloc}{sent_back.path}" == REDIRECT
    query = parse_qs(sent_back.query)
    assert query["state"] == ["s-42"]
    return query["code"][0]


def swap(app, code: str, verifier: str) -> dict:
    response = Client().post(
        "/oauth/token/",
        {
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": REDIRECT,
            "client_id": app.client_id,
            "code_verifier": verifier,
        },
    )
    assert response.status_code == 200, response.content
    return response.json()


def test_the_consent_page_says_what_the_app_asks(django_user_model, app):
    player = logged_in(django_user_model, "ann")
    _, challenge = pkce()
    page = player.get(authorize_query(app, challenge))
    html = page.content.decode()
    assert "Domino Buddy" in html
    assert "Play your games" in html  # the play scope, explained
    assert "challenges and seeks" not in html  # not asked for
    assert "https://app.example" in page["Content-Security-Policy"]  # the form's answer may go there


def test_pkce_is_required(django_user_model, app):
    player = logged_in(django_user_model, "ann")
    response = player.get(authorize_query(app, None))
    assert response.status_code == 302  # sent back to the app with the error, and no code
    assert response["Location"].startswith(REDIRECT + "?error=invalid_request")
    assert "Code+challenge+required" in response["Location"]
    assert "code=" not in response["Location"]


def test_a_wrong_verifier_gets_no_token(django_user_model, app):
    player = logged_in(django_user_model, "ann")
    _, challenge = pkce()
    code = consent(player, app, challenge)
    response = Client().post(
        "/oauth/token/",
        {
            "grant_type": "authorization_code",
            "code": code,
            "redirect_uri": REDIRECT,
            "client_id": app.client_id,
            "code_verifier": secrets.token_urlsafe(48),
        },
    )
    assert response.status_code == 400
    assert not get_access_token_model().objects.exists()


def test_the_whole_flow_and_revoking(django_user_model, app):
    player = logged_in(django_user_model, "ann")
    verifier, challenge = pkce()
    tokens = swap(app, consent(player, app, challenge), verifier)
    assert set(tokens["scope"].split()) == {"read", "play"}
    access = tokens["access_token"]
    assert not get_access_token_model().objects.filter(token=access).exists()  # kept as its SHA-256 only
    assert bearer(access).get("/api/games/").status_code == 200
    refused = bearer(access).post("/api/seeks/", {}, format="json")
    assert refused.status_code == 403
    assert refused.json() == {"error": "this token lacks the challenge scope"}
    # The player sees the app among those authorised, and takes its access away.
    page = player.get("/account/tokens/").content.decode()
    assert "Domino Buddy" in page
    player.post(f"/account/authorised/{app.pk}/revoke/")
    assert bearer(access).get("/api/games/").status_code == 401
    assert "Domino Buddy" not in player.get("/account/tokens/").content.decode().split("Apps you authorised")[1]


def test_the_app_revokes_its_token(django_user_model, app):
    player = logged_in(django_user_model, "ann")
    verifier, challenge = pkce()
    access = swap(app, consent(player, app, challenge), verifier)["access_token"]
    revoked = Client().post("/oauth/revoke_token/", {"token": access, "client_id": app.client_id})
    assert revoked.status_code == 200
    assert bearer(access).get("/api/games/").status_code == 401


def test_a_denied_request_gets_no_code(django_user_model, app):
    player = logged_in(django_user_model, "ann")
    _, challenge = pkce()
    page = player.get(authorize_query(app, challenge))
    form = dict(re.findall(r'<input type="hidden" name="([a-z_]+)" value="([^"]*)"', page.content.decode()))
    answer = player.post("/oauth/authorize/", form)
    assert answer.status_code == 302
    assert "error=access_denied" in answer["Location"]
    assert "code=" not in answer["Location"]


def test_apps_page_refuses_a_plain_http_redirect(django_user_model):
    developer = logged_in(django_user_model, "dev")
    page = developer.post("/account/apps/", {"name": "Bad", "redirect_uris": "http://evil.example/cb"}, follow=True)
    assert "is not a redirect address" in page.content.decode()
    assert not get_application_model().objects.exists()


def test_a_refresh_token_is_used_once(django_user_model, app):
    player = logged_in(django_user_model, "ann")
    verifier, challenge = pkce()
    first = swap(app, consent(player, app, challenge), verifier)
    body = {"grant_type": "refresh_token", "refresh_token": first["refresh_token"], "client_id": app.client_id}
    renewed = Client().post("/oauth/token/", body)
    assert renewed.status_code == 200, renewed.content
    fresh = renewed.json()["access_token"]
    assert bearer(fresh).get("/api/games/").status_code == 200
    replayed = Client().post("/oauth/token/", body)  # the old refresh token again: a thief's, perhaps
    assert replayed.status_code == 400
    assert bearer(fresh).get("/api/games/").status_code == 401  # the whole family revoked
