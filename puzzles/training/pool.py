"""Writes of the puzzle pool: mining deals for puzzles (``mine_seeds``, on
the workers, fanned out by ``generate_puzzles`` and ``pool_fill_async``),
storing what the solver verified (``store_puzzles``), backfilling the quality
of puzzles stored before it was measured, and choosing the daily puzzle
(``daily_ensure``).  The solver runs only in the tasks that call these."""

from __future__ import annotations

import logging
import secrets
import time
from collections import Counter
from collections.abc import Callable, Iterable
from datetime import date
from typing import cast

from django.db import IntegrityError, transaction
from django.db.models import F
from django.db.models.functions import Abs

from puzzles.core import tasking

from . import days, mining, withheld
from .models import Puzzle, PuzzleSeed
from .tasks import mine_seeds_task, pool_filled_task, quality_backfill_task

log = logging.getLogger(__name__)

SEED_BOUND = 1 << 63
# The daily puzzle is the best of this many puzzles nearest its target rating.
DAILY_SHORTLIST = 20
DAILY_BAND = 100  # rating points either side of the target


def fresh_seeds(count: int) -> list[int]:
    """``count`` random 63-bit deal seeds not mined before."""
    seeds: set[int] = set()
    while len(seeds) < count:
        want = count - len(seeds)
        batch = {secrets.randbelow(SEED_BOUND) for _ in range(want)}
        used = set(PuzzleSeed.objects.filter(seed__in=[str(s) for s in batch]).values_list("seed", flat=True))
        seeds |= {s for s in batch if str(s) not in used}
    return sorted(seeds)


def mine_seed(seed: int) -> tuple[list[dict], int]:
    """The puzzle records of one imperfect game of deal ``seed`` (verified by
    the solver: ``mining.describe``) and the number of positions examined."""
    records = []
    positions = mining.play_imperfect_game(seed)
    for ply, position in enumerate(positions):
        candidate = mining.describe(position, seed, ply)
        if candidate is not None:
            record = candidate.to_record()
            record["start_moves"] = [m.to_json() for m in candidate.facts.analysis.moves]
            records.append(record)
    return records, len(positions)


def _empty_summary() -> dict:
    return {
        "seeds": 0,
        "examined": 0,
        "candidates": 0,
        "accepted": 0,
        "duplicates": 0,
        "by_kind": {},
        "by_theme": {},
        "puzzle_ids": [],
    }


def merge_summaries(summaries: Iterable[dict]) -> dict:
    total = _empty_summary()
    kinds: Counter[str] = Counter()
    themes: Counter[str] = Counter()
    for s in summaries:
        for key in ("seeds", "examined", "candidates", "accepted", "duplicates"):
            total[key] += s.get(key, 0)
        kinds.update(s.get("by_kind", {}))
        themes.update(s.get("by_theme", {}))
        total["puzzle_ids"] += s.get("puzzle_ids", [])
    total["by_kind"], total["by_theme"] = dict(kinds), dict(themes)
    return total


def store_puzzles(records: list[dict]) -> tuple[list[Puzzle], int]:
    """Store new puzzles; a position already stored (or twice in ``records``)
    is a duplicate and skipped.  Returns (stored puzzles, duplicates)."""
    unique: dict[str, dict] = {}
    duplicates = 0
    for record in records:
        if record["position"] in unique:
            duplicates += 1
        else:
            unique[record["position"]] = record
    existing = set(Puzzle.objects.filter(position__in=list(unique)).values_list("position", flat=True))
    duplicates += len(existing)
    stored: list[Puzzle] = []
    for position, r in unique.items():
        if position in existing:
            continue
        puzzle = Puzzle(
            position=position,
            side=r["side"],
            kind=r["kind"],
            line=r["line"],
            solver_moves=r["solver_moves"],
            themes=r["themes"],
            start_moves=r.get("start_moves", []),
            value=r["value"],
            rating=r["rating"],
            initial_rating=r["rating"],
            seed=str(r["seed"]),
            ply=r["ply"],
            quality_facts=r.get("quality_facts", {}),
            quality=r.get("quality", 0),
            score=r.get("quality", 0),
        )
        try:
            with transaction.atomic():
                puzzle.save()
        except IntegrityError:  # another worker stored it meanwhile
            duplicates += 1
            continue
        stored.append(puzzle)
    return stored, duplicates


def mine_seeds(seeds: list[int]) -> dict:
    """Mine deals and store their puzzles; a seed mined before is skipped.
    Returns the summary (examined, candidates, accepted, duplicates, by kind
    and by theme).  Runs the solver: for tasks and commands only."""
    summary = _empty_summary()
    done = set(PuzzleSeed.objects.filter(seed__in=[str(s) for s in seeds]).values_list("seed", flat=True))
    records: list[dict] = []
    per_seed: dict[int, int] = {}
    for seed in seeds:
        if str(seed) in done:
            continue
        found, examined = mine_seed(seed)
        records += found
        per_seed[seed] = len(found)
        summary["seeds"] += 1
        summary["examined"] += examined
        summary["candidates"] += len(found)
    with transaction.atomic():
        stored, duplicates = store_puzzles(records)
        PuzzleSeed.objects.bulk_create(
            [PuzzleSeed(seed=str(s), accepted=n) for s, n in per_seed.items()], ignore_conflicts=True
        )
    summary["accepted"] = len(stored)
    summary["duplicates"] = duplicates
    summary["by_kind"] = dict(Counter(p.kind for p in stored))
    summary["by_theme"] = dict(Counter(t for p in stored for t in p.themes))
    summary["puzzle_ids"] = [p.pk for p in stored]
    if stored and not Puzzle.objects.filter(daily_on=days.utc_today()).exists():
        daily_ensure()
    return summary


def generate_puzzles(
    count: int,
    *,
    seeds_per_task: int = 8,
    workers: bool = True,
    progress: Callable[[dict], None] | None = None,
    timeout: float = 3600,
) -> dict:
    """Mine fresh deals until ``count`` new puzzles are stored.  With
    ``workers`` the deals are mined by Celery tasks, fanned out as groups
    (``tasks.mine_seeds_task``) and this waits for them; else here.
    ``progress(summary_so_far)`` is called after each finished batch.
    Returns the merged summary with ``seconds`` and ``per_minute``."""
    from celery import group
    from celery.result import GroupResult

    started = time.monotonic()
    summaries: list[dict] = []
    accepted = 0
    # About 1.7 puzzles per deal: ask for a little more than needed per round.
    while accepted < count:
        if time.monotonic() - started > timeout:
            break
        missing = count - accepted
        deals = max(1, int(missing / 1.5) + 1)
        batches = [fresh_seeds(min(seeds_per_task, deals - i)) for i in range(0, deals, seeds_per_task)]
        if workers:
            result = cast(GroupResult, group(mine_seeds_task.s(b) for b in batches).apply_async())
            pending = list(result.results or [])
            while pending:
                still = []
                for r in pending:
                    if r.ready():
                        s = r.get(propagate=True, disable_sync_subtasks=False)
                        summaries.append(s)
                        accepted += s["accepted"]
                        if progress:
                            progress(s)
                    else:
                        still.append(r)
                pending = still
                if pending:
                    if time.monotonic() - started > timeout:
                        raise TimeoutError("the workers did not finish in time (are they running?)")
                    time.sleep(0.05)
            result.forget()
        else:
            for b in batches:
                s = mine_seeds(b)
                summaries.append(s)
                accepted += s["accepted"]
                if progress:
                    progress(s)
    total = merge_summaries(summaries)
    total["seconds"] = time.monotonic() - started
    total["per_minute"] = total["accepted"] / total["seconds"] * 60 if total["seconds"] else 0.0
    total["acceptance"] = total["accepted"] / total["examined"] if total["examined"] else 0.0
    return total


def pool_fill_async(minimum: int, *, seeds_per_task: int = 8) -> int:
    """Queue enough mining (a chord over the workers, ending in
    ``pool_filled_task``) to bring the pool to ``minimum`` puzzles not used as
    dailies.  Returns the number of deals queued (0 when the pool is full)."""
    from celery import chord

    have = Puzzle.objects.filter(daily_on__isnull=True).count()
    missing = minimum - have
    if missing <= 0:
        return 0
    # About 1.7 puzzles a deal on average, far fewer in some: ask for a good margin.
    deals = missing + 4
    seeds = fresh_seeds(deals)
    batches = [seeds[i : i + seeds_per_task] for i in range(0, len(seeds), seeds_per_task)]
    chord(mine_seeds_task.s(b) for b in batches)(pool_filled_task.s())
    return deals


def puzzles_quality_backfill(limit: int = 50) -> list[int]:
    """Give a quality score to puzzles stored without one (mined before the
    score existed): their solver facts from the start and the stored line,
    the score, and the players' votes on top.  Runs the solver: for tasks
    (the beat's upkeep does ``limit`` at a time).  Returns the puzzles scored."""
    done = []
    for puzzle in Puzzle.objects.filter(quality_facts={}).order_by("id")[:limit]:
        facts = mining.quality_facts(
            mining.stored_facts(puzzle.position, puzzle.kind, puzzle.line, puzzle.solver_moves)
        )
        quality = mining.quality_score(facts)
        Puzzle.objects.filter(pk=puzzle.pk, quality_facts={}).update(
            quality_facts=facts,
            quality=quality,
            score=mining.vote_score(quality, puzzle.votes_up, puzzle.votes_down),
        )
        done.append(puzzle.pk)
    return done


def quality_backfill_async() -> bool:
    """Queue the scoring of puzzles stored without a quality score, if any (the upkeep)."""
    if not Puzzle.objects.filter(quality_facts={}).exists():
        return False
    tasking.send(quality_backfill_task)
    return True


def daily_ensure(day: date | None = None) -> Puzzle | None:
    """The daily puzzle of ``day`` (today, UTC), chosen now if there is none:
    among the puzzles never used as a daily, never tried by anyone and never
    withheld from anyone (``withheld``: no player holds its key; else those
    never withheld, else never tried, else any), the
    ``DAILY_SHORTLIST`` whose ratings are nearest the weekday's target and
    within ``DAILY_BAND`` of it (else the nearest), the best (``score``: quality and votes; ties: nearest, then lowest id).
    Idempotent and safe against concurrent callers (``daily_on`` is unique).
    ``None`` when there is no puzzle to choose."""
    day = day or days.utc_today()
    current = Puzzle.objects.filter(daily_on=day).first()
    if current is not None:
        return current
    target = days.daily_target(day)
    for _ in range(5):
        base = Puzzle.objects.filter(daily_on__isnull=True)
        fresh = base.filter(attempts_count=0)
        unheld = withheld.exclude_any(base)
        candidates = next(
            (qs for qs in (unheld.filter(attempts_count=0), unheld, fresh) if qs.exists()),
            base,
        )
        nearest = list(
            candidates.annotate(distance=Abs(F("rating") - target))
            .order_by("distance", "id")
            .values_list("pk", "score", "distance")[:DAILY_SHORTLIST]
        )
        if not nearest:
            return None
        # Of the rating's band (else the nearest puzzle), the best.
        shortlist = [row for row in nearest if row[2] <= DAILY_BAND] or nearest[:1]
        choice = min(shortlist, key=lambda row: (-row[1], row[2], row[0]))[0]
        try:
            with transaction.atomic():
                updated = Puzzle.objects.filter(pk=choice, daily_on__isnull=True).update(daily_on=day)
        except IntegrityError:  # someone chose the day's puzzle first
            updated = 0
        current = Puzzle.objects.filter(daily_on=day).first()
        if current is not None:
            return current
        if not updated:
            continue
    return Puzzle.objects.filter(daily_on=day).first()
