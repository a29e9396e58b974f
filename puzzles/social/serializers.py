"""Output shapes of the social API (for the OpenAPI schema; ``presentation`` builds the JSON)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers


class RelationOutputSerializer(serializers.Serializer[Any]):
    username = serializers.CharField(help_text="The other player's name.")
    following = serializers.BooleanField(help_text="You follow them.")
    blocking = serializers.BooleanField(help_text="You blocked them.")
    blocked = serializers.BooleanField(
        help_text="You blocked them: neither may challenge, pair with or chat with the other. "
        "A blocked player is not told (false for them)."
    )
    online = serializers.BooleanField(help_text="Seen by the site in the last minute, or playing.")
    playing = serializers.BooleanField(help_text="Seated in a live game in progress.")
    game_url = serializers.CharField(
        allow_null=True,
        help_text="Their live game in progress (watch it), or null: not playing, or at a game nobody but its "
        "players may read while it is played (an event's concealed deal).",
    )


class FollowedOutputSerializer(serializers.Serializer[Any]):
    username = serializers.CharField()
    profile_url = serializers.CharField()
    online = serializers.BooleanField(help_text="Seen by the site in the last minute, or playing.")
    playing = serializers.BooleanField(help_text="Seated in a live game in progress.")
    game_url = serializers.CharField(
        allow_null=True,
        help_text="That game's page (watch it), or null: not playing, or at a game nobody but its players may "
        "read while it is played (an event's concealed deal).",
    )


class FollowingOutputSerializer(serializers.Serializer[Any]):
    players = FollowedOutputSerializer(many=True, help_text="Online ones first, those playing first of them.")
