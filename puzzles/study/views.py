"""Study pages: the analysis board (position in the URL), the position
editor, game analysis, the endgame library and an endgame.  Each page works
as plain HTML (server-drawn board and tables); its page script
(``frontend/src/study/``) makes it
interactive."""
from __future__ import annotations

from urllib.parse import urlencode

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from puzzles.accounts.players import Player
from puzzles.analyses.services import analysis_request
from puzzles.core.errors import ApplicationError
from puzzles.games.selectors import game_get_for_player
from solver import DominoError

from . import presentation, selectors, texts
from . import services as study_services


def _urls() -> dict[str, str]:
    return {
        "analyses": reverse("analyses:api-analyses"),
        "positions": reverse("study:api-positions"),
        "game_analyses": reverse("study:api-game-analyses"),
        "analysis": reverse("study:analysis"),
        "editor": reverse("study:editor"),
        "jsi18n": reverse("javascript-catalog"),
    }


def _ply(text: str | None) -> int | None:
    """``?ply=<n>``: how many moves of the line the view shows (None: all)."""
    try:
        return max(0, int(text)) if text is not None else None
    except ValueError:
        return None


@require_http_methods(["GET", "POST"])
def analysis_board(request: HttpRequest) -> HttpResponse:
    """The board for ``?position=...&line=...``.  A GET only reads (the page's
    script asks for a missing analysis with the API); the plain form's "Ask
    the solver" button POSTs here, which queues the analysis and comes back
    to the same address."""
    text = request.GET.get("position", "").strip()
    line = request.GET.get("line", "")
    view = presentation.analysis_page(text, line)
    if request.method == "POST":
        if view.get("position") and view["result"] is None and not view["board"]["over"]:
            analysis_request(position=view["current"], player=Player.of(request, create=True))
        return redirect(request.get_full_path())
    return render(request, "study/analysis.html", {
        "view": view,
        "text": text,
        "urls": _urls(),
        "page_data": {
            "position": view.get("position"),
            "moves": view.get("moves", []),
            "result": view.get("result"),
            "board": view.get("board"),
            "ply": _ply(request.GET.get("ply")),
            "line_error": view.get("line_error"),
        },
    })


def position_editor(request: HttpRequest) -> HttpResponse:
    text = request.GET.get("position", "").strip()
    board = None
    error = None
    if len(text) > presentation.MAX_POSITION_CHARS:
        error = _("A position string is at most %(n)d characters.") % {"n": presentation.MAX_POSITION_CHARS}
        text = ""
    elif text:
        try:
            board = study_services.position_normalise(text).to_json()
        except DominoError as exc:
            error = str(exc)
    return render(request, "study/editor.html", {
        "text": text, "board": board, "error": error, "urls": _urls(),
    })


class GameRecordForm(forms.Form):
    record = forms.CharField(label=gettext_lazy("Game record"), required=False,
                             widget=forms.Textarea(attrs={"rows": 8, "cols": 80, "spellcheck": "false"}))
    file = forms.FileField(label=gettext_lazy("or upload a file"), required=False)
    game_id = forms.IntegerField(required=False, widget=forms.HiddenInput)


def game_analysis_new(request: HttpRequest) -> HttpResponse:
    form = GameRecordForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        player = Player.of(request, create=True)
        try:
            if form.cleaned_data.get("game_id"):
                game = game_get_for_player(player, form.cleaned_data["game_id"])
                analysis = study_services.game_analysis_create(player=player, game=game)
            elif form.cleaned_data.get("file"):
                upload = form.cleaned_data["file"]
                try:
                    text = upload.read(study_services.MAX_RECORD_CHARS * 4 + 1).decode("utf-8-sig")
                except UnicodeDecodeError:
                    raise ApplicationError(_("The file is not UTF-8 text.")) from None
                analysis = study_services.game_analysis_create(player=player, record=text, source="upload")
            else:
                analysis = study_services.game_analysis_create(
                    player=player, record=form.cleaned_data.get("record") or "", source="paste"
                )
        except ApplicationError as exc:
            form.add_error(None, str(exc))
        else:
            return redirect("study:game-analysis", analysis_id=analysis.pk)
    return render(request, "study/game_analysis_new.html", {
        "form": form,
        "games": selectors.practice_games(Player.of(request)),
        "analyses": list(selectors.game_analyses_for_player(Player.of(request))[:20]),
        "urls": _urls(),
    })


def game_analysis_detail(request: HttpRequest, analysis_id: int) -> HttpResponse:
    analysis = selectors.game_analysis_get_for_player(Player.of(request), analysis_id)
    study_services.game_analysis_requeue_if_stale(analysis=analysis)
    state = presentation.game_analysis_state(analysis)
    result = state["result"]
    chart = presentation.value_chart(result["values"]) if result else None
    plies = []
    if result:
        played = [p["move"] for p in result["plies"]]
        for i, ply in enumerate(result["plies"]):
            query = urlencode({"position": result["start"], "line": " ".join(played[:i])} if i else
                              {"position": result["start"]})
            # The page's one point of view is A's (as the chart): a B move's values are turned round.
            sign = 1 if ply["side"] == "A" else -1
            plies.append({
                **ply,
                "value_for_a": None if ply.get("value") is None else sign * ply["value"],
                "best_for_a": None if ply.get("best") is None else sign * ply["best"],
                "analysis_url": f"{reverse('study:analysis')}?{query}",
            })
    return render(request, "study/game_analysis.html", {
        "analysis": analysis, "state": state, "result": result, "chart": chart, "urls": _urls(), "plies": plies,
        "sides": ["A", "B"],
        "result_text": texts.record_result_text(result["result"]) if result else "",
        "summaries": [(side, result["summary"][side]) for side in ("A", "B")] if result else [],
    })


def library(request: HttpRequest) -> HttpResponse:
    return render(request, "study/library.html", {"chapters": presentation.library_state(Player.of(request))})


@require_http_methods(["GET", "POST"])
def endgame(request: HttpRequest, endgame_id: int) -> HttpResponse:
    """An annotated endgame.  A GET only reads; the page's script marks the
    endgame studied through the API once it is open, and the plain page's
    "Mark as studied" button POSTs here."""
    obj = selectors.endgame_get(endgame_id)
    if request.method == "POST":
        study_services.endgame_mark_studied(endgame=obj, player=Player.of(request, create=True))
        return redirect(request.get_full_path())
    player = Player.of(request)
    state = presentation.endgame_state(obj, player)
    try:
        step = int(request.GET.get("step", 0))
    except ValueError:
        step = 0
    step = max(0, min(step, len(state["steps"])))
    return render(request, "study/endgame.html", {
        "endgame": state,
        "step": step,
        "board": state["boards"][step],
        "current": state["steps"][step] if step < len(state["steps"]) else None,
        "shown": state["steps"][:step],
        "urls": {
            **_urls(),
            "progress": reverse("study:api-endgame-progress", args=[obj.pk]),
            "self": reverse("study:api-endgame-detail", args=[obj.pk]),
        },
    })
