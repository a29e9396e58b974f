"""The API's JSON parser: the body must be at most ``MAX_BODY_BYTES`` of
UTF-8 JSON, without lone surrogates (they cannot be written back in an error
message) and nested at most ``MAX_DEPTH`` deep (deeper JSON is no input of
this API, and would exhaust the parser's recursion).  Anything else is a 400
(413 for a body too large) that says what is wrong."""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings
from rest_framework import status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import JSONParser

MAX_DEPTH = 32


class PayloadTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_detail = "the request body is too large"
    default_code = "too_large"


def max_body_bytes() -> int:
    return int(getattr(settings, "OD_API_MAX_BODY_BYTES", 1 << 20))


def check_json(value: Any, depth: int = 0) -> None:
    """Raise ``ParseError`` for JSON nested too deep or holding a lone surrogate."""
    if depth > MAX_DEPTH:
        raise ParseError(f"the JSON body is nested more than {MAX_DEPTH} levels deep")
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            raise ParseError("the JSON body holds a lone surrogate (\\ud800-\\udfff), which is not text") from None
    elif isinstance(value, dict):
        for key, item in value.items():
            check_json(key, depth + 1)
            check_json(item, depth + 1)
    elif isinstance(value, list):
        for item in value:
            check_json(item, depth + 1)


class StrictJSONParser(JSONParser):
    def parse(self, stream: Any, media_type: str | None = None, parser_context: Any = None) -> Any:
        limit = max_body_bytes()
        raw = stream.read(limit + 1) if stream is not None else b""
        if len(raw) > limit:
            raise PayloadTooLarge(f"the request body is larger than {limit} bytes")
        try:
            data = json.loads(raw.decode("utf-8"))
        except RecursionError:
            raise ParseError(f"the JSON body is nested more than {MAX_DEPTH} levels deep") from None
        except UnicodeDecodeError:
            raise ParseError("the body is not UTF-8 text") from None
        except ValueError as exc:
            raise ParseError(f"the body is not valid JSON: {exc}") from None
        check_json(data)
        return data
