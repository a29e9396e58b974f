"""Writes of challenges and the lobby: posting a challenge or a seek,
accepting it (the game starts when the last person's seat is taken),
declining, cancelling, expiry and a rematch (quick pairing is
``pairing``; a guest's challenges are handed to their account in
``claims``; the caps on open seeks and challenges are ``limits``).

A challenge is refused (``ApplicationError``, 400; 403 for who may not;
``ConflictError``, 409, when it is no longer open) before anything is
written.  Accepting locks the challenge's row, so two players racing for the
last seat get one game and one 409.  Every change bumps the challenge's
``version`` (and the lobby's, for a seek) and publishes it after the commit,
so that the creator's page and the lobby see it at once.

The refusals a page can show (its plain forms: accept, decline, cancel, a
rematch, quick pairing, the challenge form's choices) are in the player's
language; those of raw API inputs the forms cannot send stay in English.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Iterable, Mapping
from datetime import timedelta
from typing import Any, cast

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from puzzles.accounts.players import Player
from puzzles.core import events
from puzzles.core.errors import ApplicationError, ConflictError
from puzzles.games.models import Game
from puzzles.games.people_start import (
    CORRESPONDENCE_DAYS,
    MAX_INCREMENT_SECONDS,
    MAX_INITIAL_SECONDS,
    MIN_INITIAL_SECONDS,
)
from solver import Variant, VariantError

from . import blocks, bots, farming, limits, matches, playing, selectors, signals
from .models import Challenge, ChallengeSeat, Inbox, Lobby, Unrated

log = logging.getLogger(__name__)

RANDOM_SEAT = "random"
# seconds; a clock starts with some time (its first move is free and earns no increment)
CLOCK_INITIAL_RANGE = (MIN_INITIAL_SECONDS, MAX_INITIAL_SECONDS)
CLOCK_INCREMENT_RANGE = (0, MAX_INCREMENT_SECONDS)
RATING_RANGE = (0, 4000)
# How long an open challenge waits for its players.
LIVE_SEEK_TTL = timedelta(minutes=20)
LIVE_CHALLENGE_TTL = timedelta(hours=24)
CORRESPONDENCE_TTL = timedelta(days=7)


def _whole(name: str, value: Any, bounds: tuple[int, int]) -> int:
    low, high = bounds
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ApplicationError(f"{name} is a whole number from {low} to {high}, not {value!r}")
    return cast(int, value)  # a whole number, checked above


def _rules(variant: Any) -> Variant:
    try:
        return Variant.parse(variant)
    except VariantError as exc:
        raise ApplicationError(str(exc)) from None


def check_control(clock: Any = None, days: Any = None) -> tuple[tuple[int, int] | None, int | None]:
    """The time control as ``(clock, days)``, exactly one of them set; else 400."""
    if clock is not None and days is not None:
        raise ApplicationError("give a live clock (clock) or correspondence days (days), not both")
    if clock is None and days is None:
        raise ApplicationError(
            'give a time control: "clock": {"initial": seconds, "increment": seconds} for a live game, '
            'or "days": 1, 3 or 7 for correspondence'
        )
    if days is not None:
        if isinstance(days, bool) or days not in CORRESPONDENCE_DAYS:
            raise ApplicationError(f"days (a move, by correspondence) is 1, 3 or 7, not {days!r}")
        return None, int(days)
    if isinstance(clock, Mapping):
        clock = (clock.get("initial"), clock.get("increment"))
    if not isinstance(clock, tuple | list) or len(clock) != 2:
        raise ApplicationError('clock is {"initial": seconds, "increment": seconds}')
    initial = _whole("clock.initial", clock[0], CLOCK_INITIAL_RANGE)
    increment = _whole("clock.increment", clock[1], CLOCK_INCREMENT_RANGE)
    return (initial, increment), None


# A challenge by link is accepted by whoever has its address ("the link is
# the seat"), so its id must not be guessed: a random number below 2**53 (a
# number the pages' scripts hold exactly), not the table's next one.
CHALLENGE_ID_BOUND = 1 << 53


def _unguessable_id() -> int:
    while True:
        candidate = secrets.randbelow(CHALLENGE_ID_BOUND - 1) + 1
        if not Challenge.objects.filter(pk=candidate).exists():
            return candidate


def _expiry(*, days: int | None, lobby: bool) -> Any:
    if days is not None:
        return timezone.now() + CORRESPONDENCE_TTL
    return timezone.now() + (LIVE_SEEK_TTL if lobby else LIVE_CHALLENGE_TTL)


def _notify(challenge: Challenge, also: Iterable[Player] = ()) -> None:
    """After the commit, tell the challenge's waiters, the lobby's if it is a
    seek, and the inboxes of the people it keeps a seat for (and ``also``'s:
    someone whose seat it kept until this change)."""
    events.notify_on_commit(events.channel("challenge", challenge.pk))
    if challenge.lobby:
        lobby_bump()
    inbox_bump([*selectors.players_kept_for(challenge), *also])


def lobby_bump() -> None:
    """Move the lobby's version on (after the commit, its waiters see it)."""
    if not Lobby.objects.filter(pk=1).update(version=F("version") + 1):
        Lobby.objects.get_or_create(pk=1, defaults={"version": 1})
    events.notify_on_commit(events.channel("lobby", 1))


def inbox_bump(players: Iterable[Player]) -> None:
    """Move on the version of each player's challenges for them (made at
    its first challenge), and after the commit wake the pages that wait on
    it: theirs alone, not everyone's."""
    named = {selectors.inbox_channel(player): player for player in players if player.known}
    for name, player in sorted(named.items()):  # the rows locked in one order by every writer
        rows = player.rows(Inbox.objects.all())
        if not rows.update(version=F("version") + 1):
            _row, made = Inbox.objects.get_or_create(**player.owner_fields(), defaults={"version": 1})
            if not made:  # made meanwhile by another transaction, now committed: move it on past that
                rows.update(version=F("version") + 1)
        events.notify_on_commit(name)


def _bump(challenge: Challenge, also: Iterable[Player] = (), **fields: Any) -> None:
    Challenge.objects.filter(pk=challenge.pk).update(version=F("version") + 1, updated_at=timezone.now(), **fields)
    _notify(challenge, also)


def _person(player: Player) -> dict[str, Any]:
    return player.owner_fields()


def _solver_seats(rules: Variant, seat: str, solver: dict[str, str], *, rated: bool) -> dict[str, str]:
    """``solver`` (seat to level) checked for a challenge whose creator sits in
    ``seat``: partnership only, seats other than the creator's, known levels,
    a person in one other seat at least, and none in a rated game (400)."""
    for s, level in solver.items():
        if len(rules.seats) == 2:
            raise ApplicationError(
                "the solver can fill seats of the partnership game only: a two-seat game is between two people "
                "(play the solver from the play page)"
            )
        if s not in rules.seats or s == seat:
            raise ApplicationError(f"solver seats are seats of {rules} other than yours ({seat}), not {s!r}")
        if level not in Game.Level.values:
            raise ApplicationError(f"a solver's level is one of {', '.join(Game.Level.values)}, not {level!r}")
    if len(solver) >= len(rules.seats) - 1:
        raise ApplicationError("at least one other seat is a person's: the solver cannot take every other seat")
    if rated and solver:
        raise ApplicationError(_("a rated game has a person in every seat: leave out the solver seats or play casual"))
    return solver


def _rating_range(rating_min: Any, rating_max: Any, *, lobby: bool) -> tuple[int | None, int | None]:
    """A seek's rating range checked: for lobby seeks only, whole numbers in
    ``RATING_RANGE``, the low end not above the high one (400)."""
    if (rating_min is not None or rating_max is not None) and not lobby:
        raise ApplicationError("a rating range is for lobby seeks only")
    if rating_min is not None:
        rating_min = _whole("rating_min", rating_min, RATING_RANGE)
    if rating_max is not None:
        rating_max = _whole("rating_max", rating_max, RATING_RANGE)
    if rating_min is not None and rating_max is not None and rating_min > rating_max:
        raise ApplicationError(
            _("rating_min (%(low)s) is above rating_max (%(high)s)") % {"low": rating_min, "high": rating_max}
        )
    return rating_min, rating_max


def _challenged(to: str, player: Player) -> Player:
    """The account a challenge is for, by its username ``to``: an active
    account (else 404) other than the challenger's own (400)."""
    user = get_user_model().objects.filter(username=to, is_active=True).first()
    if user is None:
        # 404, as the player's own page: the name is well formed, nobody has it
        raise ApplicationError(_("no player is called %(name)s") % {"name": repr(to)}, status_code=404)
    if player.is_authenticated and user.pk == player.user.pk:
        raise ApplicationError(_("you cannot challenge yourself"))
    blocks.refuse(player, [user], challenging=True)
    return Player(user, "")


def challenge_create(
    *,
    player: Player,
    variant: Any = "lewicki",
    rated: bool = False,
    seat: Any = RANDOM_SEAT,
    clock: Any = None,
    days: Any = None,
    to: str | None = None,
    solver: Mapping[str, str] | None = None,
    lobby: bool = False,
    rating_min: int | None = None,
    rating_max: int | None = None,
    reserved: Mapping[str, Player] | None = None,
    rematch_of: Challenge | None = None,
    target_points: int | None = None,
    target_wins: int | None = None,
    duplicate_deals: int | None = None,
    by_site: bool = False,
) -> Challenge:
    """A new open challenge, its creator seated in ``seat`` (a seat of the
    variant or ``random``).  ``to`` names the account it is for (its seat is
    kept for them), ``solver`` gives the seats the solver plays (partnership
    only: seat to level), ``lobby`` lists it as a seek with an optional rating
    range.  ``target_points`` or ``target_wins`` make it a match between
    people (``matches``), ``duplicate_deals`` a duplicate match of two people
    (``duplicate_matches``); a rated match is rated as a whole once it is won
    (``ratings.match_rate``).  A rated challenge needs an account (403) and
    people in every seat.  ``by_site``: a game the site itself pairs (a
    tournament's), which the cap on a player's open challenges does not count."""
    rules = _rules(variant)
    (clock_pair, days) = check_control(clock, days)
    if not player.known:
        raise ApplicationError("a challenge needs a player: send the session cookie")
    if rated and not player.is_authenticated:
        raise ApplicationError(
            _("a rated game is between two accounts: log in (or sign up) to post a rated challenge"), 403
        )
    if seat == RANDOM_SEAT:  # one the solver does not take
        seat = secrets.choice([s for s in rules.seats if s not in (solver or {})] or rules.seats)
    if seat not in rules.seats:
        raise ApplicationError(f"seat is one of {', '.join(rules.seats)} or {RANDOM_SEAT!r} in {rules}, not {seat!r}")
    solver = _solver_seats(rules, seat, dict(solver or {}), rated=rated)
    target_points, target_wins, duplicate_deals = matches.check_targets(target_points, target_wins, duplicate_deals)
    if duplicate_deals is not None and (len(rules.seats) != 2 or solver):
        raise ApplicationError(_("a duplicate match is between two people: choose a variant of two players"))
    rating_min, rating_max = _rating_range(rating_min, rating_max, lobby=lobby)
    reserved = dict(reserved or {})
    if to:
        if lobby:
            raise ApplicationError("a lobby seek is for anyone: leave out to, or post a challenge")
        free = [s for s in rules.seats if s != seat and s not in solver]
        # Their seat: the other side's (in partnership, the next seat free).
        reserved[free[0]] = _challenged(to, player)
    if not by_site:  # a tournament's games: its entrants joined it (a bot joins no rated event)
        bots.create_check(player, rated=bool(rated), lobby=lobby, reserved=reserved.values())
    with transaction.atomic():
        if not by_site:
            limits.open_cap_check(player, lobby=lobby)  # the player locked: posts at once take turns
        challenge = Challenge.objects.create(
            id=_unguessable_id(),
            variant=str(rules),
            rated=bool(rated),
            clock_initial=clock_pair[0] if clock_pair else None,
            clock_increment=clock_pair[1] if clock_pair else None,
            days=days,
            lobby=lobby,
            rating_min=rating_min,
            rating_max=rating_max,
            creator=player.user,
            session_key="" if player.is_authenticated else player.token,
            expires_at=_expiry(days=days, lobby=lobby),
            rematch_of=rematch_of,
            target_points=target_points,
            target_wins=target_wins,
            duplicate_deals=duplicate_deals,
        )
        now = timezone.now()
        ChallengeSeat.objects.create(challenge=challenge, seat=seat, joined_at=now, **_person(player))
        for s, level in solver.items():
            ChallengeSeat.objects.create(challenge=challenge, seat=s, level=level, joined_at=now)
        for s, person in reserved.items():
            ChallengeSeat.objects.create(challenge=challenge, seat=s, **_person(person))
        _notify(challenge)
        if reserved:
            signals.challenge_received_on_commit(challenge.pk)
    log.info("challenge %s posted (%s, %s)", challenge.pk, challenge.variant, challenge.control_code)
    return challenge


def _locked_open(challenge_id: int) -> Challenge:
    challenge = Challenge.objects.select_for_update().filter(pk=challenge_id).first()
    if challenge is None:
        raise ApplicationError(_("no such challenge"), 404)
    if challenge.status == Challenge.Status.OPEN and challenge.expires_at <= timezone.now():
        _bump(challenge, status=Challenge.Status.EXPIRED)
        challenge.status = Challenge.Status.EXPIRED
    if challenge.status != Challenge.Status.OPEN:
        raise ConflictError(
            _("the challenge is %(status)s: it can no longer be accepted, declined or cancelled")
            % {"status": challenge.get_status_display()}
        )
    return challenge


def challenge_accept(*, player: Player, challenge_id: int, seat: str | None = None) -> Challenge:
    """``player`` takes a seat of the open challenge: the one kept for them,
    else ``seat`` or the first free one.  The game starts when every seat is
    taken.  403 for a guest at a rated game, for someone else's named
    challenge, or outside a seek's rating range; 400 for the creator; 409
    once the challenge is no longer open or its seat is taken."""
    if not player.known:
        raise ApplicationError("accepting a challenge needs a player: send the session cookie")
    with transaction.atomic():
        challenge = _locked_open(challenge_id)
        rules = challenge.rules
        rows = {row.seat: row for row in challenge.seats.select_related("owner")}
        mine = selectors.seat_of(list(rows.values()), player)
        if mine is not None and mine.joined_at is not None:
            if selectors.is_creator(challenge, player):
                raise ApplicationError(
                    _("this is your own challenge: send its link to the player you want to play"), 403
                )
            raise ConflictError(_("you already sit at seat %(seat)s of this challenge") % {"seat": mine.seat})
        if challenge.rated and not player.is_authenticated:
            raise ApplicationError(_("a rated game is between two accounts: log in (or sign up) to accept it"), 403)
        bots.accept_check(challenge, mine, player)
        kept = () if mine is None else (player,)  # the seat kept for them: off their list now
        if mine is None:
            if any(row.joined_at is None for row in rows.values()) and not _free_seats(rules, rows):
                raise ApplicationError(_("this challenge is for another player"), 403)
            free = _free_seats(rules, rows)
            if seat is not None:
                if seat not in rules.seats:
                    raise ApplicationError(f"seat is one of {', '.join(rules.seats)} in {rules}, not {seat!r}")
                if seat not in free:
                    raise ConflictError(
                        _("seat %(seat)s is taken: the free seats are %(free)s")
                        % {"seat": seat, "free": ", ".join(free) or pgettext("free seats", "none")}
                    )
            elif not free:
                raise ConflictError(_("every seat of this challenge is taken"))
            _check_rating_range(challenge, player)
            blocks.refuse(player, rows.values())
            mine = ChallengeSeat.objects.create(
                challenge=challenge, seat=seat or free[0], joined_at=timezone.now(), **_person(player)
            )
        else:
            mine.joined_at = timezone.now()
            mine.save(update_fields=["joined_at"])
        rows[mine.seat] = mine
        complete = len(rows) == len(rules.seats) and all(row.joined_at is not None for row in rows.values())
        if complete:
            if challenge.rated and farming.pair_limit_reached(challenge, rows.values()):
                challenge.unrated_because = Unrated.PAIR_LIMIT  # played, but rated by nobody
            game = matches.start_deal(challenge, [rows[s] for s in rules.seats], 1)
            _bump(
                challenge,
                # every player's pages hear of the game at once, the waiting seek's creator's wherever they are
                [*kept, *playing.seated_people(rows.values())],
                status=Challenge.Status.STARTED,
                game=game,
                started_at=timezone.now(),
                unrated_because=challenge.unrated_because,
            )
        else:
            _bump(challenge, kept)
    challenge.refresh_from_db()
    log.info(
        "challenge %s: seat %s taken%s", challenge.pk, mine.seat, f", game {challenge.game_id}" if complete else ""
    )
    return challenge


def _free_seats(rules: Variant, rows: Mapping[str, ChallengeSeat]) -> list[str]:
    return [s for s in rules.seats if s not in rows]


def _check_rating_range(challenge: Challenge, player: Player) -> None:
    if challenge.rating_min is None and challenge.rating_max is None:
        return
    rating = selectors.rating_value(player, challenge.time_class, challenge.family)
    low = challenge.rating_min if challenge.rating_min is not None else 0
    high = challenge.rating_max if challenge.rating_max is not None else RATING_RANGE[1]
    if not low <= rating <= high:
        raise ApplicationError(
            _("this seek is for ratings %(low)s to %(high)s; yours is %(rating)s")
            % {"low": low, "high": high, "rating": f"{rating:.0f}"},
            403,
        )


def challenge_decline(*, player: Player, challenge_id: int) -> Challenge:
    """The invited player (or, for a link, anyone but the creator) turns the
    challenge down: it closes.  403 for the creator (who cancels) or someone
    the named challenge is not for; 409 once it is no longer open."""
    with transaction.atomic():
        challenge = _locked_open(challenge_id)
        if selectors.is_creator(challenge, player):
            raise ApplicationError(_("this is your own challenge: cancel it instead"), 403)
        if challenge.lobby:
            raise ApplicationError(_("a lobby seek is not declined: leave it for someone else"), 403)
        rows = list(challenge.seats.all())
        mine = selectors.seat_of(rows, player)
        if mine is None and any(row.joined_at is None for row in rows):
            raise ApplicationError(_("this challenge is for another player"), 403)
        _bump(challenge, status=Challenge.Status.DECLINED)
    challenge.refresh_from_db()
    return challenge


def challenge_cancel(*, player: Player, challenge_id: int) -> Challenge:
    """The creator withdraws the open challenge.  403 for anyone else."""
    with transaction.atomic():
        challenge = _locked_open(challenge_id)
        if not selectors.is_creator(challenge, player):
            raise ApplicationError(_("only the player who posted a challenge can cancel it"), 403)
        _bump(challenge, status=Challenge.Status.CANCELLED)
    challenge.refresh_from_db()
    return challenge


def challenges_expire(*, now: Any = None) -> int:
    """Close the open challenges whose time has run out; how many."""
    now = now or timezone.now()
    expired = list(Challenge.objects.filter(status=Challenge.Status.OPEN, expires_at__lte=now))
    count = 0
    for challenge in expired:
        # One transaction each, which locks the rows of one challenge (the
        # lobby's, its players' inboxes) in the order every writer takes them:
        # holding several challenges' at once, it could wait for a row that a
        # request holds while that request waits for one of its own.
        with transaction.atomic():
            if Challenge.objects.filter(pk=challenge.pk, status=Challenge.Status.OPEN).update(
                status=Challenge.Status.EXPIRED, version=F("version") + 1, updated_at=now
            ):
                count += 1
                _notify(challenge)
    return count


def challenge_rematch(*, player: Player, challenge_id: int) -> Challenge:
    """A new challenge to the same people after the challenge's game is over,
    every person on the other side (A for B, C for D), the same control; the
    opponents' seats are kept for them.  409 while the game is played."""
    old = Challenge.objects.filter(pk=challenge_id).select_related("game").first()
    if old is None:
        raise ApplicationError(_("no such challenge"), 404)
    if old.game is None or old.game.status != Game.Status.OVER:
        raise ConflictError(_("a rematch is offered once the game is over"))
    rows = list(old.seats.select_related("owner"))
    mine = selectors.seat_of(rows, player)
    if mine is None or mine.joined_at is None:
        raise ApplicationError(_("only a player of the game can offer a rematch"), 403)
    swap = {"A": "B", "B": "A", "C": "D", "D": "C"}
    reserved: dict[str, Player] = {}
    solver: dict[str, str] = {}
    for row in rows:
        if row.pk == mine.pk:
            continue
        if row.level:
            solver[swap[row.seat]] = row.level
        else:
            reserved[swap[row.seat]] = Player(row.owner, "" if row.owner_id else row.session_key)
    blocks.refuse(player, reserved.values())
    clock = (old.clock_initial, old.clock_increment) if old.days is None else None
    return challenge_create(
        player=player,
        variant=old.variant,
        rated=old.rated,
        seat=swap[mine.seat],
        clock=clock,
        days=old.days,
        solver=solver,
        reserved=reserved,
        rematch_of=old,
        target_points=old.target_points,
        target_wins=old.target_wins,
        duplicate_deals=old.duplicate_deals,
    )


def accuracy_on_game_graded(sender: Any, game_id: int, **kwargs: Any) -> None:
    """Receiver of ``games.signals.game_graded`` (on the worker that graded
    the game): each person's accuracy, now that their moves have grades.  A
    game with nothing to grade, or a lost signal, is left to the beat's sweep
    (``accuracy.accuracies_settle``)."""
    from . import accuracy

    accuracy.accuracy_record(game_id=game_id)
