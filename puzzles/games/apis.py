"""The games API (thin DRF views: validate the input, call a service or a
selector, return the state).  Every error is ``{"error": "<what is wrong>"}``
(``core.api.exception_handler``)."""

from __future__ import annotations

from drf_spectacular.utils import OpenApiExample, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.accounts.limits import SolverWorkLimited
from puzzles.accounts.players import Player
from puzzles.analyses.selectors import analysis_state
from puzzles.core.api import LONG_POLL_PARAMETERS, UNCHANGED, MoveInputSerializer, error_response, long_poll, validated
from puzzles.core.errors import ConflictError

from . import aborts, deadlines, disconnects, hints, presence, presentation, seating, selectors, services, starting
from .serializers import (
    GameCreateInputSerializer,
    GameOutputSerializer,
    HintInputSerializer,
    HintResponseSerializer,
    PresenceOutputSerializer,
    RematchInputSerializer,
)

ERRORS = {
    **error_response(400, "Bad input (invalid position, malformed or illegal move)."),
    **error_response(404, "No such game, or another player's game."),
}
CONFLICT = error_response(409, "Not possible now: game over, or not your move.")
NOT_A_PLAYER = error_response(403, "A game between people: only its players may do this (anyone may watch it).")
WITHHELD = error_response(
    403,
    "The deal or start of a game between people in progress, or today's daily deal before your own game of it "
    "is over: the solver's view of it is withheld until then.",
)
NO_HINTS = error_response(403, "A game between people: no hints (the solver's view comes after the game).")


# ------------------------------------------------------------------- games


class GameListCreateApi(SolverWorkLimited, APIView):
    # A new game queues the solver's analyses of its start: the analyses' limit
    # (counted on a POST only).
    @extend_schema(
        summary="Your games",
        description="The games of the logged-in user, or of this anonymous session; newest first, at most 50.",
        responses={200: GameOutputSerializer(many=True)},
    )
    def get(self, request: Request) -> Response:
        games = selectors.games_for_player(Player.of(request)).prefetch_related("moves", "hints")[:50]
        return Response([presentation.game_state(g, list(g.moves.all()), list(g.hints.all())) for g in games])

    @extend_schema(
        summary="Start a practice game",
        description=(
            "A game from `position` (any variant's position string), or from the deal of `seed` in "
            "`variant` (a random deal when no seed is given; the standard game when no variant is). "
            "`human` is the seat you play (default A; A to D in partnership, or 'random'), `level` the "
            "solver's strength (default strong). The solver plays every other seat: in partnership your "
            "partner perfectly, for your team, and the two opponents at `level`. If the solver is to move "
            "first, the game comes back with status 'thinking' and the solver moves by itself (a task): "
            "poll the game. With '+doubles' the same seat moves again after a double."
        ),
        request=GameCreateInputSerializer,
        responses={201: GameOutputSerializer, 400: ERRORS[400], **WITHHELD},
        examples=[
            OpenApiExample(
                "Deal 7, play B against the perfect solver",
                value={"seed": 7, "human": "B", "level": "perfect"},
                request_only=True,
            ),
            OpenApiExample(
                "A fresh partnership deal, doubles play again",
                value={"variant": "partnership+doubles", "human": "random"},
                request_only=True,
            ),
            OpenApiExample("Double-nine deal 12", value={"variant": "lewicki9", "seed": 12}, request_only=True),
        ],
    )
    def post(self, request: Request) -> Response:
        data = validated(GameCreateInputSerializer, request)
        game = starting.game_create(
            player=Player.of(request, create=True),
            position=data.get("position") or None,
            seed=data.get("seed"),
            variant=data.get("variant") or None,
            human=data["human"],
            level=data["level"],
            rng_seed=data.get("rng_seed"),
        )
        game.refresh_from_db()
        return Response(presentation.game_state(game), status=status.HTTP_201_CREATED)


class GameDetailApi(APIView):
    @extend_schema(
        summary="A game",
        description=(
            "With `?wait=<version>` the answer is held until the game's version differs from it "
            "(a grade, the solver's move, a hint), at most `timeout` seconds (default 20, at most 25): "
            "long polling, instead of asking again and again. If nothing changed by then the answer is "
            "304 with no body: keep what you have and ask again."
        ),
        parameters=LONG_POLL_PARAMETERS,
        responses={200: GameOutputSerializer, **UNCHANGED, 404: ERRORS[404]},
    )
    def get(self, request: Request, game_id: int) -> Response:
        player = Player.of(request)
        game = selectors.game_get_for_player(player, game_id)
        game = deadlines.game_check_deadline(game)  # a flagged game ends here, whatever the workers do
        disconnects.polled_request(request.query_params, game_id, player)  # a seated poller is there meanwhile
        unchanged = long_poll(request, game, "game", selectors.game_version)
        if unchanged is not None:
            return unchanged
        return Response(presentation.game_state(game, viewer=player))


class GameMoveApi(APIView):
    @extend_schema(
        summary="Play your move",
        description=(
            "The move is stored at once and the game comes back with it (201). Usually the answer already "
            "carries its grade (value, best_value, best_moves, grade, points_lost) and the solver's reply: "
            "the analyses they come from are computed as soon as your turn begins. Otherwise the grade is "
            "null until the grading task fills it in, and the solver replies by itself (status 'thinking' "
            "meanwhile): long-poll the game. When your only legal move is "
            "'pass' you must post 'pass'. Malformed or illegal move: 400; game over or not your move: 409; "
            "the game is unchanged either way. In a game between people only the player of the seat to move "
            "may move (403 for anyone else); the move is charged to that player's clock, and the answer has "
            "no grade until the game is over. The same move sent again for the same ply is played once and "
            "answered the same."
        ),
        request=MoveInputSerializer,
        responses={201: GameOutputSerializer, **ERRORS, **NOT_A_PLAYER, **CONFLICT},
        examples=[OpenApiExample("A move", value={"move": "36R", "ply": 0}, request_only=True)],
    )
    def post(self, request: Request, game_id: int) -> Response:
        player = Player.of(request)
        game = selectors.game_get_for_player(player, game_id)
        seat = deadlines.acting_seat(game, player)
        data = validated(MoveInputSerializer, request)
        played = services.game_play(game=game, move=data["move"], ply=data["ply"], seat=seat)
        if played.after is not None:  # the game as the move left it, as its notice showed it to the others
            return Response(
                presentation.game_state(played.after.game, played.after.moves, viewer=player),
                status=status.HTTP_201_CREATED,
            )
        # as it is now: with eager tasks (tests) the solver has replied already
        fresh = selectors.game_by_id(game.pk) or game
        seating.keep_seats(fresh, game)  # the seats read to check the mover's: a game's seats stay through a move
        return Response(presentation.game_state(fresh, viewer=player), status=status.HTTP_201_CREATED)


class GameHintApi(APIView):
    @extend_schema(
        summary="Take a hint",
        description=(
            "Level 1: the outcome with perfect play from here; 2: which of your available stones keep the "
            "best result; 3: the best move. Hints are for your own move and are recorded on the game (asking "
            "again for the same hint at the same ply counts once). The hint needs the position's analysis: "
            "when it is ready (it usually is: it is computed as soon as your turn begins) the answer is "
            "200 with status 'done' and the hint; otherwise 202 with status 'pending' and the queued "
            "analysis: post the same request again shortly. No hints in a game between people until it is "
            "over (403)."
        ),
        request=HintInputSerializer,
        responses={200: HintResponseSerializer, 202: HintResponseSerializer, **ERRORS, **NO_HINTS, **CONFLICT},
    )
    def post(self, request: Request, game_id: int) -> Response:
        game = selectors.game_get_for_player(Player.of(request), game_id)
        data = validated(HintInputSerializer, request)
        hint, analysis = hints.game_hint(game=game, level=int(data["level"]))
        if hint is None:
            assert analysis is not None  # no hint yet: the analysis it waits for
            return Response(
                {"status": "pending", "hint": None, "analysis": analysis_state(analysis), "game": None},
                status=status.HTTP_202_ACCEPTED,
            )
        game.refresh_from_db()
        return Response(
            {
                "status": "done",
                "hint": presentation.hint_state(hint),
                "analysis": None,
                "game": presentation.game_state(game),
            }
        )


class GameResignApi(APIView):
    @extend_schema(
        summary="Resign",
        description=(
            "Give the deal up: the game is over at once and counts as if the other side had gone out "
            "(it scores the pips left in your side's hands; reason 'resigned'). Possible while the game "
            "is not over, on your move or the solver's; 409 once it is over."
        ),
        request=None,
        responses={200: GameOutputSerializer, **ERRORS, **NOT_A_PLAYER, **CONFLICT},
    )
    def post(self, request: Request, game_id: int) -> Response:
        player = Player.of(request)
        game = selectors.game_get_for_player(player, game_id)
        seat = deadlines.acting_seat(game, player)
        game = services.game_resign(game=game, seat=seat)
        return Response(presentation.game_state(game, viewer=player))


class GameAbortApi(APIView):
    @extend_schema(
        summary="Abort a game between people",
        description=(
            "Before every player has made a move, either player may call the game off: it is over with "
            "no winner (reason 'aborted') and is not rated. 403 for anyone but its players; 409 once every "
            "player has moved (resign instead) or the game is over, and for a practice game."
        ),
        request=None,
        responses={200: GameOutputSerializer, **ERRORS, **NOT_A_PLAYER, **CONFLICT},
    )
    def post(self, request: Request, game_id: int) -> Response:
        player = Player.of(request)
        game = selectors.game_get_for_player(player, game_id)
        if not game.is_people:
            raise ConflictError("a practice game is not aborted: resign it, or start another")
        game = aborts.game_abort(game=game, player=player)
        return Response(presentation.game_state(game, viewer=player))


class GamePresentApi(APIView):
    @extend_schema(
        summary="Say you are at the table",
        description=(
            "The page of a game between people tells the server that its player (a seated one) has it open; "
            "posting again changes nothing. A match's next deal is dealt as the last one ends: its first moves "
            "are timed from when every player in it has said so, at the latest OD_NEXT_DEAL_GRACE seconds "
            "(a minute) after it was dealt. 403 for anyone without a seat in the game, and for a practice game."
        ),
        request=None,
        responses={200: PresenceOutputSerializer, 404: ERRORS[404], **NOT_A_PLAYER},
    )
    def post(self, request: Request, game_id: int) -> Response:
        player = Player.of(request)
        game = selectors.game_get_for_player(player, game_id)
        return Response(presence.game_present(game=game, player=player))


class GameRematchApi(SolverWorkLimited, APIView):
    # A new game queues the solver's analyses of its start: the analyses' limit
    # (counted on a POST only).
    @extend_schema(
        summary="Rematch",
        description=(
            "A new game of the same deal (the same seed and variant, or the same start position) against "
            "the same level: in the same seat, or with `swap` in the other side's seat (A for B, C for D). "
            "The new game's `rematch_of` is this game. Not for a game between people (409)."
        ),
        request=RematchInputSerializer,
        responses={
            201: GameOutputSerializer,
            **ERRORS,
            **WITHHELD,
            **error_response(409, "A game between people: a rematch is offered with a new challenge."),
        },
        examples=[OpenApiExample("The same deal, sides swapped", value={"swap": True}, request_only=True)],
    )
    def post(self, request: Request, game_id: int) -> Response:
        game = selectors.game_get_for_player(Player.of(request), game_id)
        if game.is_people:
            raise ConflictError("a rematch between people is offered with a new challenge")
        data = validated(RematchInputSerializer, request)
        rematch = starting.game_rematch(player=Player.of(request, create=True), game=game, swap=data["swap"])
        rematch.refresh_from_db()
        return Response(presentation.game_state(rematch), status=status.HTTP_201_CREATED)
