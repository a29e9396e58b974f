"""The course API (thin DRF views): the lessons with the player's progress,
one lesson's positions, and a try at one of them.  Errors are
``{"error": ...}``: 400 a move that is no move, 404 no such lesson or
position, 409 a lesson not open yet or a position ahead of the player's."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.accounts.players import Player
from puzzles.core.api import error_response, validated
from puzzles.core.contract import move_field

from . import presentation, selectors, services

NOT_FOUND = error_response(404, "No such lesson, or no such position in it.")
BAD = error_response(400, "Malformed move.")
CONFLICT = error_response(
    409, "The lesson is not open yet (finish the one before), or an earlier position is unsolved."
)


class LearnUrlsSerializer(serializers.Serializer):
    page = serializers.CharField()
    api = serializers.CharField()


class LearnLessonSummarySerializer(serializers.Serializer):
    key = serializers.CharField()
    number = serializers.IntegerField(help_text="The lesson's place in the course, from 1.")
    title = serializers.CharField()
    steps = serializers.IntegerField(help_text="How many positions it has.")
    steps_done = serializers.IntegerField(help_text="How many of them you solved (in order).")
    done = serializers.BooleanField()
    unlocked = serializers.BooleanField(help_text="Open: the first lesson, or the one before is done.")
    urls = LearnUrlsSerializer()


class LearnCourseSerializer(serializers.Serializer):
    lessons = LearnLessonSummarySerializer(many=True)
    done = serializers.IntegerField()
    total = serializers.IntegerField()
    next = LearnLessonSummarySerializer(allow_null=True, help_text="The first lesson not done (null: course finished).")


class LearnStepSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    prompt = serializers.CharField()
    position = serializers.CharField()
    side = serializers.CharField(help_text="Your side: the side to move.")
    board = serializers.JSONField()
    done = serializers.BooleanField()
    urls = serializers.DictField(child=serializers.CharField())


class LearnLessonSerializer(LearnLessonSummarySerializer):
    intro = serializers.CharField()
    positions = LearnStepSerializer(many=True)
    current = serializers.IntegerField(allow_null=True, help_text="The position to solve next (null: lesson done).")
    previous = LearnLessonSummarySerializer(allow_null=True)
    next = LearnLessonSummarySerializer(allow_null=True)
    course_url = serializers.CharField()


class LearnReasonSerializer(serializers.Serializer):
    kind = serializers.CharField(
        help_text="covered, no_fit, cannot_pass, must_pass, not_yours, opening, no_end, "
        "opponent_plays, blocked_pips, double_stranded or not_best."
    )
    text = serializers.CharField()
    hint = serializers.CharField(required=False, help_text="The lesson's advice, after a legal move.")


class LearnTrySerializer(serializers.Serializer):
    lesson = serializers.CharField()
    step = serializers.IntegerField()
    move = serializers.CharField()
    correct = serializers.BooleanField()
    reason = LearnReasonSerializer(allow_null=True, help_text="Why the move is wrong (null when right).")
    accepted = serializers.ListField(child=serializers.CharField(), help_text="Every right move (after a right try).")
    board_after = serializers.JSONField(allow_null=True, help_text="The position after a legal move.")
    state = LearnLessonSerializer()


class LearnTryInputSerializer(serializers.Serializer):
    move = move_field()


class CourseApi(APIView):
    @extend_schema(
        operation_id="learn_course",
        summary="The course for newcomers",
        description="Every lesson in order with your progress: done, and open (the first lesson, or the one "
        "before it is done).",
        responses={200: LearnCourseSerializer},
    )
    def get(self, request: Request) -> Response:
        return Response(presentation.course_state(selectors.progress_for_player(Player.of(request))))


class LessonApi(APIView):
    @extend_schema(
        operation_id="learn_lesson",
        summary="One lesson: its explanation and positions",
        responses={200: LearnLessonSerializer, **NOT_FOUND},
    )
    def get(self, request: Request, key: str) -> Response:
        lesson = selectors.lesson_get(key)
        return Response(presentation.lesson_state(lesson, selectors.progress_for_player(Player.of(request))))


class LessonTryApi(APIView):
    @extend_schema(
        operation_id="learn_try",
        summary="Try a move in a lesson's position",
        description="Right when the lesson accepts the move (checked by the solver: the legal moves in the "
        "lessons on the rules, the moves keeping the best value in the others); wrong with the reason "
        "otherwise. A right try at the next position moves your progress on; the last one finishes the "
        "lesson and opens the next.",
        request=LearnTryInputSerializer,
        responses={201: LearnTrySerializer, **BAD, **NOT_FOUND, **CONFLICT},
        examples=[OpenApiExample("A move", value={"move": "36L"}, request_only=True)],
    )
    def post(self, request: Request, key: str, step: int) -> Response:
        player = Player.of(request, create=True)
        data = validated(LearnTryInputSerializer, request)
        result = services.lesson_try(player=player, key=key, step=step, move=data["move"])
        return Response(presentation.try_state(result), status=status.HTTP_201_CREATED)
