"""The puzzle pages: daily puzzle, training, archive, history, one
puzzle and one attempt.  Each page embeds the JSON state and the API URLs in
``#puzzle-root`` for the front end's puzzle page (``frontend/src/training/``); without the script the
page still works with plain forms (start, play a move, give up)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from puzzles.accounts.players import Player
from puzzles.core.errors import ApplicationError
from puzzles.core.forms import form_action, posted_ply
from puzzles.core.ids import parse_id

from . import days, pool, presentation, run_services, runs, selectors, services
from .models import Puzzle, PuzzleAttempt


def puzzle_widget_context(
    request: HttpRequest,
    puzzle: Puzzle | None,
    attempt: PuzzleAttempt | None = None,
    *,
    mode: str = "puzzle",
    next_url: str = "",
) -> dict[str, Any]:
    """What ``training/_puzzle.html`` needs (also used by the home page's daily card)."""
    player = Player.of(request)
    if attempt is None and puzzle is not None:
        # A streak's or timed run's attempt stays on the run's pages.
        mine = selectors.attempts_for_player(player).filter(puzzle=puzzle, run__isnull=True)
        attempt = mine.exclude(status__in=[PuzzleAttempt.Status.SOLVED, PuzzleAttempt.Status.FAILED]).first()
        if attempt is None and mode == "daily":
            attempt = mine.first()  # today's puzzle done: show how it went (and "Try again")
    return {
        "puzzle": puzzle,
        "puzzle_state": presentation.puzzle_public(puzzle) if puzzle is not None else None,
        "attempt": attempt,
        "attempt_state": presentation.attempt_state(attempt) if attempt is not None else None,
        "mode": mode,
        "board_sides": ["B" if puzzle.side == "A" else "A", puzzle.side] if puzzle is not None else [],
        "next_url": next_url,
        "player": presentation.player_state(selectors.player_rating(player)),
        "jsi18n": reverse("javascript-catalog"),
    }


def daily(request: HttpRequest) -> HttpResponse:
    puzzle = selectors.daily_puzzle() or pool.daily_ensure()
    context = puzzle_widget_context(request, puzzle, mode="daily", next_url=reverse("training:train"))
    return render(request, "training/daily.html", context)


def train(request: HttpRequest) -> HttpResponse:
    theme = request.GET.get("theme") or None
    themes = presentation.themes()
    unknown_theme = theme if theme is not None and theme not in {t["name"] for t in themes} else None
    if unknown_theme is not None:
        theme = None
    # An unfinished rated attempt comes back first: leaving the page skips nothing.
    player = Player.of(request)
    puzzle = selectors.puzzle_unfinished(player, theme) or selectors.puzzle_next(player, theme)
    next_url = reverse("training:train") + (f"?theme={theme}" if theme else "")
    context = puzzle_widget_context(request, puzzle, mode="train", next_url=next_url)
    rating = selectors.player_rating(player)
    context.update(
        {
            "themes": themes,
            "theme": theme,
            "unknown_theme": unknown_theme,
            "difficulties": presentation.difficulties(),
            "replay_failed": bool(rating is not None and rating.replay_failed),
        }
    )
    return render(request, "training/train.html", context)


def dashboard(request: HttpRequest) -> HttpResponse:
    raw = request.GET.get("days", "30")
    period = int(raw) if raw in {str(d) for d in selectors.DASHBOARD_PERIODS} else 30
    player = Player.of(request)
    figures = presentation.dashboard_state(selectors.dashboard(player, period))
    failed = list(selectors.failed_puzzles(player)[:50])
    return render(
        request,
        "training/dashboard.html",
        {
            "dashboard": figures,
            "periods": selectors.DASHBOARD_PERIODS,
            "failed": failed,
            "player": presentation.player_state(selectors.player_rating(player)),
        },
    )


def replay(request: HttpRequest) -> HttpResponse:
    """A failed puzzle again (unrated: never the first attempt), ``?theme=`` to keep to one."""
    theme = request.GET.get("theme") or None
    if theme not in {t["name"] for t in presentation.themes()}:
        theme = None
    puzzle = selectors.failed_puzzles(Player.of(request), theme).first()
    next_url = reverse("training:replay") + (f"?theme={theme}" if theme else "")
    context = puzzle_widget_context(request, puzzle, mode="replay", next_url=next_url)
    context.update({"theme": theme})
    return render(request, "training/replay.html", context)


@require_POST
def difficulty(request: HttpRequest) -> HttpResponse:
    try:
        services.difficulty_set(player=Player.of(request, create=True), difficulty=request.POST.get("difficulty", ""))
    except ApplicationError as exc:
        messages.error(request, str(exc))
    theme = request.POST.get("theme", "")
    return redirect(reverse("training:train") + (f"?theme={theme}" if theme.replace("-", "").isalnum() else ""))


@require_POST
def vote(request: HttpRequest, puzzle_id: int) -> HttpResponse:
    puzzle = selectors.puzzle_get(puzzle_id)
    try:
        services.puzzle_vote(puzzle=puzzle, player=Player.of(request), up=request.POST.get("up") == "1")
        messages.success(request, _("Thank you for your vote."))
    except ApplicationError as exc:
        messages.error(request, str(exc))
    back = request.POST.get("back", "")
    safe = back.startswith("/") and not back.startswith("//")
    return redirect(back if safe else reverse("training:puzzle", args=[puzzle.pk]))


def archive(request: HttpRequest) -> HttpResponse:
    puzzles = list(selectors.daily_archive())
    mine = {}
    for a in selectors.attempts_for_player(Player.of(request)).filter(puzzle__in=puzzles).order_by("created_at"):
        if a.puzzle_id not in mine or a.status == PuzzleAttempt.Status.SOLVED:
            mine[a.puzzle_id] = a.status
    rows = [{"puzzle": p, "status": mine.get(p.pk)} for p in puzzles]
    return render(request, "training/archive.html", {"rows": rows, "today": days.utc_today()})


def history(request: HttpRequest) -> HttpResponse:
    player = Player.of(request)
    rows = selectors.history(player)
    chart = presentation.rating_chart(rows)
    return render(
        request,
        "training/history.html",
        {
            "rows": list(reversed(rows)),
            "chart": chart,
            "player": presentation.player_state(selectors.player_rating(player)),
        },
    )


def puzzle_page(request: HttpRequest, puzzle_id: int) -> HttpResponse:
    puzzle = selectors.puzzle_get(puzzle_id)
    if request.method == "POST":  # the form of the page without its script: start an attempt
        attempt = services.attempt_start(puzzle=puzzle, player=Player.of(request, create=True))
        return redirect("training:attempt", attempt_id=attempt.pk)
    # A page that sent the player here (the coach's due puzzles) is where "next" goes back to.
    back = request.GET.get("next", "")
    next_url = back if back.startswith("/") and not back.startswith("//") else reverse("training:train")
    context = puzzle_widget_context(request, puzzle, next_url=next_url)
    return render(request, "training/puzzle.html", context)


def attempt_page(request: HttpRequest, attempt_id: int) -> HttpResponse:
    attempt = selectors.attempt_get_for_player(Player.of(request), attempt_id)
    context = puzzle_widget_context(request, attempt.puzzle, attempt, next_url=reverse("training:train"))
    return render(request, "training/puzzle.html", context)


@require_POST
def attempt_move(request: HttpRequest, attempt_id: int) -> HttpResponse:
    attempt = selectors.attempt_get_for_player(Player.of(request), attempt_id)
    return form_action(
        request,
        lambda: services.attempt_play_move(attempt=attempt, move=request.POST.get("move", ""), ply=posted_ply(request)),
        "training:attempt",
        attempt_id=attempt.pk,
    )


@require_POST
def attempt_give_up(request: HttpRequest, attempt_id: int) -> HttpResponse:
    attempt = selectors.attempt_get_for_player(Player.of(request), attempt_id)
    return form_action(
        request, lambda: services.attempt_give_up(attempt=attempt), "training:attempt", attempt_id=attempt.pk
    )


# ------------------------------------------------------------------ runs


def _mode_page(request: HttpRequest, mode: str) -> HttpResponse:
    """The streak or timed page: your best, your latest runs, and a form that
    starts a run (a POST here)."""
    player = Player.of(request)
    if request.method == "POST":
        try:
            run = run_services.run_start(player=Player.of(request, create=True), mode=mode)
        except ApplicationError as exc:
            messages.error(request, str(exc))
            return redirect(f"training:{mode}")
        return redirect("training:run", run_id=run.pk)
    recent = selectors.runs_recent(player, mode)
    return render(
        request,
        "training/run_mode.html",
        {
            "mode": mode,
            "best": selectors.run_best(player, mode),
            "recent": recent,
            "active": next((r for r in recent if r.status == "active"), None),
            "duration": runs.TIMED_DURATION,
            "penalty": runs.TIMED_PENALTY,
        },
    )


def streak(request: HttpRequest) -> HttpResponse:
    return _mode_page(request, "streak")


def timed(request: HttpRequest) -> HttpResponse:
    return _mode_page(request, "timed")


def run_page(request: HttpRequest, run_id: int) -> HttpResponse:
    """A run: the puzzle under way (a root for the script, a plain form
    without it), or the result with every puzzle's solution, after the board
    of the puzzle whose wrong move ended it."""
    player = Player.of(request)
    run = selectors.run_get_for_player(player, run_id)
    attempts = selectors.run_snapshot(run)
    state = presentation.run_state(run, attempts, selectors.run_best(player, run.mode))
    attempt = state["attempt"]
    shown = attempt or state["ended_by"]  # the puzzle under way, or the one that ended the run
    sides = []
    if shown is not None:
        side = shown["side"]
        sides = ["B" if side == "A" else "A", side]
    # The run is over: the puzzle that ended it is drawn as a final position, no side to move.
    ended_board = {**state["ended_by"]["board"], "over": True} if state["ended_by"] is not None else None
    return render(
        request,
        "training/run.html",
        {
            "run": run,
            "state": state,
            "attempt": attempt,
            "board_sides": sides,
            "ended_board": ended_board,
            "jsi18n": reverse("javascript-catalog"),
        },
    )


@require_POST
def run_move(request: HttpRequest, run_id: int) -> HttpResponse:
    run = selectors.run_get_for_player(Player.of(request), run_id)
    try:
        attempt_id = parse_id(request.POST.get("attempt"))
    except ValueError:
        attempt_id = None  # as a form without the field: the run's current puzzle
    return form_action(
        request,
        lambda: run_services.run_play_move(
            run=run, move=request.POST.get("move", ""), ply=posted_ply(request), attempt_id=attempt_id
        ),
        "training:run",
        run_id=run.pk,
    )


@require_POST
def run_stop(request: HttpRequest, run_id: int) -> HttpResponse:
    run = selectors.run_get_for_player(Player.of(request), run_id)
    return form_action(request, lambda: run_services.run_stop(run=run), "training:run", run_id=run.pk)


@require_POST
def run_skip(request: HttpRequest, run_id: int) -> HttpResponse:
    run = selectors.run_get_for_player(Player.of(request), run_id)
    return form_action(request, lambda: run_services.run_skip(run=run), "training:run", run_id=run.pk)
