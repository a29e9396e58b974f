"""The coach's pages: your exercises (due ones first), one exercise, and
"Learn from your mistakes" for one game or analysed record (step through its
mistakes).  Plain forms, no script needed: a try posts the move and the page
shows the answer afterwards (``?try=<id>``), never before."""

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
from puzzles.core.ids import parse_id
from puzzles.tournaments import presentation as tournaments_presentation

from . import presentation, selectors, services
from .models import Exercise


def _player(request: HttpRequest) -> Player:
    return Player.of(request)


def index(request: HttpRequest) -> HttpResponse:
    player = _player(request)
    due = list(selectors.exercises_due(player)[:50])
    upcoming = list(selectors.exercises_upcoming(player)[:20])
    rows = list(selectors.exercises_for_player(player).order_by("-created_at", "-id")[:200])
    games: dict[str, dict[str, Any]] = {}
    for e in rows:
        source = presentation.source_state(e)
        key = source["mistakes_url"] or ""
        games.setdefault(key, {"source": source, "count": 0})["count"] += 1
    return render(
        request,
        "coach/index.html",
        {
            "counts": selectors.exercise_counts(player),
            "due_today": selectors.due_today(player),
            "due": [presentation.exercise_public(e) for e in due],
            "upcoming": [presentation.exercise_public(e) for e in upcoming],
            "games": list(games.values()),
        },
    )


def _exercise_page(request: HttpRequest, exercise: Exercise, sequence: list[Exercise], back_url: str) -> HttpResponse:
    state = presentation.exercise_public(exercise)
    result = None
    try:
        try_id = parse_id(request.GET.get("try"))
    except ValueError:
        try_id = None
    if try_id is not None:
        attempt = exercise.tries.filter(pk=try_id).first()
        if attempt is not None:
            result = presentation.try_state(exercise, attempt)
    ids = [e.pk for e in sequence]
    index = ids.index(exercise.pk) if exercise.pk in ids else 0
    return render(
        request,
        "coach/exercise.html",
        {
            "exercise": state,
            "result": result,
            "number": index + 1,
            "of": len(ids),
            "previous_url": f"{back_url}?n={index - 1}" if index > 0 and sequence else "",
            "next_url": f"{back_url}?n={index + 1}"
            if index + 1 < len(ids)
            else _next_due_url(request, exercise, sequence),
            "back_url": back_url,
            "n": index if sequence else "",
            "action": reverse("coach:exercise-try", args=[exercise.pk]),
            "board_sides": ["B" if exercise.side == "A" else "A", exercise.side],
        },
    )


def _next_due_url(request: HttpRequest, exercise: Exercise, sequence: list[Exercise]) -> str:
    """Outside a game's sequence: the next exercise due, if any."""
    if sequence:
        return ""
    following = selectors.exercises_due(Player.of(request)).exclude(pk=exercise.pk).first()
    return reverse("coach:exercise", args=[following.pk]) if following is not None else ""


def exercise(request: HttpRequest, exercise_id: int) -> HttpResponse:
    item = selectors.exercise_get_for_player(_player(request), exercise_id)
    return _exercise_page(request, item, [], reverse("coach:exercise", args=[item.pk]))


def _sequence_page(request: HttpRequest, sequence: list[Exercise], back_url: str) -> HttpResponse:
    if not sequence:
        return render(request, "coach/empty.html", {})
    try:
        asked = int(request.GET.get("n", "0"))
    except ValueError:  # "--1", "²": the first
        asked = 0
    index = max(0, min(asked, len(sequence) - 1))
    return _exercise_page(request, sequence[index], sequence, back_url)


def game(request: HttpRequest, game_id: int) -> HttpResponse:
    sequence = selectors.exercises_of_own_game(_player(request), game_id=game_id)
    return _sequence_page(request, sequence, reverse("coach:game", args=[game_id]))


def analysis(request: HttpRequest, analysis_id: int) -> HttpResponse:
    sequence = selectors.exercises_of_own_game(_player(request), analysis_id=analysis_id)
    return _sequence_page(request, sequence, reverse("coach:analysis", args=[analysis_id]))


def events(request: HttpRequest) -> HttpResponse:
    """Your events: your results in them (rank and score) and your worst
    moves in their games, each an exercise to solve again."""
    player = _player(request)
    worst = []
    for exercise in selectors.event_mistakes(player):
        row = presentation.exercise_public(exercise)
        row["points_lost"] = exercise.points_lost
        row["event"] = tournaments_presentation.event_of_game(exercise.game)
        worst.append(row)
    results = tournaments_presentation.player_events(player, limit=20)
    return render(request, "coach/events.html", {"results": results, "worst": worst})


def puzzles_due(request: HttpRequest) -> HttpResponse:
    """The failed puzzles due for review, each a link to its page (where a
    new attempt is the review), and the setting that turns the replay on or off."""
    player = _player(request)
    here = reverse("coach:puzzles")
    due = list(selectors.puzzle_cards_due(player).select_related("puzzle")[:50])
    upcoming = list(
        selectors.puzzle_cards_for_player(player).exclude(pk__in=[c.pk for c in due]).order_by("due_at", "id")[:20]
    )
    return render(
        request,
        "coach/puzzles.html",
        {
            "due": [presentation.puzzle_card_state(c, here) for c in due],
            "upcoming": [presentation.puzzle_card_state(c, here) for c in upcoming],
            "replay_failed": selectors.replay_failed_on(player),
            "here": here,
        },
    )


@require_POST
def puzzle_replay(request: HttpRequest) -> HttpResponse:
    """The form that turns the spaced replay of failed puzzles on or off."""
    on = "1" in request.POST.getlist("replay_failed")
    try:
        services.puzzle_replay_set(player=Player.of(request, create=True), on=on)
    except ApplicationError as exc:
        messages.error(request, str(exc))
    else:
        messages.success(
            request,
            _("Failed puzzles will come back for review.")
            if on
            else _("Failed puzzles will no longer come back for review."),
        )
    back = request.POST.get("next", "")
    return redirect(back if back.startswith("/") and not back.startswith("//") else reverse("coach:puzzles"))


@require_POST
def exercise_try(request: HttpRequest, exercise_id: int) -> HttpResponse:
    item = selectors.exercise_get_for_player(Player.of(request), exercise_id)
    back = request.POST.get("back", "")
    if not back.startswith("/") or back.startswith("//"):  # only a path of this site
        back = reverse("coach:exercise", args=[item.pk])
    try:
        _item, attempt = services.exercise_try(exercise=item, move=request.POST.get("move", ""))
    except ApplicationError as exc:
        messages.error(request, str(exc))
        return redirect(back)
    n = request.POST.get("n", "")
    return redirect(f"{back}?{'n=' + n + '&' if n.isdigit() else ''}try={attempt.pk}")
