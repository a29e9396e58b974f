"""The API's shapes for analyses."""
from __future__ import annotations

from rest_framework import serializers

from puzzles.core.vocabulary import GRADES


class AnalysisInputSerializer(serializers.Serializer):
    position = serializers.CharField(max_length=200, trim_whitespace=True, help_text="A position string (docs/rules.md sections 2.2 and 4.7).")


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
