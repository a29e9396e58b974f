"""Input and output shapes of the chat API (the output ones document the JSON
that ``presentation`` builds, for the OpenAPI schema)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from puzzles.core.contract import ExactlyOne

from .models import Room
from .presets import PRESETS


class RoomQuerySerializer(serializers.Serializer[Any]):
    after = serializers.IntegerField(
        required=False, min_value=0, help_text="Only the messages after this message id (the last one you have)."
    )


class MessageInputSerializer(serializers.Serializer[Any]):
    text = serializers.CharField(
        required=False, max_length=500, help_text="What you write (at most 140 characters once its spaces are tidied)."
    )
    preset = serializers.ChoiceField(
        choices=list(PRESETS),
        required=False,
        help_text="A preset message's key, shown to each reader in their language.",
    )

    class Meta:
        validators = [ExactlyOne("text", "preset", message=_("Send either a text or a preset."))]


class ReportInputSerializer(serializers.Serializer[Any]):
    reason = serializers.CharField(required=False, allow_blank=True, max_length=200, help_text="Why (optional).")


class MessageOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    author = serializers.CharField(help_text="The author's name (a guest's as 'Guest 1a2b').")
    account = serializers.CharField(allow_null=True, help_text="The author's account name (null: a guest).")
    bot = serializers.BooleanField(help_text="The author is a bot's account (its name marked BOT in author).")
    mine = serializers.BooleanField(help_text="Whether you wrote it.")
    preset = serializers.CharField(allow_null=True, help_text="The preset's key, or null for typed text.")
    text = serializers.CharField(help_text="The text; a preset's in your language.")
    at = serializers.DateTimeField()
    report_url = serializers.CharField(help_text="POST here to report the message.")


class PresetOutputSerializer(serializers.Serializer[Any]):
    key = serializers.CharField()
    text = serializers.CharField()


class RoomOutputSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(choices=Room.Kind.values)
    url = serializers.CharField()
    version = serializers.IntegerField(help_text="Moves on with each message: long-poll with `?wait=<version>`.")
    messages = MessageOutputSerializer(many=True)
    can_post = serializers.BooleanField()
    why_not = serializers.CharField(allow_null=True, help_text="Why you may not post (null: you may).")
    max_length = serializers.IntegerField()
    presets = PresetOutputSerializer(many=True)


class ReportOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    message = serializers.IntegerField()
