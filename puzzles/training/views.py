"""The puzzle pages (issue 4): daily puzzle, training, archive, history, one
puzzle and one attempt.  Each page embeds the JSON state and the API URLs in
``#puzzle-root`` for ``frontend/src/pages/puzzle.ts``; without the script the
page still works with plain forms (start, play a move, give up)."""
from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from . import training_selectors as selectors
from . import training_services as services
from .models_training import PuzzleAttempt


def puzzle_widget_context(request, puzzle, attempt=None, *, mode: str = "puzzle", next_url: str = "") -> dict:
    """What ``training/_puzzle.html`` needs (also used by the home page's daily card)."""
    if attempt is None and puzzle is not None:
        mine = selectors.attempts_for_player(request).filter(puzzle=puzzle)
        attempt = mine.exclude(status__in=[PuzzleAttempt.Status.SOLVED, PuzzleAttempt.Status.FAILED]).first()
        if attempt is None and mode == "daily":
            attempt = mine.first()  # today's puzzle done: show how it went (and "Try again")
    return {
        "puzzle": puzzle,
        "puzzle_state": selectors.puzzle_public(puzzle) if puzzle is not None else None,
        "attempt": attempt,
        "attempt_state": selectors.attempt_state(attempt) if attempt is not None else None,
        "mode": mode,
        "board_sides": ["B" if puzzle.side == "A" else "A", puzzle.side] if puzzle is not None else [],
        "next_url": next_url,
        "player": selectors.player_state(request),
        "jsi18n": reverse("javascript-catalog"),
    }


def daily(request):
    puzzle = selectors.daily_puzzle() or services.daily_ensure()
    context = puzzle_widget_context(request, puzzle, mode="daily", next_url=reverse("training-train"))
    return render(request, "puzzles/training/daily.html", context)


def train(request):
    theme = request.GET.get("theme") or None
    themes = selectors.themes()
    if theme not in {t["name"] for t in themes}:
        theme = None
    puzzle = selectors.puzzle_next(request, theme)
    next_url = reverse("training-train") + (f"?theme={theme}" if theme else "")
    context = puzzle_widget_context(request, puzzle, mode="train", next_url=next_url)
    context.update({"themes": themes, "theme": theme})
    return render(request, "puzzles/training/train.html", context)


def archive(request):
    puzzles = list(selectors.daily_archive())
    mine = {}
    for a in selectors.attempts_for_player(request).filter(puzzle__in=puzzles).order_by("created_at"):
        if a.puzzle_id not in mine or a.status == PuzzleAttempt.Status.SOLVED:
            mine[a.puzzle_id] = a.status
    rows = [{"puzzle": p, "status": mine.get(p.pk)} for p in puzzles]
    return render(request, "puzzles/training/archive.html", {"rows": rows, "today": services.utc_today()})


def history(request):
    rows = selectors.history(request)
    chart = selectors.rating_chart(rows)
    return render(
        request, "puzzles/training/history.html",
        {"rows": list(reversed(rows)), "chart": chart, "player": selectors.player_state(request)},
    )


def puzzle_page(request, puzzle_id: int):
    puzzle = selectors.puzzle_get(puzzle_id)
    if request.method == "POST":  # the form of the page without its script: start an attempt
        user, token = selectors.player_of(request, create=True)
        attempt = services.attempt_start(puzzle=puzzle, user=user, session_key=token)
        return redirect("training-attempt", attempt_id=attempt.pk)
    context = puzzle_widget_context(request, puzzle, next_url=reverse("training-train"))
    return render(request, "puzzles/training/puzzle.html", context)


def attempt_page(request, attempt_id: int):
    attempt = selectors.attempt_get_for_player(request, attempt_id)
    context = puzzle_widget_context(request, attempt.puzzle, attempt, next_url=reverse("training-train"))
    return render(request, "puzzles/training/puzzle.html", context)


@require_POST
def attempt_move(request, attempt_id: int):
    attempt = selectors.attempt_get_for_player(request, attempt_id)
    try:
        services.attempt_play_move(attempt=attempt, move=request.POST.get("move", ""))
    except services.GameError as exc:  # PuzzleError included
        messages.error(request, str(exc))
    return redirect("training-attempt", attempt_id=attempt.pk)


@require_POST
def attempt_give_up(request, attempt_id: int):
    attempt = selectors.attempt_get_for_player(request, attempt_id)
    try:
        services.attempt_give_up(attempt=attempt)
    except services.GameError as exc:
        messages.error(request, str(exc))
    return redirect("training-attempt", attempt_id=attempt.pk)
