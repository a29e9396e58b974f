"""The shapes of the bot API and of the streams' events (for the OpenAPI
schema; the events are built in ``presentation``)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import PolymorphicProxySerializer
from rest_framework import serializers

from puzzles.games.models import SEAT_CHOICES, Game
from puzzles.games.presentation import STATUSES
from puzzles.games.serializers import (
    VARIANT_NAMES,
    DealCommitmentSerializer,
    PlayerSerializer,
    ResultOutputSerializer,
    TimeControlSerializer,
)
from puzzles.people.models import Challenge

SEATS = [seat for seat, _label in SEAT_CHOICES]
WINNERS = ["A", "B", "A+C", "B+D"]


PLY_HELP = (
    "The game's ply the move is meant for (its number of moves so far): a move sent twice is played once, "
    "and a stale one is a 409. Without it, the move is played on the game as it stands."
)


class PlyQuerySerializer(serializers.Serializer[Any]):
    ply = serializers.IntegerField(
        required=False,
        min_value=0,
        help_text=PLY_HELP,
    )


class BotMoveOutputSerializer(serializers.Serializer[Any]):
    ok = serializers.BooleanField()
    game = serializers.IntegerField()
    ply = serializers.IntegerField(help_text="The ply the move was played at (0 for the first move).")
    move = serializers.CharField(help_text="The move as stored (normalised notation).")


class BotResignOutputSerializer(serializers.Serializer[Any]):
    ok = serializers.BooleanField()
    game = serializers.IntegerField()
    result = ResultOutputSerializer(allow_null=True)


class GameStateEventSerializer(serializers.Serializer[Any]):
    type = serializers.ChoiceField(choices=["gameState"])
    moves = serializers.ListField(child=serializers.CharField(), help_text="Every move so far, in playing order.")
    ply = serializers.IntegerField()
    position = serializers.CharField(help_text="The current position (docs/rules.md section 2).")
    to_move = serializers.ChoiceField(choices=SEATS, allow_null=True, help_text="Null once the game is over.")
    legal_moves = serializers.ListField(
        child=serializers.CharField(), help_text="The reader's legal moves when the reader's seat is to move, else []."
    )
    clocks = serializers.DictField(
        child=serializers.IntegerField(), allow_null=True, help_text="Milliseconds left on each seat's clock."
    )
    server_time = serializers.IntegerField(allow_null=True, help_text="When the clocks were read (ms since 1970).")
    deadline = serializers.IntegerField(allow_null=True, help_text="When the seat to move runs out (ms since 1970).")
    clock_running = serializers.ChoiceField(choices=SEATS, allow_null=True)
    status = serializers.ChoiceField(choices=STATUSES, help_text="For the reader, as the game JSON says it.")
    result = ResultOutputSerializer(allow_null=True)
    version = serializers.IntegerField()


class GameFullEventSerializer(serializers.Serializer[Any]):
    type = serializers.ChoiceField(choices=["gameFull"])
    id = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=Game.Kind.values)
    variant = serializers.ChoiceField(choices=VARIANT_NAMES)
    rated = serializers.BooleanField()
    time_control = TimeControlSerializer(allow_null=True)
    players = serializers.DictField(child=PlayerSerializer(), allow_null=True, help_text="Each seat's player.")
    seats = serializers.ListField(child=serializers.ChoiceField(choices=SEATS), help_text="In playing order.")
    teams = serializers.ListField(child=serializers.CharField())
    start = serializers.CharField(help_text="The start position (docs/rules.md section 2).")
    deal = DealCommitmentSerializer(allow_null=True)
    my_seat = serializers.ChoiceField(choices=SEATS, allow_null=True, help_text="The reader's seat; null: a spectator.")
    spectator = serializers.BooleanField()
    url = serializers.CharField(help_text="The game's page.")
    created_at = serializers.DateTimeField()
    state = GameStateEventSerializer()


class ChallengerSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    guest = serializers.BooleanField()
    bot = serializers.BooleanField(help_text="A bot's account.")


class ChallengeClockSerializer(serializers.Serializer[Any]):
    initial = serializers.IntegerField()
    increment = serializers.IntegerField()


class ChallengeMatchSerializer(serializers.Serializer[Any]):
    target_points = serializers.IntegerField(allow_null=True)
    target_wins = serializers.IntegerField(allow_null=True)
    duplicate_deals = serializers.IntegerField(allow_null=True)


class ChallengeSummarySerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    url = serializers.CharField(help_text="The challenge's page.")
    challenger = ChallengerSerializer(allow_null=True)
    variant = serializers.ChoiceField(choices=VARIANT_NAMES)
    rated = serializers.BooleanField()
    clock = ChallengeClockSerializer(allow_null=True, help_text="Live: seconds and increment.")
    days = serializers.IntegerField(allow_null=True, help_text="Correspondence: days a move.")
    control = serializers.CharField(help_text="'5+3', '3d'.")
    time_class = serializers.ChoiceField(choices=["live", "correspondence"])
    match = ChallengeMatchSerializer(allow_null=True)
    seat = serializers.ChoiceField(choices=SEATS, help_text="Your seat in it.")
    for_you = serializers.BooleanField(help_text="Kept for you: yours to accept or decline (false: your own).")
    accept = serializers.CharField()
    decline = serializers.CharField()
    expires_at = serializers.DateTimeField()


class ChallengeEventSerializer(serializers.Serializer[Any]):
    type = serializers.ChoiceField(choices=["challenge"])
    challenge = ChallengeSummarySerializer()


class ChallengeGoneSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Challenge.Status.values)


class ChallengeGoneEventSerializer(serializers.Serializer[Any]):
    type = serializers.ChoiceField(choices=["challengeDeclined", "challengeCanceled"])
    challenge = ChallengeGoneSerializer()


class GameSummaryResultSerializer(serializers.Serializer[Any]):
    winner = serializers.ChoiceField(choices=WINNERS, allow_null=True)
    points = serializers.IntegerField()
    reason = serializers.CharField()


class GameSummarySerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    url = serializers.CharField(help_text="The game's page.")
    stream = serializers.CharField(help_text="The game's stream.")
    variant = serializers.ChoiceField(choices=VARIANT_NAMES)
    rated = serializers.BooleanField()
    my_seat = serializers.ChoiceField(choices=SEATS, allow_null=True)
    result = GameSummaryResultSerializer(required=False, allow_null=True, help_text="gameFinish: how it ended.")


class GameEventSerializer(serializers.Serializer[Any]):
    type = serializers.ChoiceField(choices=["gameStart", "gameFinish"])
    game = GameSummarySerializer()


EVENT_STREAM = PolymorphicProxySerializer(
    component_name="StreamEvent",
    serializers=[ChallengeEventSerializer, ChallengeGoneEventSerializer, GameEventSerializer],
    resource_type_field_name=None,
)
GAME_STREAM = PolymorphicProxySerializer(
    component_name="GameStreamEvent",
    serializers=[GameFullEventSerializer, GameStateEventSerializer],
    resource_type_field_name=None,
)
