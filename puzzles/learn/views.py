"""The course's pages: the lessons with the player's progress, and one
lesson (its explanation and its positions, one at a time, on the board of
``frontend/src/learn/``).  Without the script the page has a server-drawn
board and a plain form; the answer comes back as a message."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from puzzles.accounts.players import Player
from puzzles.core.errors import ApplicationError

from . import presentation, selectors, services


def index(request: HttpRequest) -> HttpResponse:
    course = presentation.course_state(selectors.progress_for_player(Player.of(request)))
    return render(request, "learn/index.html", {"course": course})


def _shown_step(request: HttpRequest, state: dict) -> int:
    """The position to show: ``?step=`` if solved or next, else the next one (the last once all are done)."""
    last = state["current"] or state["steps"]
    try:
        asked = int(request.GET.get("step", ""))
    except ValueError:
        return last
    return asked if 1 <= asked <= last else last


def lesson(request: HttpRequest, key: str) -> HttpResponse:
    item = selectors.lesson_get(key)
    state = presentation.lesson_state(item, selectors.progress_for_player(Player.of(request)))
    number = _shown_step(request, state)
    step = state["positions"][number - 1]
    side = step["side"]
    return render(
        request,
        "learn/lesson.html",
        {
            "lesson": state,
            "step": step,
            "board_sides": ["B" if side == "A" else "A", side],
            "action": reverse("learn:try", args=[key, number]),
        },
    )


@require_POST
def lesson_try(request: HttpRequest, key: str, step: int) -> HttpResponse:
    back = reverse("learn:lesson", args=[key])
    try:
        result = services.lesson_try(
            player=Player.of(request, create=True), key=key, step=step, move=request.POST.get("move", "")
        )
    except ApplicationError as exc:  # a ConflictError too: a lesson not open yet, a position ahead
        messages.error(request, str(exc))
        return redirect(back)
    if result.correct:
        messages.success(request, _("Right!"))
        return redirect(f"{back}?step={min(step + 1, len(result.lesson.steps))}")
    reason = result.reason or {}
    messages.error(request, " ".join(t for t in (reason.get("text", ""), reason.get("hint", "")) if t))
    return redirect(f"{back}?step={step}")
