"""A tournament, its entrants and its pairings.

``Tournament`` is one event: an arena (a fixed length; players join and
leave at any time and are paired again as their games end), a Swiss (a
number of rounds, each paired by score when the last one is over) or a
duplicate daylong (the same deals for everyone, each played against the
solver at a set level, within a day) or a duplicate team match (two teams,
every deal played at every table, ``team_matches``).  ``Entry`` is one player in it (an
account, or a guest's token in a casual event), with the score the event's
rules give their results.  ``Pairing`` is one game of the event: an
ordinary game between people (its challenge is the people app's), or for a
duplicate event a player's practice game of one deal against the solver;
a Swiss bye is a pairing with no game and no seat B."""

from __future__ import annotations

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from puzzles.core.models import PlayerOwned, Versioned, owner_key
from puzzles.games.models import Game
from solver.variant import LEWICKI_NAME


class Tournament(Versioned):
    class Kind(models.TextChoices):
        ARENA = "arena", _("arena")
        SWISS = "swiss", _("Swiss")
        DUPLICATE = "duplicate", _("duplicate")
        TEAM = "team", _("team match")

    class Status(models.TextChoices):
        CREATED = "created", _("starting soon")
        STARTED = "started", _("in progress")
        FINISHED = "finished", _("finished")

    kind = models.CharField(_("kind"), max_length=12, choices=Kind.choices)
    name = models.CharField(_("name"), max_length=80, blank=True)  # none: shown as its kind and control
    variant = models.CharField(_("variant"), max_length=24, default=LEWICKI_NAME)
    rated = models.BooleanField(_("rated"), default=False)
    # A live event's Fischer clock (seconds), or a correspondence Swiss's days a move.
    clock_initial = models.PositiveIntegerField(null=True, blank=True)
    clock_increment = models.PositiveIntegerField(null=True, blank=True)
    days = models.PositiveSmallIntegerField(null=True, blank=True)
    minutes = models.PositiveIntegerField(_("length (minutes)"), null=True, blank=True)  # an arena's
    rounds = models.PositiveSmallIntegerField(_("rounds"), null=True, blank=True)  # a Swiss's
    deals = models.PositiveSmallIntegerField(_("deals"), null=True, blank=True)  # a duplicate event's
    level = models.CharField(_("solver level"), max_length=12, choices=Game.Level.choices, blank=True, default="")
    # The deals of a duplicate event are drawn from this secret seed, shown once it is over.
    seed = models.CharField(max_length=20, blank=True, default="")
    # A duplicate event's deals solved once it is over: by deal number, its par
    # from the entrants' seat and one best line (``duplicates.close``).
    pars = models.JSONField(default=dict, blank=True)
    starts_at = models.DateTimeField(_("starts at"), db_index=True)
    ends_at = models.DateTimeField(_("ends at"), null=True, blank=True)  # an arena's and a duplicate event's
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.CREATED, db_index=True)
    round = models.PositiveSmallIntegerField(default=0)  # a Swiss's round in play (0 before the first)
    creator = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="tournaments_created"
    )
    # A team battle (an arena's): the teams' names, and how many of each team's best
    # scores count for it (its leaders).
    teams = models.JSONField(default=list, blank=True)
    team_leaders = models.PositiveSmallIntegerField(null=True, blank=True)
    # A duplicate team match's players a side (its tables; ``team_matches``).
    team_size = models.PositiveSmallIntegerField(_("players a side"), null=True, blank=True)
    # A private event's join password (hashed, as Django keeps passwords); empty for a
    # public one. A private event is not listed: its players come by its link.
    password = models.CharField(max_length=128, blank=True, default="")
    # Made by the beat's schedule of recurring events (its name there), else empty.
    scheduled = models.CharField(max_length=80, blank=True, default="", db_index=True)

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-starts_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["scheduled"], condition=~models.Q(scheduled=""), name="one_event_per_schedule_slot"
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.kind}, {self.status})"

    @property
    def private(self) -> bool:
        return bool(self.password)

    @property
    def time_class(self) -> str:
        return "correspondence" if self.days is not None else "live"


class Entry(PlayerOwned, models.Model):
    """One player in a tournament (one entry per player and tournament)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    owner = owner_key("tournament_entries")
    name = models.CharField(max_length=150)  # as shown in the standings
    rating = models.FloatField(default=1500.0)  # at joining: the pairings' and the tie-breaks' order
    joined_at = models.DateTimeField(auto_now_add=True)
    active = models.BooleanField(default=True)  # False once left (an arena: paired no more; a Swiss: withdrawn)
    score = models.FloatField(default=0.0)
    # An arena's: the results in order (arena_rules.Result values), whether on fire now,
    # and since when the player waits to be paired (None while playing or gone).
    results = models.JSONField(default=list, blank=True)
    on_fire = models.BooleanField(default=False)
    waiting_since = models.DateTimeField(null=True, blank=True, db_index=True)
    last_opponent = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    a_seats = models.PositiveSmallIntegerField(default=0)
    b_seats = models.PositiveSmallIntegerField(default=0)
    team = models.PositiveSmallIntegerField(null=True, blank=True)  # in a team battle: its index in ``teams``
    # An arena's player whose pages were all gone while they waited (``presence``):
    # not paired until they come back (join again: Resume).
    paused = models.BooleanField(default=False)
    # The place in the final standings, written once the event is over and its
    # standings final (``results.ranks_store``; with the score they give); None before.
    rank = models.PositiveIntegerField(null=True, blank=True)

    class Meta:
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "owner"], condition=models.Q(owner__isnull=False), name="one_entry_per_account"
            ),
            models.UniqueConstraint(
                fields=["tournament", "session_key"],
                condition=~models.Q(session_key=""),
                name="one_entry_per_guest",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} in {self.tournament_id}"


class Pairing(models.Model):
    """One game of a tournament: ``a`` in seat A against ``b`` (a Swiss bye:
    no ``b`` and no game), or a duplicate entrant's game of deal ``deal``."""

    class Outcome(models.TextChoices):
        A = "a", _("A won")
        B = "b", _("B won")
        DRAW = "draw", _("draw")
        ABORTED = "aborted", _("aborted")
        BYE = "bye", _("bye")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pairings")
    round = models.PositiveSmallIntegerField(default=0)  # a Swiss's round, a duplicate event's deal number
    a = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="+")
    b = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    game = models.OneToOneField(
        Game, null=True, blank=True, on_delete=models.SET_NULL, related_name="tournament_pairing"
    )
    outcome = models.CharField(max_length=8, choices=Outcome.choices, blank=True, default="")
    # A duplicate game's points for the entrant (a's seat), once over.
    points = models.IntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("pairing")
        verbose_name_plural = _("pairings")
        ordering = ["round", "id"]
        indexes = [models.Index(fields=["tournament", "round"])]

    def __str__(self) -> str:
        return f"pairing {self.pk} of {self.tournament_id} (round {self.round})"


def unguessable_id() -> int:
    """A new event's id: a random number below 2**53 (which a page's script holds exactly)."""
    while True:
        candidate = secrets.randbelow((1 << 53) - 1) + 1
        if not Tournament.objects.filter(pk=candidate).exists():
            return candidate
