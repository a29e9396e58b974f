"""The shapes of the archive's API, for the OpenAPI schema."""

from __future__ import annotations

from rest_framework import serializers


class ImportInputSerializer(serializers.Serializer[object]):
    records = serializers.CharField(
        max_length=4 * 1024 * 1024, trim_whitespace=False, help_text="Any number of game records (docs/records.md)."
    )


class ImportUploadSerializer(serializers.Serializer[object]):
    file = serializers.FileField(help_text="A file of game records (UTF-8 text, at most 4 MB).")


class ImportedGameSerializer(serializers.Serializer[object]):
    id = serializers.IntegerField()
    source = serializers.CharField(help_text="The uploaded file's name (empty: pasted).")  # type: ignore[assignment]
    number = serializers.IntegerField(help_text="The game's place in its file, from 1.")
    event = serializers.CharField()
    players = serializers.CharField(help_text="The seats' players as the record names them.")
    date = serializers.CharField()
    variant = serializers.CharField()
    result = serializers.CharField(help_text="The Result tag, or the Termination tag of a game its moves do not end.")
    moves = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    url = serializers.CharField(help_text="The game's page: the analysis board and the solver's review.")


class ImportResultSerializer(serializers.Serializer[object]):
    imported = serializers.IntegerField()
    games = ImportedGameSerializer(many=True)


class ImportedPageSerializer(serializers.Serializer[object]):
    count = serializers.IntegerField()
    page = serializers.IntegerField()
    pages = serializers.IntegerField()
    games = ImportedGameSerializer(many=True)


class OpenDataFileSerializer(serializers.Serializer[object]):
    month = serializers.CharField(help_text="YYYY-MM (UTC).")
    name = serializers.CharField()
    size = serializers.IntegerField(help_text="Bytes, compressed.")
    games = serializers.IntegerField()
    sha256 = serializers.CharField(help_text="Of the compressed file.")
    url = serializers.CharField()
    checksum_url = serializers.CharField(help_text="The checksum as `sha256sum -c` reads it.")
