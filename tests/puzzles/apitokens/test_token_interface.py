"""The tokens' interface the other apps build on: a bearer token
authenticates its account, ``request.auth`` is its grant, its scopes are
checked (a move needs ``play``), a revoked or unknown token is a 401, and a
bearer request needs no CSRF token."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from puzzles.apitokens.grants import Grant
from puzzles.apitokens.models import PREFIX, PersonalToken
from puzzles.apitokens.services import create_personal_token, revoke_token
from solver import deal

pytestmark = pytest.mark.django_db(transaction=True)

SEED_A = next(s for s in range(100) if deal(s).side == "A")  # the human (A) moves first


def bearer(text: str) -> APIClient:
    client = APIClient(enforce_csrf_checks=True)
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {text}")
    return client


@pytest.fixture
def ann(django_user_model):
    return django_user_model.objects.create_user("ann", password="a-long-pass-phrase-29")


def test_the_token_is_shown_once_and_stored_hashed(ann):
    token, text = create_personal_token(ann, name="my bot", scopes=["play", "read"])
    assert text.startswith(PREFIX)
    assert len(text) > 40
    stored = PersonalToken.objects.get(pk=token.pk)
    assert text not in {stored.digest, stored.hint, stored.name}
    assert stored.hint == text[:9]
    assert stored.scope_list == ["read", "play"]  # in the scopes' own order


def test_a_token_authenticates_its_account_with_its_grant(ann):
    from rest_framework.request import Request
    from rest_framework.test import APIRequestFactory

    from puzzles.apitokens.authentication import TokenAuthentication

    token, text = create_personal_token(ann, name="reader", scopes=["read"])
    request = Request(APIRequestFactory().get("/api/games/", HTTP_AUTHORIZATION=f"Bearer {text}"))
    user, grant = TokenAuthentication().authenticate(request)
    assert user == ann
    assert grant == Grant(scopes=frozenset({"read"}), token_id=token.pk, kind="personal")
    assert PersonalToken.objects.get(pk=token.pk).last_used_at is not None


def test_a_move_needs_the_play_scope(ann):
    _, reader = create_personal_token(ann, name="reader", scopes=["read"])
    _, player = create_personal_token(ann, name="player", scopes=["read", "play"])
    made = bearer(player).post("/api/games/", {"seed": SEED_A, "human": "A"}, format="json")
    assert made.status_code == 201, made.content  # no CSRF token: a bearer request needs none
    game = made.json()
    move = {"move": game["legal_moves"][0], "ply": game["ply"]}
    refused = bearer(reader).post(f"/api/games/{game['id']}/moves/", move, format="json")
    assert refused.status_code == 403
    assert refused.json() == {"error": "this token lacks the play scope"}
    assert bearer(reader).get(f"/api/games/{game['id']}/").json()["ply"] == 0  # reading is allowed, and nothing moved
    played = bearer(player).post(f"/api/games/{game['id']}/moves/", move, format="json")
    assert played.status_code in (200, 201), played.content


def test_a_revoked_or_unknown_token_is_401(ann):
    token, text = create_personal_token(ann, name="soon gone", scopes=["read"])
    assert bearer(text).get("/api/games/").status_code == 200
    revoke_token(ann, token.pk)
    response = bearer(text).get("/api/games/")
    assert response.status_code == 401
    assert "revoked" in response.json()["error"]
    assert bearer(PREFIX + "x" * 43).get("/api/games/").status_code == 401
    assert bearer("not-a-token").get("/api/games/").status_code == 401


def test_a_token_without_read_reads_nothing(ann):
    _, text = create_personal_token(ann, name="player only", scopes=["play"])
    response = bearer(text).get("/api/games/")
    assert response.status_code == 403
    assert response.json() == {"error": "this token lacks the read scope"}


def test_a_session_is_unaffected(ann):
    client = APIClient()
    client.force_login(ann)
    assert client.get("/api/games/").status_code == 200


def test_a_closed_accounts_token_is_401(ann):
    _, text = create_personal_token(ann, name="bot", scopes=["read"])
    ann.is_active = False
    ann.save()
    response = bearer(text).get("/api/games/")
    assert response.status_code == 401
    assert "closed" in response.json()["error"]


def test_an_expired_oauth_token_is_401(ann):
    from datetime import timedelta

    from django.utils import timezone
    from oauth2_provider.models import get_access_token_model

    model = get_access_token_model()
    token = model(user=ann, scope="read play", expires=timezone.now() + timedelta(hours=1))
    from oauth2_provider.models import set_token_value

    set_token_value(token, "an-oauth-access-token-of-32-chars")
    token.save()
    ok = bearer("an-oauth-access-token-of-32-chars").get("/api/games/")
    assert ok.status_code == 200
    model.objects.filter(pk=token.pk).update(expires=timezone.now() - timedelta(seconds=1))
    assert bearer("an-oauth-access-token-of-32-chars").get("/api/games/").status_code == 401
