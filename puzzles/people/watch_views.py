"""The pages of the games to watch: ``/watch/`` (the list, filtered by
variant family and lowest rating; its script reads it again every few
seconds) and ``/tv/`` (the featured game on its play page, which moves on
to the next one by itself when it ends)."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from puzzles.games.views import play_context

from . import watching
from .models import FAMILY_CHOICES
from .watch_apis import MAX_RATING

# The lowest ratings the page's filter offers.
RATING_STEPS = [1200, 1400, 1500, 1600, 1800, 2000]


def _min_rating(value: str) -> int | None:
    """A page's filter as given (anything else: no filter, as a page shows what it can)."""
    return int(value) if value.isascii() and value.isdigit() and int(value) <= MAX_RATING else None


def watch(request: HttpRequest) -> HttpResponse:
    family = request.GET.get("variant", "")
    family = family if family in dict(FAMILY_CHOICES) else ""
    min_rating = _min_rating(request.GET.get("min_rating", ""))
    return render(
        request,
        "people/watch.html",
        {
            "games": watching.watch_list(family or None, min_rating),
            "families": FAMILY_CHOICES,
            "variant": family,
            "min_rating": min_rating,
            "rating_steps": RATING_STEPS,
            "api": reverse("people:api-watch"),
            "refresh_seconds": watching.SHARED_SECONDS,
        },
    )


def tv(request: HttpRequest) -> HttpResponse:
    row = watching.featured()
    api = reverse("people:api-watch-featured")
    if row is None:
        return render(request, "people/tv_empty.html", {"api": api})
    return render(request, "people/tv.html", {**play_context(request, row["game"]), "featured": row, "tv_api": api})
