"""Reads for study: the analysis board's view of a position, game analyses,
the endgame library with the player's progress, and endgames with their
annotated main line worded in the reader's language (``study_texts``)."""
from __future__ import annotations

from typing import Optional

from django.http import Http404
from django.urls import reverse

from solver import Position
from solver.analysis import outcome
from solver.errors import DominoError

from . import selectors, study_texts
from .models import Chapter, Endgame, EndgameProgress, Game, GameAnalysis


# ---------------------------------------------------------------- positions

MAX_POSITION_CHARS = 200

def position_state(position: Position, moves: list[str] = ()) -> dict:
    """What the position endpoint returns: the normalised position, the moves
    played from it (each checked: ``StudyError`` names the bad one), the
    position after each, and the board at the end."""
    from .study_services import StudyError

    current = position
    played: list[str] = []
    positions: list[str] = []
    for ply, text in enumerate(moves, 1):
        try:
            move = current.normalise_move(text)
        except DominoError as exc:
            raise StudyError(f"move {ply}: {exc}") from None
        played.append(str(move))
        current = current.play(move)
        positions.append(str(current))
    return {
        "position": str(position),
        "moves": played,
        "positions": positions,
        "current": str(current),
        "board": current.to_json(line=_extend_line(position.table_line(), position, played)),
    }


def analysis_rows(result: dict) -> list[dict]:
    """The moves of an analysis, best first, with outcome and points lost."""
    best = result["value"] if not result["moves"] else max(m["value"] for m in result["moves"])
    return [
        {**m, "outcome": outcome(m["value"]), "points_lost": best - m["value"],
         "outcome_label": study_texts.outcome_label(m["value"])}
        for m in result["moves"]
    ]


def analysis_page(text: Optional[str], line: Optional[str] = None) -> dict:
    """The analysis board's view of ``?position=...&line=...``: the
    normalised position (or the error), the board after the line, and the
    analysis when it is already known (else the page asks for it)."""
    if not text:
        return {"position": None, "error": None}
    if len(text) > MAX_POSITION_CHARS:
        return {"position": None, "error": f"a position string is at most {MAX_POSITION_CHARS} characters", "text": ""}
    try:
        start = Position.parse(text)
    except DominoError as exc:
        return {"position": None, "error": str(exc), "text": text}
    moves: list[str] = []
    current = start
    line_error = None
    for token in (line or "").replace(",", " ").split():
        try:
            move = current.normalise_move(token)
        except DominoError as exc:
            line_error = str(exc)
            break
        moves.append(str(move))
        current = current.play(move)
    board = current.to_json(line=_extend_line(start.table_line(), start, moves))
    result = selectors.analysis_result_cached(str(current))
    return {
        "position": str(start),
        "current": str(current),
        "moves": moves,
        "line_error": line_error,
        "error": None,
        "board": board,
        "result": result,
        "rows": analysis_rows(result) if result else None,
        "value_label": study_texts.outcome_label(result["value"]) if result else None,
    }


# ----------------------------------------------------------- game analyses

def game_analyses_for_player(request):
    if request.user.is_authenticated:
        return GameAnalysis.objects.filter(owner=request.user)
    token = selectors.player_token(request)
    if not token:
        return GameAnalysis.objects.none()
    return GameAnalysis.objects.filter(owner__isnull=True, session_key=token)


def game_analysis_get_for_player(request, analysis_id: int) -> GameAnalysis:
    analysis = game_analyses_for_player(request).filter(pk=analysis_id).first()
    if analysis is None:
        raise Http404("no such game analysis")
    return analysis


def practice_games(request) -> list[Game]:
    return list(selectors.games_for_player(request).filter(ply_count__gt=0)[:30])


def value_chart(values: list[int], width: int = 640, height: int = 200, pad: int = 24) -> dict:
    """An inline SVG chart of the value for A over the game: points of the
    polyline, the zero line and the scale."""
    if not values:
        return {"width": width, "height": height, "points": "", "zero": height / 2, "dots": [], "top": 0, "bottom": 0}
    top = max(max(values), 1)
    bottom = min(min(values), -1)
    bound = max(top, -bottom)
    n = max(len(values) - 1, 1)

    def x(i: int) -> float:
        return round(pad + (width - 2 * pad) * i / n, 1)

    def y(v: int) -> float:
        return round(pad + (height - 2 * pad) * (bound - v) / (2 * bound), 1)

    dots = [{"x": x(i), "y": y(v), "ply": i, "value": v} for i, v in enumerate(values)]
    return {
        "width": width, "height": height, "points": " ".join(f"{d['x']},{d['y']}" for d in dots),
        "zero": y(0), "dots": dots, "top": bound, "bottom": -bound, "y_top": y(bound), "y_bottom": y(-bound),
        "left": pad, "right": width - pad,
    }


def game_analysis_state(analysis: GameAnalysis) -> dict:
    result = analysis.result if analysis.status == GameAnalysis.Status.DONE else None
    return {
        "id": analysis.pk,
        "status": analysis.status,
        "progress": analysis.progress,
        "total": analysis.total,
        "source": analysis.source,
        "game_id": analysis.game_id,
        "record": analysis.record,
        "result": result,
        "error": analysis.error or None,
        "created_at": analysis.created_at,
        "updated_at": analysis.updated_at,
        "urls": {
            "self": reverse("api-game-analysis-detail", args=[analysis.pk]),
            "page": reverse("study-game-analysis", args=[analysis.pk]),
        },
    }


# ---------------------------------------------------------- endgame library

def _progress_map(request, endgame_ids=None) -> dict[int, EndgameProgress]:
    if request.user.is_authenticated:
        rows = EndgameProgress.objects.filter(owner=request.user)
    else:
        token = selectors.player_token(request)
        if not token:
            return {}
        rows = EndgameProgress.objects.filter(owner__isnull=True, session_key=token)
    if endgame_ids is not None:
        rows = rows.filter(endgame_id__in=endgame_ids)
    return {row.endgame_id: row for row in rows}


def _progress_state(row: Optional[EndgameProgress]) -> dict:
    return {
        "studied": bool(row and row.studied_at),
        "mastered": bool(row and row.mastered_at),
    }


def chapter_title(chapter: Chapter) -> str:
    return chapter.title or study_texts.idea_title(chapter.idea)


def chapter_intro(chapter: Chapter) -> str:
    return chapter.intro or study_texts.idea_intro(chapter.idea)


def endgame_title(endgame: Endgame) -> str:
    return endgame.title or study_texts.endgame_title(endgame.facts)


def endgame_summary(endgame: Endgame, progress: Optional[EndgameProgress] = None) -> dict:
    return {
        "id": endgame.pk,
        "title": endgame_title(endgame),
        "position": endgame.position,
        "side": endgame.facts["side"],
        "value": endgame.facts["value"],
        "difficulty": endgame.difficulty,
        "difficulty_label": study_texts.difficulty_label(endgame.difficulty),
        "order": endgame.order,
        "progress": _progress_state(progress),
        "url": reverse("study-endgame", args=[endgame.pk]),
        "api": reverse("api-endgame-detail", args=[endgame.pk]),
    }


def library_state(request) -> list[dict]:
    chapters = list(Chapter.objects.order_by("order", "pk"))
    endgames = list(Endgame.objects.filter(hidden=False).select_related("chapter").order_by("order", "pk"))
    progress = _progress_map(request)
    out = []
    for chapter in chapters:
        mine = [e for e in endgames if e.chapter_id == chapter.pk]
        items = [endgame_summary(e, progress.get(e.pk)) for e in mine]
        out.append({
            "id": chapter.pk,
            "idea": chapter.idea,
            "title": chapter_title(chapter),
            "intro": chapter_intro(chapter),
            "endgames": items,
            "studied": sum(i["progress"]["studied"] for i in items),
            "mastered": sum(i["progress"]["mastered"] for i in items),
        })
    return out


def endgame_get(endgame_id: int, include_hidden: bool = False) -> Endgame:
    qs = Endgame.objects.select_related("chapter")
    if not include_hidden:
        qs = qs.filter(hidden=False)
    endgame = qs.filter(pk=endgame_id).first()
    if endgame is None:
        raise Http404("no such endgame")
    return endgame


def _neighbours(endgame: Endgame) -> dict:
    siblings = list(
        Endgame.objects.filter(chapter=endgame.chapter, hidden=False).order_by("order", "pk").values_list("pk", flat=True)
    )
    i = siblings.index(endgame.pk) if endgame.pk in siblings else -1
    prev_id = siblings[i - 1] if i > 0 else None
    next_id = siblings[i + 1] if 0 <= i < len(siblings) - 1 else None
    return {
        "previous": reverse("study-endgame", args=[prev_id]) if prev_id else None,
        "next": reverse("study-endgame", args=[next_id]) if next_id else None,
    }


def endgame_state(endgame: Endgame, request=None) -> dict:
    """An endgame with its main line worded in the reader's language."""
    facts = endgame.facts
    start = Position.parse(endgame.position)
    steps = []
    position = start
    played: list[str] = []
    for step in facts["line"]:
        steps.append({
            "ply": step["ply"],
            "side": step["side"],
            "student": step["student"],
            "move": step["move"],
            "value": step["value"],
            "value_text": study_texts.signed(step["value"]),
            "outcome": outcome(step["value"]),
            "legal": step["legal"],
            "best_moves": step.get("best_moves", [step["move"]]),
            "position": step["position"],
            "text": study_texts.step_text(step),
            "alternatives": [
                {**alt, "text": study_texts.alternative_sentence(alt, step)} for alt in step["alternatives"]
            ],
        })
        played.append(step["move"])
    boards = [start.to_json(line=None)]
    line_start = start.table_line()
    for i in range(len(played)):
        position = position.push(played[i])
        board = position.to_json()
        # the table in played order: the start's line, then the moves
        board["line"] = [f"{a}{b}" for a, b in _extend_line(line_start, start, played[: i + 1])]
        boards.append(board)
    progress = None
    if request is not None:
        progress = _progress_map(request, [endgame.pk]).get(endgame.pk)
    return {
        **endgame_summary(endgame, progress),
        "chapter": {"id": endgame.chapter_id, "idea": endgame.chapter.idea, "title": chapter_title(endgame.chapter)},
        "intro": endgame.intro or study_texts.endgame_intro(facts),
        "key": facts["key"],
        "steps": steps,
        "boards": boards,
        "final": {**facts["final"], "text": study_texts.final_text(facts["final"])},
        "analysis_url": reverse("study-analysis") + "?position=" + endgame.position.replace(" ", "+"),
        **_neighbours(endgame),
    }


def _extend_line(base: list[tuple[int, int]], start: Position, moves: list[str]) -> list[tuple[int, int]]:
    line = list(base)
    position = start
    for text in moves:
        move = position.normalise_move(text)
        if move.stone is not None and position.ends is None:
            line = [(move.stone.low, move.stone.high)]
        elif move.stone is not None and position.ends is not None:
            if move.end == "L":
                line.insert(0, (move.stone.other(position.ends[0]), position.ends[0]))
            else:
                line.append((position.ends[1], move.stone.other(position.ends[1])))
        position = position.play(move)
    return line
