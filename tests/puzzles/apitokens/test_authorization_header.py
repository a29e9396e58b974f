"""The Authorization header as the API reads it: its first word is the
scheme; any other scheme than Bearer is ignored (the session, and its CSRF
check, apply as without the header), while a Bearer header that names no
valid token is a 401, never a guest's request."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def ann_client(django_user_model) -> APIClient:
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(django_user_model.objects.create_user("ann", password="a-long-pass-phrase-29"))
    return client


@pytest.mark.parametrize("header", ["", "Basic YW5uOng=", "Token abc", "Bearerish abc", "Digest"])
def test_another_scheme_leaves_the_session_and_its_csrf_check(ann_client, header):
    assert ann_client.get("/api/notifications/", HTTP_AUTHORIZATION=header).status_code == 200  # ann's, as without
    refused = ann_client.post("/api/notifications/read/", {}, format="json", HTTP_AUTHORIZATION=header)
    assert refused.status_code == 403
    assert "CSRF" in refused.json()["error"]


@pytest.mark.parametrize("header", ["Bearer", "bearer   ", "Bearer two words", "BEARER not-a-token"])
def test_a_bearer_header_without_a_valid_token_is_401(ann_client, header):
    response = ann_client.get("/api/notifications/", HTTP_AUTHORIZATION=header)
    assert response.status_code == 401
    assert response["WWW-Authenticate"] == 'Bearer realm="api"'
    assert set(response.json()) == {"error"}
