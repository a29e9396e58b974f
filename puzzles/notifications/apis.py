"""The notifications API (thin DRF views), for accounts: a guest has no
notices (403).  Every error is ``{"error": "..."}``."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.core.api import LONG_POLL_PARAMETERS, UNCHANGED, error_response, long_poll_on, validated
from puzzles.core.errors import ApplicationError

from . import delivery, emails, presentation, selectors, services
from .serializers import (
    NoticesOutputSerializer,
    PushInputSerializer,
    ReadInputSerializer,
    ReadOutputSerializer,
    SettingsSerializer,
    VapidOutputSerializer,
)

GUEST = error_response(403, "A guest: notices are an account's.")


def _account(request: Request) -> Any:
    if not request.user.is_authenticated:
        raise ApplicationError(_("notices are for accounts: log in (or sign up) to have them"), 403)
    return request.user


class NoticesApi(APIView):
    @extend_schema(
        operation_id="notifications_list",
        summary="Your notices",
        description="The unread count and your newest notices (your turn, a challenge, a game's end, a tournament's "
        "start), in your language.",
        responses={200: NoticesOutputSerializer, **GUEST},
    )
    def get(self, request: Request) -> Response:
        return Response(presentation.state(_account(request)))


class NoticesPollApi(APIView):
    @extend_schema(
        operation_id="notifications_poll",
        summary="Your notices, long-polled",
        description="As `GET /api/notifications/` (the id is 1). With `?wait=<version>` the answer is held until a "
        "notice comes or one is read, at most `timeout` seconds; 304 if not.",
        parameters=LONG_POLL_PARAMETERS,
        responses={200: NoticesOutputSerializer, **UNCHANGED, **GUEST, **error_response(404, "Not 1.")},
    )
    def get(self, request: Request, box_id: int) -> Response:
        user = _account(request)
        if box_id != 1:
            raise ApplicationError(_("The notices are at id 1."), 404)
        unchanged = long_poll_on(
            request, selectors.box_version(user), selectors.box_channel(user), lambda: selectors.box_version(user)
        )
        if unchanged is not None:
            return unchanged
        return Response(presentation.state(user))


class NoticesReadApi(APIView):
    @extend_schema(
        summary="Mark notices read",
        description="Marks the notices `ids` read, or all of yours when `ids` is left out.",
        request=ReadInputSerializer,
        responses={200: ReadOutputSerializer, **error_response(400, "Bad input."), **GUEST},
    )
    def post(self, request: Request) -> Response:
        user = _account(request)
        data = validated(ReadInputSerializer, request)
        marked = services.notices_read(user=user, ids=data.get("ids"))
        return Response({"marked": marked, "unread": selectors.unread(user).count()})


class NoticeSettingsApi(APIView):
    @extend_schema(
        operation_id="notifications_settings_read",
        summary="Your notice settings",
        description="Each kind of notice (`turn`, `challenge`, `ended`, `tournament`) by channel (`site`, `push`, "
        "`email`): on or off; and the address email notices go to.",
        responses={200: SettingsSerializer, **GUEST},
    )
    def get(self, request: Request) -> Response:
        return Response(presentation.settings_state(_account(request)))

    @extend_schema(
        operation_id="notifications_settings_update",
        summary="Change your notice settings",
        description="Switches the kinds and channels given (others stay); `email` sets your address, which is "
        "mailed a link that confirms it (`email_confirmed` is false until it is followed; no notice is mailed before).",
        request=SettingsSerializer,
        responses={200: SettingsSerializer, **error_response(400, "Bad input."), **GUEST},
    )
    def put(self, request: Request) -> Response:
        user = _account(request)
        data = validated(SettingsSerializer, request)
        services.switches_set(
            user=user, switches=data.get("settings", {}), email=data.get("email"), site_url=emails.site_url(request)
        )
        return Response(presentation.settings_state(user))


class EmailLinkApi(APIView):
    @extend_schema(
        operation_id="notifications_email_link",
        summary="Mail the confirmation link again",
        description="Mails your address the link that confirms it (good for 3 days), at most once every 5 minutes: "
        "no notice is mailed to an address before it is confirmed. 400 when you have no address, it is "
        "confirmed already or a link went out a moment ago.",
        request=None,
        responses={
            200: SettingsSerializer,
            **error_response(400, "No address, confirmed, or too soon."),
            **GUEST,
            **error_response(503, "The mail server refused."),
        },
    )
    def post(self, request: Request) -> Response:
        user = _account(request)
        services.email_link_send(user=user, site_url=emails.site_url(request))
        return Response(presentation.settings_state(user))


class VapidApi(APIView):
    @extend_schema(
        summary="The site's Web Push key",
        description="The VAPID public key a page subscribes with (`applicationServerKey`); null when the site "
        "sends no Web Push.",
        responses={200: VapidOutputSerializer},
    )
    def get(self, request: Request) -> Response:
        return Response({"public_key": settings.OD_VAPID_PUBLIC_KEY if delivery.push_ready() else None})


class PushApi(APIView):
    @extend_schema(
        operation_id="notifications_push_subscribe",
        summary="Subscribe a browser to Web Push",
        description="The `PushSubscription` of a browser (its `toJSON()`: `endpoint` and `keys`): your notices are "
        "pushed to it, encrypted for it and signed with the site's VAPID key. The endpoint must be at a browser's push "
        "service (the site's `OD_PUSH_HOSTS`; 400 otherwise); an account keeps its newest 10 subscriptions, a new one "
        "dropping the oldest.",
        request=PushInputSerializer,
        responses={201: None, **error_response(400, "Bad input."), **GUEST},
    )
    def post(self, request: Request) -> Response:
        user = _account(request)
        data = validated(PushInputSerializer, request)
        if "keys" not in data:
            raise ApplicationError(_("a subscription needs its keys"))
        if not data["endpoint"].startswith("https://") and not settings.OD_PUSH_ALLOW_HTTP:
            raise ApplicationError(_("a push service's address begins with https://"))
        services.subscription_add(user=user, endpoint=data["endpoint"], **data["keys"])
        return Response(status=status.HTTP_201_CREATED)

    @extend_schema(
        operation_id="notifications_push_unsubscribe",
        summary="Unsubscribe a browser",
        description="Stops pushing to the subscription `endpoint` (204 even if it was not there).",
        request=PushInputSerializer,
        responses={204: None, **error_response(400, "Bad input."), **GUEST},
    )
    def delete(self, request: Request) -> Response:
        user = _account(request)
        data = validated(PushInputSerializer, request)
        services.subscription_remove(user=user, endpoint=data["endpoint"])
        return Response(status=status.HTTP_204_NO_CONTENT)
