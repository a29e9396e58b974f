"""A duplicate team match's writes (its scoring is ``team_match``'s).

Two teams of ``team_size`` players each join the event (each player a team,
as in a team battle); once both are full and its start has come, its deals
are played in rounds: round ``n`` deals deal ``n`` (``duplicates.deal_seed``,
the same stones at every table) at every table at once, as ordinary games
between people (unrated).  Table ``t`` seats the ``t``-th player of each
team (in the order they joined), the first team in seat A at odd tables, in
seat B at even ones (``team_match.first_team_seat``).

A deal's games are concealed (``Game.concealed``: no values, hints or
exercises) and its results left off the event's page until every table has
finished it; while any of its games is played the games app withholds its
positions from every analysis (``games.withheld``).  Then the deal is closed
(``close_deal``, by the event's tick, on a worker): its par from seat A and
one best line are kept in ``Tournament.pars``, its games shown, and the next
round dealt.  Called by ``services`` with the event locked."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import F
from django.utils.translation import gettext as _

from puzzles.accounts.players import Player
from puzzles.core.errors import ConflictError
from puzzles.games import notices
from puzzles.games.models import Game
from puzzles.games.people_start import game_start_people
from puzzles.games.signals import game_graded
from solver import Position

from . import duplicate, duplicates, team_match
from .models import Entry, Pairing, Tournament

log = logging.getLogger(__name__)

TEAM_SIZE = (2, 8)  # players a side
# A team match whose teams are not both full this long after its start is called off.
TEAM_WAIT = timedelta(hours=1)


def tables(tournament: Tournament) -> list[tuple[Entry, Entry]]:
    """The match's tables in order: (the first team's player, the second's),
    each team's players in the order they joined (those who have not left)."""
    rows = Entry.objects.filter(tournament=tournament, active=True).order_by("id")
    teams: tuple[list[Entry], list[Entry]] = ([], [])
    for entry in rows:
        if entry.team in (0, 1):
            teams[entry.team].append(entry)
    size = tournament.team_size or 0
    return list(zip(teams[0][:size], teams[1][:size], strict=False))


def full(tournament: Tournament) -> bool:
    return len(tables(tournament)) == (tournament.team_size or 0)


def check_join(tournament: Tournament, entry: Entry | None, team: int | None) -> None:
    """409 for a newcomer once the match has begun, or to a team already full."""
    if entry is not None and entry.active:
        return
    if tournament.round > 0:
        raise ConflictError(_("the team match has begun: it can no longer be joined"))
    taken = Entry.objects.filter(tournament=tournament, active=True, team=entry.team if entry else team).count()
    if taken >= (tournament.team_size or 0):
        raise ConflictError(_("this team is full"))


def check_leave(tournament: Tournament) -> None:
    if tournament.round > 0:
        raise ConflictError(_("the team match has begun: play your games to the end"))


def _seats(table: int, first: Entry, second: Entry) -> tuple[Entry, Entry]:
    """Who sits A and who B at ``table``."""
    return (first, second) if team_match.first_team_seat(table) == "A" else (second, first)


def start_round(tournament: Tournament, number: int) -> None:
    """Deal ``number`` dealt at every table (concealed until every table has played it)."""
    initial, increment = tournament.clock_initial, tournament.clock_increment
    clock = (initial, increment or 0) if initial is not None else None
    seed = duplicates.deal_seed(tournament, number)
    for table, (first, second) in enumerate(tables(tournament), 1):
        a, b = _seats(table, first, second)
        game = game_start_people(
            variant=tournament.variant,
            seats={"A": Player.owning(a), "B": Player.owning(b)},
            rated=False,
            clock=clock,
            days=tournament.days,
            seed=seed,
        )
        Game.objects.filter(pk=game.pk).update(concealed=True)
        Pairing.objects.create(tournament=tournament, round=number, a=a, b=b, game=game)
    Tournament.objects.filter(pk=tournament.pk).update(round=number)
    tournament.round = number


def points_a(game: Game) -> int:
    """A finished game's points from seat A (positive: A won; an abort or a draw 0)."""
    result = game.result or {}
    points = int(result.get("points") or 0)
    return points if result.get("winner") == "A" else -points if result.get("winner") == "B" else 0


def record(pairing: Pairing, outcome: str) -> None:
    """Count a finished table (its row locked by the caller): seat A's points."""
    assert pairing.game is not None
    Pairing.objects.filter(pk=pairing.pk).update(points=points_a(pairing.game), outcome=outcome)


def close_deal(tournament: Tournament, number: int) -> bool:
    """Deal ``number``, played at every table: its par from seat A and one
    best line kept, its games shown (and their players' exercises made, as
    any graded game's).  False if it was closed already."""
    if str(number) in tournament.pars:
        return False
    start = Position.parse(duplicates.starts(tournament)[number - 1])
    pars = {
        **tournament.pars,
        str(number): {"par": duplicate.par_for(start, "A"), "line": list(duplicate.best_line(start))},
    }
    Tournament.objects.filter(pk=tournament.pk).update(pars=pars)
    tournament.pars = pars
    games = list(
        Pairing.objects.filter(tournament=tournament, round=number, game__isnull=False).values_list(
            "game_id", flat=True
        )
    )
    Game.objects.filter(pk__in=games, concealed=True).update(concealed=False, version=F("version") + 1)
    for game_id in games:
        notices.game_changed(game_id)
    transaction.on_commit(lambda: [game_graded.send(sender=Game, game_id=game_id) for game_id in games])
    return True


def tick(tournament: Tournament, now: datetime, playing: bool) -> str:
    """Move a running team match on: "finish" (its deals all played, or
    called off for want of players), "moved" (a deal closed, a round
    dealt) or "" (nothing to do; ``playing``: a game of it is in progress)."""
    if playing:
        return ""
    if tournament.round == 0 and not full(tournament):
        return "finish" if now >= tournament.starts_at + TEAM_WAIT else ""
    closed = tournament.round > 0 and close_deal(tournament, tournament.round)
    if tournament.round >= (tournament.deals or 0):
        return "finish"
    start_round(tournament, tournament.round + 1)
    log.info("team match %s: deal %s dealt%s", tournament.pk, tournament.round, " (last closed)" if closed else "")
    return "moved"
