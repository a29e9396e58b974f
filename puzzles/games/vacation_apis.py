"""The API of an account's vacation from its correspondence games (``vacations``)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.core.api import error_response, validated
from puzzles.core.errors import ApplicationError

from . import vacations


class VacationInputSerializer(serializers.Serializer[Any]):
    on = serializers.BooleanField(help_text="true: go on vacation; false: come back.")


class VacationStateSerializer(serializers.Serializer[Any]):
    on = serializers.BooleanField(help_text="Whether the account is on vacation now.")
    since = serializers.IntegerField(allow_null=True, help_text="Since when (ms since 1970); null: not on vacation.")
    seconds_left = serializers.IntegerField(help_text="The seconds of this year's vacation left.")
    allowance_days = serializers.FloatField(help_text="The days of vacation a calendar year (OD_VACATION_DAYS).")
    server_time = serializers.IntegerField(help_text="The server's time (ms since 1970).")


def _user(request: Request) -> Any:
    if not request.user.is_authenticated:
        raise ApplicationError(_("log in to take a vacation from your correspondence games"), status_code=403)
    return request.user


class VacationApi(APIView):
    @extend_schema(
        summary="Your vacation from correspondence games",
        responses={200: VacationStateSerializer, **error_response(403, "A guest (vacation is an account's).")},
    )
    def get(self, request: Request) -> Response:
        return Response(vacations.vacation_state(_user(request)))

    @extend_schema(
        summary="Go on vacation, or come back",
        description=(
            "While on vacation (OD_VACATION_DAYS a calendar year, 14), the deadlines of your correspondence "
            "turns wait; coming back moves each of them on by the vacation time used. Live games are not "
            "touched. 409 when already on (or off) vacation, or with no day left this year."
        ),
        request=VacationInputSerializer,
        responses={
            200: VacationStateSerializer,
            **error_response(403, "A guest."),
            **error_response(409, "On (or off) vacation already, or no day left."),
        },
    )
    def post(self, request: Request) -> Response:
        data = validated(VacationInputSerializer, request)  # a bad body says what is wrong, whoever sends it
        user = _user(request)
        return Response(vacations.vacation_start(user) if data["on"] else vacations.vacation_end(user))
