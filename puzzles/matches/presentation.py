"""The JSON of a match that the API returns and the pages embed (the score
sheet, its words and URLs), and the match review."""

from __future__ import annotations

from typing import Any

from django.urls import reverse

from puzzles.games.models import Game, GameMove
from puzzles.games.presentation import game_urls
from solver import Position

from . import texts
from .models import Match, MatchDeal

GRADE_ORDER = ("best", "inaccuracy", "mistake", "blunder")
MISTAKES_SHOWN = 5


def match_urls(match: Match) -> dict[str, str]:
    return {
        "self": reverse("matches:api-match-detail", args=[match.pk]),
        "page": reverse("matches:match", args=[match.pk]),
        "review": reverse("matches:review", args=[match.pk]),
    }


def _deals(match: Match) -> list[MatchDeal]:
    return list(match.deals.select_related("game").order_by("number"))


def deal_rows(match: Match, deals: list[MatchDeal] | None = None) -> list[dict[str, Any]]:
    """The score sheet: every deal with its result and the running totals
    after it (``totals``, ``wins``: null while the deal is played)."""
    if deals is None:
        deals = _deals(match)
    scores = dict.fromkeys(match.sides, 0)
    wins = dict.fromkeys(match.sides, 0)
    human_team = match.human_team
    rows = []
    for deal in deals:
        recorded = deal.recorded_at is not None
        if recorded and deal.winner in scores:
            scores[deal.winner] += deal.points or 0
            wins[deal.winner] += 1
        human_points = None
        if recorded:
            human_points = 0 if not deal.winner else (deal.points or 0) * (1 if deal.winner == human_team else -1)
        urls = game_urls(deal.game)
        rows.append(
            {
                "number": deal.number,
                "game": deal.game_id,
                "seed": int(deal.seed),
                "status": deal.game.status,
                "recorded": recorded,
                "winner": (deal.winner or None) if recorded else None,
                "points": deal.points if recorded else None,
                "reason": (deal.reason or None) if recorded else None,
                "human_points": human_points,
                "totals": dict(scores) if recorded else None,
                "wins": dict(wins) if recorded else None,
                "text": texts.deal_result_text(deal.winner, deal.points or 0, deal.reason, human_team)
                if recorded
                else "",
                "urls": {"game": urls["self"], "review": urls["review"]},
            }
        )
    return rows


def match_state(match: Match, deals: list[MatchDeal] | None = None) -> dict[str, Any]:
    """The match as the API returns it (see ``serializers.MatchOutputSerializer``)."""
    if deals is None:
        deals = _deals(match)
    # A deal is recorded in the same commit as the match's totals: read the
    # match after its deals, so that the totals count every deal shown as
    # recorded (a worker may record one while this request runs).
    match.refresh_from_db()
    rows = deal_rows(match, deals)
    over = match.status == Match.Status.OVER
    human, solver = match.human_team, match.solver_side
    side_a, side_b = match.sides
    return {
        "id": match.pk,
        "variant": match.variant,
        "status": match.status,
        "target_points": match.target_points,
        "target_wins": match.target_wins,
        "target_text": texts.target_text(match.target_points, match.target_wins),
        "level": match.level,
        "human": match.human_side,
        "human_team": human,
        "solver": solver,
        "sides": [side_a, side_b],
        "seed": int(match.seed),
        "scores": {side_a: match.score_a, side_b: match.score_b},
        "wins": {side_a: match.wins_a, side_b: match.wins_b},
        "deals": rows,
        "current_game": rows[-1]["game"] if rows and not over else None,
        "winner": match.winner or None,
        "text": texts.match_status_text(
            over=over,
            winner=match.winner,
            human=human,
            deal_number=len(rows),
            score_human=match.score(human),
            score_solver=match.score(solver),
        ),
        "version": match.version,
        "created_at": match.created_at,
        "updated_at": match.updated_at,
        "urls": match_urls(match),
    }


def shown_game(match: Match) -> Game | None:
    """The game the match page shows: the current deal's (the last deal's once the match is over)."""
    deal = match.deals.select_related("game").order_by("-number").first()
    return deal.game if deal is not None else None


# ------------------------------------------------------------------ review


def _has_choice(move: GameMove) -> bool:
    return len(Position.parse(move.position_before).legal_moves()) > 1


def _summary(moves: list[GameMove]) -> dict[str, Any]:
    """Accuracy of the human's graded moves: the share of best moves among
    those with a choice (forced moves and forced passes left out), the points
    lost, the number of each grade."""
    graded = [m for m in moves if m.grade is not None]
    chosen = [m for m in graded if _has_choice(m)]
    best = sum(1 for m in chosen if m.grade == "best")
    return {
        "moves": len(moves),
        "graded": len(graded),
        "ungraded": len(moves) - len(graded),
        "choices": len(chosen),
        "accuracy": round(100 * best / len(chosen), 1) if chosen else None,
        "points_lost": sum(m.points_lost or 0 for m in graded),
        "grades": {grade: sum(1 for m in graded if m.grade == grade) for grade in GRADE_ORDER},
    }


def match_review(match: Match) -> dict[str, Any]:
    """Per deal and over the whole match: the human's accuracy and points
    lost; the biggest mistakes (most points lost, then the worst grade), each
    with a link to its place in the deal's review."""
    deals = _deals(match)
    rows = deal_rows(match, deals)
    every: list[GameMove] = []
    mistakes: list[dict[str, Any]] = []
    for row, deal in zip(rows, deals, strict=True):
        moves = list(deal.game.moves.filter(by=GameMove.By.HUMAN).order_by("ply"))
        every += moves
        row["summary"] = _summary(moves)
        for m in moves:
            if m.grade is None or m.grade == "best":
                continue
            mistakes.append(
                {
                    "deal": deal.number,
                    "game": deal.game_id,
                    "ply": m.ply,
                    "move": m.move,
                    "grade": m.grade,
                    "value": m.value,
                    "best_value": m.best_value,
                    "best_moves": m.best_moves or [],
                    "points_lost": m.points_lost or 0,
                    "url": f"{row['urls']['review']}?ply={m.ply + 1}",
                }
            )
    mistakes.sort(key=lambda m: (-m["points_lost"], -GRADE_ORDER.index(m["grade"]), m["deal"], m["ply"]))
    return {"deals": rows, "summary": _summary(every), "mistakes": mistakes[:MISTAKES_SHOWN]}
