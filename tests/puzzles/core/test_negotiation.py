"""A ``?format=`` the endpoint cannot answer in is a 400 that says which it
can, as any malformed query parameter is (DRF answered a bare 404)."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_an_unknown_format_is_a_400_naming_the_formats(client):
    response = client.get("/api/puzzles/themes/?format=xml")
    assert response.status_code == 400
    assert response.json()["error"].startswith("The format parameter is one of: json")  # (and api when DEBUG)
    stream = client.get("/api/stream/events?format=AAA")  # two renderers: JSON and NDJSON
    assert stream.status_code == 400
    assert stream.json() == {"error": "The format parameter is one of: json, ndjson."}  # the view's own renderers


def test_a_known_format_answers(client):
    assert client.get("/api/puzzles/themes/?format=json").status_code == 200
