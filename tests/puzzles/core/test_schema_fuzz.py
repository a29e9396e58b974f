"""The API against its own OpenAPI schema (schemathesis): for a bounded
number of generated requests per endpoint, no answer is a server error,
every answer's status is one the schema documents for its operation, and
every answer matches the schema."""

from __future__ import annotations

import pytest
import schemathesis
from django.test import Client
from hypothesis import HealthCheck, settings

from config.wsgi import application


def site(environ, start_response):
    """The site as the fuzzing client calls it, an NDJSON stream (a bot's) cut
    after its first chunk as by a client that leaves: a stream is held open
    for good, and the test client reads every body to its end."""
    media = []

    def start(status, headers, *exc_info):
        media.append(dict((name.lower(), value) for name, value in headers).get("content-type", ""))
        return start_response(status, headers, *exc_info)

    body = application(environ, start)
    if not media or not media[0].startswith("application/x-ndjson"):
        return body

    def first_chunk():
        try:
            yield next(iter(body), b"")
        finally:
            body.close()

    return first_chunk()


schema = schemathesis.openapi.from_wsgi("/api/schema/", site)

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(params=["no cookie", "guest", "account"])
def identity(request, django_user_model) -> dict[str, dict[str, str]]:
    """The headers of a client: none; a guest's session with a game and its
    CSRF token; an account's. (Without the token every POST is a 403 and
    never reaches the view.)"""
    if request.param == "no cookie":
        return {"headers": {}, "cookies": {}}
    client = Client()
    if request.param == "account":
        client.force_login(django_user_model.objects.create_user("fuzzer", password="a-long-password-5"))
    client.get("/api/puzzles/themes/")  # sets the CSRF cookie
    token = client.cookies["csrftoken"].value
    made = client.post("/api/games/", {"seed": 5}, content_type="application/json", HTTP_X_CSRFTOKEN=token)
    assert made.status_code == 201, made.content
    cookies = {name: morsel.value for name, morsel in client.cookies.items()}
    return {"headers": {"X-CSRFToken": token}, "cookies": cookies}


@schema.parametrize()
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck), derandomize=True)
def test_the_api_keeps_its_contract(case, identity):
    response = case.call(headers=identity["headers"], cookies=identity["cookies"])
    if identity["cookies"]:  # the session's requests reach the views, not the CSRF check
        assert "CSRF" not in response.text, (case.method, case.formatted_path, response.text[:300])
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
