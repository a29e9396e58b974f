"""The API against its own OpenAPI schema (schemathesis): for a bounded
number of generated requests per endpoint, no answer is a server error,
every answer's status is one the schema documents for its operation, and
every answer matches the schema."""
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
        checks=[
            schemathesis.checks.not_a_server_error,
            schemathesis.checks.status_code_conformance,
            schemathesis.checks.response_schema_conformance,
        ],
    )


def test_every_operation_documents_the_errors_the_shared_layers_answer(client):
    """Each operation lists its own errors; the rate limit, a too long
    address, and for a body the malformed, too large and wrong-type answers
    (and 404 for a path's id) are added to each, as ``{"error"}``."""
    document = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    operations = [(path, method, op) for path, item in document["paths"].items() for method, op in item.items()]
    assert len(operations) > 30
    for path, method, operation in operations:
        codes = set(operation["responses"])
        assert {"429", "414"} <= codes, (method, path)
        if method == "post":
            assert {"400", "403", "413", "415"} <= codes, (method, path)
        if "{" in path:
            assert "404" in codes, (method, path)
        error = operation["responses"]["429"]["content"]["application/json"]["schema"]
        assert error == {"$ref": "#/components/schemas/Error"}
