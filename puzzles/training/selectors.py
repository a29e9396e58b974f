"""Reads of puzzle training: finding puzzles, attempts and ratings for a
player (no writes here; the JSON the API returns is in ``presentation``)."""

from __future__ import annotations

import json
import logging
import random
from datetime import timedelta
from typing import Any, NamedTuple

from django.db import connection
from django.db.models import F, QuerySet
from django.db.models.functions import Abs
from django.http import Http404

from puzzles.accounts.players import Player
from puzzles.core.queries import one_or_404
from puzzles.ratings.glicko2 import DEFAULT_RATING

from . import days, runs, withheld
from .models import Puzzle, PuzzleAttempt, PuzzleRating, PuzzleRun

log = logging.getLogger(__name__)

# ---------------------------------------------------------------- players


def player_rating(player: Player) -> PuzzleRating | None:
    if player.user is not None:
        return PuzzleRating.objects.filter(user=player.user).first()
    if not player.token:
        return None
    return PuzzleRating.objects.filter(user=None, session_key=player.token).first()


def attempts_for_player(player: Player) -> QuerySet[PuzzleAttempt]:
    return player.rows(PuzzleAttempt.objects.all(), "user")


def attempt_get_for_player(player: Player, attempt_id: int) -> PuzzleAttempt:
    return one_or_404(attempts_for_player(player).select_related("puzzle").filter(pk=attempt_id), "attempt")


# ---------------------------------------------------------------- puzzles


def puzzle_get(puzzle_id: int) -> Puzzle:
    puzzle = Puzzle.objects.filter(pk=puzzle_id).first()
    if puzzle is None:
        raise Http404("no such puzzle")
    if puzzle.daily_on is not None and puzzle.daily_on > days.utc_today():
        raise Http404("no such puzzle")  # a future daily is not out yet
    return puzzle


def daily_puzzle(day=None) -> Puzzle | None:
    return Puzzle.objects.filter(daily_on=day or days.utc_today()).first()


def daily_archive(limit: int = 366):
    return Puzzle.objects.filter(daily_on__isnull=False, daily_on__lte=days.utc_today()).order_by("-daily_on")[:limit]


def puzzle_unfinished(player: Player, theme: str | None = None) -> Puzzle | None:
    """The training puzzle of the player's unfinished rated attempt, if any
    (in ``theme`` when given): it stays theirs until it is solved or failed,
    so that leaving or reloading the page does not skip it.  Not one whose
    key the player was given meanwhile (``withheld``: its end is unrated)."""
    queryset = (
        attempts_for_player(player)
        .filter(
            rated=True,
            puzzle__daily_on__isnull=True,
            puzzle__in=withheld.exclude_for(Puzzle.objects.all(), player),
        )
        .exclude(status__in=[PuzzleAttempt.Status.SOLVED, PuzzleAttempt.Status.FAILED])
    )
    if theme:
        queryset = queryset.filter(puzzle__themes__icontains=f'"{theme}"')
    attempt = queryset.select_related("puzzle").order_by("created_at", "id").first()
    return attempt.puzzle if attempt is not None else None


def puzzle_next(player: Player, theme: str | None = None, difficulty: str | None = None) -> Puzzle | None:
    """A training puzzle near the player's rating that they have not tried:
    one of the few nearest (at random), never a daily puzzle.  The target
    is the rating moved by the difficulty (``days.DIFFICULTIES``: the
    player's setting unless ``difficulty`` is given), and the puzzle keeps
    within ``days.DIFFICULTY_BAND`` of it while any is left there; after
    that the nearest puzzle left, so that a player is told there is nothing
    left only when they have tried every puzzle (of the theme).  A puzzle
    withheld from the player (``withheld``: its key was given out) only
    when no other is left: an attempt at it is unrated."""
    rating = player_rating(player)
    offset = days.difficulty_offset(difficulty or (rating.difficulty if rating else None))
    target = (rating.rating if rating else DEFAULT_RATING) + offset
    tried = attempts_for_player(player).values_list("puzzle_id", flat=True)
    untried = Puzzle.objects.filter(daily_on__isnull=True).exclude(pk__in=tried)
    if theme:
        untried = untried.filter(themes__icontains=f'"{theme}"')
    # the withheld puzzles last, when no other is left: an attempt at one is unrated
    for queryset in (withheld.exclude_for(untried, player), untried):
        band = queryset.filter(rating__gte=target - days.DIFFICULTY_BAND, rating__lte=target + days.DIFFICULTY_BAND)
        nearest = list(
            band.annotate(distance=Abs(F("rating") - target))
            .order_by("distance", "id")
            .values_list("pk", flat=True)[:8]
        )
        if not nearest:
            rest = queryset.annotate(distance=Abs(F("rating") - target)).order_by("distance", "id")
            nearest = list(rest.values_list("pk", flat=True)[:1])
        if nearest:
            return Puzzle.objects.get(pk=random.choice(nearest))
    return None


# --------------------------------------------------------------- attempts


def attempt_version_for_player(player: Player, attempt_id: int) -> int | None:
    """The attempt's version if it is this player's attempt, else None."""
    return attempts_for_player(player).filter(pk=attempt_id).values_list("version", flat=True).first()


def attempt_version(attempt_id: int) -> int | None:
    return PuzzleAttempt.objects.filter(pk=attempt_id).values_list("version", flat=True).first()


def history(player: Player, limit: int = 200) -> list[dict[str, Any]]:
    """The player's finished attempts, oldest first, with the rating after each."""
    rows = (
        attempts_for_player(player)
        .filter(finished_at__isnull=False)
        .select_related("puzzle")
        .order_by("finished_at", "id")
    )
    out = []
    for a in list(rows)[-limit:]:
        out.append(
            {
                "attempt": a.pk,
                "puzzle": a.puzzle_id,
                "puzzle_rating": round(
                    a.puzzle_rating_before if a.puzzle_rating_before is not None else a.puzzle.rating
                ),
                "kind": a.puzzle.kind,
                "status": a.status,
                "solved": a.status == PuzzleAttempt.Status.SOLVED,
                "gave_up": a.gave_up,
                "rated": a.rated,
                "daily_on": a.daily_on,
                "rating_before": None if a.rating_before is None else round(a.rating_before),
                "rating_after": None if a.rating_after is None else round(a.rating_after),
                "finished_at": a.finished_at,
            }
        )
    return out


# -------------------------------------------------------------- dashboard

DASHBOARD_PERIODS = (7, 30, 90)
# A theme is named strongest or weakest only with this many attempts in the period.
DASHBOARD_MIN_ATTEMPTS = 3


def performance(opponents: list[float], wins: int) -> int | None:
    """The linear performance rating of a run of results: the opponents'
    mean rating plus 400 x (wins - losses) / games (as chess federations and
    Lichess's puzzle dashboard do)."""
    if not opponents:
        return None
    n = len(opponents)
    return round(sum(opponents) / n + 400 * (2 * wins - n) / n)


def dashboard(player: Player, period_days: int, now: Any = None) -> dict[str, Any]:
    """Per theme, over the last ``period_days`` days: finished attempts,
    solved, success rate and performance rating (against the puzzles'
    ratings when tried), with the strongest and weakest themes."""
    from django.utils import timezone

    since = (now or timezone.now()) - timedelta(days=period_days)
    rows = (
        attempts_for_player(player)
        .filter(finished_at__isnull=False, finished_at__gte=since)
        .select_related("puzzle")
        .order_by("finished_at", "id")
    )
    per_theme: dict[str, dict[str, Any]] = {}
    total = {"attempts": 0, "solved": 0, "opponents": []}
    for a in rows:
        solved = a.status == PuzzleAttempt.Status.SOLVED
        opponent = a.puzzle_rating_before if a.puzzle_rating_before is not None else a.puzzle.rating
        for bucket in [total] + [
            per_theme.setdefault(t, {"attempts": 0, "solved": 0, "opponents": []}) for t in a.puzzle.themes
        ]:
            bucket["attempts"] += 1
            bucket["solved"] += solved
            bucket["opponents"].append(opponent)

    def figures(b: dict[str, Any]) -> dict[str, Any]:
        return {
            "attempts": b["attempts"],
            "solved": b["solved"],
            "failed": b["attempts"] - b["solved"],
            "success_rate": round(b["solved"] / b["attempts"], 3) if b["attempts"] else None,
            "performance": performance(b["opponents"], b["solved"]),
        }

    themes = [{"theme": key, **figures(b)} for key, b in per_theme.items()]
    themes.sort(key=lambda t: (-t["attempts"], t["theme"]))
    ranked = sorted(
        (t for t in themes if t["attempts"] >= DASHBOARD_MIN_ATTEMPTS),
        key=lambda t: (t["performance"], t["success_rate"], t["theme"]),
    )
    return {
        "days": period_days,
        "total": figures(total),
        "themes": themes,
        "strongest": [t["theme"] for t in reversed(ranked[-3:])],
        "weakest": [t["theme"] for t in ranked[:3]],
    }


def failed_puzzles(player: Player, theme: str | None = None) -> QuerySet[Puzzle]:
    """Puzzles the player has failed and never solved (to replay), the newest first."""
    mine = attempts_for_player(player)
    failed = mine.filter(status=PuzzleAttempt.Status.FAILED)
    solved_after = mine.filter(status=PuzzleAttempt.Status.SOLVED).values_list("puzzle_id", flat=True)
    queryset = Puzzle.objects.filter(pk__in=failed.values_list("puzzle_id", flat=True)).exclude(pk__in=solved_after)
    if theme:
        queryset = queryset.filter(themes__icontains=f'"{theme}"')
    return queryset.order_by("-id")


# ------------------------------------------------------------------ runs


def runs_for_player(player: Player) -> QuerySet[PuzzleRun]:
    return player.rows(PuzzleRun.objects.all(), "user")


def run_get_for_player(player: Player, run_id: int) -> PuzzleRun:
    return one_or_404(runs_for_player(player).filter(pk=run_id), "run")


def run_attempts(run: PuzzleRun) -> list[PuzzleAttempt]:
    """The run's puzzles in the order they came (attempts, with their puzzles)."""
    return list(run.attempts.select_related("puzzle").order_by("id"))


def run_snapshot(run: PuzzleRun, tries: int = 5) -> list[PuzzleAttempt]:
    """The run (refreshed in place) and its puzzles as of one moment.  The
    run's row and its attempts are two reads; a puzzle that ends between
    them (on a worker) would show its successor beside the score from
    before it.  A puzzle's end (or a new puzzle) and the run's fields it
    changes are written with a bump of the run's version, in one
    transaction; a move within a puzzle changes only its attempt's row,
    read whole in one read.  So the reads are taken again until the version
    read after the attempts is the one read before them."""
    attempts: list[PuzzleAttempt] = []
    for _ in range(tries):
        run.refresh_from_db()
        attempts = run_attempts(run)
        if PuzzleRun.objects.filter(pk=run.pk, version=run.version).exists():
            return attempts
    log.warning("run %s changed during each of %s reads: shown as last read", run.pk, tries)
    return attempts


class OpenAttempt(NamedTuple):
    """An attempt under way as ``attempts_open_positions`` reads it."""

    pk: int
    version: int
    rated: bool
    run_id: int | None
    status: str
    positions: frozenset[str]  # the puzzle's start, each move's, the current one


def attempts_open_positions(player: Player) -> list[OpenAttempt]:
    """The player's puzzles under way that are rated or are a run's, with
    the positions each has stood at.  Read on every practice move (a player
    shown a position's line), almost always to find none: one hand-written
    query, as the ORM spent about 0.7 ms building it, more than the rest of
    what a move costs the web server for that."""
    if player.user is not None:
        owner, args = "a.user_id = %s", [player.user.pk]
    elif player.token:
        owner, args = "a.user_id IS NULL AND a.session_key = %s", [player.token]
    else:
        return []
    attempts, puzzles, run_table = (m._meta.db_table for m in (PuzzleAttempt, Puzzle, PuzzleRun))
    sql = (
        f"SELECT a.id, a.version, a.rated, a.run_id, a.status, a.position, p.position, a.moves FROM {attempts} a "
        f"JOIN {puzzles} p ON p.id = a.puzzle_id LEFT JOIN {run_table} r ON r.id = a.run_id "
        f"WHERE {owner} AND a.status IN (%s, %s) AND (a.rated OR r.status = %s)"
    )
    args += [PuzzleAttempt.Status.YOUR_MOVE, PuzzleAttempt.Status.THINKING, PuzzleRun.Status.ACTIVE]
    with connection.cursor() as cursor:
        cursor.execute(sql, args)
        rows = cursor.fetchall()
    found: list[OpenAttempt] = []
    for pk, version, rated, run_id, status, at, start, moves in rows:
        played = json.loads(moves) if isinstance(moves, str) else moves
        positions = frozenset({at, start, *(m["position_before"] for m in played)})
        found.append(OpenAttempt(pk, version, bool(rated), run_id, status, positions))
    return found


def run_current(run: PuzzleRun) -> PuzzleAttempt | None:
    """The run's newest attempt: the puzzle under way while the run is."""
    return run.attempts.select_related("puzzle").order_by("-id").first()


def runs_recent(player: Player, mode: str, limit: int = 10) -> list[PuzzleRun]:
    return list(runs_for_player(player).filter(mode=mode).order_by("-started_at", "-id")[:limit])


def run_active_puzzle_ids(player: Player) -> set[int]:
    """The puzzles under way in the player's active runs (not to be tried elsewhere meanwhile)."""
    return set(
        attempts_for_player(player)
        .filter(run__status=PuzzleRun.Status.ACTIVE)
        .exclude(status__in=[PuzzleAttempt.Status.SOLVED, PuzzleAttempt.Status.FAILED])
        .values_list("puzzle_id", flat=True)
    )


def run_puzzle_pick(player: Player, run: PuzzleRun, index: int, floor: float) -> Puzzle | None:
    """The ``index``-th puzzle of ``run`` (from 0): rated at least ``floor``
    (a streak's previous puzzle), one of the few nearest at or above the
    mode's target for ``index`` (at random), never a daily puzzle nor one
    of this run; puzzles the player has not tried first (a run is unrated:
    puzzles given out for offline solving are not put last, which made a
    streak on a small pool climb past its puzzles at once).  Above the pool's
    top the highest left is taken; ``None`` when nothing is left."""
    target = max(runs.target_rating(run.mode, index), floor)
    used = run.attempts.values_list("puzzle_id", flat=True)
    tried = attempts_for_player(player).values_list("puzzle_id", flat=True)
    base = Puzzle.objects.filter(daily_on__isnull=True, rating__gte=floor).exclude(pk__in=used)
    for queryset in (base.exclude(pk__in=tried), base):
        nearest = list(
            queryset.filter(rating__gte=target)
            .order_by("rating", "id")
            .values_list("pk", flat=True)[: runs.CHOICE_AMONG]
        )
        if not nearest:
            nearest = list(queryset.order_by("-rating", "-id").values_list("pk", flat=True)[:1])
        if nearest:
            return Puzzle.objects.get(pk=random.choice(nearest))
    return None


def run_best(player: Player, mode: str) -> int:
    """The player's best score in ``mode`` (stored when a run ends)."""
    rating = player_rating(player)
    if rating is None:
        return 0
    return rating.best_puzzle_streak if mode == "streak" else rating.best_timed_score
