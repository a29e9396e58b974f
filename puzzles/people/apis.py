"""The people API (thin DRF views): challenges, the lobby and its seeks,
quick pairing.  Every error is ``{"error": "..."}``.  The games are played
through the practice games' endpoints (``/api/games/<id>/``)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiExample, OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from puzzles.accounts.limits import LobbyPostThrottle, SolverWorkLimited, SolverWorkThrottle
from puzzles.accounts.players import Player
from puzzles.botaccounts.selectors import is_bot
from puzzles.core import events
from puzzles.core.api import UNCHANGED, error_response, long_poll, long_poll_on, validated
from puzzles.core.throttles import PlayerThrottle

from . import pairing, presentation, profiles, selectors, services
from .models import FAMILY_CHOICES, TIME_CLASS_CHOICES, Challenge
from .serializers import (
    AcceptInputSerializer,
    ChallengeCreatedSerializer,
    ChallengeCreateInputSerializer,
    ChallengeOutputSerializer,
    ForYouOutputSerializer,
    LeaderboardOutputSerializer,
    LobbyOutputSerializer,
    ProfileOutputSerializer,
    QuickPairInputSerializer,
    SeekCreateInputSerializer,
)

LIST_LIMIT = 50
WAIT_PARAMETERS = [
    OpenApiParameter("wait", OpenApiTypes.INT, description="Hold the answer while the version is this."),
    OpenApiParameter("timeout", OpenApiTypes.FLOAT, description="Longest hold in seconds."),
]
REFUSED = {
    **error_response(400, "Bad input: what is wrong is said."),
    **error_response(
        403,
        "Not yours to do: a guest at a rated game, another player's challenge (or your own, "
        "to accept or decline), a rating out of range.",
    ),
    **error_response(409, "The challenge is no longer open, or the seat is taken."),
}


def _create_args(data: dict[str, Any]) -> dict[str, Any]:
    clock = data.get("clock")
    return {
        "variant": data["variant"],
        "rated": data["rated"],
        "seat": data["seat"],
        "clock": (clock["initial"], clock["increment"]) if clock else None,
        "days": data.get("days"),
        "solver": data.get("solver") or None,
        "target_points": data.get("target_points"),
        "target_wins": data.get("target_wins"),
        "duplicate_deals": data.get("duplicate_deals"),
    }


def _state(challenge: Challenge, request: Request, code: int = status.HTTP_200_OK) -> Response:
    return Response(presentation.challenge_state(challenge, Player.of(request)), status=code)


class ChallengeListCreateApi(APIView):
    throttle_classes = [PlayerThrottle, LobbyPostThrottle]

    @extend_schema(
        summary="Your challenges",
        description="The challenges in which you have a seat (taken or kept for you), newest first, at most 50.",
        responses={200: ChallengeOutputSerializer(many=True)},
    )
    def get(self, request: Request) -> Response:
        player = Player.of(request)
        rows = list(selectors.challenges_for_player(player).prefetch_related("seats__owner", "deals")[:LIST_LIMIT])
        # The seats' ratings in one read, as the lobby does (not one a seat).
        ratings = selectors.ratings_of_users({row.owner_id for c in rows for row in c.seats.all() if row.owner_id})
        return Response([presentation.challenge_state(c, player, ratings) for c in rows])

    @extend_schema(
        summary="Challenge a player",
        description=(
            "An open challenge: you sit at `seat`; the link `url` is the other seat (anyone who opens it "
            "may accept, guests too), or with `to` the seat is kept for that account. Give the time control as "
            "`clock` {initial, increment} seconds (live, Fischer) or `days` (correspondence: 1, 3 or 7 a move). "
            "In partnership `solver` may give seats to the solver at a level; the game starts when every other "
            "seat is taken. A rated challenge needs an account (403 for a guest) and people in every seat; a `to` "
            "that names no account is a 404. "
            "An open challenge expires after a day (live) or a week (correspondence)."
        ),
        request=ChallengeCreateInputSerializer,
        responses={
            201: ChallengeCreatedSerializer,
            **REFUSED,
            **error_response(404, '`to` names no player: no account of that user name ("no player is called ...").'),
        },
        examples=[
            OpenApiExample(
                "Live 5+3, casual",
                value={"variant": "lewicki", "rated": False, "seat": "A", "clock": {"initial": 300, "increment": 3}},
                request_only=True,
            ),
            OpenApiExample(
                "Correspondence, rated, to a player",
                value={"variant": "block", "rated": True, "seat": "random", "days": 3, "to": "ania"},
                request_only=True,
            ),
            OpenApiExample(
                "Partnership with the solver in C",
                value={"variant": "partnership", "seat": "A", "days": 1, "solver": {"C": "strong"}},
                request_only=True,
            ),
        ],
    )
    def post(self, request: Request) -> Response:
        data = validated(ChallengeCreateInputSerializer, request)
        challenge = services.challenge_create(
            player=Player.of(request, create=True), to=data.get("to") or None, **_create_args(data)
        )
        return _state(challenge, request, status.HTTP_201_CREATED)


class ChallengeDetailApi(APIView):
    @extend_schema(
        summary="A challenge",
        description=(
            "Its seats, status and, once every seat is taken, its `game`. Anyone with the link may read it. "
            "With `?wait=<version>` the answer is held until the version differs (a seat taken, the start), "
            "at most `timeout` seconds (default 20, at most 25); 304 with no body if nothing changed."
        ),
        parameters=WAIT_PARAMETERS,
        responses={200: ChallengeOutputSerializer, **UNCHANGED, **error_response(404, "No such challenge.")},
    )
    def get(self, request: Request, challenge_id: int) -> Response:
        challenge = selectors.challenge_get(challenge_id)
        unchanged = long_poll(request, challenge, "challenge", selectors.challenge_version)
        if unchanged is not None:
            return unchanged
        return _state(challenge, request)


class ChallengeAcceptApi(SolverWorkLimited, APIView):
    # The game's start queues the solver's analyses: the analyses' limit.
    @extend_schema(
        summary="Accept a challenge",
        description=(
            "Take a seat: the one kept for you, else `seat` or the first free one. `game` is the game's id once "
            "every seat is taken (at once in a two-seat game; in partnership with four people, when the last one "
            "accepts), else null. Then play through /api/games/<game>/. 400 for your own challenge; 403 for a "
            "guest at a rated game, another player's named challenge or a rating outside a seek's range; 409 "
            "once it is no longer open."
        ),
        request=AcceptInputSerializer,
        responses={200: ChallengeOutputSerializer, **REFUSED, **error_response(404, "No such challenge.")},
    )
    def post(self, request: Request, challenge_id: int) -> Response:
        selectors.challenge_get(challenge_id)
        data = validated(AcceptInputSerializer, request)
        challenge = services.challenge_accept(
            player=Player.of(request, create=True), challenge_id=challenge_id, seat=data.get("seat")
        )
        return _state(challenge, request)


class ChallengeDeclineApi(APIView):
    @extend_schema(
        summary="Decline a challenge",
        description="The player it is for (or, for a link, anyone but its creator) turns it down: it closes.",
        request=None,
        responses={200: ChallengeOutputSerializer, **REFUSED, **error_response(404, "No such challenge.")},
    )
    def post(self, request: Request, challenge_id: int) -> Response:
        selectors.challenge_get(challenge_id)
        return _state(services.challenge_decline(player=Player.of(request), challenge_id=challenge_id), request)


class ChallengeCancelApi(APIView):
    @extend_schema(
        summary="Cancel your challenge",
        description="Its creator withdraws an open challenge (or seek). 403 for anyone else.",
        request=None,
        responses={200: ChallengeOutputSerializer, **REFUSED, **error_response(404, "No such challenge.")},
    )
    def post(self, request: Request, challenge_id: int) -> Response:
        selectors.challenge_get(challenge_id)
        return _state(services.challenge_cancel(player=Player.of(request), challenge_id=challenge_id), request)


class ChallengeRematchApi(APIView):
    @extend_schema(
        summary="Offer a rematch",
        description=(
            "Once the challenge's game is over, one of its players offers the same game again with every "
            "person on the other side (A for B, C for D): a new challenge whose seats are kept for the "
            "same opponents. 409 while the game is played, 403 for anyone who did not play it."
        ),
        request=None,
        responses={201: ChallengeOutputSerializer, **REFUSED, **error_response(404, "No such challenge.")},
    )
    def post(self, request: Request, challenge_id: int) -> Response:
        selectors.challenge_get(challenge_id)
        challenge = services.challenge_rematch(player=Player.of(request), challenge_id=challenge_id)
        return _state(challenge, request, status.HTTP_201_CREATED)


def _no_lobby(lobby_id: int) -> Response | None:
    """The 404 of a lobby that is not the site's one (id 1); else None, for
    a read of the lobby or of its challenges for the reader (a read writes
    nothing: the selectors leave out what has run out, and the beat's sweep
    marks it expired, ``tasks.challenges_expire_task``)."""
    if lobby_id != 1:
        return Response({"error": "no such lobby: the lobby is /api/lobby/1/"}, status=status.HTTP_404_NOT_FOUND)
    return None


def _lobby_answer(request: Request, lobby_id: int) -> Response:
    """A read of the lobby, held while ``?wait=`` names its version: its
    seeks as the reader sees them."""
    if (missing := _no_lobby(lobby_id)) is not None:
        return missing
    # The lobby's row is made by its first seek: until then its version is 0.
    unchanged = long_poll_on(
        request, selectors.lobby_version(1) or 0, events.channel("lobby", 1), lambda: selectors.lobby_version(1)
    )
    if unchanged is not None:
        return unchanged
    return Response(presentation.lobby_state(Player.of(request)))


class LobbyApi(APIView):
    @extend_schema(
        summary="The lobby",
        description=(
            "The open seeks (the site has one lobby: id 1), oldest first. With `?wait=<version>` the answer is "
            "held until a seek is posted, taken, cancelled or expires (at most `timeout` seconds); 304 if not."
        ),
        parameters=WAIT_PARAMETERS,
        responses={200: LobbyOutputSerializer, **UNCHANGED, **error_response(404, "No such lobby.")},
    )
    def get(self, request: Request, lobby_id: int) -> Response:
        return _lobby_answer(request, lobby_id)


class ForYouApi(APIView):
    @extend_schema(
        summary="Challenges for you",
        description=(
            "The open challenges that keep a seat for you (a challenge to your account, a rematch offered), "
            "newest first, at most 10: what every page shows as they come. With `?wait=<version>` (this list's "
            "version: yours alone) the answer is held until a challenge that keeps a seat for you is posted, taken, "
            "declined, cancelled or runs out, at most `timeout` seconds; 304 if not."
        ),
        parameters=WAIT_PARAMETERS,
        responses={200: ForYouOutputSerializer, **UNCHANGED, **error_response(404, "No such lobby.")},
    )
    def get(self, request: Request, lobby_id: int) -> Response:
        if (missing := _no_lobby(lobby_id)) is not None:
            return missing
        player = Player.of(request)
        unchanged = long_poll_on(
            request,
            selectors.inbox_version(player),
            selectors.inbox_channel(player),
            lambda: selectors.inbox_version(player),
        )
        if unchanged is not None:
            return unchanged
        return Response(presentation.for_you_state(player))


class SeekCreateApi(APIView):
    throttle_classes = [PlayerThrottle, LobbyPostThrottle]

    @extend_schema(
        summary="Post a seek",
        description=(
            "A challenge listed in the lobby for anyone to accept (`rating_min`, `rating_max`: the ratings, in "
            "this game's time class and family, that may accept). The same fields as a challenge, without `to`. "
            "A live seek expires after 20 minutes."
        ),
        request=SeekCreateInputSerializer,
        responses={201: ChallengeOutputSerializer, **REFUSED},
    )
    def post(self, request: Request) -> Response:
        data = validated(SeekCreateInputSerializer, request)
        if data.get("to"):
            return Response({"error": "a lobby seek is for anyone: leave out to, or post a challenge"}, status=400)
        challenge = services.challenge_create(
            player=Player.of(request, create=True),
            lobby=True,
            rating_min=data.get("rating_min"),
            rating_max=data.get("rating_max"),
            **_create_args(data),
        )
        return _state(challenge, request, status.HTTP_201_CREATED)


class QuickPairApi(SolverWorkLimited, APIView):
    throttle_classes = [PlayerThrottle, SolverWorkThrottle, LobbyPostThrottle]

    @extend_schema(
        summary="Quick pairing",
        description=(
            "Play now at a common control: the oldest open seek of this variant, control and kind that you may "
            "take is accepted (its `game` is set), else a seek of yours is posted (`game` null: wait on it). "
            "With `rating_range`, only seeks whose players are rated within that many points of you (and whose own "
            "range holds your rating) are taken, and the seek posted accepts that range around your rating."
        ),
        request=QuickPairInputSerializer,
        responses={200: ChallengeOutputSerializer, **REFUSED},
    )
    def post(self, request: Request) -> Response:
        data = validated(QuickPairInputSerializer, request)
        challenge = pairing.quick_pair(player=Player.of(request, create=True), **data)
        return _state(challenge, request)


class ProfileApi(APIView):
    @extend_schema(
        summary="A player's profile",
        operation_id="players_profile",
        description="An account's ratings per time class and family, its rating history (one point a rated game), "
        "its latest games with people and their accuracy, and its latest tournaments with its rank.",
        responses={200: ProfileOutputSerializer, **error_response(404, "No such player.")},
    )
    def get(self, request: Request, username: str) -> Response:
        context = profiles.profile_context(selectors.user_by_name(username))
        return Response(
            {
                "username": context["profile_user"].username,
                "bot": is_bot(context["profile_user"]),
                "ratings": context["ratings"],
                "history": context["history"],
                "games": [{k: v for k, v in g.items() if k != "created_at"} for g in context["games"]],
                "accuracy": context["accuracy_values"],
                "accuracy_mean": context["accuracy_mean"],
                "events": context["events"],
            }
        )


class LeaderboardApi(APIView):
    @extend_schema(
        summary="The leaderboard",
        operation_id="players_leaderboard",
        description="The best established ratings (at most 50) of one pool: `time` live or correspondence, "
        "`family` lewicki, lewicki9, block or partnership (doubles or not, one family). People's, or with "
        "`bots=true` the bots' (bots are rated in a pool of their own).",
        parameters=[
            OpenApiParameter("bots", OpenApiTypes.BOOL, description="The bots' leaderboard instead of people's."),
            OpenApiParameter("time", OpenApiTypes.STR, enum=[t for t, _l in TIME_CLASS_CHOICES]),
            OpenApiParameter("family", OpenApiTypes.STR, enum=[f for f, _l in FAMILY_CHOICES]),
        ],
        responses={200: LeaderboardOutputSerializer, **error_response(400, "An unknown time class or family.")},
    )
    def get(self, request: Request) -> Response:
        time_class = request.query_params.get("time", "live")
        family = request.query_params.get("family", "lewicki")
        if time_class not in dict(TIME_CLASS_CHOICES) or family not in dict(FAMILY_CHOICES):
            return Response(
                {"error": "time is live or correspondence, and family one of lewicki, lewicki9, block, partnership"},
                status=status.HTTP_400_BAD_REQUEST,
            )
        bots = request.query_params.get("bots") in ("1", "true")
        context = profiles.leaderboard_context(time_class, family, bots=bots)
        return Response({"time_class": time_class, "family": family, "rows": context["rows"]})
