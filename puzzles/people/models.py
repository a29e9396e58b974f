"""Games between people: challenges (a seat offered by link, to a named
player, or as a seek in the lobby), the lobby's version, ratings per time
class and variant family, each rating change, and each player's exact
accuracy per game with the fairness flags it raises, and each player's
inbox of challenges for them.

A challenge offers the seats of one variant (docs/rules.md section 4) under
one time control: live (``clock_initial`` seconds plus ``clock_increment`` a
move, Fischer) or correspondence (``days`` a move).  Its seats are
``ChallengeSeat`` rows: a person's (an account or a guest, as
``accounts.players.Player`` keeps them) once taken, a person's reserved (for
the named player of ``to`` or a rematch's opponent) until they accept, or the
solver's at a level (partnership only).  The game (``games.Game``) is made
when the last person's seat is taken.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from puzzles.core.texts import clock_code
from puzzles.games.models import SEAT_CHOICES, Game
from puzzles.ratings.models import Glicko2Rated
from solver import Variant
from solver.variant import LEWICKI_NAME

# The rating pools: a time class by a variant family (the variant's name
# without its option: doubles or not, the same family).
TIME_CLASS_CHOICES = [("live", _("live")), ("correspondence", _("correspondence"))]
FAMILY_CHOICES = [
    ("lewicki", _("open domino")),
    ("lewicki9", _("double-nine")),
    ("block", _("block game")),
    ("partnership", _("partnership")),
]


# A challenge of one game, not a match of any kind (``Challenge.is_match`` false).
ONE_GAME = models.Q(target_points__isnull=True, target_wins__isnull=True, duplicate_deals__isnull=True)
# ``Challenge.match_winner`` of a duplicate match that ended level.
MATCH_DRAWN = "="


class Unrated(models.TextChoices):
    """Why a rated challenge changed no rating (``Challenge.unrated_because``)."""

    PAIR_LIMIT = "pair-limit", _("past the daily limit of rated games between the same two players")
    EARLY = "early", _("ended before each player had moved twice")
    ABORTED = "aborted", _("aborted")


class Challenge(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("open")
        STARTED = "started", _("started")
        DECLINED = "declined", _("declined")
        CANCELLED = "cancelled", _("cancelled")
        EXPIRED = "expired", _("expired")

    variant = models.CharField(_("variant"), max_length=24, default=LEWICKI_NAME)
    rated = models.BooleanField(_("rated"), default=False)
    # Live: both set; correspondence: days set.
    clock_initial = models.PositiveIntegerField(_("clock (seconds)"), null=True, blank=True)
    clock_increment = models.PositiveIntegerField(_("increment (seconds)"), null=True, blank=True)
    days = models.PositiveIntegerField(_("days a move"), null=True, blank=True)
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.OPEN)
    # Listed in the lobby (a seek), with the rating range it accepts.
    lobby = models.BooleanField(_("in the lobby"), default=False)
    rating_min = models.PositiveIntegerField(_("lowest rating"), null=True, blank=True)
    rating_max = models.PositiveIntegerField(_("highest rating"), null=True, blank=True)
    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="challenges_made"
    )
    session_key = models.CharField(_("anonymous player"), max_length=64, blank=True, default="", db_index=True)
    game = models.OneToOneField(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="challenge", verbose_name=_("game")
    )
    rematch_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematches", verbose_name=_("rematch of")
    )
    # A match between people (docs/rules.md section 5): to a target score, to a
    # number of won deals, or a duplicate match of a number of deals each
    # played twice with the seats swapped (at most one set; none: one game).
    # Each deal is a game of its own (``ChallengeDeal``); ``game`` is the deal
    # being played.
    target_points = models.PositiveIntegerField(_("target score"), null=True, blank=True)
    target_wins = models.PositiveIntegerField(_("target of won deals"), null=True, blank=True)
    duplicate_deals = models.PositiveSmallIntegerField(_("duplicate deals"), null=True, blank=True)
    match_seed = models.CharField(_("match seed"), max_length=20, blank=True, default="")
    score_a = models.PositiveIntegerField(_("A's score"), default=0)
    score_b = models.PositiveIntegerField(_("B's score"), default=0)
    wins_a = models.PositiveIntegerField(_("A's won deals"), default=0)
    wins_b = models.PositiveIntegerField(_("B's won deals"), default=0)
    match_winner = models.CharField(_("match winner"), max_length=3, blank=True, default="")
    # Set once the finished game's ratings were updated: a game is rated once.
    rated_at = models.DateTimeField(_("ratings updated"), null=True, blank=True)
    # Why a rated challenge changes no rating ("": it does, or is not over yet).
    unrated_because = models.CharField(
        _("not rated because"), max_length=12, choices=Unrated.choices, blank=True, default=""
    )
    # A rated match whose every deal ended before each player had moved
    # twice, won by a side, counts as one early end of the losing side's
    # accounts on the UTC day of its first deal (``farming.match_escapes_spent``):
    # left unrated (``unrated_because`` ``early``) while they have early ends
    # of the day left, else rated as the loss it is and this set to the early
    # ends of that day the losing side had already spent (as a game's
    # ``games.early.RATED_EARLY``); null otherwise.
    rated_early = models.PositiveIntegerField(_("rated past the early ends of the day"), null=True, blank=True)
    # When its game (a match's first deal) started: the rated games of a pair a day are counted by it.
    started_at = models.DateTimeField(_("started"), null=True, blank=True, db_index=True)
    expires_at = models.DateTimeField(_("expires"))
    version = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "people_challenge"
        verbose_name = _("challenge")
        verbose_name_plural = _("challenges")
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["lobby", "status", "expires_at"])]
        constraints = [
            models.CheckConstraint(
                condition=(
                    models.Q(clock_initial__isnull=False, clock_increment__isnull=False, days__isnull=True)
                    | models.Q(clock_initial__isnull=True, clock_increment__isnull=True, days__isnull=False)
                ),
                name="challenge_one_time_control",
            )
        ]

    def __str__(self) -> str:
        return f"challenge {self.pk} ({self.variant}, {self.control_code}, {self.status})"

    @property
    def is_match(self) -> bool:
        return self.target_points is not None or self.target_wins is not None or self.duplicate_deals is not None

    @property
    def sides(self) -> tuple[str, str]:
        """The two sides as results name them: ``("A", "B")`` or ``("A+C", "B+D")``."""
        rules = self.rules
        return (rules.team_name(0), rules.team_name(1))

    @property
    def rules(self) -> Variant:
        return Variant.parse(self.variant)

    @property
    def family(self) -> str:
        return self.rules.name

    @property
    def time_class(self) -> str:
        return "correspondence" if self.days is not None else "live"

    @property
    def control_code(self) -> str:
        """``5+3`` (minutes and seconds), ``0:30+2`` or ``3d``: how the lobby writes a control."""
        if self.days is not None:
            return f"{self.days}d"
        return clock_code(self.clock_initial or 0, self.clock_increment or 0)


class ChallengeSeat(models.Model):
    """A seat of a challenge: a person's (taken when ``joined_at`` is set,
    else reserved for them), or the solver's (``level``)."""

    challenge = models.ForeignKey(Challenge, on_delete=models.CASCADE, related_name="seats")
    seat = models.CharField(_("seat"), max_length=1, choices=SEAT_CHOICES)
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="challenge_seats"
    )
    session_key = models.CharField(_("anonymous player"), max_length=64, blank=True, default="", db_index=True)
    level = models.CharField(_("solver level"), max_length=8, choices=Game.Level.choices, blank=True, default="")
    joined_at = models.DateTimeField(_("joined"), null=True, blank=True)

    class Meta:
        db_table = "people_challengeseat"
        verbose_name = _("seat of a challenge")
        verbose_name_plural = _("seats of challenges")
        ordering = ["challenge", "seat"]
        constraints = [models.UniqueConstraint(fields=["challenge", "seat"], name="unique_challenge_seat")]

    def __str__(self) -> str:
        who = self.level or (self.owner.username if self.owner_id else "guest")  # type: ignore[union-attr]
        return f"challenge {self.challenge_id} seat {self.seat}: {who}"

    @property
    def is_person(self) -> bool:
        return not self.level


class ChallengeDeal(models.Model):
    """Deal ``number`` (from 1) of a match between people: its game, and once
    the game is over its result as the match counted it."""

    challenge = models.ForeignKey(Challenge, on_delete=models.CASCADE, related_name="deals")
    number = models.PositiveIntegerField(_("deal number"))
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="challenge_deal")
    winner = models.CharField(_("winner"), max_length=3, blank=True, default="")
    points = models.PositiveIntegerField(_("points"), null=True, blank=True)
    reason = models.CharField(_("how it ended"), max_length=10, blank=True, default="")
    recorded_at = models.DateTimeField(_("recorded"), null=True, blank=True)

    class Meta:
        db_table = "people_challengedeal"
        verbose_name = _("deal of a match between people")
        verbose_name_plural = _("deals of matches between people")
        ordering = ["challenge", "number"]
        constraints = [models.UniqueConstraint(fields=["challenge", "number"], name="unique_challenge_deal")]

    def __str__(self) -> str:
        return f"challenge {self.challenge_id} deal {self.number} (game {self.game_id})"


class Lobby(models.Model):
    """The lobby (one row, id 1): its version moves whenever a seek is
    posted, taken, cancelled or expires, and the lobby's long poll waits on it."""

    version = models.PositiveIntegerField(default=0)

    class Meta:
        db_table = "people_lobby"
        verbose_name = _("lobby")
        verbose_name_plural = _("lobby")

    def __str__(self) -> str:
        return f"lobby {self.pk} (version {self.version})"


class Inbox(models.Model):
    """A player's challenges for them (an account's, or a guest's by token):
    its version moves whenever a challenge that keeps a seat for them is
    posted, taken, declined, cancelled or runs out, and the long poll of
    every page they have open waits on it alone, not on the lobby's."""

    owner = models.OneToOneField(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="challenge_inbox"
    )
    session_key = models.CharField(_("anonymous player"), max_length=64, blank=True, default="")
    version = models.PositiveIntegerField(default=0)

    class Meta:
        db_table = "people_inbox"
        verbose_name = _("challenges for a player")
        verbose_name_plural = _("challenges for players")
        constraints = [
            models.UniqueConstraint(
                fields=["session_key"], condition=models.Q(owner__isnull=True), name="unique_guest_inbox"
            ),
        ]

    def __str__(self) -> str:
        who = self.owner.username if self.owner_id else "guest"  # type: ignore[union-attr]
        return f"challenges for {who} (version {self.version})"


class GameRating(Glicko2Rated):
    """An account's Glicko-2 rating (``rating``, ``rd``, ``volatility``) in
    games between people of one pool (time class, family)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="people_ratings")
    time_class = models.CharField(_("time class"), max_length=16, choices=TIME_CLASS_CHOICES)
    family = models.CharField(_("variant family"), max_length=16, choices=FAMILY_CHOICES)
    games = models.PositiveIntegerField(_("rated games"), default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "people_playerrating"
        verbose_name = _("rating")
        verbose_name_plural = _("ratings")
        ordering = ["-rating"]
        constraints = [models.UniqueConstraint(fields=["user", "time_class", "family"], name="unique_people_rating")]

    def __str__(self) -> str:
        return f"{self.user_id} {self.time_class}/{self.family}: {self.rating:.0f}"


class RatingChange(models.Model):
    """One rated game's change of one account's rating (the history chart)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="people_rating_changes")
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rating_changes")
    time_class = models.CharField(_("time class"), max_length=16, choices=TIME_CLASS_CHOICES)
    family = models.CharField(_("variant family"), max_length=16, choices=FAMILY_CHOICES)
    rating_before = models.FloatField(_("rating before"))
    rating_after = models.FloatField(_("rating after"))
    rd_after = models.FloatField(_("deviation after"))
    score = models.FloatField(_("score"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "people_ratingchange"
        verbose_name = _("rating change")
        verbose_name_plural = _("rating changes")
        ordering = ["user", "created_at", "pk"]
        constraints = [models.UniqueConstraint(fields=["user", "game"], name="unique_people_rating_change")]

    def __str__(self) -> str:
        return f"{self.user_id} game {self.game_id}: {self.rating_before:.0f} -> {self.rating_after:.0f}"


class GameAccuracy(models.Model):
    """A person's exact accuracy in one finished people game: the share of
    best moves among their graded moves that had a choice."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="people_accuracies")
    seat = models.CharField(_("seat"), max_length=1, choices=SEAT_CHOICES)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="people_accuracies"
    )
    session_key = models.CharField(_("anonymous player"), max_length=64, blank=True, default="")
    rated = models.BooleanField(_("rated game"), default=False)
    choices = models.PositiveIntegerField(_("moves with a choice"))
    best = models.PositiveIntegerField(_("best moves"))
    accuracy = models.FloatField(_("accuracy (%)"), null=True, blank=True)
    points_lost = models.PositiveIntegerField(_("points lost"), default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "people_gameaccuracy"
        verbose_name = _("accuracy in a game")
        verbose_name_plural = _("accuracies in games")
        ordering = ["-created_at"]
        constraints = [models.UniqueConstraint(fields=["game", "seat"], name="unique_people_accuracy")]

    def __str__(self) -> str:
        return f"game {self.game_id} {self.seat}: {self.accuracy}"


class FarmingFlag(models.Model):
    """Two accounts that played many rated games against each other in a
    short time (see ``farming.FARMING_RULE``), for the admin to look at: not
    a ban.  The figures are of the games in the window when last counted."""

    user_a = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    user_b = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    games = models.PositiveIntegerField(_("rated games in the window"))
    one_sided = models.PositiveIntegerField(_("won by the same player"))
    short = models.PositiveIntegerField(_("short games"))
    resigned_early = models.PositiveIntegerField(_("resigned early"))
    games_ids = models.JSONField(_("games"), default=list)
    first_at = models.DateTimeField(_("first game"))
    last_at = models.DateTimeField(_("last game"))
    reviewed = models.BooleanField(_("reviewed"), default=False)
    note = models.TextField(_("note"), blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "people_farmingflag"
        verbose_name = _("rating farming flag")
        verbose_name_plural = _("rating farming flags")
        ordering = ["reviewed", "-games"]
        constraints = [models.UniqueConstraint(fields=["user_a", "user_b"], name="unique_farming_pair")]

    def __str__(self) -> str:
        return f"{self.user_a_id} & {self.user_b_id}: {self.games} rated games"


class EarlyEscape(models.Model):
    """An account's rated games of one UTC day that it ended itself before
    each player had moved twice (its resignation, its loss on time), and its
    rated matches started that day that its side lost with every deal ended
    so: ``escapes`` left unrated; ``rated_losses``, past
    ``farming.EARLY_ESCAPES_A_DAY``, rated as the losses they were;
    ``games_ids`` the games (a match by its last deal's game, against which
    its rating change is recorded).  The farming report's line per account,
    beside the pairs (not a ban)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    day = models.DateField(_("day (UTC)"))
    escapes = models.PositiveIntegerField(_("early ends left unrated"), default=0)
    rated_losses = models.PositiveIntegerField(_("early ends rated as losses"), default=0)
    games_ids = models.JSONField(_("games"), default=list)
    reviewed = models.BooleanField(_("reviewed"), default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "people_earlyescape"
        verbose_name = _("early escape from rated games")
        verbose_name_plural = _("early escapes from rated games")
        ordering = ["reviewed", "-day", "-escapes"]
        constraints = [models.UniqueConstraint(fields=["user", "day"], name="unique_early_escape_day")]

    def __str__(self) -> str:
        return f"{self.user_id} {self.day}: {self.escapes} early ends, {self.rated_losses} rated"


class FairnessFlag(models.Model):
    """An account whose recent rated accuracy is implausible (see
    ``accuracy.FLAG_RULE``), for the admin to look at: not a ban."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="fairness_flag")
    mean_accuracy = models.FloatField(_("mean accuracy (%)"))
    games = models.PositiveIntegerField(_("games counted"))
    games_ids = models.JSONField(_("games"), default=list)
    reviewed = models.BooleanField(_("reviewed"), default=False)
    note = models.TextField(_("note"), blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        db_table = "people_fairnessflag"
        verbose_name = _("fairness flag")
        verbose_name_plural = _("fairness flags")
        ordering = ["reviewed", "-mean_accuracy"]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.mean_accuracy:.1f}% over {self.games} games"


class ExpectedPlayFit(models.Model):
    """One fit of the points a player of a given rating loses a move with a
    choice (``cheating.Fit.to_json``: sums per rating band and over all
    moves, and the line), made by the cheating report; the newest is used."""

    moves = models.PositiveIntegerField(_("moves counted"))
    accounts = models.PositiveIntegerField(_("accounts"))
    data = models.JSONField(_("fit"))
    created_at = models.DateTimeField(_("fitted"), auto_now_add=True)

    class Meta:
        db_table = "people_expectedplayfit"
        verbose_name = _("fit of expected play")
        verbose_name_plural = _("fits of expected play")
        ordering = ["-created_at", "-pk"]

    def __str__(self) -> str:
        return f"fit of {self.moves} moves ({self.created_at:%Y-%m-%d %H:%M})"


class CheatingScore(models.Model):
    """An account's cheating score and its parts (``cheating.RULE``), as the
    report last counted them, for the admin to look at: not a ban.  ``score``
    and ``z`` are empty when there were too few moves to say anything."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="cheating_score")
    score = models.FloatField(_("score"), null=True, blank=True)
    z = models.FloatField(_("z (accuracy)"), null=True, blank=True)
    moves = models.PositiveIntegerField(_("moves with a choice"))
    games = models.PositiveIntegerField(_("games counted"))
    mean_rating = models.FloatField(_("mean rating"))
    expected_lost = models.FloatField(_("expected points lost a move"), null=True, blank=True)
    actual_lost = models.FloatField(_("points lost a move"), null=True, blank=True)
    timed_moves = models.PositiveIntegerField(_("timed moves"), default=0)
    mean_seconds = models.FloatField(_("seconds a move"), null=True, blank=True)
    time_cv = models.FloatField(_("spread of time (cv)"), null=True, blank=True)
    time_vs_difficulty = models.FloatField(_("time against difficulty"), null=True, blank=True)
    even_pace = models.FloatField(_("even pace (0-1)"), null=True, blank=True)
    ignores_difficulty = models.FloatField(_("ignores difficulty (0-1)"), null=True, blank=True)
    games_ids = models.JSONField(_("games"), default=list)
    reviewed = models.BooleanField(_("reviewed"), default=False)
    note = models.TextField(_("note"), blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    computed_at = models.DateTimeField(_("counted"), auto_now=True)

    class Meta:
        db_table = "people_cheatingscore"
        verbose_name = _("cheating score")
        verbose_name_plural = _("cheating scores")
        ordering = ["reviewed", models.F("score").desc(nulls_last=True)]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.score} over {self.moves} moves"
