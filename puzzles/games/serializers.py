"""Input and output shapes of the API (the output ones document the JSON that
``presentation`` builds, for the OpenAPI schema, and render it)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from puzzles.analyses.serializers import AnalysisOutputSerializer
from puzzles.core.api import SeedField
from puzzles.core.contract import AtMostOne, OnlyWhen, PositionOfVariant, position_field
from puzzles.core.vocabulary import GRADES, OUTCOMES, REASONS
from solver import VARIANTS
from solver.variant import SEATS

from .deadlines import TIME
from .disconnects import ABANDONED
from .early import ABORTED, EARLY
from .models import Game
from .moves import RESIGNED
from .presentation import STATUSES
from .starting import RANDOM_SEAT

VARIANT_NAMES = [str(v) for v in VARIANTS]
# The seats of every variant, and the variants with four (C and D: partnership).
TWO_SEATS = [s for s in SEATS if all(s in v.seats for v in VARIANTS)]
WITH_FOUR_SEATS = [str(v) for v in VARIANTS if len(v.seats) == 4]
# A Result's winner: a seat, or a team of partnership.
WINNERS = ["A", "B", "A+C", "B+D"]

# ------------------------------------------------------------------- input


class GameCreateInputSerializer(serializers.Serializer[Any]):
    position = position_field(
        max_length=400,
        required=False,
        allow_blank=True,
        help_text="Start from this position (of any variant: its first field names it); leave out for a fresh deal. "
        "One that has the pattern's shape but is not a possible position (docs/rules.md section 2.4) is a 400 "
        "that says what is wrong.",
    )
    variant = serializers.ChoiceField(
        choices=VARIANT_NAMES,
        required=False,
        allow_blank=True,
        help_text="The variant of a fresh deal (docs/rules.md section 4), with `seed` or alone for a random deal; "
        "the standard game (lewicki) when left out. With a `position` it may be given, and must be the position's.",
    )
    seed = SeedField(
        help_text="The deal's seed, 0 <= seed < 2**64 (a number or a string of digits); random when left out.",
    )
    human = serializers.ChoiceField(
        choices=[*SEATS, RANDOM_SEAT],
        default="A",
        help_text="The seat the human plays (A or B; A to D in partnership), or 'random' for one drawn at random.",
    )
    level = serializers.ChoiceField(choices=Game.Level.values, default=Game.Level.STRONG)
    rng_seed = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=(1 << 63) - 1,
        help_text="Seed of the solver's random choices (to replay a game); random when left out.",
    )

    class Meta:
        validators = [
            AtMostOne("position", "seed", message=_("give either a position or a seed, not both")),
            PositionOfVariant(
                "position",
                "variant",
                message=_(
                    "the position is of the variant %(position)s, not %(variant)s: give the position's variant, or "
                    "leave variant out"
                ),
            ),
            OnlyWhen(
                "human",
                [*TWO_SEATS, RANDOM_SEAT],
                "variant",
                WITH_FOUR_SEATS,
                default="lewicki",
                matching=("position", r"^\s*partnership"),
                message=_("seats C and D are seats of partnership only"),
            ),
        ]


class RematchInputSerializer(serializers.Serializer[Any]):
    swap = serializers.BooleanField(
        default=False,
        help_text="Play the other side's seat (A for B, C for D) instead of the same seat.",
    )


class HintInputSerializer(serializers.Serializer[Any]):
    level = serializers.ChoiceField(
        choices=[1, 2, 3],
        help_text="1: the outcome with perfect play; 2: which available stones keep the best result; 3: the best move.",
    )


# ------------------------------------------------------------------ output


class GameMoveOutputSerializer(serializers.Serializer[Any]):
    ply = serializers.IntegerField(help_text="0 for the first move of the game.")
    side = serializers.ChoiceField(choices=list(SEATS), help_text="The seat that moved.")
    by = serializers.ChoiceField(choices=["human", "solver"])
    role = serializers.ChoiceField(
        choices=["human", "partner", "opponent"], help_text="The mover for the human: you, your partner, an opponent."
    )
    move = serializers.CharField()
    value = serializers.IntegerField(allow_null=True, help_text="For the mover's team; null until graded.")
    best_value = serializers.IntegerField(allow_null=True, help_text="For the mover's team.")
    value_for_human = serializers.IntegerField(allow_null=True, help_text="`value` from the human's team's side.")
    best_value_for_human = serializers.IntegerField(
        allow_null=True, help_text="`best_value` from the human's team's side."
    )
    best_moves = serializers.ListField(child=serializers.CharField(), allow_null=True)
    grade = serializers.ChoiceField(choices=list(GRADES), allow_null=True)
    points_lost = serializers.IntegerField(allow_null=True)
    position_before = serializers.CharField()


class HintOutputSerializer(serializers.Serializer[Any]):
    ply = serializers.IntegerField()
    level = serializers.IntegerField()
    content = serializers.JSONField(
        help_text="1: {value, outcome}; 2: {value, stones}; 3: {value, move, moves} (values for the human)."
    )
    text = serializers.CharField(help_text="The hint in words, in the request's language.")


class ResultOutputSerializer(serializers.Serializer[Any]):
    winner = serializers.ChoiceField(
        choices=WINNERS, allow_null=True, help_text="The winning seat or team; null for a draw."
    )
    points = serializers.IntegerField()
    reason = serializers.ChoiceField(
        choices=[*REASONS, RESIGNED, TIME, ABORTED, ABANDONED],
        help_text="'abandoned': a live game claimed by a player whose opponents had left the table (scored as "
        "their resignation); 'resigned': a player gave the deal up (it scores as a domino); 'time': the side to move ran "
        "out of time (scored as a resignation); 'aborted': a game between people called off before it began "
        "(no winner, not rated).",
    )
    resigned = serializers.ChoiceField(choices=list(SEATS), allow_null=True, help_text="The seat that resigned.")
    abandoned = serializers.ChoiceField(
        choices=list(SEATS), required=False, help_text="'abandoned': the seat that left the table."
    )
    flagged = serializers.ChoiceField(
        choices=list(SEATS), required=False, help_text="'time': the seat whose time ran out."
    )
    aborted = serializers.ChoiceField(
        choices=list(SEATS), required=False, help_text="'aborted': the seat that aborted, or that never moved."
    )
    unrated = serializers.ChoiceField(
        choices=[EARLY],
        required=False,
        help_text="'early': a rated game between people that ended before each person had moved twice, so "
        "ended as an abort, unrated.",
    )
    ended = serializers.ChoiceField(
        choices=[*REASONS, RESIGNED, TIME],
        required=False,
        help_text="With 'unrated': how the game ended before it was turned into an abort.",
    )
    rated_early = serializers.IntegerField(
        required=False,
        min_value=1,
        help_text="A rated game the seat of 'resigned' or 'flagged' ended early, rated all the same: that "
        "account had already ended this many rated games early that UTC day (the day's allowance).",
    )
    unplayable = serializers.CharField(
        required=False,
        help_text="'aborted': why the game could no longer be played ('same-account').",
    )
    outcome = serializers.ChoiceField(choices=list(OUTCOMES), help_text="For the human.")
    human_points = serializers.IntegerField(help_text="The human's score: +points, -points or 0.")
    text = serializers.CharField()
    ratings = serializers.DictField(
        child=serializers.DictField(child=serializers.IntegerField()),
        required=False,
        help_text="A rated game between people, once rated: each account's seat's rating `before` and `after` the "
        "game (rounded) and the `change`; empty before, and for a casual game (absent for a practice game).",
    )


class TimeControlSerializer(serializers.Serializer[Any]):
    initial = serializers.IntegerField(allow_null=True, help_text="Live: each clock's starting seconds.")
    increment = serializers.IntegerField(allow_null=True, help_text="Live: seconds added after each move.")
    days = serializers.IntegerField(allow_null=True, help_text="Correspondence: days for each move.")


class PlayerSerializer(serializers.Serializer[Any]):
    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=["account", "guest", "solver"])
    level = serializers.ChoiceField(choices=Game.Level.values, allow_null=True, help_text="The solver's level.")
    you = serializers.BooleanField(help_text="The reader's seat.")
    bot = serializers.BooleanField(help_text="A bot's account plays this seat.")


class DealCommitmentSerializer(serializers.Serializer[Any]):
    commitment = serializers.CharField(
        help_text='sha256("open-domino deal v1 <variant> <salt> <seed>") in hexadecimal, shown from the start '
        "(docs/rules.md section 4.11).",
    )
    salt = serializers.CharField(
        allow_null=True, help_text="The salt (32 hexadecimal digits); null until the game is over."
    )
    seed = serializers.IntegerField(allow_null=True, help_text="The deal's seed; null until the game is over.")
    verify_url = serializers.CharField(help_text="The page that checks the commitment, filled in with what is known.")


class GameOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    variant = serializers.ChoiceField(choices=VARIANT_NAMES, help_text="The game's variant (docs/rules.md section 4).")
    start = serializers.CharField()
    position = serializers.CharField(help_text="The current position.")
    human = serializers.ChoiceField(choices=list(SEATS), help_text="The seat the human plays.")
    human_team = serializers.ChoiceField(
        choices=WINNERS, help_text="The human's side as a result names it (A, B, A+C, B+D)."
    )
    partner = serializers.ChoiceField(
        choices=list(SEATS),
        allow_null=True,
        help_text="The human's partner (played perfectly by the solver); null outside partnership.",
    )
    solver = serializers.ChoiceField(
        choices=WINNERS,
        allow_null=True,
        help_text="The side the solver plays against the human; null in a game between people.",
    )
    seats = serializers.ListField(
        child=serializers.ChoiceField(choices=list(SEATS)), help_text="The seats in playing order."
    )
    teams = serializers.ListField(child=serializers.CharField(), help_text="The two sides: [A, B] or [A+C, B+D].")
    roles = serializers.DictField(
        child=serializers.ChoiceField(choices=["human", "partner", "opponent"]),
        help_text="Each seat's role for the human.",
    )
    rematch_of = serializers.IntegerField(allow_null=True, help_text="The game this one is a rematch of.")
    level = serializers.ChoiceField(
        choices=Game.Level.values, allow_null=True, help_text="The solver's level; null in a game between people."
    )
    seed = serializers.IntegerField(
        allow_null=True,
        help_text="The deal's seed (null when started from a position, and while a committed deal is on).",
    )
    deal = DealCommitmentSerializer(
        allow_null=True,
        help_text="A deal the site chose and committed to (a game between people, the daily deal): the "
        "commitment, and its salt and seed once the game is over; null for a practice game.",
    )
    rng_seed = serializers.IntegerField()
    status = serializers.ChoiceField(
        choices=STATUSES,
        help_text="For the reader: 'your-move' (yours to play), 'thinking' (the solver's seat is to move), "
        "'their-move' (another person is to move, in a game between people; a spectator always reads this "
        "while a person is to move) or 'over'.",
    )
    to_move = serializers.ChoiceField(choices=list(SEATS), allow_null=True)
    legal_moves = serializers.ListField(
        child=serializers.CharField(),
        help_text="The human's legal moves when it is their move (['pass'] when forced), else [].",
    )
    moves = GameMoveOutputSerializer(many=True)
    ungraded = serializers.IntegerField(help_text="How many moves still wait for their grade.")
    result = ResultOutputSerializer(allow_null=True)
    hints = HintOutputSerializer(many=True)
    hints_used = serializers.IntegerField()
    ply = serializers.IntegerField(help_text="Moves played so far.")
    version = serializers.IntegerField(help_text="Changes with every move, grade and hint: long-poll with ?wait=.")
    board = serializers.JSONField(help_text="Position.to_json(): what the board draws, the line in played order.")
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    urls = serializers.DictField(child=serializers.CharField())
    concealed = serializers.BooleanField(
        help_text="An event's deal (a duplicate tournament's): its values, grades and hints are withheld until "
        "the event is over."
    )
    kind = serializers.ChoiceField(choices=Game.Kind.values, help_text="A practice game, or a game between people.")
    rated = serializers.BooleanField()
    time_control = TimeControlSerializer(allow_null=True, help_text="A game between people's; null for practice.")
    clocks = serializers.DictField(
        child=serializers.IntegerField(),
        allow_null=True,
        help_text="A live game's milliseconds left on each person's clock, as the server counts them now.",
    )
    server_time = serializers.IntegerField(
        allow_null=True, help_text="The server's time of the answer (ms since 1970): the clocks' reading."
    )
    deadline = serializers.IntegerField(
        allow_null=True, help_text="When the player to move loses on time (or the game is aborted), ms since 1970."
    )
    clock_running = serializers.ChoiceField(
        choices=list(SEATS),
        allow_null=True,
        help_text="The seat whose clock is running now (null: none; a first move is free).",
    )
    abortable = serializers.BooleanField(
        help_text="The reader may abort the game now: a casual game until every player has moved; a rated game only "
        "while an opponent is to make their first move and has let OD_RATED_ABORT_WAIT seconds (a correspondence "
        "game: an hour) pass since the start or the last move.",
    )
    abort_from = serializers.IntegerField(
        allow_null=True,
        help_text="A rated game: when the reader may abort it as it stands (ms since 1970), while an opponent is "
        "to make their first move; null otherwise.",
    )
    first_moves_from = serializers.IntegerField(
        allow_null=True,
        help_text="A match's next deal waiting for its players to open it: when its first moves are timed from at "
        "the latest (ms since 1970); null once every player has come, or the grace is over, and in any other game.",
    )
    players = serializers.DictField(child=PlayerSerializer(), allow_null=True, help_text="Each seat's player.")
    my_seat = serializers.ChoiceField(
        choices=list(SEATS), allow_null=True, help_text="The reader's seat in a game between people (null: watching)."
    )
    spectator = serializers.BooleanField(help_text="The reader watches a game between people without a seat.")
    challenge_url = serializers.CharField(
        allow_null=True,
        help_text="A game between people: the page of its challenge (the rematch; a match's score sheet).",
    )
    match_deal = serializers.IntegerField(
        allow_null=True,
        help_text="A deal of a match between people: its number in the match (from 1); in a duplicate match, "
        "the game's number (games 1 and 2 are deal 1, the seats swapped in the second).",
    )
    match_duplicate = serializers.BooleanField(help_text="A game of a duplicate match between people.")
    tournament_url = serializers.CharField(
        allow_null=True,
        help_text="A game of a tournament: the tournament's page (where its players go back to); else null.",
    )
    unrated_note = serializers.CharField(
        allow_null=True,
        help_text="A game of a rated challenge past the day's limit of rated games between its two players: "
        "why it changes no rating, in words (the game's `rated` is false); else null.",
    )


class HintResponseSerializer(serializers.Serializer[Any]):
    status = serializers.ChoiceField(choices=["done", "pending"])
    hint = HintOutputSerializer(allow_null=True)
    analysis = AnalysisOutputSerializer(allow_null=True, help_text="Set while the analysis is pending.")
    game = GameOutputSerializer(allow_null=True)


class PresenceOutputSerializer(serializers.Serializer[Any]):
    seat = serializers.ChoiceField(choices=list(SEATS), help_text="The reader's seat, marked present.")
    absent = serializers.ListField(
        child=serializers.ChoiceField(choices=list(SEATS)),
        help_text="The people's seats whose player has not opened the game yet.",
    )
    first_moves_from = serializers.IntegerField(
        allow_null=True,
        help_text="A match's next deal whose players have not all opened it: when its first moves are timed from "
        "at the latest (ms since 1970); null once they are timed (every player came, or the grace is over), "
        "and for any other game.",
    )


class FirstMoveSerializer(serializers.Serializer[Any]):
    seat = serializers.ChoiceField(choices=list(SEATS), help_text="The seat whose first move is awaited.")
    deadline = serializers.IntegerField(
        allow_null=True,
        help_text="When that first move is due (ms since 1970); null while its time waits for the players to open "
        "the deal (see starts_by).",
    )
    starts_by = serializers.IntegerField(
        allow_null=True,
        help_text="While the first move's time waits for the players: when it starts at the latest (ms since "
        "1970), to run first_move_seconds from then; else null.",
    )
    first_move_seconds = serializers.IntegerField(help_text="The time a first move must come within, in seconds.")
    server_time = serializers.IntegerField(help_text="The server's time of the answer (ms since 1970).")
