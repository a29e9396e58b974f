"""What every API view shares: the one exception handler that turns every
error into ``{"error": "<what is wrong>"}``, input validation, long polling,
and the error shapes for the OpenAPI schema."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.core.exceptions import RequestDataTooBig
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.urls import Resolver404, resolve
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.csrf import csrf_failure as django_csrf_failure
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema_field
from rest_framework import serializers, status
from rest_framework.exceptions import APIException, UnsupportedMediaType, ValidationError
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from solver.errors import DominoError

from . import events
from .contract import check_json_types, move_field
from .errors import ApplicationError
from .middleware import is_api


@extend_schema_field(
    {
        "oneOf": [
            {"type": "integer", "minimum": 0, "maximum": 2**64 - 1},
            {"type": "string", "pattern": "^[0-9]{1,20}$", "maxLength": 24},
        ],
        "nullable": True,
    }
)
class SeedField(serializers.CharField):
    """A deal's or a match's seed: a JSON number or a string of digits (the
    schema says both), read as the string the services parse."""

    json_types = ((int, str), gettext_lazy("a number or a string of digits"))

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(max_length=24, required=False, allow_null=True, **kwargs)

    def to_internal_value(self, data: Any) -> str:
        if isinstance(data, int) and not isinstance(data, bool):
            data = str(data)
        return str(super().to_internal_value(data))


class ErrorSerializer(serializers.Serializer[Any]):
    error = serializers.CharField(help_text="What is wrong, in words.")


MOVE_LENGTH, MAX_PLY = 16, 10_000  # a move's longest text, the highest ply


class MoveInputSerializer(serializers.Serializer[Any]):
    move = move_field(max_length=MOVE_LENGTH, help_text="A move: '36', '36R', 'pass'.")
    ply = serializers.IntegerField(
        min_value=0,
        max_value=MAX_PLY,
        help_text="Required: the ply the move is meant for, the number of moves already played when the "
        "client saw the position (a game's `ply`; an attempt's `moves` length; 0 for the first move). If the "
        "game has moved on, the answer is 409 and nothing changes; the same move posted again for the same "
        "ply (a retry) is answered as the first time. Without it: 400.",
    )


def error_response(code: int, description: str) -> dict[int, OpenApiResponse]:
    """An error answer of the schema: ``{code: {"error"}}`` with its meaning."""
    return {code: OpenApiResponse(ErrorSerializer, description=description)}


def _flatten(detail: Any, prefix: str = "") -> list[str]:
    if isinstance(detail, dict):
        out = []
        for key, value in detail.items():
            name = "" if key == "non_field_errors" else f"{key}: "
            out += _flatten(value, prefix + name)
        return out
    if isinstance(detail, list):
        return [m for item in detail for m in _flatten(item, prefix)]
    return [f"{prefix}{detail}"]


def _unread_media_type(context: dict[str, Any]) -> str:
    """A 415's words: the body's media type and those the endpoint reads (the
    JSON APIs read JSON only: a form's fields would not read as JSON's lists,
    numbers and booleans do)."""
    request = context.get("request")
    given = (getattr(request, "content_type", "") or "").split(";")[0].strip() or _("of no media type")
    reads = [parser.media_type for parser in getattr(context.get("view"), "parser_classes", [])]
    return _("the body is %(given)s, which this endpoint does not read: send %(reads)s (Content-Type)") % {
        "given": given,
        "reads": ", ".join(reads) or "application/json",
    }


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Every error as ``{"error": "..."}``: the solver's messages for invalid
    positions and moves, the services' for refused requests, DRF's for bad input."""
    if isinstance(exc, ApplicationError):
        return Response({"error": str(exc)}, status=exc.status_code, headers=exc.headers)
    if isinstance(exc, DominoError):
        return Response({"error": str(exc)}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, Http404):
        return Response({"error": str(exc) or "not found"}, status=status.HTTP_404_NOT_FOUND)
    if isinstance(exc, UnsupportedMediaType):
        return Response({"error": _unread_media_type(context)}, status=status.HTTP_415_UNSUPPORTED_MEDIA_TYPE)
    if isinstance(exc, RequestDataTooBig):
        return Response({"error": "the request body is too large"}, status=status.HTTP_413_REQUEST_ENTITY_TOO_LARGE)
    response = drf_exception_handler(exc, context)
    if response is not None and isinstance(exc, APIException):
        if isinstance(exc, ValidationError):
            response.data = {"error": "; ".join(_flatten(exc.detail)), "fields": exc.detail}
        else:
            response.data = {"error": str(exc.detail)}
    return response


def validated(
    serializer_class: type[serializers.Serializer[Any]], request: Request, data: Any = None
) -> dict[str, Any]:
    """The validated body (or ``data``) of a request; a 400 says what is wrong."""
    data = request.data if data is None else data
    if not isinstance(data, dict):
        raise ValidationError({"non_field_errors": ["the body must be a JSON object"]})
    serializer = serializer_class(data=data)
    check_json_types(serializer, data)  # what the schema states, before DRF's fields coerce it
    serializer.is_valid(raise_exception=True)
    return dict(serializer.validated_data)


UNCHANGED = {304: OpenApiResponse(description="With `wait`: the hold ran out and nothing changed. No body: ask again.")}

# The query of a long-polled GET (``long_poll``), for its schema.
LONG_POLL_PARAMETERS = [
    OpenApiParameter("wait", OpenApiTypes.INT, description="Hold the answer while the version is this."),
    OpenApiParameter("timeout", OpenApiTypes.FLOAT, description="Longest hold in seconds."),
]


def long_poll(request: Request, row: Any, kind: str, version: Callable[[int], int | None]) -> Response | None:
    """Hold the request while ``?wait=<version>`` equals ``row.version`` (at
    most ``?timeout=`` seconds, capped by settings), watching the change
    channel of ``kind`` (``events.channel``) and reading ``version(row.pk)``.
    Returns the answer when the hold ran out with nothing new: 304 and no
    body (the client keeps what it has and asks again; far cheaper than the
    whole resource, which hundreds of idle polls would otherwise fetch).
    Else None, and the view answers with ``row``, read again if it changed."""
    answer, moved = _hold(request, row.version, events.channel(kind, row.pk), lambda: version(row.pk))
    if moved:
        row.refresh_from_db()
    return answer


def long_poll_on(request: Request, current: int, name: str, version: Callable[[], int | None]) -> Response | None:
    """``long_poll`` for a version that is not one row's own (e.g. a
    player's inbox): ``current`` the version now, ``name`` the change channel
    to watch, ``version()`` the version read again on each notice."""
    return _hold(request, current, name, version)[0]


def _hold(request: Request, current: int, name: str, version: Callable[[], int | None]) -> tuple[Response | None, bool]:
    """The 304 of a hold that ran out (else None), and whether the version
    moved on while held."""
    try:
        asked_for = events.wait_asked(request.query_params)
    except ValueError:
        raise ValidationError({"wait": ["wait is a version number and timeout a number of seconds"]}) from None
    if asked_for is None:
        return None, False
    asked, timeout = asked_for
    if current != asked or timeout <= 0:
        return None, False
    if events.wait_for_change(name, version, asked, timeout) == asked:
        return Response(status=status.HTTP_304_NOT_MODIFIED, headers={"Cache-Control": "no-store"}), False
    return None, True


@csrf_exempt  # changes nothing: a POST without its token gets the same 404
def api_not_found(request: HttpRequest, path: str = "") -> JsonResponse:
    """Any path under /api/ that is no endpoint (a non-numeric id, a typo):
    a JSON 404, whatever DEBUG says, never Django's HTML page."""
    error = f"no such API endpoint: {request.path}"
    if not request.path_info.endswith("/"):
        try:
            resolved = resolve(request.path_info + "/")
        except Resolver404:
            resolved = None
        if resolved is not None and resolved.func is not api_not_found:
            error += f" (the address ends with a slash: {request.path}/)"
    return JsonResponse({"error": error}, status=404)


def csrf_failure(request: HttpRequest, reason: str = "") -> HttpResponse:
    """Django's CSRF refusal (``CSRF_FAILURE_VIEW``): ``{"error"}`` under
    /api/, Django's own page elsewhere."""
    if is_api(request):
        return JsonResponse(
            {
                "error": f"CSRF check failed ({reason}): a session's POST sends its csrftoken cookie's value "
                "in an X-CSRFToken header"
            },
            status=403,
        )
    return django_csrf_failure(request, reason)
