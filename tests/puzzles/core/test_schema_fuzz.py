"""The API against its own OpenAPI schema (schemathesis): for a bounded
number of generated requests per endpoint, no answer is a server error and
every answer whose status the schema documents matches the schema."""
from __future__ import annotations

import pytest
import schemathesis
from hypothesis import HealthCheck, settings

from config.wsgi import application

schema = schemathesis.openapi.from_wsgi("/api/schema/", application)

pytestmark = pytest.mark.django_db(transaction=True)


@schema.parametrize()
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_the_api_keeps_its_contract(case):
    response = case.call()
    assert response.status_code < 500, (case.method, case.formatted_path, response.status_code, response.text[:500])
    case.validate_response(
        response,
        checks=[schemathesis.checks.not_a_server_error, schemathesis.checks.response_schema_conformance],
    )
