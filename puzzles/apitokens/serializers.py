"""The tokens API's shapes, for the OpenAPI schema."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from .grants import SCOPES
from .services import NAME_MAX


class ScopeSerializer(serializers.Serializer[Any]):
    name = serializers.ChoiceField(choices=SCOPES)
    description = serializers.CharField(help_text="What the scope lets a program do, in the reader's language.")


class TokenSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    hint = serializers.CharField(help_text="The token's first characters, to tell it apart (never the whole token).")
    scopes = serializers.ListField(child=serializers.ChoiceField(choices=SCOPES))
    created_at = serializers.DateTimeField()
    last_used_at = serializers.DateTimeField(allow_null=True, help_text="To the minute.")
    revoked = serializers.BooleanField()


class TokenListSerializer(serializers.Serializer[Any]):
    tokens = TokenSerializer(many=True, help_text="Your tokens in force, newest first.")
    scopes = ScopeSerializer(many=True)


class TokenInputSerializer(serializers.Serializer[Any]):
    name = serializers.CharField(max_length=NAME_MAX, help_text="What the token is for (e.g. the program's name).")
    scopes = serializers.ListField(
        child=serializers.ChoiceField(choices=SCOPES), max_length=len(SCOPES), help_text="At least one."
    )


class TokenMadeSerializer(serializers.Serializer[Any]):
    token = TokenSerializer()
    secret = serializers.CharField(
        help_text="The token itself (od_…): shown this once, never again. Send it as Authorization: Bearer <secret>."
    )
