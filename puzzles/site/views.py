"""The home page (today's puzzle, a new game, the player's games) and the
"How to play" page."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from puzzles.accounts.players import Player
from puzzles.coach import selectors as coach_selectors
from puzzles.games.forms import NewGameForm
from puzzles.games.selectors import latest_games_played
from puzzles.learn import presentation as learn_presentation
from puzzles.learn import selectors as learn_selectors
from puzzles.training import pool as training_pool
from puzzles.training import selectors as training_selectors

from . import rules


def home(request: HttpRequest) -> HttpResponse:
    player = Player.of(request)
    games, more_games = latest_games_played(player)
    # Beat chooses the daily puzzle; on a fresh site the first visitor has it chosen now.
    daily = training_selectors.daily_puzzle() or training_pool.daily_ensure()
    exercises = coach_selectors.exercise_counts(player)
    due_today = coach_selectors.due_today(player)
    # A visitor who has neither played a game nor tried a puzzle is first told
    # what the game is and where to start; a returning player meets the daily
    # puzzle first.
    newcomer = not games and not training_selectors.attempts_for_player(player).exists()
    # The course for newcomers: an invitation, or the way back into it once begun.
    course = learn_presentation.course_state(learn_selectors.progress_for_player(player))
    return render(
        request,
        "site/home.html",
        {
            "games": games,
            "more_games": more_games,
            "form": NewGameForm(),
            "daily": daily,
            "exercises": exercises,
            "due_today": due_today,
            "newcomer": newcomer,
            "course": course,
        },
    )


def how_to_play(request: HttpRequest) -> HttpResponse:
    return render(request, "site/how_to_play.html", {"example": rules.example()})
