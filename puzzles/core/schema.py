"""The errors every API endpoint can answer, added to each operation of the
OpenAPI schema after drf-spectacular has built it (a postprocessing hook):
each view documents its own errors (a bad move, a game that is over), and
this documents what the site's shared layers answer for any of them, so that
a client (and the schema tests) knows every status it can meet.

- any operation: 429 (a rate limit: puzzles/core/throttles.py), 414 (an
  address that is too long: puzzles/core/middleware.py), 401 (a bearer token
  unknown, expired or revoked, or a malformed Bearer header) and 403 (a
  token without the scope the operation needs: puzzles/apitokens);
- an operation with a body: 400 (a body that is no JSON, or nested too
  deep, or not valid text, or a value of another JSON type than the schema
  states), 413 (too large) and 415 (not JSON, nor multipart where the
  endpoint takes an uploaded file: form-encoded bodies are never read);
- a POST (and any other unsafe method): 403 for a browser session's
  request without its CSRF token;
- an operation with query parameters: 400 (a parameter that is no number
  where one is needed, for instance);
- an operation with a path parameter: 404 (no such object, or not yours).
"""

from __future__ import annotations

from typing import Any

_SHARED = {
    "429": "Too many requests from this client in a short time (the answer's Retry-After says when to come back).",
    "414": "The address is too long.",
    "401": "An API token (Authorization: Bearer) that is unknown, expired or revoked, or a Bearer header that "
    "is not Bearer <token> (the answer's WWW-Authenticate names the scheme; another scheme is ignored).",
    "403": "A request with an API token that lacks the scope this needs, or with any token where only the "
    "site's pages may act (the error says which).",
}
_BODY = {
    "400": "Bad input: the body is not valid JSON, or a field is missing or wrong, or of another JSON type than "
    'the schema states (a boolean is true or false, not 0, 1 or "yes"; a number is no string) (the error '
    "says which).",
    "413": "The body is too large.",
    "415": "The body is not of a media type the endpoint reads: application/json (form-encoded bodies are not "
    "read), or multipart/form-data where the endpoint takes an uploaded file.",
}
_UNSAFE = {
    "403": "A request without its CSRF token (the X-CSRFToken header: the csrftoken cookie's value, which every answer of the API sets)."
}
_QUERY = {"400": "Bad input: a query parameter is malformed (the error says which)."}
_PATH = {"404": "No such object, or one that is not yours."}


def _error(description: str) -> dict[str, Any]:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    }


def add_shared_errors(result: dict[str, Any], generator: Any, request: Any, public: bool) -> dict[str, Any]:
    """The hook (``POSTPROCESSING_HOOKS``): adds each shared error an operation
    does not document already; an operation's own description of a status wins,
    except that an operation's own 403 also says the CSRF check's and a token's."""
    if "Error" not in result.get("components", {}).get("schemas", {}):
        return result
    for item in result.get("paths", {}).values():
        for method, operation in item.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            where = {parameter.get("in") for parameter in operation.get("parameters", [])}
            errors = dict(_SHARED)
            if "requestBody" in operation or method in ("post", "put", "patch"):
                errors.update(_BODY)
            if method in ("post", "put", "patch", "delete"):
                errors["403"] = f"{_UNSAFE['403']} Or: {_SHARED['403'][0].lower()}{_SHARED['403'][1:]}"
            if "query" in where:
                errors.update(_QUERY)
            if "path" in where:
                errors.update(_PATH)
            for code, description in errors.items():
                own = operation["responses"].get(code)
                if own is None:
                    operation["responses"][code] = _error(description)
                elif code == "403" and description not in own.get("description", ""):
                    # a refusal of the operation's own, and the CSRF check's or a token's: all its 403s
                    own["description"] = (
                        f"{own.get('description', '').rstrip()} Or: {description[0].lower()}{description[1:]}"
                    )
    return result
