"""Input and output shapes of the matches API (the output ones document the
JSON that ``presentation`` builds, for the OpenAPI schema)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from puzzles.core.api import SeedField
from puzzles.core.contract import ExactlyOne, OnlyWhen
from puzzles.games.models import Game
from puzzles.games.serializers import TWO_SEATS, VARIANT_NAMES, WINNERS, WITH_FOUR_SEATS
from puzzles.games.starting import RANDOM_SEAT
from solver.variant import SEATS

from .models import Match
from .services import TARGET_POINTS_RANGE, TARGET_WINS_RANGE

# ------------------------------------------------------------------- input


class MatchCreateInputSerializer(serializers.Serializer[Any]):
    # The ranges are checked by the service too (the same messages for the API and the form).
    target_points = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=TARGET_POINTS_RANGE[0],
        max_value=TARGET_POINTS_RANGE[1],
        help_text="Play until a side has this many points, 1 to 500 (100 or 200 are usual).",
    )
    target_wins = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=TARGET_WINS_RANGE[0],
        max_value=TARGET_WINS_RANGE[1],
        help_text="Or play until a side has won this many deals, 1 to 15. Give exactly one of the two targets.",
    )
    level = serializers.ChoiceField(
        choices=Game.Level.values, default=Game.Level.STRONG, help_text="The solver's strength."
    )
    seed = SeedField(
        help_text="The match's seed, 0 <= seed < 2**64 (a number or a string of digits): the same seed gives the same deals. Random when left out.",
    )
    human = serializers.ChoiceField(
        choices=[*SEATS, RANDOM_SEAT],
        default="A",
        help_text="The seat the human plays in every deal (A to D in partnership), or 'random' for one drawn once.",
    )
    variant = serializers.ChoiceField(
        choices=VARIANT_NAMES,
        default="lewicki",
        help_text="The variant every deal is played in (docs/rules.md section 4).",
    )

    class Meta:
        validators = [
            ExactlyOne(
                "target_points",
                "target_wins",
                message=_(
                    "give a target score (target_points) or a number of won deals (target_wins): one of the two, not both"
                ),
            ),
            OnlyWhen(
                "human",
                [*TWO_SEATS, RANDOM_SEAT],
                "variant",
                WITH_FOUR_SEATS,
                default="lewicki",
                message=_("seats C and D are seats of partnership only"),
            ),
        ]


# ------------------------------------------------------------------ output


def sides_field(**kwargs: Any) -> serializers.DictField:
    """A number per side, keyed by the side's name (``A``/``B``, or ``A+C``/``B+D``)."""
    return serializers.DictField(child=serializers.IntegerField(), **kwargs)


class MatchDealOutputSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField(help_text="1 for the first deal.")
    game = serializers.IntegerField(help_text="The deal's game: /api/games/<game>/.")
    seed = serializers.IntegerField(help_text="The deal's seed (derived from the match's seed).")
    status = serializers.ChoiceField(choices=Game.Status.values, help_text="The game's status.")
    recorded = serializers.BooleanField(help_text="Whether the match has counted the deal's result.")
    winner = serializers.ChoiceField(
        choices=WINNERS, allow_null=True, help_text="Null for a draw or while the deal is played."
    )
    points = serializers.IntegerField(
        allow_null=True, help_text="What the winner scored (0 for a draw); null while played."
    )
    reason = serializers.ChoiceField(choices=["domino", "blocked", "resigned"], allow_null=True)
    human_points = serializers.IntegerField(allow_null=True, help_text="For the human: +points, -points or 0.")
    totals = sides_field(allow_null=True, help_text="The match's scores after this deal.")
    wins = sides_field(allow_null=True, help_text="The deals each side has won after this deal.")
    text = serializers.CharField(allow_blank=True, help_text="The deal's result in words ('' while played).")
    urls = serializers.DictField(child=serializers.CharField())


class MatchOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    variant = serializers.ChoiceField(choices=VARIANT_NAMES)
    status = serializers.ChoiceField(choices=Match.Status.values)
    target_points = serializers.IntegerField(allow_null=True)
    target_wins = serializers.IntegerField(allow_null=True)
    target_text = serializers.CharField()
    level = serializers.ChoiceField(choices=Game.Level.values)
    human = serializers.ChoiceField(choices=list(SEATS), help_text="The human's seat, the same in every deal.")
    human_team = serializers.ChoiceField(choices=WINNERS, help_text="The human's side (A, B, A+C or B+D).")
    solver = serializers.ChoiceField(choices=WINNERS, help_text="The side the solver plays against the human.")
    sides = serializers.ListField(child=serializers.CharField(), help_text="The two sides: [A, B] or [A+C, B+D].")
    seed = serializers.IntegerField()
    scores = sides_field(help_text="Each side's score, keyed by the side's name.")
    wins = sides_field(help_text="Deals won by each side.")
    deals = MatchDealOutputSerializer(many=True)
    current_game = serializers.IntegerField(
        allow_null=True, help_text="The game being played; null once the match is over."
    )
    winner = serializers.ChoiceField(choices=WINNERS, allow_null=True)
    text = serializers.CharField(help_text="Where the match stands, in words.")
    version = serializers.IntegerField(help_text="Changes whenever a deal ends: long-poll with ?wait=.")
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    urls = serializers.DictField(child=serializers.CharField())
