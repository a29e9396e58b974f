"""Input and output shapes of the people API (the output ones document the
JSON that ``presentation`` builds, for the OpenAPI schema).  Ranges are
checked by the services, with the same messages for the API and the forms."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from puzzles.core.contract import AtMostOne, ExactlyOne, NotAKeyOf, OnlyWhen
from puzzles.games.models import Game
from puzzles.games.people_start import (
    CORRESPONDENCE_DAYS,
    MAX_INCREMENT_SECONDS,
    MAX_INITIAL_SECONDS,
    MIN_INITIAL_SECONDS,
)
from puzzles.games.serializers import TWO_SEATS, VARIANT_NAMES, WITH_FOUR_SEATS, FirstMoveSerializer
from solver.variant import SEATS

from .duplicate_matches import DUPLICATE_DEALS_RANGE
from .matches import MATCH_TARGET_ERROR, TARGET_POINTS_RANGE, TARGET_WINS_RANGE
from .models import Challenge
from .pairing import QUICK_CONTROLS, QUICK_RANGES
from .services import RANDOM_SEAT, RATING_RANGE

# ------------------------------------------------------------------- input


# The clock's ranges as the schema states them; the service checks them, with
# the message the forms show too.
@extend_schema_field({"type": "integer", "minimum": MIN_INITIAL_SECONDS, "maximum": MAX_INITIAL_SECONDS})
class _InitialField(serializers.IntegerField):
    pass


@extend_schema_field({"type": "integer", "minimum": 0, "maximum": MAX_INCREMENT_SECONDS})
class _IncrementField(serializers.IntegerField):
    pass


class ClockInputSerializer(serializers.Serializer[Any]):
    initial = _InitialField(
        help_text=f"Seconds on each player's clock at the start, {MIN_INITIAL_SECONDS} to {MAX_INITIAL_SECONDS} "
        "(a clock of 0 is refused: a seat's first move is free and earns no increment).",
    )
    increment = _IncrementField(help_text=f"Seconds added after each move (Fischer), 0 to {MAX_INCREMENT_SECONDS}.")


# The solver's seats: seats of partnership, each with its level, at most two
# (a person holds at least one other seat).
@extend_schema_field(
    {
        "type": "object",
        "maxProperties": 2,
        "additionalProperties": False,
        "properties": {seat: {"type": "string", "enum": list(Game.Level.values)} for seat in SEATS},
    }
)
class _SolverSeatsField(serializers.DictField):
    pass


class ChallengeCreateInputSerializer(serializers.Serializer[Any]):
    variant = serializers.ChoiceField(
        choices=VARIANT_NAMES, default="lewicki", help_text="The variant (docs/rules.md section 4)."
    )
    rated = serializers.BooleanField(
        default=False, help_text="Rated games change the players' ratings: both players need an account."
    )
    seat = serializers.ChoiceField(
        choices=[*SEATS, RANDOM_SEAT],
        default=RANDOM_SEAT,
        help_text="Your seat (A or B; A to D in partnership), or 'random'.",
    )
    clock = ClockInputSerializer(
        required=False,
        allow_null=True,
        help_text="A live game: minutes and seconds as {initial, increment} seconds. Give clock or days.",
    )
    days = serializers.ChoiceField(
        choices=list(CORRESPONDENCE_DAYS),
        required=False,
        allow_null=True,
        help_text="A correspondence game: days a move. Give clock or days.",
        error_messages={"invalid_choice": _('days (a move, by correspondence) is 1, 3 or 7, not "{input}"')},
    )
    to = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=150,
        help_text="The user name of the player the challenge is for (their seat is kept for them); "
        "without it anyone with the link takes the seat.",
    )
    solver = _SolverSeatsField(
        child=serializers.ChoiceField(choices=Game.Level.values),
        required=False,
        help_text='Partnership only: the seats the solver plays, each with its level ({"C": "strong"}); '
        "the other seats are people's (never yours: with seat 'random', yours is drawn among the others). "
        "Not in rated games.",
    )
    target_points = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=TARGET_POINTS_RANGE[0],
        max_value=TARGET_POINTS_RANGE[1],
        help_text="A match between people to this score, 1 to 500 (100 or 200 are usual): deal after deal, "
        "the same people in the same seats. A rated match is rated once, as a whole, when a side wins it.",
    )
    target_wins = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=TARGET_WINS_RANGE[0],
        max_value=TARGET_WINS_RANGE[1],
        help_text="Or a match to this many won deals, 1 to 15.",
    )
    duplicate_deals = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=DUPLICATE_DEALS_RANGE[0],
        max_value=DUPLICATE_DEALS_RANGE[1],
        help_text="Or a duplicate match of this many deals, 1 to 8, two players only: each deal played twice, "
        "the seats swapped, the match won by the side with more points over all the games.",
    )

    class Meta:
        validators = [
            ExactlyOne(
                "clock",
                "days",
                message=_(
                    "give one time control, clock or days, not both: clock {initial, increment} for a live game, "
                    "or days (1, 3 or 7) for correspondence"
                ),
            ),
            AtMostOne("target_points", "target_wins", "duplicate_deals", message=MATCH_TARGET_ERROR),
            OnlyWhen(
                "seat",
                [*TWO_SEATS, RANDOM_SEAT],
                "variant",
                WITH_FOUR_SEATS,
                default="lewicki",
                message=_("seats C and D are seats of partnership only"),
            ),
            OnlyWhen(
                "solver",
                None,
                "variant",
                WITH_FOUR_SEATS,
                default="lewicki",
                message=_("the solver takes seats in partnership only"),
            ),
            OnlyWhen(
                "solver",
                None,
                "rated",
                [False],
                default=False,
                message=_("a rated game has a person in every seat: leave out the solver seats or play casual"),
            ),
            NotAKeyOf(
                "seat",
                "solver",
                list(SEATS),
                message=_("%(seat)s is your seat: the solver takes seats other than yours"),
            ),
        ]


class SeekCreateInputSerializer(ChallengeCreateInputSerializer):
    to = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=0,
        help_text="Not for a seek: a seek is for anyone.",
        error_messages={"max_length": _("a lobby seek is for anyone: leave out to, or post a challenge")},
    )
    rating_min = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=RATING_RANGE[0],
        max_value=RATING_RANGE[1],
        help_text="The lowest rating that may accept (at most rating_max: a 400 otherwise).",
    )
    rating_max = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=RATING_RANGE[0],
        max_value=RATING_RANGE[1],
        help_text="The highest rating that may accept.",
    )


class AcceptInputSerializer(serializers.Serializer[Any]):
    seat = serializers.ChoiceField(
        choices=list(SEATS),
        required=False,
        allow_null=True,
        help_text="Partnership: the free seat you take (else the seat kept for you, or the first free one).",
    )


class QuickPairInputSerializer(serializers.Serializer[Any]):
    control = serializers.ChoiceField(choices=list(QUICK_CONTROLS), help_text="3+2, 5+3, 10+5, or 1d, 3d, 7d a move.")
    variant = serializers.ChoiceField(choices=VARIANT_NAMES, default="lewicki")
    rated = serializers.BooleanField(default=False)
    rating_range = serializers.ChoiceField(
        choices=list(QUICK_RANGES),
        required=False,
        allow_null=True,
        default=None,
        help_text="Only opponents rated within this many points of your rating in the game's pool (100, 200 or 400); "
        "null or left out: any rating. The seek posted when none fits accepts that range around your rating.",
    )


# ------------------------------------------------------------------ output


class PeopleMatchDealSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    game = serializers.IntegerField()
    winner = serializers.CharField(allow_null=True, help_text="A, B, A+C or B+D; null for a draw or while played.")
    points = serializers.IntegerField(allow_null=True)
    reason = serializers.CharField(allow_null=True)
    recorded = serializers.BooleanField()
    url = serializers.CharField()


class PeopleMatchNetSerializer(serializers.Serializer[Any]):
    deal = serializers.IntegerField()
    net = serializers.IntegerField()


class PeopleMatchOutputSerializer(serializers.Serializer[Any]):
    target_points = serializers.IntegerField(allow_null=True)
    target_wins = serializers.IntegerField(allow_null=True)
    target_text = serializers.CharField()
    sides = serializers.ListField(child=serializers.CharField())
    scores = serializers.DictField(child=serializers.IntegerField())
    wins = serializers.DictField(child=serializers.IntegerField())
    deals = PeopleMatchDealSerializer(many=True)
    current = PeopleMatchDealSerializer(
        allow_null=True, help_text="The deal being played, while the match goes on; null between deals and at its end."
    )
    winner = serializers.CharField(allow_null=True, help_text="A side; '=' for a duplicate match ended level.")
    over = serializers.BooleanField()
    duplicate_deals = serializers.IntegerField(allow_null=True)
    nets = PeopleMatchNetSerializer(
        many=True, help_text="A duplicate match's deals played both ways: side A's points minus B's on each."
    )
    first_move = FirstMoveSerializer(
        allow_null=True,
        help_text="The current deal's first move awaited (a live match), for the last deal's countdown; else null.",
    )


class ChallengeCreatedSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    url = serializers.CharField(help_text="The challenge's page: send it to the player (the link is the seat).")


class ChallengeSeatOutputSerializer(serializers.Serializer[Any]):
    seat = serializers.ChoiceField(choices=list(SEATS))
    player = serializers.DictField(
        allow_null=True, help_text="{name, guest, bot}; null for a free seat or the solver's."
    )
    level = serializers.ChoiceField(
        choices=Game.Level.values, allow_null=True, help_text="The solver's level, if it plays the seat."
    )
    level_text = serializers.CharField(allow_null=True, help_text="The solver's level in words.")
    taken = serializers.BooleanField(help_text="False while the seat is free or kept for a named player.")
    rating = serializers.IntegerField(allow_null=True, help_text="The player's rating in this game's pool.")
    rating_change = serializers.IntegerField(
        allow_null=True,
        help_text="Once a rated game (or a rated match, as a whole) is over: the player's rating change.",
    )


class ChallengeOutputSerializer(ChallengeCreatedSerializer):
    variant = serializers.ChoiceField(choices=VARIANT_NAMES)
    variant_text = serializers.CharField()
    rated = serializers.BooleanField()
    unrated_because = serializers.CharField(
        allow_null=True,
        help_text="Why a rated challenge changes no rating: `pair-limit`, past the day's limit of rated games between the "
        "same two accounts (said from the start); `early`, a game over before each player had moved twice (a "
        "match: every deal); `aborted`; null while it is rated or not over.",
    )
    unrated_text = serializers.CharField(allow_null=True, help_text="unrated_because in words.")
    rated_early = serializers.IntegerField(
        allow_null=True,
        min_value=1,
        help_text="A rated match whose every deal ended before each player had moved twice, rated all the same as "
        "the loss it is: the losing side had already ended this many rated games or matches early on the UTC day "
        "it started (the day's allowance; within it such a match is `unrated_because` `early`); else null.",
    )
    rated_early_text = serializers.CharField(allow_null=True, help_text="rated_early in words.")
    time_class = serializers.ChoiceField(choices=["live", "correspondence"])
    clock = ClockInputSerializer(allow_null=True)
    days = serializers.IntegerField(allow_null=True)
    control = serializers.CharField(help_text="'5+3' (minutes + seconds) or '3d'.")
    control_text = serializers.CharField()
    status = serializers.ChoiceField(choices=Challenge.Status.values)
    status_text = serializers.CharField(
        help_text="The status in words; a started one-game challenge's game once it is over."
    )
    game_over = serializers.ChoiceField(
        choices=["over", "aborted"],
        allow_null=True,
        help_text="A started one-game challenge whose game has ended: 'over', or 'aborted' (no review, no rematch); else null.",
    )
    kept_for = serializers.ListField(
        child=serializers.CharField(),
        help_text="An open challenge's people its seats are kept for (a named challenge, a rematch): only they may accept.",
    )
    lobby = serializers.BooleanField(help_text="A seek listed in the lobby.")
    rating_min = serializers.IntegerField(allow_null=True)
    rating_max = serializers.IntegerField(allow_null=True)
    seats = ChallengeSeatOutputSerializer(many=True)
    game = serializers.IntegerField(allow_null=True, help_text="The game once it has started: /api/games/<game>/.")
    you = serializers.DictField(
        help_text="Your seat and what you may do: seat, creator, can_accept, can_cancel, can_decline."
    )
    match = PeopleMatchOutputSerializer(
        allow_null=True, help_text="A match between people: target, scores and deals; null for one game."
    )
    rematch_of = serializers.IntegerField(allow_null=True)
    expires_at = serializers.DateTimeField()
    created_at = serializers.DateTimeField()
    version = serializers.IntegerField(help_text="Changes with every seat taken and the start: long-poll with ?wait=.")
    urls = serializers.DictField(child=serializers.CharField(allow_null=True))


class SeekOutputSerializer(ChallengeOutputSerializer):
    by = serializers.CharField(help_text="Who posted the seek.")
    by_rating = serializers.IntegerField(allow_null=True)


class LobbyOutputSerializer(serializers.Serializer[Any]):
    version = serializers.IntegerField(help_text="Changes whenever a seek is posted, taken, cancelled or expires.")
    seeks = SeekOutputSerializer(many=True)
    urls = serializers.DictField(child=serializers.CharField())


class StartedGameOutputSerializer(serializers.Serializer[Any]):
    game = serializers.IntegerField()
    url = serializers.CharField(help_text="The game's page.")


class ForYouOutputSerializer(serializers.Serializer[Any]):
    version = serializers.IntegerField(
        help_text="The lobby's: it changes with every challenge that keeps a seat for someone."
    )
    challenges = SeekOutputSerializer(
        many=True, help_text="The open challenges that keep a seat for you, newest first."
    )
    started = StartedGameOutputSerializer(
        many=True,
        help_text="Your games that started in the last 30 seconds and are not over: a page waiting goes there.",
    )
    urls = serializers.DictField(child=serializers.CharField())


class RatingOutputSerializer(serializers.Serializer[Any]):
    time_class = serializers.ChoiceField(choices=["live", "correspondence"])
    family = serializers.ChoiceField(choices=["lewicki", "lewicki9", "block", "partnership"])
    time_class_text = serializers.CharField()
    family_text = serializers.CharField()
    rating = serializers.IntegerField()
    rd = serializers.IntegerField(help_text="The rating's deviation (Glicko-2).")
    provisional = serializers.BooleanField(help_text="True while the deviation is large: not on the leaderboard.")
    games = serializers.IntegerField(help_text="Rated games played in this pool.")


class RatingPointSerializer(serializers.Serializer[Any]):
    game = serializers.IntegerField(help_text="The rated game; for a rated match, its last deal.")
    match = serializers.IntegerField(allow_null=True, help_text="The rated match's challenge; null for one game.")
    time_class = serializers.CharField()
    family = serializers.CharField()
    rating_before = serializers.IntegerField()
    rating_after = serializers.IntegerField()
    score = serializers.FloatField(help_text="1 a win, 0.5 a draw, 0 a loss.")
    at = serializers.DateTimeField()


class ProfileGameSerializer(serializers.Serializer[Any]):
    game = serializers.IntegerField()
    variant = serializers.CharField()
    control = serializers.CharField()
    rated = serializers.BooleanField()
    seat = serializers.CharField()
    opponents = serializers.CharField()
    result = serializers.CharField(help_text="won, lost, draw or aborted, in words; '' while played.")
    over = serializers.BooleanField()
    change = serializers.IntegerField(allow_null=True, help_text="The rating change of a rated game or match.")
    match = serializers.CharField(
        allow_null=True, help_text="A match between people: its target in words; null for one game."
    )
    accuracy = serializers.FloatField(allow_null=True, help_text="Per cent of best moves among those with a choice.")
    url = serializers.CharField(help_text="The review once over, else the game; a match's score sheet.")


class ProfileEventSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    kind_text = serializers.CharField(help_text="Arena, Swiss or duplicate, in words.")
    status_text = serializers.CharField()
    url = serializers.CharField(help_text="The event's page.")
    rank = serializers.IntegerField(allow_null=True, help_text="Null while its results are hidden.")
    entrants = serializers.IntegerField()
    score = serializers.FloatField(allow_null=True)


class ProfileOutputSerializer(serializers.Serializer[Any]):
    username = serializers.CharField()
    bot = serializers.BooleanField(help_text="A bot's account: a program plays it.")
    ratings = RatingOutputSerializer(many=True)
    history = RatingPointSerializer(many=True)
    games = ProfileGameSerializer(many=True)
    accuracy = serializers.ListField(
        child=serializers.FloatField(), help_text="The last games' accuracies, oldest first."
    )
    accuracy_mean = serializers.FloatField(allow_null=True)
    events = ProfileEventSerializer(many=True, help_text="The latest tournaments entered, the latest first.")


class LeaderboardRowSerializer(serializers.Serializer[Any]):
    rank = serializers.IntegerField()
    name = serializers.CharField()
    bot = serializers.BooleanField(help_text="A bot's account (the bots' leaderboard).")
    rating = serializers.IntegerField()
    rd = serializers.IntegerField()
    games = serializers.IntegerField()
    url = serializers.CharField()


class LeaderboardOutputSerializer(serializers.Serializer[Any]):
    time_class = serializers.CharField()
    family = serializers.CharField()
    rows = LeaderboardRowSerializer(many=True)
