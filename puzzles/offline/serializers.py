"""The offline puzzles API's shapes, for the OpenAPI schema and the input's checks."""

from __future__ import annotations

from rest_framework import serializers

from puzzles.core.contract import move_field
from puzzles.core.vocabulary import SIDES


class OfflinePuzzleSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    position = serializers.CharField(help_text="The start position; its side to move solves it.")
    side = serializers.ChoiceField(choices=list(SIDES), help_text="The side the player plays.")
    kind = serializers.ChoiceField(choices=["win", "most"])
    rating = serializers.IntegerField()
    board = serializers.JSONField(help_text="Position.to_json() of the start.")
    key = serializers.JSONField(
        help_text="What grades the puzzle offline: {accept: {move: {after, reply, replied, then}}}. The moves of "
        "`accept` keep the best value (any other legal move fails the puzzle); `after` is the board after the "
        "move, `reply` the defender's answer and `replied` the board after it (both null when the move solves "
        "it), `then` the next step ({accept: ...}), null once the puzzle is solved.",
    )
    urls = serializers.DictField(child=serializers.CharField())


class OfflinePackSerializer(serializers.Serializer):
    puzzles = OfflinePuzzleSerializer(many=True)
    preparing = serializers.IntegerField(help_text="How many more puzzles are being prepared: ask again soon.")
    generated_at = serializers.DateTimeField()
    results_url = serializers.CharField(help_text="Where to send the results (POST).")


class OfflineResultInputSerializer(serializers.Serializer):
    id = serializers.RegexField(
        r"^[A-Za-z0-9_-]{8,64}$",
        help_text="The browser's id of this result (8 to 64 letters, digits, - or _, e.g. a UUID): "
        "the same result sent again is recorded once.",
    )
    puzzle = serializers.IntegerField(min_value=1, max_value=2**63 - 1)
    moves = serializers.ListField(
        child=move_field(),
        max_length=64,
        help_text="The player's own moves, in order ('36', '36R', 'pass'); the defender's replies are the key's.",
    )
    gave_up = serializers.BooleanField(default=False, help_text="The player gave up before the end.")


class OfflineResultOutputSerializer(serializers.Serializer):
    id = serializers.CharField()
    attempt = serializers.IntegerField()
    puzzle = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["solved", "failed"])
    rated = serializers.BooleanField(help_text="Always false: results played offline are never rated.")
    recorded = serializers.BooleanField(help_text="False when this result had been recorded before.")
