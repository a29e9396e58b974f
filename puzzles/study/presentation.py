"""The JSON and words of the study pages and API: the analysis board's view
of a position, game analyses with their value chart, the endgame library and
endgames with their annotated main line, worded in the reader's language
(``texts``)."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any
from urllib.parse import urlencode

from django.urls import reverse
from django.utils.translation import gettext as _

from puzzles.accounts.players import Player
from puzzles.analyses.selectors import analysis_by_position, analysis_cached
from puzzles.core import charts, fairness
from puzzles.core.errors import ApplicationError
from puzzles.core.texts import outcome_label, variant_name
from solver import LEWICKI, VARIANTS, Analysis, DominoError, GameRecord, Position, Variant, deal, outcome
from solver.position import line_from_moves
from solver.review import summarise

from . import selectors
from . import texts as study_texts
from .models import Chapter, Endgame, EndgameProgress, GameAnalysis
from .records import moves_checked

# ---------------------------------------------------------------- positions

MAX_POSITION_CHARS = 200

# The largest deal number a player is offered at random (any 0 <= n < 2**64 can be typed).
RANDOM_DEALS = 10**9


def variant_words(variant: Variant) -> str:
    """A variant in words, with its option: "Block game (...), doubles play again"."""
    return variant_name(str(variant))


def variant_choices() -> list[dict[str, str]]:
    """Every variant a study page offers, with and without the ``+doubles`` option, by name and in words."""
    return [{"name": str(v), "label": variant_words(v)} for v in VARIANTS]


def deal_position(number: str | int | None, variant: str | None) -> Position:
    """The seeded deal ``number`` of ``variant`` (docs/rules.md section 4.9: ``deal(seed, variant)``);
    ``"random"`` (or nothing) picks a number.  ``ApplicationError`` says what is wrong."""
    try:
        chosen = Variant.parse(variant or "lewicki")
    except DominoError as exc:
        raise ApplicationError(str(exc)) from None
    text = str(number if number is not None else "").strip().lower()
    if text in ("", "random"):
        seed = secrets.randbelow(RANDOM_DEALS)
    elif text.isascii() and text.isdigit() and int(text) < 2**64:
        seed = int(text)
    else:
        raise ApplicationError(
            _("A deal number is a whole number from 0 to %(max)s, not %(text)s.")
            % {"max": 2**64 - 1, "text": repr(str(number))[:40]}
        )
    return deal(seed, chosen)


def position_state(position: Position, moves: Sequence[str] = ()) -> dict[str, Any]:
    """What the position endpoint returns: the normalised position, the moves
    played from it (each checked: ``ApplicationError`` names the bad one), the
    position after each, and the board at the end."""
    current = position
    played: list[str] = []
    positions: list[str] = []
    for _ply, before, move in moves_checked(position, moves):
        played.append(str(move))
        current = before.play(move)
        positions.append(str(current))
    return {
        "position": str(position),
        "moves": played,
        "positions": positions,
        "current": str(current),
        "board": current.to_json(line=line_from_moves(position, played, position.table_line())),
    }


def analysis_rows(analysis: Analysis) -> list[dict[str, Any]]:
    """The moves of an analysis, best first, with outcome and points lost."""
    return [
        {
            "move": str(m.move),
            "value": m.value,
            "grade": m.grade,
            "outcome": m.outcome,
            "points_lost": m.points_lost,
            "outcome_label": outcome_label(m.value),
        }
        for m in analysis.moves
    ]


def analysis_page(text: str | None, line: str | None = None) -> dict[str, Any]:
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
    for number, token in enumerate((line or "").replace(",", " ").split(), start=1):
        try:
            move = current.normalise_move(token)
        except DominoError as exc:
            line_error = _(
                "Move %(number)s of the line, %(move)s, was not played (%(reason)s): the board shows the position before it."
            ) % {
                "number": number,
                "move": token,
                "reason": str(exc),
            }
            break
        moves.append(str(move))
        current = current.play(move)
    board = current.to_json(line=line_from_moves(start, moves, start.table_line()))
    analysis = analysis_cached(str(current))
    asked = analysis is None and analysis_by_position(str(current)) is not None
    return {
        "asked": asked,  # queued and not finished: the plain page reloads until it is
        # The variant in words (None for the standard game, whose string names none).
        "variant": None if start.variant.is_default else variant_words(start.variant),
        "position": str(start),
        "current": str(current),
        "moves": moves,
        "line_error": line_error,
        "error": None,
        "board": board,
        "result": analysis.to_json() if analysis else None,
        "rows": analysis_rows(analysis) if analysis else None,
        "value_label": outcome_label(analysis.value) if analysis else None,
    }


def value_chart(values: list[int | None], width: int = 640, height: int = 200, pad: int = 24) -> dict[str, Any]:
    """An inline SVG chart of the value for A over the game (``core.charts.value_chart``)."""
    return charts.value_chart(values, width, height, pad)


def record_variant(analysis: GameAnalysis) -> Variant:
    """The variant of an analysed record (its Variant tag, else its start)."""
    try:
        return GameRecord.parse(analysis.record).variant
    except DominoError:  # rows are written by game_analysis_create: cannot happen
        return LEWICKI


def team_summaries(plies: Sequence[dict[str, Any]], variant: Variant) -> dict[str, dict[str, Any]]:
    """The summary of each team (``A+C``, ``B+D``; with two seats a team is a
    seat) over graded plies, counted as ``solver.review`` counts a seat."""
    names = [variant.team_name(team) for team in (0, 1)]
    as_team = [{**p, "side": variant.team_name(variant.team_of(p["side"]))} for p in plies]
    return summarise(as_team, names)


def game_analysis_state(analysis: GameAnalysis) -> dict[str, Any]:
    """An analysis as the API gives it: the record, the progress, and once
    done the graded plies with a summary per seat and per team."""
    variant = record_variant(analysis)
    result = analysis.result if analysis.status == GameAnalysis.Status.DONE else None
    if result is not None:
        result = {**result, "teams": team_summaries(result["plies"], variant)}
    return {
        "id": analysis.pk,
        "status": analysis.status,
        "progress": analysis.progress,
        "total": analysis.total,
        "source": analysis.source,
        "game_id": analysis.game_id,
        "variant": str(variant),
        "seats": list(variant.seats),
        "teams": [variant.team_name(team) for team in (0, 1)],
        "record": analysis.record,
        "result": result,
        "error": analysis.error or None,
        "created_at": analysis.created_at,
        "updated_at": analysis.updated_at,
        "urls": {
            "self": reverse("study:api-game-analysis-detail", args=[analysis.pk]),
            "page": reverse("study:game-analysis", args=[analysis.pk]),
            "share": share_path(analysis),
        },
    }


def share_path(analysis: GameAnalysis) -> str:
    """The address anyone may open to see this analysis (read only)."""
    key = selectors.game_analysis_share_key(analysis.pk)
    return reverse("study:game-analysis", args=[analysis.pk]) + "?" + urlencode({"key": key})


def _analysis_link(start: str, played: Sequence[str]) -> str:
    query = {"position": start, "line": " ".join(played)} if played else {"position": start}
    return f"{reverse('study:analysis')}?{urlencode(query)}"


def review_page(analysis: GameAnalysis, ply: int | None = None) -> dict[str, Any]:
    """Everything the game-analysis page draws once the moves are graded:
    per ply the values from the first team's point of view (the page's one
    convention, written beside each value), the board before and after every
    ply, the summaries per seat and per team, the chart, the ply shown
    (``?ply=``, default the start)."""
    state = game_analysis_state(analysis)
    result = state["result"]
    variant = record_variant(analysis)
    first = variant.team_name(0)
    page: dict[str, Any] = {
        "state": state,
        "variant": str(variant),
        "first": first,
        "seats": list(variant.seats),
        "teams": state["teams"],
    }
    if result is None:
        return page
    start = Position.parse(result["start"])
    played = [p["move"] for p in result["plies"]]
    plies = []
    for i, p in enumerate(result["plies"]):
        sign = 1 if variant.same_team(p["side"], "A") else -1
        plies.append(
            {
                **p,
                "team": variant.team_name(variant.team_of(p["side"])),
                "value_for_first": sign * p["value"],
                "best_for_first": sign * p["best"],
                "analysis_url": _analysis_link(result["start"], played[:i]),
            }
        )
    boards = []
    position = start
    base = start.table_line()
    for i in range(len(played) + 1):
        boards.append(position.to_json(line=line_from_moves(start, played[:i], base)))
        if i < len(played):
            position = position.play(position.normalise_move(played[i]))
    shown = max(0, min(ply if ply is not None else 0, len(played)))
    page.update(
        {
            "plies": plies,
            "boards": boards,
            "ply": shown,
            "board": boards[shown],
            "next": plies[shown] if shown < len(plies) else None,
            "last": plies[shown - 1] if shown else None,
            "chart": value_chart(result["values"]),
            "seat_rows": [(seat, result["summary"][seat]) for seat in variant.seats],
            "team_rows": [(name, result["teams"][name]) for name in state["teams"]] if len(variant.seats) > 2 else [],
            "result_text": study_texts.record_result_text(result["result"]),
            "final_url": _analysis_link(result["start"], played),
        }
    )
    return page


def local_review_data(analysis: GameAnalysis) -> dict[str, Any] | None:
    """While the workers grade a record, what the page script needs to grade
    it in the player's browser meanwhile (``game-analysis-local.ts``): each
    position of the record with its mover, the mover's team and the sign that
    turns the mover's values into the first team's, the move played from it,
    its analysis board link, and the board before and after every ply.  None
    when the solver's view of a position of the record is withheld now (a
    game between people in progress), as the position endpoint refuses it."""
    record = GameRecord.parse(analysis.record)
    positions = record.positions()
    if fairness.refusal([str(p) for p in positions]):
        return None
    variant = record.variant
    start = record.start
    played = [str(m) for m in record.moves]
    base = start.table_line()
    steps = [
        {
            "position": str(position),
            "side": position.side,
            "team": variant.team_name(variant.team_of(position.side)),
            "sign": 1 if variant.same_team(position.side, "A") else -1,
            "move": played[i] if i < len(played) else None,
            "analysis_url": _analysis_link(str(start), played[:i]),
        }
        for i, position in enumerate(positions)
    ]
    return {
        "steps": steps,
        "boards": [p.to_json(line=line_from_moves(start, played[:i], base)) for i, p in enumerate(positions)],
        "first": variant.team_name(0),
        "seats": list(variant.seats),
        "teams": [variant.team_name(team) for team in (0, 1)],
        "variant": str(variant),
    }


def review_data(page: dict[str, Any]) -> dict[str, Any]:
    """The page script's JSON (``json_script``): what it needs to step through
    the game without asking the server."""
    keys = ("plies", "boards", "ply", "first", "seats", "teams", "variant")
    data = {k: page[k] for k in keys if k in page}
    result = page["state"]["result"]
    data["values"] = result["values"] if result else []
    data["share"] = page["state"]["urls"]["share"]
    # The position at each ply and the final one, for the browser's solver to show every move of
    # (withheld, like the position endpoint's answer, while a game between people holds them).
    positions = [p["position"] for p in page.get("plies", [])] + ([result["final"]] if result else [])
    data["positions"] = [] if fairness.refusal(positions) else positions
    return data


def _progress_state(row: EndgameProgress | None) -> dict[str, Any]:
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


def endgame_summary(endgame: Endgame, progress: EndgameProgress | None = None) -> dict[str, Any]:
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
        "url": reverse("study:endgame", args=[endgame.pk]),
        "api": reverse("study:api-endgame-detail", args=[endgame.pk]),
    }


def library_state(player: Player) -> list[dict[str, Any]]:
    chapters = list(Chapter.objects.order_by("order", "pk"))
    endgames = list(Endgame.objects.filter(hidden=False).select_related("chapter").order_by("order", "pk"))
    progress = selectors.progress_map(player)
    out = []
    for chapter in chapters:
        mine = [e for e in endgames if e.chapter_id == chapter.pk]
        items = [endgame_summary(e, progress.get(e.pk)) for e in mine]
        out.append(
            {
                "id": chapter.pk,
                "idea": chapter.idea,
                "title": chapter_title(chapter),
                "intro": chapter_intro(chapter),
                "endgames": items,
                "studied": sum(i["progress"]["studied"] for i in items),
                "mastered": sum(i["progress"]["mastered"] for i in items),
            }
        )
    return out


def endgame_state(endgame: Endgame, player: Player | None = None) -> dict[str, Any]:
    """An endgame with its main line worded in the reader's language."""
    facts = endgame.facts
    start = Position.parse(endgame.position)
    steps = []
    position = start
    played: list[str] = []
    for step in facts["line"]:
        steps.append(
            {
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
            }
        )
        played.append(step["move"])
    boards = [start.to_json(line=None)]
    line_start = start.table_line()
    for i in range(len(played)):
        position = position.push(played[i])
        board = position.to_json()
        # the table in played order: the start's line, then the moves
        board["line"] = [f"{a}{b}" for a, b in line_from_moves(start, played[: i + 1], line_start)]
        boards.append(board)
    progress = None
    if player is not None:
        progress = selectors.progress_map(player, [endgame.pk]).get(endgame.pk)
    return {
        **endgame_summary(endgame, progress),
        "chapter": {"id": endgame.chapter_id, "idea": endgame.chapter.idea, "title": chapter_title(endgame.chapter)},
        "intro": endgame.intro or study_texts.endgame_intro(facts),
        "key": facts["key"],
        "steps": steps,
        "boards": boards,
        "final": {**facts["final"], "text": study_texts.final_text(facts["final"])},
        "analysis_url": reverse("study:analysis") + "?position=" + endgame.position.replace(" ", "+"),
        **selectors.neighbours(endgame),
    }
