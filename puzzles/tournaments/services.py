"""Writes: a tournament made, joined and left; what the beat's tick does
(start what is due, pair, move a Swiss on, finish what is over); and a
tournament game's end counted.  The pairings are ``pairings``'s.

Every change moves the tournament's version on and tells its page after
the commit (``core.events``: the standings and the games are pushed to it
by its long poll)."""

from __future__ import annotations

import logging
import secrets
from datetime import datetime, timedelta
from typing import Any

from django.contrib.auth.hashers import check_password, make_password
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from puzzles.accounts.players import Player
from puzzles.core import events, tasking
from puzzles.core.errors import ApplicationError, ConflictError
from puzzles.games.models import Game
from puzzles.people import bots as people_bots
from puzzles.people import selectors as people_selectors
from puzzles.people.services import check_control
from solver import Variant, VariantError

from . import duplicates, pairings, presence, results, signals, team_matches
from .models import Entry, Pairing, Tournament, unguessable_id

log = logging.getLogger(__name__)

# The bounds of what an event may ask for.
ARENA_MINUTES = (10, 24 * 60)
SWISS_ROUNDS = (1, 15)
DUPLICATE_DEALS = (1, 12)
MOST_AHEAD = timedelta(days=30)  # how far ahead an event may be set to start
# A Swiss made to start now starts after this, to let players join; one that
# has not two players this long after its start is called off.
SWISS_JOINING = timedelta(minutes=5)
SWISS_WAIT = timedelta(minutes=15)
DUPLICATE_HOURS = 24
SEED_BOUND = 1 << 53
PASSWORD_LENGTH = (4, 64)
TEAMS = (2, 10)  # how many teams a team battle has
TEAM_NAME_LENGTH = 40
TEAM_LEADERS = (1, 20)


# The names of the numbers an event is made with, as the refusals say them.
_WHOLE_NAMES = {
    "minutes": gettext_lazy("the length in minutes"),
    "rounds": gettext_lazy("the number of rounds"),
    "deals": gettext_lazy("the number of deals"),
    "leaders": gettext_lazy("the number of leaders"),
    "team_size": gettext_lazy("the number of players a side"),
}


def _whole(name: str, value: Any, bounds: tuple[int, int]) -> int:
    low, high = bounds
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ApplicationError(  # the page's form can ask for it: in the player's language
            _("%(name)s is a whole number from %(low)s to %(high)s, not %(value)s")
            % {"name": _WHOLE_NAMES.get(name, name), "low": low, "high": high, "value": repr(value)}
        )
    return int(value)


def _variant(variant: Any) -> str:
    try:
        return str(Variant.parse(variant))
    except VariantError as exc:
        raise ApplicationError(str(exc)) from None


def _start(starts_at: datetime | None, now: datetime) -> datetime:
    if starts_at is None:
        return now
    if starts_at < now - timedelta(minutes=1) or starts_at > now + MOST_AHEAD:
        raise ApplicationError(_("an event starts within the next 30 days"))
    return max(starts_at, now)


def _shape(kind: str, minutes: Any, rounds: Any, deals: Any) -> dict[str, Any]:
    """The fields of the event's own kind (each other kind's is refused)."""
    given = {"minutes": minutes, "rounds": rounds, "deals": deals}
    own = {"arena": "minutes", "swiss": "rounds", "duplicate": "deals", "team": "deals"}[kind]
    extra = [name for name, value in given.items() if value is not None and name != own]
    if extra:
        raise ApplicationError(f"a {kind} event takes {own}, not {', '.join(extra)}")
    bounds = {"minutes": ARENA_MINUTES, "rounds": SWISS_ROUNDS, "deals": DUPLICATE_DEALS}[own]
    value = given[own]
    if value is None:
        raise ApplicationError(f"a {kind} event needs {own}: a whole number from {bounds[0]} to {bounds[1]}")
    return {own: _whole(own, value, bounds)}


def tournament_create(
    *,
    player: Player,
    kind: Any,
    variant: Any = "lewicki",
    rated: bool = False,
    clock: Any = None,
    days: Any = None,
    minutes: Any = None,
    rounds: Any = None,
    deals: Any = None,
    level: Any = None,
    starts_at: datetime | None = None,
    name: str = "",
    password: str | None = None,
    teams: Any = None,
    leaders: Any = None,
    team_size: Any = None,
) -> Tournament:
    """A new event made by ``player`` (an account: 403 for a guest).  An
    arena is live; a Swiss live or by correspondence; a duplicate daylong is
    played against the solver at ``level`` (perfect by default), no clock.
    With a ``password`` it is private: not listed, joined with the password.
    An arena with ``teams`` (their names) is a team battle: each player joins
    a team, whose score is the sum of its ``leaders`` (5) best players'.
    A duplicate team match (``kind`` "team") has two ``teams`` of
    ``team_size`` players and ``deals`` deals, a clock or days, unrated."""
    if not player.is_authenticated:
        raise ApplicationError(_("making an event needs an account: log in (or sign up)"), 403)
    if kind not in Tournament.Kind.values:
        raise ApplicationError(f"kind is one of {', '.join(Tournament.Kind.values)}, not {kind!r}")
    now = timezone.now()
    fields: dict[str, Any] = {"kind": kind, "variant": _variant(variant), "rated": bool(rated)}
    fields.update(_shape(kind, minutes, rounds, deals))
    if kind == Tournament.Kind.DUPLICATE:
        if clock is not None or days is not None:
            raise ApplicationError("a duplicate event is played against the solver: no clock and no days")
        if level is not None and level not in Game.Level.values:
            raise ApplicationError(f"level is one of {', '.join(Game.Level.values)}, not {level!r}")
        fields.update(level=level or Game.Level.PERFECT, seed=str(secrets.randbelow(SEED_BOUND)), rated=False)
    else:
        if kind == Tournament.Kind.TEAM:
            fields.update(_team_match(fields, teams, team_size, leaders))
        if level is not None:
            raise ApplicationError("only a duplicate event is played against the solver at a level")
        fields.update(_control(kind, clock, days))
    start = _start(starts_at, now)
    if kind == Tournament.Kind.SWISS and starts_at is None:
        start = now + SWISS_JOINING
    if kind == Tournament.Kind.ARENA:
        fields["ends_at"] = start + timedelta(minutes=fields["minutes"])
    elif kind == Tournament.Kind.DUPLICATE:
        fields["ends_at"] = start + timedelta(hours=DUPLICATE_HOURS)
    if kind != Tournament.Kind.TEAM and (teams is not None or leaders is not None or team_size is not None):
        fields.update(_teams(kind, teams, leaders, team_size))
    if password:
        if not isinstance(password, str) or not 4 <= len(password) <= PASSWORD_LENGTH[1]:
            raise ApplicationError(_("a private event's password has 4 to 64 characters"))
        fields["password"] = make_password(password)
    # A private event's link is its key: no event's address tells another's (SQLite
    # numbers a new row after the highest id, so every event's id is drawn)
    fields["id"] = unguessable_id()
    # no name given: shown as its kind and control, in the reader's language (``presentation.name_of``)
    tournament = Tournament.objects.create(
        **fields, starts_at=start, creator=player.user, name=(name or "").strip()[:80]
    )
    log.info("tournament %s made (%s)", tournament.pk, kind)
    tournament_tick(tournament.pk)  # one starting now starts at once
    return tournament


def _control(kind: str, clock: Any, days: Any) -> dict[str, Any]:
    """The clock or days a move of an event between people, checked."""
    pair, days = check_control(clock, days)
    if kind == Tournament.Kind.ARENA and days is not None:
        raise ApplicationError(_("an arena is live: give it a clock, not days a move"))
    if kind == Tournament.Kind.TEAM and pair is None and days is None:  # an untimed table could hold it for ever
        raise ApplicationError(_("a team match needs a clock or days a move"))
    return {"clock_initial": pair[0] if pair else None, "clock_increment": pair[1] if pair else None, "days": days}


def _team_match(fields: dict[str, Any], teams: Any, team_size: Any, leaders: Any) -> dict[str, Any]:
    """A duplicate team match's fields, checked: two teams' names, players a
    side, a two-seat variant; unrated (its games are not challenges)."""
    if fields["rated"]:
        raise ApplicationError(_("a team match is not rated"))
    if leaders is not None:
        raise ApplicationError("every player of a team match counts: no leaders")
    if len(Variant.parse(fields["variant"]).seats) != 2:
        raise ApplicationError(_("a team match is played in a two-player variant"))
    if not isinstance(teams, list) or len(teams) != 2:
        raise ApplicationError(_("a team match has two teams: give their names"))
    checked = _teams(Tournament.Kind.ARENA, teams, None)
    size = _whole("team_size", team_size, team_matches.TEAM_SIZE)
    return {"teams": checked["teams"], "team_size": size, "seed": str(secrets.randbelow(SEED_BOUND))}


def _teams(kind: str, teams: Any, leaders: Any, team_size: Any = None) -> dict[str, Any]:
    """A team battle's fields, checked."""
    if kind != Tournament.Kind.ARENA or team_size is not None:
        raise ApplicationError("only an arena is played as a team battle (and a team match has teams of team_size)")
    if not isinstance(teams, list) or not TEAMS[0] <= len(teams) <= TEAMS[1]:
        raise ApplicationError(f"teams is a list of {TEAMS[0]} to {TEAMS[1]} team names")
    names = [team.strip() if isinstance(team, str) else "" for team in teams]
    if not all(0 < len(name) <= TEAM_NAME_LENGTH for name in names) or len(set(names)) != len(names):
        raise ApplicationError(f"each team has its own name of 1 to {TEAM_NAME_LENGTH} characters")
    count = 5 if leaders is None else _whole("leaders", leaders, TEAM_LEADERS)
    return {"teams": names, "team_leaders": count}


def _bump(tournament_id: int) -> None:
    Tournament.objects.filter(pk=tournament_id).update(version=F("version") + 1, updated_at=timezone.now())
    events.notify_on_commit(events.channel("tournament", tournament_id))


def tournament_join(
    *, player: Player, tournament_id: int, password: str | None = None, team: str | None = None
) -> Entry:
    """``player`` enters the event (again, after leaving it: the same entry).
    409 once it is over, or a Swiss past its first round; 403 for a guest in
    a rated event, and for a private event's wrong ``password`` (but to
    someone who has entered it already).  In a team battle a new entrant
    names their ``team`` (one of the event's), theirs for the event."""
    if not player.known:
        raise ApplicationError("joining needs a player: send the session cookie")
    _check_password(tournament_id, player, password)  # (slow on purpose: not with the event locked)
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
        if tournament is None:
            raise ApplicationError(_("no such tournament"), 404)
        if tournament.status == Tournament.Status.FINISHED:
            raise ConflictError(_("the tournament is over"))
        if tournament.rated and not player.is_authenticated:
            raise ApplicationError(_("a rated event is for accounts: log in (or sign up) to join"), 403)
        people_bots.event_join_check(player, rated=tournament.rated)
        entry = player.rows(Entry.objects.filter(tournament=tournament)).first()
        if entry is None and tournament.kind == Tournament.Kind.SWISS and tournament.round > 0:
            raise ConflictError(_("the Swiss has begun: it can no longer be joined"))
        if tournament.kind == Tournament.Kind.TEAM:
            team_matches.check_join(tournament, entry, _team_index(tournament, team) if entry is None else None)
        if entry is None:
            family = Variant.parse(tournament.variant).name
            entry = Entry.objects.create(
                tournament=tournament,
                team=_team_index(tournament, team),
                name=player.user.get_username() if player.is_authenticated else "",
                rating=people_selectors.rating_value(player, tournament.time_class, family),
                **player.owner_fields(),
            )
        if not entry.active or entry.waiting_since is None:  # (back from a pause too: Resume)
            entry.active, entry.paused = True, False
            entry.waiting_since = timezone.now() if not pairings.playing(entry) else None
            entry.save(update_fields=["active", "paused", "waiting_since"])
        if tournament.kind == Tournament.Kind.DUPLICATE and _open(tournament, timezone.now()):
            _deal_next(tournament, entry)
        _bump(tournament.pk)
    presence.player_seen(player)
    if tournament.kind == Tournament.Kind.ARENA and tournament.status == Tournament.Status.STARTED:
        _pair_soon(tournament.pk)
    if tournament.kind == Tournament.Kind.TEAM and tournament.status == Tournament.Status.STARTED:
        _tick_soon(tournament.pk)  # the last player in: the first deal is dealt
    return entry


def _check_password(tournament_id: int, player: Player, password: str | None) -> None:
    """403 for a newcomer to a private event without its password."""
    tournament = Tournament.objects.filter(pk=tournament_id).only("password").first()
    if tournament is None or not tournament.private:
        return
    if player.rows(Entry.objects.filter(tournament=tournament)).exists():
        return  # entered already: back without it
    if not check_password(password or "", tournament.password):
        raise ApplicationError(_("this event is private: give its password to join"), 403)


def _team_index(tournament: Tournament, team: str | None) -> int | None:
    if not tournament.teams:
        return None
    if team not in tournament.teams:
        raise ApplicationError(
            _("this is a team battle: join one of its teams (%(teams)s)") % {"teams": ", ".join(tournament.teams)}
        )
    return int(tournament.teams.index(team))


def tournament_leave(*, player: Player, tournament_id: int) -> Entry:
    """``player`` leaves the event: an arena pairs them no more (their score
    stays; they may join again), a Swiss withdraws them from the rounds to
    come (their games played stay in everyone's tie-breaks).  A game in
    progress is played on."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
        if tournament is None:
            raise ApplicationError(_("no such tournament"), 404)
        entry = player.rows(Entry.objects.filter(tournament=tournament)).first()
        if entry is None:
            raise ApplicationError(_("you are not in this tournament"), 404)
        if tournament.status == Tournament.Status.FINISHED:
            raise ConflictError(_("the tournament is over"))
        if tournament.kind == Tournament.Kind.TEAM:
            team_matches.check_leave(tournament)
        Entry.objects.filter(pk=entry.pk).update(active=False, paused=False, waiting_since=None)
        _bump(tournament.pk)
    entry.refresh_from_db()
    return entry


def _pair_soon(tournament_id: int) -> None:
    from .tasks import arena_pair_task

    tasking.enqueue(arena_pair_task, tournament_id)


def _tick_soon(tournament_id: int) -> None:
    from .tasks import tournament_tick_task

    tasking.enqueue(tournament_tick_task, tournament_id)


def tournament_tick(tournament_id: int, now: datetime | None = None) -> None:
    """Move one event on as its time says: start it when due, pair an arena's
    waiting players, start a Swiss's next round when the last is over,
    finish it when its time or rounds are done and no game is in progress."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().filter(pk=tournament_id).first()
        if tournament is None or tournament.status == Tournament.Status.FINISHED:
            return
        if tournament.status == Tournament.Status.CREATED and tournament.starts_at <= now:
            tournament.status = Tournament.Status.STARTED
            Tournament.objects.filter(pk=tournament.pk).update(status=tournament.status)
            _bump(tournament.pk)
            signals.tournament_started_on_commit(tournament.pk)
        if tournament.status != Tournament.Status.STARTED:
            return
        if tournament.kind == Tournament.Kind.ARENA:
            over = tournament.ends_at is not None and tournament.ends_at <= now
            paused = _pause_gone(tournament, now) if not over else 0
            if (not over and pairings.arena_pair(tournament)) or paused:
                _bump(tournament.pk)
            if over and not pairings.in_progress(tournament).exists():
                _finish(tournament)
        elif tournament.kind == Tournament.Kind.SWISS:
            _swiss_tick(tournament, now)
        elif tournament.kind == Tournament.Kind.TEAM:
            _team_tick(tournament, now)
        elif tournament.ends_at is not None and tournament.ends_at <= now:
            _finish(tournament)  # a deal not over by then does not count
            _close_soon(tournament.pk)
        else:  # a duplicate event: each entrant who joined before its start is dealt their first deal
            dealt = [
                _deal_next(tournament, entry) for entry in Entry.objects.filter(tournament=tournament, active=True)
            ]
            if any(dealt):
                _bump(tournament.pk)


def _pause_gone(tournament: Tournament, now: datetime) -> int:
    """Pause the arena's waiting players whose pages are all gone (``presence``); how many."""
    waiting = Entry.objects.filter(tournament=tournament, active=True, paused=False, waiting_since__isnull=False)
    gone = [entry.pk for entry in presence.gone(waiting, now)]
    if gone:
        Entry.objects.filter(pk__in=gone).update(paused=True, waiting_since=None)
        log.info("arena %s: %s paused, their pages gone", tournament.pk, len(gone))
    return len(gone)


def _swiss_tick(tournament: Tournament, now: datetime) -> None:
    """A Swiss's next round once the last one's games are over; the end after
    its last round, or when no pairing is left.  Before its first round it
    waits for two players, at most ``SWISS_WAIT``."""
    if pairings.in_progress(tournament).exists():
        return
    if tournament.round >= (tournament.rounds or 0):
        _finish(tournament)
    elif not pairings.swiss_next_round(tournament):
        if tournament.round > 0 or now >= tournament.starts_at + SWISS_WAIT:
            _finish(tournament)
        return
    _bump(tournament.pk)


def _team_tick(tournament: Tournament, now: datetime) -> None:
    """A team match's last deal closed and its next dealt once every table
    has played it; the end after its last deal (or for want of players)."""
    done = team_matches.tick(tournament, now, pairings.in_progress(tournament).exists())
    if done == "finish":
        _finish(tournament)
    elif done:
        _bump(tournament.pk)


def _deal_next(tournament: Tournament, entry: Entry) -> bool:
    """A duplicate entrant's next deal, unless one is on; whether one was dealt."""
    return not pairings.playing(entry) and duplicates.next_game(tournament, entry) is not None


def _close_soon(tournament_id: int) -> None:
    from .tasks import duplicate_close_task

    tasking.enqueue(duplicate_close_task, tournament_id)


def _finish(tournament: Tournament) -> None:
    if tournament.kind == Tournament.Kind.DUPLICATE:  # a deal still on then counts for nothing
        Pairing.objects.filter(tournament=tournament, finished_at__isnull=True).update(finished_at=timezone.now())
    Tournament.objects.filter(pk=tournament.pk).update(status=Tournament.Status.FINISHED)
    Entry.objects.filter(tournament=tournament).update(waiting_since=None, paused=False)
    results.ranks_store(tournament.pk)  # (a duplicate event's once its deals are solved)
    _bump(tournament.pk)
    log.info("tournament %s finished", tournament.pk)


def tournaments_tick(now: datetime | None = None) -> int:
    """The beat's tick: every event not finished whose time has come."""
    now = now or timezone.now()
    due = Tournament.objects.exclude(status=Tournament.Status.FINISHED).filter(starts_at__lte=now)
    ids = list(due.values_list("pk", flat=True))
    for tournament_id in ids:
        tournament_tick(tournament_id, now)
    return len(ids)


def game_counted(*, game_id: int) -> bool:
    """A tournament game is over: its result counted in the event (once),
    its players waiting to be paired again (an arena), the event moved on.
    False if the game is no tournament's, or counted already.  The event is
    locked first, as everything that changes it does; a duplicate deal that
    ends after the event has closed counts for nothing."""
    found = Pairing.objects.filter(game_id=game_id, finished_at__isnull=True).values_list("tournament_id", flat=True)
    tournament_id = found.first()
    if tournament_id is None:
        return False
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament_id)
        pairing = (
            Pairing.objects.select_for_update(of=("self",)).filter(game_id=game_id, finished_at__isnull=True).first()
        )
        if pairing is None or pairing.game is None or pairing.game.status != Game.Status.OVER:
            return False
        pairing.tournament = tournament
        now = timezone.now()
        if tournament.kind == Tournament.Kind.DUPLICATE and not _open(tournament, now):
            Pairing.objects.filter(pk=pairing.pk).update(finished_at=now)  # too late: not counted
            return False
        pairings.record(pairing, now)
        if tournament.kind == Tournament.Kind.DUPLICATE:
            entry = Entry.objects.get(pk=pairing.a_id)
            if entry.active:
                _deal_next(tournament, entry)
        _bump(tournament.pk)
    if tournament.kind == Tournament.Kind.ARENA:
        _pair_soon(tournament.pk)
    elif tournament.kind in (Tournament.Kind.SWISS, Tournament.Kind.TEAM):
        _tick_soon(tournament.pk)
    return True


def _open(tournament: Tournament, now: datetime) -> bool:
    """Whether the event is running and its time not up."""
    return tournament.status == Tournament.Status.STARTED and (tournament.ends_at is None or now < tournament.ends_at)


def entries_claim(*, user: Any, session_key: str, **kwargs: Any) -> int:
    """Hand a guest's entries to the account they just logged in to (a
    receiver of ``accounts.signals.guest_claimed``), with their games (the
    games' seats are handed over by the games and people apps).  In an
    event the account has entered already, the guest's entry leaves it (its
    games and score stay, under the guest's name): one person, one entry."""
    entered = list(Entry.objects.filter(owner=user).values_list("tournament_id", flat=True))
    guests = Entry.objects.filter(owner__isnull=True, session_key=session_key)
    guests.filter(tournament_id__in=entered).update(active=False, waiting_since=None)
    moved = guests.exclude(tournament_id__in=entered)
    name = user.get_username()
    tournaments = list(moved.values_list("tournament_id", flat=True))
    count = moved.update(owner=user, session_key="", name=name)
    for tournament_id in tournaments:
        _bump(tournament_id)
    return count


def on_game_finished(sender: Any, game: Game, **kwargs: Any) -> None:
    """``games.signals.game_finished``: count it if it is a tournament's."""
    game_counted(game_id=game.pk)
