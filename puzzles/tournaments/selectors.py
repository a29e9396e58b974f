"""Reads (never a write): a tournament, its standings by its own rules, its
games, a player's entry and game in it, and the lists of events."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Count, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.http import Http404

from puzzles.accounts.players import Player
from puzzles.botaccounts.presentation import name_text
from puzzles.botaccounts.selectors import is_bot
from puzzles.games.selectors import guest_tag
from puzzles.games.texts import guest_name

from . import arena_rules, duplicate, duplicates, pairings, swiss, team_sheet
from .models import Entry, Pairing, Tournament

# How many of an event's games its page lists (the latest first).
GAMES_SHOWN = 50


def tournament_get(tournament_id: int) -> Tournament:
    tournament = Tournament.objects.filter(pk=tournament_id).first()
    if tournament is None:
        raise Http404("no such tournament")
    return tournament


def tournament_version(tournament_id: int) -> int | None:
    return Tournament.objects.filter(pk=tournament_id).values_list("version", flat=True).first()


def entry_of(tournament: Tournament, player: Player) -> Entry | None:
    return player.rows(Entry.objects.filter(tournament=tournament)).first()


def _with_events(entries: QuerySet[Entry], limit: int) -> list[Entry]:
    """The latest ``entries`` with their events, each event's number of
    entrants (``entrants``) and how many of them have a higher score
    (``ahead``: an event in progress's rank by score), in one query."""

    def counted(**condition: Any) -> Subquery:
        rows = Entry.objects.filter(tournament=OuterRef("tournament"), **condition).order_by().values("tournament")
        return Subquery(rows.annotate(n=Count("pk")).values("n"))

    annotated = entries.select_related("tournament").annotate(
        entrants=counted(), ahead=Coalesce(counted(score__gt=OuterRef("score")), 0)
    )
    return list(annotated.order_by("-joined_at")[:limit])


def entries_of_user(user: Any, limit: int) -> list[Entry]:
    """An account's latest entries in public events, with their events."""
    return _with_events(
        Entry.objects.filter(owner=user, tournament__password=""), limit
    )  # a private event is its players' own


def entries_of_player(player: Player, limit: int) -> list[Entry]:
    """A player's latest entries (a guest's too), with their events."""
    return _with_events(player.rows(Entry.objects.all()), limit)


def rated_events_in(user: Any) -> list[Tournament]:
    """The rated events not yet over that an account is in and has not left, the first to start first."""
    rows = Tournament.objects.filter(rated=True, entries__owner=user, entries__active=True)
    return list(rows.exclude(status=Tournament.Status.FINISHED).order_by("starts_at", "pk"))


def entry_name(entry: Entry) -> str:
    """The name an entrant is shown by: their account's (a bot's marked BOT), or "Guest 1a2b"."""
    if entry.name:
        return name_text(entry.name, is_bot(entry.owner_id))
    return guest_name(guest_tag(entry.session_key))


@dataclass(frozen=True)
class Row:
    """One line of the standings."""

    entry: Entry
    rank: int | None  # None while a duplicate event's results are hidden
    score: float | None
    games: int
    extra: dict[str, Any]  # the kind's own: an arena's fire, a Swiss's tie-breaks


def standings(tournament: Tournament) -> list[Row]:
    """The event's standings, best first, by the rules of its kind."""
    entries = {entry.pk: entry for entry in Entry.objects.filter(tournament=tournament).order_by("id")}
    if tournament.kind == Tournament.Kind.SWISS:
        return _swiss_rows(tournament, entries)
    if tournament.kind == Tournament.Kind.DUPLICATE:
        return _duplicate_rows(tournament, entries)
    if tournament.kind == Tournament.Kind.TEAM:
        return _team_rows(tournament, entries)
    rows = arena_rules.standings(
        arena_rules.Entry(
            player=entry.pk,
            results=tuple(arena_rules.Result(r) for r in entry.results),
            rating=round(entry.rating),
            joined=entry.joined_at,
            team=entry.team,
        )
        for entry in entries.values()
    )
    return [
        Row(
            entries[row.player],
            row.rank,
            row.score,
            row.played,
            {
                "on_fire": row.on_fire,
                "sheet": [game.points for game in row.sheet.games],
                "team": row.team,
                "paused": entries[row.player].paused,
            },
        )
        for row in rows
    ]


def _team_rows(tournament: Tournament, entries: dict[int, Entry]) -> list[Row]:
    """A team match's players by team, then table: each one's share of their
    team's score (their tables' points against par on the closed deals); no rank."""
    scores = team_sheet.player_scores(tournament)
    order = sorted(entries.values(), key=lambda entry: (entry.team if entry.team is not None else 9, entry.pk))
    return [
        Row(entry, None, float(scores.get(entry.pk, (0, 0))[0]), scores.get(entry.pk, (0, 0))[1], {"team": entry.team})
        for entry in order
    ]


def _team_match_standings(tournament: Tournament, rows: list[Row]) -> list[dict[str, Any]]:
    """A team match's two teams, best first: each one's score (the sum of its
    nets on the closed deals) and players."""
    score = team_sheet.sheet(tournament) or {"score": [0, 0]}
    teams = [(score["score"][index], index) for index in range(2)]
    teams.sort(key=lambda team: -team[0])
    return [
        {
            "team": tournament.teams[index],
            "score": points,
            "rank": 1 if points == teams[0][0] else 2,
            "leaders": [entry_name(row.entry) for row in rows if row.entry.team == index and row.entry.active],
        }
        for points, index in teams
    ]


def team_standings(tournament: Tournament, rows: list[Row]) -> list[dict[str, Any]]:
    """A team battle's teams, best first: each one's score (the sum of its
    leaders' best scores), rank and leaders (a team match's: ``_team_match_standings``).
    Empty for any other event."""
    if not tournament.teams:
        return []
    if tournament.kind == Tournament.Kind.TEAM:
        return _team_match_standings(tournament, rows)
    players = [
        arena_rules.Standing(
            row.rank or 0,
            arena_rules.Entry(row.entry.pk, (), 0, row.entry.joined_at, row.entry.team),
            arena_rules.Score((), int(row.score or 0), row.games, False),
        )
        for row in rows
    ]
    names = {row.entry.pk: entry_name(row.entry) for row in rows}
    teams = arena_rules.team_standings(players, tournament.team_leaders or 5, range(len(tournament.teams)))
    return [
        {
            "team": tournament.teams[team.team],
            "score": team.score,
            "rank": team.rank,
            "leaders": [names[pk] for pk in team.leaders],
        }
        for team in teams
    ]


def _swiss_rows(tournament: Tournament, entries: dict[int, Entry]) -> list[Row]:
    rounds = pairings.swiss_rounds(tournament)
    ratings = {pk: entry.rating for pk, entry in entries.items()}
    played = {pk: 0 for pk in entries}
    for one in rounds:
        for game in one.games:
            played[game.a] += 1
            played[game.b] += 1
    rows = swiss.standings(rounds, ratings)
    return [
        Row(
            entries[row.player],
            row.rank,
            row.score,
            played[row.player],
            {"buchholz": row.buchholz, "sonneborn_berger": row.sonneborn_berger},
        )
        for row in rows
        if row.player in entries
    ]


def _duplicate_results(tournament: Tournament) -> list[Pairing]:
    return list(
        Pairing.objects.filter(tournament=tournament, finished_at__isnull=False, points__isnull=False).order_by("id")
    )


def _duplicate_scored(tournament: Tournament) -> list[duplicate.Scored]:
    """Every finished deal of the event scored against the field and its par."""
    pars = {duplicates.deal_of(tournament, int(n)): kept["par"] for n, kept in tournament.pars.items()}
    return duplicate.score_event(
        (
            duplicate.Entry(str(row.a_id), duplicates.deal_of(tournament, row.round), row.points or 0)
            for row in _duplicate_results(tournament)
        ),
        pars,
    )


def _duplicate_rows(tournament: Tournament, entries: dict[int, Entry]) -> list[Row]:
    """Before the event is over and its deals solved, only who has played
    how many deals; then the standings by matchpoints against the field."""
    if tournament.status != Tournament.Status.FINISHED or not tournament.pars:
        played = {pk: 0 for pk in entries}
        for row in _duplicate_results(tournament):
            played[row.a_id] += 1
        order = sorted(entries, key=lambda pk: (-played[pk], pk))
        return [Row(entries[pk], None, None, played[pk], {}) for pk in order]
    rows = duplicate.standings(duplicate.totals(_duplicate_scored(tournament)))
    shown = [
        Row(
            entries[int(row.total.entrant)],
            row.rank,
            row.total.matchpoints,
            row.total.deals,
            {"percent": round(row.total.percent, 1), "vs_par": row.total.vs_par},
        )
        for row in rows
    ]
    listed = {row.entry.pk for row in shown}
    return shown + [Row(entry, None, None, 0, {}) for pk, entry in entries.items() if pk not in listed]


def travellers(tournament: Tournament) -> list[dict[str, Any]]:
    """Each deal's traveller once the event is over and solved: every
    result on it, best first, with its matchpoints and against par, the
    par and one best line.  Empty before."""
    if tournament.status != Tournament.Status.FINISHED or not tournament.pars:
        return []
    scored = _duplicate_scored(tournament)
    entries = {str(e.pk): e for e in Entry.objects.filter(tournament=tournament)}
    out = []
    for number in range(1, (tournament.deals or 0) + 1):
        kept = tournament.pars.get(str(number))
        if kept is None:
            continue
        deal_ = duplicates.deal_of(tournament, number)
        sheet = duplicate.traveller(deal_, (s for s in scored if s.deal == deal_), kept["par"], kept["line"])
        out.append(
            {
                "number": number,
                "seed": deal_.seed,
                "seat": duplicates.deal_seat(tournament, number),
                "par": sheet.par,
                "line": list(sheet.line),
                "results": [
                    {
                        "player": entry_name(entries[s.entrant]),
                        "points": s.points,
                        "matchpoints": s.matchpoints,
                        "percent": round(s.percent, 1),
                        "vs_par": s.vs_par,
                    }
                    for s in sheet.results
                ],
            }
        )
    return out


def games_of(tournament: Tournament, limit: int = GAMES_SHOWN) -> list[Pairing]:
    """The event's latest games (byes too), the latest first."""
    rows = list(Pairing.objects.filter(tournament=tournament).select_related("a", "b", "game").order_by("-id")[:limit])
    for row in rows:  # each row's event is this one: not read again a row
        row.tournament = tournament
    return rows


def current_game(entry: Entry | None) -> Pairing | None:
    """The entrant's game in progress in the event, if any."""
    if entry is None:
        return None
    return pairings.games_on(entry).order_by("-id").first()


def tournaments_listed() -> dict[str, QuerySet[Tournament]]:
    """The tournaments page's three lists."""
    base = Tournament.objects.filter(password="")  # a private event is reached by its link
    return {
        "upcoming": base.filter(status=Tournament.Status.CREATED).order_by("starts_at")[:50],
        "running": base.filter(status=Tournament.Status.STARTED).order_by("starts_at")[:50],
        "finished": base.filter(status=Tournament.Status.FINISHED).order_by("-starts_at")[:30],
    }
