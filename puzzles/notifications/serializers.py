"""The notifications API's shapes (for the OpenAPI schema and the input checks)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from puzzles.core.ids import LARGEST


class NoticeOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=["turn", "challenge", "ended", "tournament"])
    text = serializers.CharField(help_text="The notice in the reader's language.")
    url = serializers.CharField(help_text="The page it is about (a game, a challenge, a tournament).")
    created_at = serializers.DateTimeField()
    read = serializers.BooleanField()


class NoticesOutputSerializer(serializers.Serializer[Any]):
    version = serializers.IntegerField(help_text="Long-poll `/api/notifications/1/?wait=` with it.")
    unread = serializers.IntegerField()
    notices = NoticeOutputSerializer(many=True, help_text="The newest 20, newest first.")


class ReadInputSerializer(serializers.Serializer[Any]):
    ids = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=LARGEST),  # a database key: past it, a 400, not a 500
        required=False,
        max_length=100,
        help_text="The notices read; left out: all of them.",
    )


class ReadOutputSerializer(serializers.Serializer[Any]):
    marked = serializers.IntegerField(help_text="How many unread notices were marked read.")
    unread = serializers.IntegerField()


class _Closed(serializers.Serializer[Any]):
    """A body whose every key must be one of the fields (a typo is a 400, not ignored)."""

    def to_internal_value(self, data: Any) -> Any:
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError(f"unknown: {', '.join(unknown)}; one of {', '.join(self.fields)}")
        return super().to_internal_value(data)


class ChannelsSerializer(_Closed):
    site = serializers.BooleanField(required=False)
    push = serializers.BooleanField(required=False)
    email = serializers.BooleanField(required=False)


class KindsSerializer(_Closed):
    turn = ChannelsSerializer(required=False, help_text="Your turn in a correspondence game.")
    challenge = ChannelsSerializer(required=False, help_text="A challenge to you.")
    ended = ChannelsSerializer(required=False, help_text="A game of yours is over.")
    tournament = ChannelsSerializer(required=False, help_text="A tournament you joined has started.")


class SettingsSerializer(serializers.Serializer[Any]):
    settings = KindsSerializer(required=False, help_text="Each kind's channels, on or off; those left out stay.")
    email = serializers.EmailField(
        required=False,
        allow_blank=True,
        help_text="Where email notices go; empty: none. A new address is mailed a link that confirms it; no notice "
        "is mailed to it before.",
    )
    email_confirmed = serializers.BooleanField(
        read_only=True, help_text="Whether its owner confirmed the address (followed the link mailed to it)."
    )


class VapidOutputSerializer(serializers.Serializer[Any]):
    public_key = serializers.CharField(
        allow_null=True, help_text="The site's VAPID public key (base64url), the applicationServerKey; null: no push."
    )


class PushKeysSerializer(serializers.Serializer[Any]):
    p256dh = serializers.RegexField(r"^[A-Za-z0-9_-]{80,100}={0,2}$", help_text="The browser's P-256 key, base64url.")
    auth = serializers.RegexField(r"^[A-Za-z0-9_-]{16,30}={0,2}$", help_text="The 16-byte auth secret, base64url.")


class PushInputSerializer(serializers.Serializer[Any]):
    endpoint = serializers.URLField(max_length=1000, help_text="The browser's push service address.")
    keys = PushKeysSerializer(required=False, help_text="Needed to subscribe; not to unsubscribe.")
