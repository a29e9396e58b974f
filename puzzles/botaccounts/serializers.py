"""Output shapes of the bot accounts' API (for the OpenAPI schema)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers


class BotAccountOutputSerializer(serializers.Serializer[Any]):
    username = serializers.CharField(help_text="The account's name.")
    bot = serializers.BooleanField(help_text="Always true: the account is a bot, for good.")
    since = serializers.DateTimeField(help_text="When it became one.")
