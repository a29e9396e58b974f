"""The cheating report: reads the graded moves of rated games between
people, fits expected play by rating on them, scores each account's recent
play (``cheating``, pure) and stores both (``ExpectedPlayFit``,
``CheatingScore``) for the admin.  Nothing is done to an account.  The fit stored is the one
the scores were counted against: without the accounts that scored
``cheating.SCORE_LOOK`` or more against the fit of everybody.

Run by the beat (``tasks.cheating_report_task``, every six hours) and on
demand (``manage.py cheating_report``).

What is read: the newest ``FIT_MAX_CHANGES`` rating changes (one per
account and rated game or match; ``rating_before`` is the mover's rating
at the time), each one's games (a match: all its deals), and their moves
made by people, graded, with more than one legal move.  A move's legal
moves and the gap between its best and second-best values come from the
stored analysis of the position before it (else the position is parsed,
and the gap is unknown).  A move's time is from the previous move's
arrival to its own (``GameMove.created_at``), in live games only, and not
for a seat's first move (free on the clock).  The fit is over all of it;
each account is scored on its newest ``RECENT_GAMES`` rated games or
matches among them.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

from django.db import transaction

from puzzles.analyses.models import Analysis
from puzzles.botaccounts.selectors import bot_user_ids
from puzzles.games.models import Game, GameMove, GameSeat
from solver import Position

from . import cheating
from .models import ChallengeDeal, CheatingScore, ExpectedPlayFit, RatingChange

log = logging.getLogger(__name__)

FIT_MAX_CHANGES = 20_000
RECENT_GAMES = 20
# Ids a query's IN holds at most (SQLite's limit on bound variables is far above).
_CHUNK = 500

T = TypeVar("T")


def _chunks(items: Sequence[T]) -> Iterator[Sequence[T]]:
    for start in range(0, len(items), _CHUNK):
        yield items[start : start + _CHUNK]


@dataclass(frozen=True)
class Rated:
    """One account's rated game or match: the rating before it, its games."""

    user_id: int
    rating: float
    at: datetime
    games: tuple[int, ...]


def _rated(limit: int) -> list[Rated]:
    """The newest ``limit`` rating changes of people, each with its games (a
    match's deals): a bot's moves, a program's, are neither people's expected
    play nor a suspect's."""
    changes = list(
        RatingChange.objects.exclude(user_id__in=bot_user_ids())
        .order_by("-created_at", "-pk")
        .values_list("user_id", "game_id", "rating_before", "created_at")[:limit]
    )
    rated_games = sorted({game for _u, game, _r, _a in changes})
    challenge_of: dict[int, int] = {}
    for chunk in _chunks(rated_games):
        challenge_of.update(ChallengeDeal.objects.filter(game_id__in=chunk).values_list("game_id", "challenge_id"))
    deals: dict[int, list[int]] = {}
    for chunk in _chunks(sorted(set(challenge_of.values()))):
        for challenge, game in ChallengeDeal.objects.filter(challenge_id__in=chunk).values_list(
            "challenge_id", "game_id"
        ):
            deals.setdefault(challenge, []).append(game)
    return [
        Rated(user, rating, at, tuple(sorted(deals[challenge_of[game]])) if game in challenge_of else (game,))
        for user, game, rating, at in changes
    ]


def _difficulty(positions: Iterable[str]) -> dict[str, tuple[int, int | None]]:
    """Each position's number of legal moves and gap between the best and the
    second-best values, from its stored analysis (else parsed, gap unknown)."""
    found: dict[str, tuple[int, int | None]] = {}
    wanted = sorted(set(positions))
    for chunk in _chunks(wanted):
        rows = Analysis.objects.filter(position__in=chunk, status=Analysis.Status.DONE).values_list(
            "position", "result"
        )
        for position, result in rows:
            values = [m["value"] for m in (result or {}).get("moves", [])]
            if values:
                values.sort(reverse=True)
                found[position] = (len(values), values[0] - values[1] if len(values) > 1 else None)
    for position in wanted:
        if position not in found:
            found[position] = (len(Position.parse(position).legal_moves()), None)
    return found


@dataclass(frozen=True)
class _Played:
    """A person's graded move with a choice, before its rating is known."""

    game_id: int
    side: str
    lost: float
    legal: int
    gap: int | None
    seconds: float | None


def _game_moves(
    game: dict[str, Any], rows: list[tuple[Any, ...]], known: dict[str, tuple[int, int | None]]
) -> list[_Played]:
    """The counted moves of one game from its moves in ply order."""
    live = game["clock_initial"] is not None
    previous_at: datetime = game["created_at"]
    moved: set[str] = set()
    out = []
    for _ply, side, by, grade, lost, before, at in rows:
        first = side not in moved
        moved.add(side)
        seconds = None if first or not live else max(0.0, (at - previous_at).total_seconds())
        previous_at = at
        if by != GameMove.By.HUMAN or grade is None:
            continue
        legal, gap = known[before]
        if legal > 1:
            out.append(_Played(game["pk"], side, float(lost or 0), legal, gap, seconds))
    return out


def _played(game_ids: Sequence[int]) -> dict[int, list[_Played]]:
    """The counted moves of each finished game of ``game_ids``."""
    games: dict[int, dict[str, Any]] = {}
    rows: dict[int, list[tuple[Any, ...]]] = {}
    for chunk in _chunks(game_ids):
        for game in Game.objects.filter(pk__in=chunk, status=Game.Status.OVER).values(
            "pk", "clock_initial", "created_at"
        ):
            games[game["pk"]] = dict(game)
        moves = (
            GameMove.objects.filter(game_id__in=chunk)
            .order_by("game_id", "ply")
            .values_list("game_id", "ply", "side", "by", "grade", "points_lost", "position_before", "created_at")
        )
        for game_id, *rest in moves:
            rows.setdefault(game_id, []).append(tuple(rest))
    known = _difficulty(row[5] for game_rows in rows.values() for row in game_rows if row[2] == GameMove.By.HUMAN)
    return {game_id: _game_moves(game, rows.get(game_id, []), known) for game_id, game in games.items()}


def _seats(game_ids: Sequence[int]) -> dict[tuple[int, int], set[str]]:
    """The seats each account played in each game: ``(game, user) -> seats``."""
    seats: dict[tuple[int, int], set[str]] = {}
    for chunk in _chunks(game_ids):
        rows = GameSeat.objects.filter(game_id__in=chunk, owner__isnull=False).values_list(
            "game_id", "owner_id", "seat"
        )
        for game_id, user_id, seat in rows:
            seats.setdefault((game_id, user_id), set()).add(seat)
    return seats


def moves_by_account(limit: int = FIT_MAX_CHANGES) -> dict[int, list[tuple[Rated, list[cheating.Move]]]]:
    """Every account's counted moves, by rated game or match, newest first."""
    rated = _rated(limit)
    game_ids = sorted({g for r in rated for g in r.games})
    played, seats = _played(game_ids), _seats(game_ids)
    out: dict[int, list[tuple[Rated, list[cheating.Move]]]] = {}
    for r in rated:
        moves = [
            cheating.Move(r.rating, p.lost, p.legal, p.gap, p.seconds, p.game_id)
            for game in r.games
            for p in played.get(game, [])
            if p.side in seats.get((game, r.user_id), ())
        ]
        out.setdefault(r.user_id, []).append((r, moves))
    return out


def _fields(found: cheating.Verdict, recent: list[tuple[Rated, list[cheating.Move]]]) -> dict[str, Any]:
    pace = found.timing
    ratings = [m.rating for _r, moves in recent for m in moves] or [r.rating for r, _m in recent]
    return {
        "score": found.score,
        "z": found.z,
        "moves": found.moves,
        "games": found.games,
        "mean_rating": round(sum(ratings) / len(ratings), 1),
        "expected_lost": found.expected_per_move,
        "actual_lost": found.actual_per_move,
        "timed_moves": pace.timed,
        "mean_seconds": pace.mean_seconds,
        "time_cv": pace.cv,
        "time_vs_difficulty": pace.vs_difficulty,
        "even_pace": None if pace.even_pace is None else round(pace.even_pace, 2),
        "ignores_difficulty": None if pace.ignores_difficulty is None else round(pace.ignores_difficulty, 2),
        "games_ids": [g for r, _m in recent for g in r.games],
    }


def cheating_report(limit: int = FIT_MAX_CHANGES) -> ExpectedPlayFit:
    """Fit expected play on the newest rated games, score every account in
    them on its newest ``RECENT_GAMES`` (against the fit without the
    suspects: ``cheating.report``), and store both; the fit's row."""
    accounts = moves_by_account(limit)
    recent = {
        user: sorted(rows, key=lambda item: item[0].at, reverse=True)[:RECENT_GAMES] for user, rows in accounts.items()
    }
    fitted, verdicts, suspects = cheating.report(
        {user: [m for _r, moves in rows for m in moves] for user, rows in accounts.items()},
        {user: [m for _r, moves in rows for m in moves] for user, rows in recent.items()},
    )
    with transaction.atomic():
        row = ExpectedPlayFit.objects.create(
            moves=fitted.total.n, accounts=len(accounts) - len(suspects), data=fitted.to_json()
        )
        before = dict(CheatingScore.objects.filter(user_id__in=verdicts).values_list("user_id", "score"))
        for user_id, found in verdicts.items():
            fields = _fields(found, recent[user_id])
            if _looks_again(before.get(user_id), fields["score"]):
                fields["reviewed"] = False
            CheatingScore.objects.update_or_create(user_id=user_id, defaults=fields)
    log.info("cheating report: %d moves, %d accounts, %d worth a look", fitted.total.n, len(accounts), len(suspects))
    return row


# A reviewed account is put before the admin again when its score, worth a
# look, has risen by this much since it was reviewed.
RISE_AGAIN = 2.0


def _looks_again(before: float | None, now: float | None) -> bool:
    """Whether an account's new score is worth a look that the last review did not see."""
    return now is not None and now >= cheating.SCORE_LOOK and (before is None or now >= before + RISE_AGAIN)


def latest_fit() -> cheating.Fit | None:
    """The newest stored fit, if any."""
    row = ExpectedPlayFit.objects.first()
    return cheating.Fit.from_json(row.data) if row is not None else None
