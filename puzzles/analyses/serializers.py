"""The API's shapes for analyses."""

from __future__ import annotations

from rest_framework import serializers

from puzzles.core.contract import position_field
from puzzles.core.vocabulary import GRADES


class AnalysisInputSerializer(serializers.Serializer):
    position = position_field(max_length=200)


class AnalysisMoveSerializer(serializers.Serializer):
    move = serializers.CharField()
    value = serializers.IntegerField()
    grade = serializers.ChoiceField(choices=list(GRADES))


class AnalysisResultSerializer(serializers.Serializer):
    position = serializers.CharField()
    value = serializers.IntegerField(help_text="For the side to move, with perfect play.")
    moves = AnalysisMoveSerializer(many=True, help_text="Every legal move, best first.")
    pv = serializers.ListField(child=serializers.CharField(), help_text="The main line to the end of the deal.")


class AnalysisOutputSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=["pending", "done", "failed"])
    position = serializers.CharField(help_text="Normalised.")
    result = AnalysisResultSerializer(allow_null=True, help_text="The CLI's JSON object once done, else null.")
    error = serializers.CharField(allow_null=True)
