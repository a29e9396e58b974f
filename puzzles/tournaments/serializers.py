"""Input and output shapes of the tournaments API (the output ones document
the JSON that ``presentation`` builds, for the OpenAPI schema).  Ranges are
checked by the services, with the messages the pages show too."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from puzzles.games.models import Game
from puzzles.games.people_start import CORRESPONDENCE_DAYS
from puzzles.games.serializers import VARIANT_NAMES
from puzzles.people.serializers import ClockInputSerializer

from .models import Pairing, Tournament
from .services import (
    ARENA_MINUTES,
    DUPLICATE_DEALS,
    PASSWORD_LENGTH,
    SWISS_ROUNDS,
    TEAM_LEADERS,
    TEAM_NAME_LENGTH,
    TEAMS,
)
from .team_matches import TEAM_SIZE


class TournamentCreateInputSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(
        choices=Tournament.Kind.values,
        help_text="'arena' (a fixed length, join and leave at any time, paired again as your game ends), "
        "'swiss' (rounds paired by score), 'duplicate' (the same deals for everyone, against the solver) or "
        "'team' (a duplicate team match: two teams of team_size, every deal played at every table).",
    )
    name = serializers.CharField(required=False, allow_blank=True, max_length=80, help_text="Its name (optional).")
    variant = serializers.ChoiceField(
        choices=VARIANT_NAMES, default="lewicki", help_text="The variant (docs/rules.md section 4)."
    )
    rated = serializers.BooleanField(
        default=False, help_text="Rated events are for accounts; their games change ratings (not duplicate)."
    )
    clock = ClockInputSerializer(
        required=False, allow_null=True, help_text="A live event's clock: {initial, increment} seconds."
    )
    days = serializers.ChoiceField(
        choices=list(CORRESPONDENCE_DAYS),
        required=False,
        allow_null=True,
        help_text="A correspondence Swiss: days a move.",
    )
    minutes = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=ARENA_MINUTES[0],
        max_value=ARENA_MINUTES[1],
        help_text="An arena's length in minutes.",
    )
    rounds = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=SWISS_ROUNDS[0],
        max_value=SWISS_ROUNDS[1],
        help_text="A Swiss's rounds.",
    )
    deals = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=DUPLICATE_DEALS[0],
        max_value=DUPLICATE_DEALS[1],
        help_text="A duplicate event's deals.",
    )
    level = serializers.ChoiceField(
        choices=Game.Level.values,
        required=False,
        allow_null=True,
        help_text="A duplicate event's solver level (default perfect).",
    )
    starts_at = serializers.DateTimeField(
        required=False, allow_null=True, help_text="When it starts (default now; at most 30 days ahead)."
    )
    password = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=PASSWORD_LENGTH[1],
        help_text="A private event's password (4 to 64 characters): not listed, joined by its link and password.",
    )
    teams = serializers.ListField(
        child=serializers.CharField(max_length=TEAM_NAME_LENGTH),
        required=False,
        allow_null=True,
        min_length=TEAMS[0],
        max_length=TEAMS[1],
        help_text="An arena as a team battle: its teams' names; a team scores its leaders' best scores.",
    )
    leaders = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=TEAM_LEADERS[0],
        max_value=TEAM_LEADERS[1],
        help_text="A team battle's: how many of each team's best scores count (default 5).",
    )
    team_size = serializers.IntegerField(
        required=False,
        allow_null=True,
        min_value=TEAM_SIZE[0],
        max_value=TEAM_SIZE[1],
        help_text="A team match's players a side (its tables); with two `teams` and `deals`.",
    )


class JoinInputSerializer(serializers.Serializer[Any]):
    password = serializers.CharField(
        required=False, allow_blank=True, max_length=PASSWORD_LENGTH[1], help_text="A private event's password."
    )
    team = serializers.CharField(
        required=False, max_length=TEAM_NAME_LENGTH, help_text="A team battle's: the team you join (for the event)."
    )


class CreatedOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    url = serializers.CharField(help_text="Its page.")


class ClockOutputSerializer(serializers.Serializer[Any]):
    initial = serializers.IntegerField()
    increment = serializers.IntegerField()


class SummaryOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    name = serializers.CharField()
    kind = serializers.ChoiceField(choices=Tournament.Kind.values)
    kind_text = serializers.CharField()
    variant = serializers.ChoiceField(choices=VARIANT_NAMES)
    variant_text = serializers.CharField()
    rated = serializers.BooleanField()
    private = serializers.BooleanField(help_text="Joined with its password; not listed.")
    control = serializers.CharField(help_text="The control in words.")
    clock = ClockOutputSerializer(allow_null=True)
    days = serializers.IntegerField(allow_null=True)
    minutes = serializers.IntegerField(allow_null=True)
    rounds = serializers.IntegerField(allow_null=True)
    deals = serializers.IntegerField(allow_null=True)
    team_names = serializers.ListField(child=serializers.CharField(), help_text="A team battle's teams; else empty.")
    team_leaders = serializers.IntegerField(allow_null=True)
    team_size = serializers.IntegerField(allow_null=True, help_text="A team match's players a side.")
    status = serializers.ChoiceField(choices=Tournament.Status.values)
    status_text = serializers.CharField()
    starts_at = serializers.DateTimeField()
    ends_at = serializers.DateTimeField(allow_null=True)
    url = serializers.CharField()


class ListOutputSerializer(serializers.Serializer[Any]):
    upcoming = SummaryOutputSerializer(many=True)
    running = SummaryOutputSerializer(many=True)
    finished = SummaryOutputSerializer(many=True)


class StandingOutputSerializer(serializers.Serializer[Any]):
    player = serializers.CharField(help_text="The entrant's name (a bot's marked BOT).")
    bot = serializers.BooleanField(help_text="A bot's account.")
    score = serializers.FloatField(
        allow_null=True, help_text="A duplicate event's: its matchpoints, null until the event is over."
    )
    rank = serializers.IntegerField(
        allow_null=True,
        help_text="Shared by players equal on everything ranked (1, 2, 2, 4); null while a duplicate "
        "event's results are hidden.",
    )
    games = serializers.IntegerField()
    active = serializers.BooleanField(help_text="False once the player left (an arena) or withdrew (a Swiss).")
    you = serializers.BooleanField()
    on_fire = serializers.BooleanField(required=False, help_text="An arena's: two wins running, wins count double.")
    paused = serializers.BooleanField(
        required=False,
        help_text="An arena's: the player's pages were all gone while they waited; not paired until back.",
    )
    team = serializers.CharField(required=False, allow_null=True, help_text="A team battle's: the player's team.")
    sheet = serializers.ListField(
        child=serializers.IntegerField(), required=False, help_text="An arena's: each game's points."
    )
    buchholz = serializers.FloatField(required=False, help_text="A Swiss's: the opponents' scores summed.")
    sonneborn_berger = serializers.FloatField(
        required=False, help_text="A Swiss's: the scores of opponents beaten, and half of those drawn."
    )
    percent = serializers.FloatField(required=False, help_text="A duplicate event's: the mean share of the top.")
    vs_par = serializers.IntegerField(
        required=False, help_text="A duplicate event's: the points won less the deals' exact pars."
    )


class TravellerResultOutputSerializer(serializers.Serializer[Any]):
    player = serializers.CharField()
    points = serializers.IntegerField(help_text="The deal's points for the player's seat (positive: won).")
    matchpoints = serializers.IntegerField(help_text="2 for each other result beaten on the deal, 1 for each tie.")
    percent = serializers.FloatField()
    vs_par = serializers.IntegerField()


class TravellerOutputSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    seed = serializers.IntegerField()
    seat = serializers.CharField(help_text="The seat every entrant played.")
    par = serializers.IntegerField(help_text="The deal's exact value for that seat (the solver's).")
    line = serializers.ListField(child=serializers.CharField(), help_text="One best line, move by move.")
    results = TravellerResultOutputSerializer(many=True, help_text="Best first.")


class TournamentGameOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField(
        allow_null=True, help_text="The game (null for a bye, and for another entrant's duplicate game)."
    )
    url = serializers.CharField(allow_null=True)
    round = serializers.IntegerField()
    a = serializers.CharField(help_text="The player in seat A.")
    b = serializers.CharField(allow_null=True, help_text="The player in seat B (null for a bye).")
    outcome = serializers.ChoiceField(
        choices=Pairing.Outcome.values,
        allow_null=True,
        help_text="Null until it is over (a duplicate event's: until the event is).",
    )
    over = serializers.BooleanField()


class YourGameOutputSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    url = serializers.CharField()


class YouOutputSerializer(serializers.Serializer[Any]):
    joined = serializers.BooleanField()
    active = serializers.BooleanField()
    paused = serializers.BooleanField(
        help_text="An arena's: your pages were all gone while you waited, so you are not paired; join to resume."
    )
    team = serializers.CharField(allow_null=True, help_text="A team battle's: your team.")


class TeamStandingOutputSerializer(serializers.Serializer[Any]):
    team = serializers.CharField()
    score = serializers.IntegerField(help_text="The sum of its leaders' scores.")
    rank = serializers.IntegerField()
    leaders = serializers.ListField(child=serializers.CharField(), help_text="Its best players, whose scores count.")


class UrlsOutputSerializer(serializers.Serializer[Any]):
    page = serializers.CharField()
    api = serializers.CharField()
    join = serializers.CharField()
    leave = serializers.CharField()


class TeamTableOutputSerializer(serializers.Serializer[Any]):
    table = serializers.IntegerField()
    players = serializers.ListField(child=serializers.CharField(), help_text="The first team's, the second's.")
    first_seat = serializers.CharField(help_text="The first team's seat at this table (A at odd tables, B at even).")


class TeamDealResultOutputSerializer(serializers.Serializer[Any]):
    table = serializers.IntegerField()
    a = serializers.CharField(help_text="The player in seat A.")
    b = serializers.CharField(help_text="The player in seat B.")
    points = serializers.IntegerField(help_text="The deal's points for seat A (positive: A won).")
    teams = serializers.ListField(child=serializers.IntegerField(), help_text="Each team's points against par.")


class TeamDealOutputSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    closed = serializers.BooleanField(help_text="Played at every table: its results, par and net shown.")
    played = serializers.IntegerField(help_text="How many tables have finished it.")
    par = serializers.IntegerField(allow_null=True, help_text="Its exact value for seat A, once closed.")
    line = serializers.ListField(child=serializers.CharField(), help_text="One best line, once closed.")
    net = serializers.ListField(
        child=serializers.IntegerField(), allow_null=True, help_text="Each team's net on it, once closed."
    )
    results = TeamDealResultOutputSerializer(many=True, help_text="Each table's result, once closed.")


class TeamMatchOutputSerializer(serializers.Serializer[Any]):
    team_size = serializers.IntegerField()
    tables = TeamTableOutputSerializer(many=True)
    deals = TeamDealOutputSerializer(many=True, help_text="The deals dealt so far.")
    score = serializers.ListField(child=serializers.IntegerField(), help_text="Each team's sum of nets.")
    won = serializers.ListField(child=serializers.IntegerField(), help_text="The deals each team won.")


class StandingsPageOutputSerializer(serializers.Serializer[Any]):
    page = serializers.IntegerField(help_text="Which page `standings` is, from 1 (10 lines a page).")
    pages = serializers.IntegerField(help_text="How many pages the standings fill (at least 1).")
    mine = serializers.IntegerField(allow_null=True, help_text="The page with your line; null if you have not entered.")


class TournamentOutputSerializer(SummaryOutputSerializer):
    version = serializers.IntegerField()
    round = serializers.IntegerField(help_text="A Swiss's round in play (0 before the first).")
    standings = StandingOutputSerializer(
        many=True,
        help_text="The first 100 lines, and yours beyond them; with `?page=`, that page's lines alone.",
    )
    standings_page = StandingsPageOutputSerializer(
        allow_null=True, help_text="With `?page=`: the page of the standings given; else null."
    )
    entrants = serializers.IntegerField(help_text="How many have entered (lines of the whole standings).")
    teams = TeamStandingOutputSerializer(many=True, help_text="A team battle's teams, best first; else empty.")
    podium = StandingOutputSerializer(many=True, help_text="Once it is over: the players ranked 1 to 3.")
    games = TournamentGameOutputSerializer(
        many=True, help_text="Its latest games, the latest first (with `?page=`: the latest 10 and yours)."
    )
    travellers = TravellerOutputSerializer(
        many=True,
        help_text="A duplicate event's deals, once it is over and solved: every result, the par, a best line.",
    )
    team_match = TeamMatchOutputSerializer(
        allow_null=True, help_text="A team match's tables, deals and scores; null for any other event."
    )
    your_game = YourGameOutputSerializer(allow_null=True, help_text="Your game in progress in it.")
    you = YouOutputSerializer()
    urls = UrlsOutputSerializer()
