"""The pages (Django templates hosting the front-end).  They embed the game's
JSON state and the API URLs in data attributes for the page script; without
the script they still work as plain HTML forms."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from puzzles.accounts.limits import solver_work_refused
from puzzles.accounts.players import Player
from puzzles.botaccounts.presentation import name_text
from puzzles.core.errors import ApplicationError
from puzzles.core.forms import posted_ply, refusal_message
from puzzles.core.texts import grade_label
from solver import DominoError

from . import deadlines, hints, presentation, seating, selectors, services, starting, texts
from .forms import VARIANT_CHOICES, NewGameForm
from .models import Game
from .signals import game_opened


def _page_urls(game: Game | None = None) -> dict[str, str]:
    urls = {
        "games": reverse("games:api-games"),
        "analyses": reverse("analyses:api-analyses"),
        "jsi18n": reverse("javascript-catalog"),
        "play": reverse("games:play"),
    }
    if game is not None:
        urls.update(presentation.game_urls(game))
    return urls


def linked_choice(query: Any) -> dict[str, Any]:
    """The game a link asks the new-game form to start with (How to play's
    ``?variant=block``, ``?doubles=on``), as the form's initial values; a
    variant the form does not offer is ignored."""
    initial: dict[str, Any] = {}
    if query.get("variant") in dict(VARIANT_CHOICES):
        initial["variant"] = query["variant"]
    if query.get("doubles"):
        initial["doubles"] = True
    return initial


def play_new(request: HttpRequest) -> HttpResponse:
    form = NewGameForm(request.POST or None, initial=linked_choice(request.GET))
    limited = None
    if request.method == "POST" and form.is_valid():
        try:
            if (limited := solver_work_refused(request)) is not None:
                raise ApplicationError(limited)
            position = form.cleaned_data["position"] or None
            game = starting.game_create(
                player=Player.of(request, create=True),
                position=position,
                seed=form.cleaned_data["seed"] or None,
                variant=None if position else form.chosen_variant(),
                human=form.cleaned_data["human"],
                level=form.cleaned_data["level"],
            )
        except (ApplicationError, DominoError) as exc:
            form.add_error(None, str(exc))
        else:
            return redirect("games:play-game", game_id=game.pk)
    games, more_games = selectors.latest_games(Player.of(request))
    return render(
        request,
        "games/play_new.html",
        {"form": form, "urls": _page_urls(), "games": games, "more_games": more_games},
        status=429 if limited else 200,
    )


GAMES_PER_PAGE = 20


def game_list(request: HttpRequest) -> HttpResponse:
    """All the player's games, newest first, a page at a time (``?page=``;
    a page number out of range or not a number shows the nearest page)."""
    games = selectors.games_for_player(Player.of(request)).order_by("-created_at", "-pk")
    page = Paginator(games, GAMES_PER_PAGE).get_page(request.GET.get("page"))
    return render(request, "games/game_list.html", {"page": page})


def play_page_urls(game: Game) -> dict[str, str]:
    """The play page's links after the game: a new game (a practice game's on
    the new-game page; a game between people's in the lobby), and for a game
    between people the form with which a player offers the rematch (its
    challenge's; none for a deal of a match).  The people app is reached by
    its URLs' names, as this app does not import it."""
    if not game.is_people:
        return {"new_game": reverse("games:play"), "challenge_rematch": ""}
    challenge = getattr(game, "challenge", None)
    return {
        "new_game": reverse("people:lobby"),
        "challenge_rematch": reverse("people:challenge-action", args=[challenge.pk, "rematch"]) if challenge else "",
    }


def seats_top_to_bottom(game: Game) -> str:
    """The seats for the plain board (``core/_board.html``'s ``sides``): with
    two seats the solver's on top and the human's below; with four the
    human's last (the bottom seat; the others go round the table)."""
    others = [s for s in game.rules.seats if s != game.human_side]
    return "".join([*others, game.human_side])


def play_game(request: HttpRequest, game_id: int) -> HttpResponse:
    context = play_context(request, game_id)
    if request.user.is_authenticated:  # what the player was told of this game is read now
        game_opened.send(sender=Game, game_id=context["game"].pk, user=request.user)
    return render(request, "games/play.html", context)


def play_context(request: HttpRequest, game_id: int) -> dict[str, Any]:
    """The play page's context (also the people app's TV page's, which shows a game as its play page does)."""
    player = Player.of(request)
    game = deadlines.game_check_deadline(selectors.game_get_for_player(player, game_id))
    state = presentation.game_state(game, viewer=player)
    moves = _move_rows(state["moves"])
    people_line = ""
    if game.is_people:  # the board from the reader's seat (a spectator's: the first person's)
        game.human_side = state["human"]
        people_line = texts.people_line(state)
        for row in moves:
            who = state["players"][row["side"]]
            row["who"] = name_text(who["name"], who.get("bot", False))
    last_hints = [h for h in state["hints"] if h["ply"] == game.ply_count]
    return {
        "game": game,
        "state": state,
        "urls": {**_page_urls(game), **play_page_urls(game)},
        "hints_now": last_hints,
        "turn_text": texts.turn_text(state),
        "variant_label": presentation.variant_label(game.variant),
        "moves": moves,
        "people_line": people_line,
        "sides_top_bottom": seats_top_to_bottom(game),
    }


def _move_rows(moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
    rows = []
    for m in moves:
        alternatives = [b for b in (m["best_moves"] or []) if b != m["move"]]
        rows.append({**m, "grade_label": grade_label(m["grade"]), "alternatives": alternatives})
    return rows


@require_POST
def play_move(request: HttpRequest, game_id: int) -> HttpResponse:
    game = selectors.game_get_for_player(Player.of(request), game_id)
    try:
        seat = deadlines.acting_seat(game, Player.of(request))
        services.game_play_human_move(game=game, move=request.POST.get("move", ""), ply=posted_ply(request), seat=seat)
    except ApplicationError as exc:
        refusal_message(request, exc)
    return redirect("games:play-game", game_id=game.pk)


def hint_from_form(request: HttpRequest, game: Game) -> None:
    """Take the hint the page's plain form asks for; what went wrong (or that
    the analysis is still being made) is left as a message for the next page."""
    try:
        level = int(request.POST.get("level", ""))
        hint, _analysis = hints.game_hint(game=game, level=level)
    except ValueError:
        messages.error(request, _("A hint level is 1, 2 or 3."))
    except ApplicationError as exc:
        messages.error(request, str(exc))
    else:
        if hint is None:
            messages.info(request, _("The position is being analysed; ask again in a moment."))


@require_POST
def play_resign(request: HttpRequest, game_id: int) -> HttpResponse:
    game = selectors.game_get_for_player(Player.of(request), game_id)
    try:
        services.game_resign(game=game, seat=deadlines.acting_seat(game, Player.of(request)))
    except ApplicationError as exc:
        messages.error(request, str(exc))
    return redirect("games:play-game", game_id=game.pk)


@require_POST
def play_rematch(request: HttpRequest, game_id: int) -> HttpResponse:
    game = selectors.game_get_for_player(Player.of(request), game_id)
    try:
        if game.is_people:
            raise ApplicationError(_("A rematch between people is offered with a new challenge."))
        if (limited := solver_work_refused(request)) is not None:
            raise ApplicationError(limited)
        rematch = starting.game_rematch(
            player=Player.of(request, create=True), game=game, swap=request.POST.get("swap") == "1"
        )
    except (ApplicationError, DominoError) as exc:
        messages.error(request, str(exc))
        return redirect("games:play-game", game_id=game.pk)
    return redirect("games:play-game", game_id=rematch.pk)


@require_POST
def play_hint(request: HttpRequest, game_id: int) -> HttpResponse:
    game = selectors.game_get_for_player(Player.of(request), game_id)
    hint_from_form(request, game)
    return redirect("games:play-game", game_id=game.pk)


def game_record_download(request: HttpRequest, game_id: int) -> HttpResponse:
    """The game's record as a text file (the notation of the game records,
    which the game analysis page reads back)."""
    player = Player.of(request)
    game = selectors.game_get_for_player(player, game_id)
    reader = seating.seat_of(game, player) if game.is_people else None
    return HttpResponse(
        str(selectors.game_record(game, reader_seat=reader)) + "\n",
        content_type="text/plain; charset=utf-8",
        headers={
            "Content-Disposition": f'attachment; filename="open-domino-game-{game.pk}.txt"',
        },
    )


GRADE_NAMES = ("best", "inaccuracy", "mistake", "blunder")


def _summary(moves: list[dict[str, Any]]) -> dict[str, int]:
    """How many of ``moves`` had each grade, and the points they lost."""
    counts = {grade: sum(1 for m in moves if m["grade"] == grade) for grade in GRADE_NAMES}
    return {**counts, "points_lost": sum(m["points_lost"] or 0 for m in moves)}


def review_game(request: HttpRequest, game_id: int) -> HttpResponse:
    player = Player.of(request)
    game = deadlines.game_check_deadline(selectors.game_get_for_player(player, game_id))
    if game.is_people and game.status != Game.Status.OVER:  # no solver values while it is played
        messages.info(request, _("The review of a game between people opens when the game is over."))
        return redirect("games:play-game", game_id=game.pk)
    state = presentation.game_state(game, viewer=player)
    if game.is_people:
        game.human_side = state["human"]
    moves = list(game.moves.all())
    boards = presentation.positions_of_game(game, moves)
    try:
        ply = int(request.GET.get("ply", len(moves)))
    except ValueError:
        ply = len(moves)
    ply = max(0, min(ply, len(moves)))
    rows = _move_rows(state["moves"])
    for row in rows:
        row["hints"] = [h for h in state["hints"] if h["ply"] == row["ply"]]
    hints_next = [h for h in state["hints"] if h["ply"] == len(rows)]
    human_moves = [m for m in state["moves"] if m["by"] == "human" and m["grade"] is not None]
    people_summaries = []
    if game.is_people:  # each player's own moves; the reader's are "yours"
        players = state["players"]
        for row in rows:
            row["who"] = name_text(players[row["side"]]["name"], players[row["side"]].get("bot", False))
        people_summaries = [
            {
                "seat": seat,
                "name": name_text(players[seat]["name"], players[seat].get("bot", False)),
                **_summary([m for m in human_moves if m["side"] == seat]),
            }
            for seat in game.people
        ]
        human_moves = [m for m in human_moves if m["side"] == state["my_seat"]]
    summary = _summary(human_moves)
    return render(
        request,
        "games/review.html",
        {
            "game": game,
            "state": state,
            "rows": rows,
            "ply": ply,
            "board": boards[ply],
            "plies": list(range(len(moves) + 1)),
            "urls": _page_urls(game),
            "summary": summary,
            "people_summaries": people_summaries,
            "hints_next": hints_next,
            "points_lost": sum(m["points_lost"] or 0 for m in human_moves),
            "review_data": {"boards": boards, "ply": ply},
            "sides_top_bottom": seats_top_to_bottom(game),
            "chart": presentation.value_chart(state["moves"]),
            "variant_label": presentation.variant_label(game.variant),
        },
    )
