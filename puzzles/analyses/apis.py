"""The analyses API (thin DRF views; errors are ``{"error"}``)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.accounts.limits import SolverWorkLimited
from puzzles.accounts.players import Player
from puzzles.core import fairness
from puzzles.core.api import error_response, validated

from . import selectors, services
from .serializers import AnalysisInputSerializer, AnalysisOutputSerializer

BAD_POSITION = error_response(400, "Bad input (invalid position, malformed or illegal move).")
UNFAIR = error_response(403, "A position of a game between people in progress: analysed once it is over.")
NOT_FOUND = error_response(404, "No such game, or another player's game.")


class AnalysisCreateApi(SolverWorkLimited, APIView):
    # Each new position costs a solver run on the workers: a limit of its own.
    @extend_schema(
        summary="Ask for the analysis of a position",
        description=(
            "Returns at once. 200 with the result when the position was analysed before (by anyone); "
            "202 with status 'pending' otherwise, with the analysis queued: poll GET /api/analyses/<id>/. "
            "An invalid position is 400 and queues nothing."
        ),
        request=AnalysisInputSerializer,
        responses={200: AnalysisOutputSerializer, 202: AnalysisOutputSerializer, **BAD_POSITION, **UNFAIR},
        examples=[
            OpenApiExample(
                "A fresh deal",
                value={
                    "position": "45.15.44.05.34.13.25/11.06.35.24.12.46.33 56.14.01.66.22.26.00/36.16.23.03.02.55.04 - B"
                },
                request_only=True,
            )
        ],
    )
    def post(self, request: Request) -> Response:
        data = validated(AnalysisInputSerializer, request)
        fairness.refuse(data["position"], player=Player.of(request))
        analysis = services.analysis_request(position=data["position"], player=Player.of(request))
        code = status.HTTP_200_OK if analysis.status == "done" else status.HTTP_202_ACCEPTED
        return Response(selectors.analysis_state(analysis), status=code)


class AnalysisDetailApi(APIView):
    @extend_schema(summary="An analysis", responses={200: AnalysisOutputSerializer, **NOT_FOUND, **UNFAIR})
    def get(self, request: Request, analysis_id: int) -> Response:
        analysis = selectors.analysis_get(analysis_id)
        fairness.refuse(analysis.position, player=Player.of(request))
        if analysis.status == "done":  # read back: a line given away, as if asked for
            services.analysis_shown(position=analysis.position, player=Player.of(request))
        return Response(selectors.analysis_state(analysis))
