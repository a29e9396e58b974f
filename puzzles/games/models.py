"""Practice games, their moves and the hints taken.

Positions and moves are stored as text in the notation of docs/rules.md section 2
(positions always normalised, moves as ``Position.normalise_move`` gives them).
Values are from the point of view of the player making the move (in
``partnership``, of that player's team).  A game is of one variant (docs/rules.md
section 4); the human plays one seat of it and the solver every other seat.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from puzzles.core.models import PlayerOwned, Versioned, owner_key
from puzzles.core.vocabulary import GRADE_CHOICES
from solver import Variant
from solver.variant import LEWICKI_NAME, SEATS

# Every seat of any variant (A, B; C and D in partnership).
SEAT_CHOICES = [(seat, seat) for seat in SEATS]
# The longest position string (double-nine with its 27 out stones) is under 200 characters.
POSITION_LENGTH = 256


class Game(PlayerOwned, Versioned):
    """A practice deal of one variant: a human plays one seat, the solver the
    others (in ``partnership`` the human's partner too, perfectly)."""

    class Level(models.TextChoices):
        PERFECT = "perfect", _("perfect")
        STRONG = "strong", _("strong")
        CASUAL = "casual", _("casual")

    class Status(models.TextChoices):
        YOUR_MOVE = "your-move", _("your move")
        THINKING = "thinking", _("thinking")
        OVER = "over", _("over")

    class Kind(models.TextChoices):
        PRACTICE = "practice", _("practice")
        PEOPLE = "people", _("between people")

    # The variant as written in a position string ("lewicki", "block+doubles", ...).
    variant = models.CharField(_("variant"), max_length=24, default=LEWICKI_NAME)
    start_position = models.CharField(_("start position"), max_length=POSITION_LENGTH)
    current_position = models.CharField(_("current position"), max_length=POSITION_LENGTH)
    human_side = models.CharField(_("human side"), max_length=1, choices=SEAT_CHOICES, default="A")
    level = models.CharField(_("level"), max_length=8, choices=Level.choices, default=Level.STRONG)
    # A deal seed is 0 <= seed < 2**64, beyond a signed 64-bit integer (and
    # SQLite keeps big decimals as floats): stored as its decimal digits.
    seed = models.CharField(_("deal seed"), max_length=20, null=True, blank=True)  # noqa: DJ001 - null: no deal
    rng_seed = models.BigIntegerField(_("opponent's random seed"))
    # A deal anyone can verify (games.dealing; docs/rules.md section 4.11): the
    # commitment to ``seed`` shown from the start, and the salt revealed with
    # the seed once the game is over.  Empty for a game that commits to nothing
    # (a practice game, whose player chose or sees its seed).
    deal_salt = models.CharField(_("deal salt"), max_length=32, blank=True, default="")
    deal_commitment = models.CharField(_("deal commitment"), max_length=64, blank=True, default="")
    status = models.CharField(_("status"), max_length=10, choices=Status.choices)
    owner = owner_key("games")
    result = models.JSONField(_("result"), null=True, blank=True)
    # The game this one replays (the same deal, maybe with the sides swapped).
    rematch_of = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="rematches",
        verbose_name=_("rematch of"),
    )
    hints_used = models.PositiveIntegerField(_("hints used"), default=0)
    # A practice game (one human, owner/session_key) or a game between people
    # (their seats in ``GameSeat``; ``owner`` and ``session_key`` are empty).
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices, default=Kind.PRACTICE)
    # The seats people play, in the variant's order ("AB", "ABCD", "AC"...):
    # empty for a practice game, whose one human seat is ``human_side``.
    people = models.CharField(_("seats played by people"), max_length=4, blank=True, default="")
    rated = models.BooleanField(_("rated"), default=False)
    # A practice game of an event's deal (a duplicate tournament's): its
    # solver values, grades and hints are withheld until the event is over
    # (the tournaments app clears it then).
    concealed = models.BooleanField(_("values withheld until over"), default=False)
    # Time control: a live game's Fischer clock (initial and increment seconds),
    # or a correspondence game's days a move; neither for an untimed game.
    clock_initial = models.PositiveIntegerField(_("initial time (s)"), null=True, blank=True)
    clock_increment = models.PositiveIntegerField(_("increment (s)"), null=True, blank=True)
    days = models.PositiveSmallIntegerField(_("days a move"), null=True, blank=True)
    # Milliseconds left on each person's clock ({"A": ms, ...}) when the current turn began.
    clock_ms = models.JSONField(_("clocks (ms)"), null=True, blank=True)
    turn_started_at = models.DateTimeField(_("turn started at"), null=True, blank=True)
    # When the person to move loses on time (or, before their first move, the game is aborted).
    deadline = models.DateTimeField(_("deadline"), null=True, blank=True, db_index=True)
    # A flag past its deadline that may not fall yet (an outage, a move on its
    # way) is looked at again then; kept apart from the deadline, so that the
    # version and the players' clocks do not move at each look.
    flag_recheck_at = models.DateTimeField(_("flag looked at again at"), null=True, blank=True)
    ply_count = models.PositiveIntegerField(_("moves played"), default=0)
    # A match's next deal: no seat's first-move time starts before this (its
    # dealing plus the grace, brought forward to when every person in it has
    # opened it: ``presence``); null: a first move is timed from its turn's start.
    first_moves_from = models.DateTimeField(_("first moves timed from"), null=True, blank=True)

    class Meta:
        db_table = "puzzles_game"
        verbose_name = _("game")
        verbose_name_plural = _("games")
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "updated_at"])]

    def __str__(self) -> str:
        return f"game {self.pk} ({self.human_side}, {self.level}, {self.status})"

    @property
    def is_people(self) -> bool:
        return self.kind == Game.Kind.PEOPLE

    @property
    def person_seats(self) -> str:
        """The seats people play: every person's in a game between people, else the human's."""
        return self.people or self.human_side

    @property
    def rules(self) -> Variant:
        """The game's variant as a ``solver.Variant``."""
        return Variant.parse(self.variant)

    @property
    def human_team(self) -> str:
        """The human's side as a ``Result`` names it: ``A``, ``B``, ``A+C`` or ``B+D``."""
        rules = self.rules
        return rules.team_name(rules.team_of(self.human_side))

    @property
    def solver_side(self) -> str:
        """The side the solver plays against the human (``B+D`` when the human is on A+C)."""
        rules = self.rules
        return rules.team_name(1 - rules.team_of(self.human_side))

    @property
    def partner(self) -> str | None:
        """The human's partner's seat (``partnership``), else ``None``."""
        rules = self.rules
        mates = [s for s in rules.seats if s != self.human_side and rules.same_team(s, self.human_side)]
        return mates[0] if mates else None

    def role_of(self, seat: str) -> str:
        """``human``, ``partner`` (the solver, on the human's team) or ``opponent``."""
        if seat == self.human_side:
            return "human"
        return "partner" if self.rules.same_team(seat, self.human_side) else "opponent"


class GameSeat(PlayerOwned):
    """A seat of a game between people: the person who plays it (an account,
    or a guest's token in ``session_key``), or the solver at ``level``."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    seat = models.CharField(_("seat"), max_length=1, choices=SEAT_CHOICES)
    owner = owner_key("game_seats")
    # The solver's level for a seat the solver plays; empty for a person's seat.
    level = models.CharField(_("level"), max_length=8, choices=Game.Level.choices, blank=True, default="")
    # When the seat's person first said they were there, the game's page open (``presence``); null: not yet.
    present_at = models.DateTimeField(_("present since"), null=True, blank=True)
    # Whether the seat's person has the game's page open now (``disconnects``):
    # the game sockets they hold open, and until when their long polls (or
    # their last socket, as it closed) last showed them there.
    sockets = models.PositiveSmallIntegerField(_("open sockets"), default=0)
    seen_until = models.DateTimeField(_("seen until"), null=True, blank=True)
    # A vacation of this seat's person holding the deadline of this turn (``vacations``): from when, and how long.
    held_from = models.DateTimeField(_("vacation hold from"), null=True, blank=True)
    held_seconds = models.PositiveIntegerField(_("vacation hold (seconds)"), default=0)

    class Meta:
        db_table = "puzzles_gameseat"
        verbose_name = _("seat")
        verbose_name_plural = _("seats")
        ordering = ["game", "seat"]
        constraints = [models.UniqueConstraint(fields=["game", "seat"], name="unique_game_seat")]

    def __str__(self) -> str:
        return f"{self.game_id} {self.seat}: {self.level or self.owner_id or 'guest'}"

    @property
    def is_person(self) -> bool:
        return not self.level


class GameMove(models.Model):
    """One move of a game (a pass too).  A human's move is stored the moment it
    is accepted; its value, best value, best moves and grade are filled in by
    the grading task (``null`` until then)."""

    class By(models.TextChoices):
        HUMAN = "human", _("human")
        SOLVER = "solver", _("solver")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    ply = models.PositiveIntegerField(_("ply"))
    side = models.CharField(_("side"), max_length=1, choices=SEAT_CHOICES)
    by = models.CharField(_("by"), max_length=6, choices=By.choices)
    move = models.CharField(_("move"), max_length=8)
    position_before = models.CharField(_("position before"), max_length=POSITION_LENGTH)
    position_after = models.CharField(_("position after"), max_length=POSITION_LENGTH)
    value = models.IntegerField(_("value"), null=True, blank=True)
    best_value = models.IntegerField(_("best value"), null=True, blank=True)
    best_moves = models.JSONField(_("best moves"), null=True, blank=True)
    # null until graded
    grade = models.CharField(_("grade"), max_length=10, choices=GRADE_CHOICES, null=True, blank=True)  # noqa: DJ001
    points_lost = models.IntegerField(_("points lost"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    graded_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "puzzles_gamemove"
        verbose_name = _("move")
        verbose_name_plural = _("moves")
        ordering = ["game", "ply"]
        constraints = [models.UniqueConstraint(fields=["game", "ply"], name="unique_game_ply")]
        indexes = [models.Index(fields=["graded_at", "created_at"])]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.ply} {self.side} {self.move}"


class Hint(models.Model):
    """A hint taken: ``level`` 1 (the outcome), 2 (the stones that keep the best
    result) or 3 (the best move), at the position before ply ``ply``.
    ``content`` is structured data; the pages word it in the reader's language."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="hints")
    ply = models.PositiveIntegerField(_("ply"))
    level = models.PositiveSmallIntegerField(_("level"), choices=[(1, "1"), (2, "2"), (3, "3")])
    content = models.JSONField(_("content"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "puzzles_hint"
        verbose_name = _("hint")
        verbose_name_plural = _("hints")
        ordering = ["game", "ply", "level"]
        constraints = [models.UniqueConstraint(fields=["game", "ply", "level"], name="unique_game_ply_level")]

    def __str__(self) -> str:
        return f"{self.game_id}#{self.ply} hint {self.level}"


class Vacation(models.Model):
    """An account's vacation from its correspondence games (``vacations``):
    the seconds of this year's allowance used, and since when it is on
    vacation (null: not on vacation)."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacation")
    year = models.PositiveSmallIntegerField(_("year"))
    used_seconds = models.PositiveIntegerField(_("vacation used (seconds)"), default=0)
    since = models.DateTimeField(_("on vacation since"), null=True, blank=True)

    class Meta:
        verbose_name = _("vacation")
        verbose_name_plural = _("vacations")

    def __str__(self) -> str:
        return f"{self.user_id} {self.year}: {self.used_seconds} s used"
