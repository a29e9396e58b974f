"""Reads of a duplicate team match (never a write): its tables, each deal's
results once every table has played it (and the deal is closed: its par
known), the teams' scores (``team_match``) and each player's share of them.
A deal not closed yet shows only how many tables have finished it."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

from puzzles.games.selectors import guest_tag
from puzzles.games.texts import guest_name

from . import team_match, team_matches
from .models import Entry, Pairing, Tournament


def _rounds(tournament: Tournament) -> dict[int, list[Pairing]]:
    """The match's games by deal, each deal's in table order (they are made so)."""
    rows: dict[int, list[Pairing]] = defaultdict(list)
    for pairing in Pairing.objects.filter(tournament=tournament).order_by("round", "id"):
        rows[pairing.round].append(pairing)
    return rows


def closed_deals(tournament: Tournament, rounds: dict[int, list[Pairing]]) -> list[team_match.DealResult]:
    """The deals played at every table and closed, as ``team_match`` scores them."""
    found = []
    for number, games in sorted(rounds.items()):
        kept = tournament.pars.get(str(number))
        if kept is None or any(game.points is None for game in games):
            continue
        found.append(team_match.DealResult(number, kept["par"], {t: g.points or 0 for t, g in enumerate(games, 1)}))
    return found


def player_scores(tournament: Tournament) -> dict[int, tuple[int, int]]:
    """Each entrant's share of their team's score (their tables' points
    against par on the closed deals) and their games finished, by entry."""
    rounds = _rounds(tournament)
    closed = {deal.number: deal for deal in closed_deals(tournament, rounds)}
    scores: dict[int, list[int]] = defaultdict(lambda: [0, 0])
    for number, games in rounds.items():
        for table, game in enumerate(games, 1):
            for entry in (game.a_id, game.b_id):
                if entry is not None and game.finished_at is not None:
                    scores[entry][1] += 1
            deal = closed.get(number)
            if deal is None or game.b_id is None:
                continue
            first, second = team_match.team_points(deal.points_a[table], deal.par_a, table)
            # the first team's player is in seat A at odd tables
            holders = (game.a_id, game.b_id) if team_match.first_team_seat(table) == "A" else (game.b_id, game.a_id)
            scores[holders[0]][0] += first
            scores[holders[1]][0] += second
    return {entry: (score, games) for entry, (score, games) in scores.items()}


def _name(entry: Entry) -> str:
    """As ``selectors.entry_name`` says it (which reads this module's standings)."""
    return entry.name or guest_name(guest_tag(entry.session_key))


def sheet(tournament: Tournament) -> dict[str, Any] | None:
    """The match's score sheet for its page; None for any other event."""
    if tournament.kind != Tournament.Kind.TEAM:
        return None
    rounds = _rounds(tournament)
    closed = {deal.number: deal for deal in closed_deals(tournament, rounds)}
    score = team_match.match_score(closed.values())
    names = {entry.pk: _name(entry) for entry in Entry.objects.filter(tournament=tournament)}
    deals = []
    for number in range(1, tournament.round + 1):
        games = rounds.get(number, [])
        deal = closed.get(number)
        results = []
        if deal is not None:
            for table, game in enumerate(games, 1):
                first, second = team_match.team_points(deal.points_a[table], deal.par_a, table)
                results.append(
                    {
                        "table": table,
                        "a": names.get(game.a_id, ""),
                        "b": names.get(game.b_id or 0, ""),
                        "points": deal.points_a[table],
                        "teams": [first, second],
                    }
                )
        deals.append(
            {
                "number": number,
                "closed": deal is not None,
                "played": sum(1 for game in games if game.finished_at is not None),
                "par": deal.par_a if deal is not None else None,
                "line": tournament.pars[str(number)]["line"] if deal is not None else [],
                "net": list(deal.net) if deal is not None else None,
                "results": results,
            }
        )
    return {
        "team_size": tournament.team_size,
        "tables": [
            {
                "table": table,
                "players": [_name(first), _name(second)],
                "first_seat": team_match.first_team_seat(table),
            }
            for table, (first, second) in enumerate(team_matches.tables(tournament), 1)
        ],
        "deals": deals,
        "score": list(score.score),
        "won": list(score.won),
    }
