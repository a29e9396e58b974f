"""Writes for study: position checks, game analyses (a task grades every
move, with progress on the row), the endgame library (built from seeded
imperfect games) and the players' progress on it.

Game analyses are crash safe like the rest of the site: the row is stored
first and the task queued after the commit; the task is idempotent (a done
analysis is never redone) and a pending or running analysis left behind for
longer than three times ``OD_STALE_AFTER_SECONDS`` is queued again by
the beat task (``game_analyses_requeue_stale``).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from puzzles.accounts.players import Player
from puzzles.analyses.selectors import analysis_cached
from puzzles.analyses.services import analysis_request, analysis_shown, analysis_solve
from puzzles.core import fairness, tasking
from puzzles.core.errors import ApplicationError
from puzzles.games.models import Game
from puzzles.games.selectors import game_record
from puzzles.training.mining import play_imperfect_game
from solver import GameRecord, Position, RecordError
from solver.review import grade_record

from . import facts as study_facts
from .ideas import IDEA_KEYS
from .models import Chapter, Endgame, EndgameProgress, GameAnalysis
from .records import DealEntry, deal_record, moves_checked, parse_record, record_starts
from .tasks import grade_game_record_task

log = logging.getLogger(__name__)


# The chapters in library order.
CHAPTER_ORDER = IDEA_KEYS
DEFAULT_PER_CHAPTER = 12
DEFAULT_MAX_SEEDS = 3000


# ---------------------------------------------------------------- positions


def position_normalise(text: str) -> Position:
    """The position of ``text`` (any spelling); ``DominoError`` says why not."""
    return Position.parse(text)


# ----------------------------------------------------------- game analyses


def game_analysis_create(
    *,
    player: Player,
    record: str | None = None,
    game: Game | None = None,
    entry: DealEntry | None = None,
    source: str = GameAnalysis.Source.PASTE,
) -> GameAnalysis:
    """Store a game record for analysis and queue its grading.  ``record`` is
    the text of a game record (pasted or uploaded, any variant), ``entry`` a
    deal typed in with its moves, or ``game`` a practice game of the player.
    Raises ``ApplicationError`` (400) for a bad record, and then stores
    nothing."""
    if sum(x is not None for x in (record, game, entry)) != 1:
        raise ApplicationError("give exactly one of a game record, a deal or a game id")
    if game is not None:
        parsed = game_record(game)
        source = GameAnalysis.Source.GAME
    elif entry is not None:
        parsed = deal_record(entry)
    else:
        try:
            parsed = parse_record(record or "")
        except ApplicationError:
            # A record of a game between people in progress is refused as such
            # even when the rest of it does not read: its start says enough.
            fairness.refuse(*record_starts(record or ""), player=player)
            raise
    # 403: a position of a game between people in progress (a record from
    # another start may still come to one once a stone foreign to it is played)
    fairness.refuse(*(str(p) for p in parsed.positions()), player=player)
    with transaction.atomic():
        analysis = GameAnalysis.objects.create(
            record=str(parsed),
            source=source,
            game=game,
            **player.owner_fields(),
            total=len(parsed.moves),
        )
        tasking.enqueue(grade_game_record_task, analysis.pk)
    # every position of the record is graded and shown with its best moves
    analysis_shown(player=player, positions=[str(p) for p in parsed.positions()])
    return analysis


def game_analysis_run(*, analysis: GameAnalysis) -> GameAnalysis:
    """Grade every move of the record, storing the progress as it goes.
    A no-op once done."""
    if analysis.status == GameAnalysis.Status.DONE:
        return analysis
    try:
        record = GameRecord.parse(analysis.record)
    except RecordError as exc:  # cannot happen for rows written by game_analysis_create
        game_analysis_fail(analysis_id=analysis.pk, error=str(exc))
        analysis.refresh_from_db()
        return analysis
    GameAnalysis.objects.filter(pk=analysis.pk).exclude(status=GameAnalysis.Status.DONE).update(
        status=GameAnalysis.Status.RUNNING, progress=0, total=len(record.moves), updated_at=timezone.now()
    )

    def progress(done: int, total: int) -> None:
        GameAnalysis.objects.filter(pk=analysis.pk, status=GameAnalysis.Status.RUNNING).update(
            progress=done, updated_at=timezone.now()
        )

    result = grade_record(record, progress=progress)
    GameAnalysis.objects.filter(pk=analysis.pk).exclude(status=GameAnalysis.Status.DONE).update(
        status=GameAnalysis.Status.DONE,
        result=result,
        progress=len(record.moves),
        error="",
        updated_at=timezone.now(),
    )
    analysis.refresh_from_db()
    return analysis


def game_analysis_fail(*, analysis_id: int, error: str) -> None:
    GameAnalysis.objects.filter(pk=analysis_id).exclude(status=GameAnalysis.Status.DONE).update(
        status=GameAnalysis.Status.FAILED, error=error[:2000], updated_at=timezone.now()
    )


def game_analysis_requeue_if_stale(*, analysis: GameAnalysis) -> bool:
    """Queue a pending or running analysis again if nothing moved for a while
    (its worker died, or the broker was down when it was created)."""
    if analysis.status not in (GameAnalysis.Status.PENDING, GameAnalysis.Status.RUNNING):
        return False
    touched = GameAnalysis.objects.filter(
        pk=analysis.pk,
        status__in=(GameAnalysis.Status.PENDING, GameAnalysis.Status.RUNNING),
        updated_at__lt=_stale_cutoff(),
    ).update(updated_at=timezone.now())
    if touched:
        tasking.send(grade_game_record_task, analysis.pk)
    return bool(touched)


def _stale_cutoff() -> Any:
    # a long record's plies each take a search: wait three times the usual grace
    return timezone.now() - timedelta(seconds=max(settings.OD_STALE_AFTER_SECONDS, 5) * 3)


def game_analyses_requeue_stale(*, limit: int = 200) -> list[int]:
    """Queue again every pending or running analysis that has not moved for a
    while (beat runs this; a page or API read never writes)."""
    ids = list(
        GameAnalysis.objects.filter(
            status__in=(GameAnalysis.Status.PENDING, GameAnalysis.Status.RUNNING), updated_at__lt=_stale_cutoff()
        ).values_list("pk", flat=True)[:limit]
    )
    requeued = []
    for pk in ids:
        analysis = GameAnalysis(pk=pk, status=GameAnalysis.Status.PENDING)
        if game_analysis_requeue_if_stale(analysis=analysis):
            requeued.append(pk)
    return requeued


# ---------------------------------------------------------- endgame library


def chapters_ensure() -> list[Chapter]:
    out = []
    for order, idea in enumerate(CHAPTER_ORDER):
        chapter, _ = Chapter.objects.get_or_create(idea=idea, defaults={"order": order})
        out.append(chapter)
    return out


def _teaches(facts: dict) -> bool:
    """Keep endgames whose key move is the one move to find (a unique best)."""
    kinds = {t["kind"] for t in facts["line"][0]["tags"]}
    return bool(kinds & {"only_win", "only_draw", "only_best"})


def library_build(
    *,
    per_chapter: int = DEFAULT_PER_CHAPTER,
    max_seeds: int = DEFAULT_MAX_SEEDS,
    first_seed: int = 0,
    warm_analyses: bool = True,
    log_to=None,
) -> dict:
    """Find endgames by the solver in seeded imperfect games until every
    chapter holds ``per_chapter`` (or ``max_seeds`` games were played), and
    store them.  Endgames already stored are kept (curators' edits too); the
    build adds to chapters that are short.  Returns counts per chapter."""
    chapters = {c.idea: c for c in chapters_ensure()}
    counts = {idea: chapters[idea].endgames.count() for idea in CHAPTER_ORDER}
    known = set(Endgame.objects.values_list("position", flat=True))
    per_difficulty: dict[str, dict[int, int]] = {idea: {} for idea in CHAPTER_ORDER}
    for idea, difficulty in Endgame.objects.values_list("chapter__idea", "difficulty"):
        per_difficulty[idea][difficulty] = per_difficulty[idea].get(difficulty, 0) + 1
    added = 0
    seed = first_seed
    while seed < first_seed + max_seeds and any(counts[i] < per_chapter for i in CHAPTER_ORDER):
        taken_from_game = 0
        for position in study_facts.candidate_positions(seed):
            key = str(position)
            if key in known or taken_from_game >= 2:
                continue
            facts = study_facts.endgame_facts(position)
            if facts is None or not facts["ideas"] or not _teaches(facts):
                continue
            open_ideas = [i for i in facts["ideas"] if counts[i] < per_chapter]
            if not open_ideas:
                continue
            # the chapter that needs it most; a difficulty it lacks weighs in
            idea = min(
                open_ideas,
                key=lambda i: (counts[i] + per_difficulty[i].get(facts["difficulty"], 0), CHAPTER_ORDER.index(i)),
            )
            facts["idea"] = idea
            chapter = chapters[idea]
            order = (chapter.endgames.aggregate(m=Max("order"))["m"] or 0) + 1
            Endgame.objects.create(
                position=key,
                chapter=chapter,
                order=order,
                difficulty=facts["difficulty"],
                facts=facts,
                seed=str(seed),
                ply=_ply_in_game(seed, key),
            )
            if warm_analyses:
                _warm(facts)
            known.add(key)
            counts[idea] += 1
            per_difficulty[idea][facts["difficulty"]] = per_difficulty[idea].get(facts["difficulty"], 0) + 1
            added += 1
            taken_from_game += 1
            if log_to is not None:
                log_to(f"seed {seed}: {idea} (difficulty {facts['difficulty']}) {key}")
        seed += 1
    _renumber()
    return {"added": added, "seeds": seed - first_seed, "chapters": counts, "total": sum(counts.values())}


def _ply_in_game(seed: int, position: str) -> int:
    for ply, p in enumerate(play_imperfect_game(seed)):
        if str(p) == position:
            return ply
    return 0


def _warm(facts: dict) -> None:
    """Store the analyses of the main line so that the endgame page answers at once."""
    for step in facts["line"]:
        try:
            analysis_solve(step["position"])
        except Exception:  # noqa: BLE001 - a warm-up only
            log.exception("could not store the analysis of %s", step["position"])


def _renumber() -> None:
    """Order each chapter easiest first, after a build (curators reorder
    in the admin afterwards; a later build orders again)."""
    for chapter in Chapter.objects.all():
        endgames = list(chapter.endgames.order_by("difficulty", "order", "pk"))
        for i, endgame in enumerate(endgames, 1):
            if endgame.order != i:
                Endgame.objects.filter(pk=endgame.pk).update(order=i)


def library_ensure(**kwargs) -> dict | None:
    """Build the library if it is empty (``make run``); else do nothing."""
    if Endgame.objects.exists():
        return None
    return library_build(**kwargs)


# ----------------------------------------------------------------- progress


def _progress_row(endgame: Endgame, player: Player) -> EndgameProgress:
    if player.user is not None:
        row, _ = EndgameProgress.objects.get_or_create(endgame=endgame, owner=player.user)
    else:
        row, _ = EndgameProgress.objects.get_or_create(endgame=endgame, owner=None, session_key=player.token)
    return row


def endgame_mark_studied(*, endgame: Endgame, player: Player) -> EndgameProgress:
    """Mark the endgame studied by ``player`` (a guest needs a token)."""
    row = _progress_row(endgame, player)
    if row.studied_at is None:
        EndgameProgress.objects.filter(pk=row.pk, studied_at__isnull=True).update(studied_at=timezone.now())
        row.refresh_from_db()
    return row


def endgame_check_line(endgame: Endgame, moves: Iterable[str]) -> list[str]:
    """Check that ``moves``, played from the endgame's start, reach the end of
    the deal with every move keeping the best value (any best move counts, not
    only the stored one).  Raises ``ApplicationError`` for a move that does
    not.  It reads the stored analyses only (the solver never runs in a web
    request): the positions whose analysis is not there yet are queued on the
    workers and returned, and the line is to be checked again once they are
    done; ``[]`` when the whole line was checked."""
    start = Position.parse(endgame.position)
    position = start
    missing: list[str] = []
    for ply, before, move in moves_checked(start, moves):
        position = before.play(move)
        analysis = analysis_cached(str(before))
        if analysis is None:
            analysis_request(position=str(before))
            analysis = analysis_cached(str(before))  # there already when the task ran at once
        if analysis is None:
            missing.append(str(before))
            continue
        worth = analysis.move_value(move).value
        if worth != analysis.value:
            who = "your" if before.side == start.side else "the defender's"
            raise ApplicationError(
                f"move {ply} ({move}, {who} move) is worth {worth:+d}, not the best {analysis.value:+d}"
            )
    if not position.is_over():
        raise ApplicationError("the line does not reach the end of the deal yet")
    return missing


def endgame_mark_mastered(*, endgame: Endgame, player: Player, moves: list[str]) -> tuple[EndgameProgress, bool]:
    """Mark the endgame mastered if ``moves`` is a perfect line to the end
    (``endgame_check_line``).  Returns the progress and whether the check is
    still waiting for analyses (then nothing changed but "studied")."""
    pending = bool(endgame_check_line(endgame, moves))
    row = endgame_mark_studied(endgame=endgame, player=player)
    if not pending and row.mastered_at is None:
        EndgameProgress.objects.filter(pk=row.pk, mastered_at__isnull=True).update(mastered_at=timezone.now())
        row.refresh_from_db()
    return row, pending


# ------------------------------------------------------------------ log-in


def study_claim(*, user: Any, session_key: str, **kwargs: Any) -> None:
    """Hand a guest's game analyses and endgame progress to the account they
    just logged in to (a receiver of ``accounts.signals.guest_claimed``;
    progress is merged: the earliest studied and mastered times win)."""
    with transaction.atomic():
        GameAnalysis.objects.filter(owner__isnull=True, session_key=session_key).update(owner=user, session_key="")
        for row in EndgameProgress.objects.filter(owner__isnull=True, session_key=session_key):
            mine = EndgameProgress.objects.filter(endgame_id=row.endgame_id, owner=user).first()
            if mine is None:
                EndgameProgress.objects.filter(pk=row.pk).update(owner=user, session_key="")
                continue
            for name in ("studied_at", "mastered_at"):
                theirs = getattr(row, name)
                if theirs is not None and (getattr(mine, name) is None or theirs < getattr(mine, name)):
                    setattr(mine, name, theirs)
            mine.save(update_fields=["studied_at", "mastered_at"])
            row.delete()
