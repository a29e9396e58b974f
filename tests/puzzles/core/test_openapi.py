"""The API is a contract: the OpenAPI schema the site serves is the one kept
in ``openapi.yaml`` beside this test.  After a deliberate change of the API,
write the new one with
``.venv/bin/python manage.py spectacular --file tests/puzzles/core/openapi.yaml``."""

from __future__ import annotations

from pathlib import Path

import yaml
from django.test import Client

KEPT = Path(__file__).with_name("openapi.yaml")


def test_the_served_schema_is_the_kept_contract():
    response = Client().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi")
    assert response.status_code == 200
    assert yaml.safe_load(response.content) == yaml.safe_load(KEPT.read_text(encoding="utf-8"))
