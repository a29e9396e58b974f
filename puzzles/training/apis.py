"""The puzzle API: thin DRF views.  Errors are ``{"error": ...}``
(``core.api.exception_handler``): 400 bad input, 404 missing, 409 not now.

Nothing that reveals a puzzle's answer (its line, themes, value, the values
of its moves) is in any answer before the attempt is solved or failed."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.accounts.players import Player
from puzzles.core import fairness
from puzzles.core.api import LONG_POLL_PARAMETERS, UNCHANGED, MoveInputSerializer, error_response, long_poll, validated
from puzzles.core.contract import query

from . import pool, presentation, run_services, selectors, services
from .serializers import (
    AttemptOutputSerializer,
    DailyOutputSerializer,
    DashboardOutputSerializer,
    DashboardQuerySerializer,
    DifficultyInputSerializer,
    HistoryOutputSerializer,
    NextOutputSerializer,
    NextQuerySerializer,
    PlayerOutputSerializer,
    PuzzleOutputSerializer,
    RunListOutputSerializer,
    RunListQuerySerializer,
    RunMoveInputSerializer,
    RunOutputSerializer,
    RunStartInputSerializer,
    ThemeQuerySerializer,
    ThemeSerializer,
    VoteInputSerializer,
    VoteOutputSerializer,
)

NOT_FOUND = error_response(404, "No such puzzle or attempt (or another player's).")
BAD = error_response(400, "Malformed or illegal move.")
CONFLICT = error_response(409, "Not now: the attempt is over, or the solver is replying.")


# -------------------------------------------------------------- views


def _player_state(request: Request) -> dict[str, Any]:
    return presentation.player_state(selectors.player_rating(Player.of(request)))


class DailyPuzzleApi(APIView):
    @extend_schema(
        summary="Today's daily puzzle",
        description="The same for everyone for the UTC day (chosen by a beat task; chosen at once if missing). "
        "404 while no puzzle exists yet.",
        responses={200: DailyOutputSerializer, **NOT_FOUND},
    )
    def get(self, request: Request) -> Response:
        puzzle = selectors.daily_puzzle() or pool.daily_ensure()
        if puzzle is None:
            return Response({"error": "no puzzle yet: the generator is still filling the pool"}, status=404)
        return Response({**presentation.puzzle_public(puzzle), "player": _player_state(request)})


class NextPuzzleApi(APIView):
    @extend_schema(
        summary="A training puzzle near your rating",
        description="One you have not tried, near your puzzle rating, and never one whose offline key (its "
        "answers, GET /api/puzzles/offline/) you were given; `?theme=` keeps to one theme "
        "(GET /api/puzzles/themes/). 404 when none is left.",
        parameters=[NextQuerySerializer],
        responses={200: NextOutputSerializer, **NOT_FOUND},
    )
    def get(self, request: Request) -> Response:
        asked = query(NextQuerySerializer, request)
        theme, difficulty = asked.get("theme"), asked.get("difficulty")
        puzzle = selectors.puzzle_next(Player.of(request), theme, difficulty)
        if puzzle is None:
            return Response({"error": "no puzzle left to try" + (f" with theme {theme}" if theme else "")}, status=404)
        return Response({**presentation.puzzle_public(puzzle), "player": _player_state(request)})


class ThemeListApi(APIView):
    @extend_schema(summary="The puzzle themes", responses={200: ThemeSerializer(many=True)})
    def get(self, request: Request) -> Response:
        return Response(presentation.themes())


class PuzzleDetailApi(APIView):
    @extend_schema(summary="A puzzle (without its answer)", responses={200: PuzzleOutputSerializer, **NOT_FOUND})
    def get(self, request: Request, puzzle_id: int) -> Response:
        return Response(presentation.puzzle_public(selectors.puzzle_get(puzzle_id)))


class AttemptCreateApi(APIView):
    @extend_schema(
        summary="Start an attempt at a puzzle",
        description="Shaped like a game: status 'your-move', legal_moves, the board. Only your first attempt "
        "at a puzzle is rated; try again as often as you like.",
        request=None,
        responses={
            201: AttemptOutputSerializer,
            **NOT_FOUND,
            **error_response(403, "The puzzle's position is of a game between people in progress."),
        },
    )
    def post(self, request: Request, puzzle_id: int) -> Response:
        puzzle = selectors.puzzle_get(puzzle_id)
        fairness.refuse(puzzle.position)  # 403: a position of a game between people in progress
        attempt = services.attempt_start(puzzle=puzzle, player=Player.of(request, create=True))
        return Response(presentation.attempt_state(attempt), status=status.HTTP_201_CREATED)


class AttemptDetailApi(APIView):
    @extend_schema(
        summary="An attempt",
        description="With `?wait=<version>` the answer is held until the attempt changes (the solver's reply), "
        "at most `timeout` seconds (default 20, at most 25); 304 with no body if nothing changed by then.",
        parameters=LONG_POLL_PARAMETERS,
        responses={200: AttemptOutputSerializer, **UNCHANGED, **NOT_FOUND},
    )
    def get(self, request: Request, attempt_id: int) -> Response:
        attempt = selectors.attempt_get_for_player(Player.of(request), attempt_id)
        unchanged = long_poll(request, attempt, "attempt", selectors.attempt_version)
        if unchanged is not None:
            return unchanged
        return Response(presentation.attempt_state(attempt))


class AttemptMoveApi(APIView):
    @extend_schema(
        summary="Play a move in an attempt",
        description="Any move that keeps the best value is correct, not only the stored line's; the attempt "
        "goes on from the position reached. The answer (201) has the move ungraded and status 'thinking' "
        "while a task grades it and plays the solver's most resistant reply: poll the attempt. A move that "
        "loses value fails the attempt and the solution is shown. 400: malformed or illegal; 409: not your move.",
        request=MoveInputSerializer,
        responses={201: AttemptOutputSerializer, **BAD, **NOT_FOUND, **CONFLICT},
        examples=[OpenApiExample("A move", value={"move": "36R", "ply": 0}, request_only=True)],
    )
    def post(self, request: Request, attempt_id: int) -> Response:
        attempt = selectors.attempt_get_for_player(Player.of(request), attempt_id)
        data = validated(MoveInputSerializer, request)
        attempt = services.attempt_play_move(attempt=attempt, move=data["move"], ply=data["ply"])
        return Response(presentation.attempt_state(attempt), status=status.HTTP_201_CREATED)


class AttemptGiveUpApi(APIView):
    @extend_schema(
        summary="Give up: show the solution",
        description="Ends the attempt as failed (a rated attempt counts as lost). 409 when it is over already.",
        request=None,
        responses={200: AttemptOutputSerializer, **NOT_FOUND, **CONFLICT},
    )
    def post(self, request: Request, attempt_id: int) -> Response:
        attempt = selectors.attempt_get_for_player(Player.of(request), attempt_id)
        attempt = services.attempt_give_up(attempt=attempt)
        return Response(presentation.attempt_state(attempt))


class HistoryApi(APIView):
    @extend_schema(
        summary="Your puzzle history",
        description="Your finished attempts, oldest first, with your rating before and after each rated one.",
        responses={200: HistoryOutputSerializer},
    )
    def get(self, request: Request) -> Response:
        player = Player.of(request)
        return Response({"player": _player_state(request), "attempts": selectors.history(player)})


class DashboardApi(APIView):
    @extend_schema(
        summary="Your puzzle dashboard",
        description="Over the last `days` (7, 30 or 90) days: per theme, finished attempts, solved, success rate "
        "and performance rating (puzzle ratings when tried, plus 400 x (solved - failed) / attempts); the "
        "strongest and weakest themes (with at least 3 attempts) and a link to train the weakest.",
        parameters=[DashboardQuerySerializer],
        responses={200: DashboardOutputSerializer},
    )
    def get(self, request: Request) -> Response:
        days = query(DashboardQuerySerializer, request)["days"]
        return Response(presentation.dashboard_state(selectors.dashboard(Player.of(request), days)))


class ReplayApi(APIView):
    @extend_schema(
        summary="A failed puzzle to replay",
        description="A puzzle you failed and have not solved (the newest first), `?theme=` to keep to one; "
        "replays are unrated. 404 when there is none.",
        parameters=[ThemeQuerySerializer],
        responses={200: PuzzleOutputSerializer, **NOT_FOUND},
    )
    def get(self, request: Request) -> Response:
        theme = query(ThemeQuerySerializer, request).get("theme")
        puzzle = selectors.failed_puzzles(Player.of(request), theme).first()
        if puzzle is None:
            return Response({"error": "no failed puzzle to replay"}, status=404)
        return Response(presentation.puzzle_public(puzzle))


class DifficultyApi(APIView):
    @extend_schema(
        summary="Set your training difficulty",
        description="Remembered for your account (or guest session): next puzzle aims at your rating plus "
        "the offset (easiest -600, easier -300, normal 0, harder +300, hardest +600) and keeps within 250 of it.",
        request=DifficultyInputSerializer,
        responses={200: PlayerOutputSerializer},
    )
    def post(self, request: Request) -> Response:
        data = validated(DifficultyInputSerializer, request)
        rating = services.difficulty_set(player=Player.of(request, create=True), difficulty=data["difficulty"])
        return Response(presentation.player_state(rating))


class PuzzleVoteApi(APIView):
    @extend_schema(
        summary="Vote for a puzzle",
        description="Thumbs up or down, once you have finished an attempt at it (409 before); voting again "
        "changes your vote. Votes move the puzzle's score (what the daily puzzle is chosen by).",
        request=VoteInputSerializer,
        responses={200: VoteOutputSerializer, **NOT_FOUND, **CONFLICT},
    )
    def post(self, request: Request, puzzle_id: int) -> Response:
        data = validated(VoteInputSerializer, request)
        puzzle = services.puzzle_vote(puzzle=selectors.puzzle_get(puzzle_id), player=Player.of(request), up=data["up"])
        return Response(presentation.votes_state(puzzle, data["up"]))


# ------------------------------------------------------------------ runs


def _run_state(request: Request, run: Any) -> dict[str, Any]:
    attempts = selectors.run_snapshot(run)
    return presentation.run_state(run, attempts, selectors.run_best(Player.of(request), run.mode))


class RunListApi(APIView):
    @extend_schema(
        summary="Your streak and timed runs",
        operation_id="runs_list",
        description="Your bests and your latest runs (`?mode=streak` or `timed` to keep to one).",
        parameters=[RunListQuerySerializer],
        responses={200: RunListOutputSerializer},
    )
    def get(self, request: Request) -> Response:
        mode = query(RunListQuerySerializer, request).get("mode")
        player = Player.of(request)
        rows = selectors.runs_for_player(player)
        if mode:
            rows = rows.filter(mode=mode)
        return Response(
            {
                "best_streak": selectors.run_best(player, "streak"),
                "best_timed": selectors.run_best(player, "timed"),
                "runs": [presentation.run_summary(r) for r in rows.order_by("-started_at", "-id")[:20]],
            }
        )

    @extend_schema(
        summary="Start a streak or a timed run",
        description="Unrated puzzles one after another, judged on the server. streak: the puzzles' ratings go "
        "up and the first wrong move ends the run. timed: 3 minutes from now, as many as you can; a wrong move "
        "costs 10 seconds. A run of yours still under way ends first. 409 while there is no puzzle yet.",
        request=RunStartInputSerializer,
        responses={201: RunOutputSerializer, **CONFLICT},
    )
    def post(self, request: Request) -> Response:
        data = validated(RunStartInputSerializer, request)
        run = run_services.run_start(player=Player.of(request, create=True), mode=data["mode"])
        return Response(_run_state(request, run), status=status.HTTP_201_CREATED)


class RunDetailApi(APIView):
    @extend_schema(
        summary="A run",
        description="The clock, the score, the puzzle under way (its attempt: long-poll that while the solver "
        "replies) and the puzzles so far; once over, every puzzle with its solution.",
        responses={200: RunOutputSerializer, **NOT_FOUND},
    )
    def get(self, request: Request, run_id: int) -> Response:
        run = selectors.run_get_for_player(Player.of(request), run_id)
        return Response(_run_state(request, run))


class RunMoveApi(APIView):
    @extend_schema(
        summary="Play a move in the run's puzzle",
        description="As a move of an attempt (201, then poll `attempt.urls.self` while it is 'thinking'); when "
        "the puzzle ends, the run has its next puzzle (or is over). 409 once the run is over (the clock has "
        "run out) or when `attempt` is not the puzzle under way.",
        request=RunMoveInputSerializer,
        responses={201: RunOutputSerializer, **BAD, **NOT_FOUND, **CONFLICT},
        examples=[OpenApiExample("A move", value={"move": "36R", "ply": 0}, request_only=True)],
    )
    def post(self, request: Request, run_id: int) -> Response:
        run = selectors.run_get_for_player(Player.of(request), run_id)
        data = validated(RunMoveInputSerializer, request)
        run_services.run_play_move(run=run, move=data["move"], ply=data["ply"], attempt_id=data.get("attempt"))
        return Response(_run_state(request, run), status=status.HTTP_201_CREATED)


class RunStopApi(APIView):
    @extend_schema(
        summary="Stop a run",
        description="Ends the run now (its score counts for your best) and shows every puzzle's solution. "
        "409 when it is over already.",
        request=None,
        responses={200: RunOutputSerializer, **NOT_FOUND, **CONFLICT},
    )
    def post(self, request: Request, run_id: int) -> Response:
        run = selectors.run_get_for_player(Player.of(request), run_id)
        run_services.run_stop(run=run)
        return Response(_run_state(request, run))


class RunSkipApi(APIView):
    @extend_schema(
        summary="Skip the streak's puzzle",
        description="Once per streak: the puzzle under way neither counts nor ends the streak, and the next "
        "one comes. 409 for a timed run, once used, while your move is being graded, or once the run is over.",
        request=None,
        responses={200: RunOutputSerializer, **NOT_FOUND, **CONFLICT},
    )
    def post(self, request: Request, run_id: int) -> Response:
        run = selectors.run_get_for_player(Player.of(request), run_id)
        run_services.run_skip(run=run)
        return Response(_run_state(request, run))
