"""Study pages: the analysis board (position in the URL), the position
editor, game analysis, the endgame library and an endgame.  Each page works
as plain HTML (server-drawn board and tables); its page script
(``frontend/src/pages/analysis.ts``, ``editor.ts``, ``endgame.ts``) makes it
interactive."""
from __future__ import annotations

from urllib.parse import urlencode

from django import forms
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from solver.errors import DominoError

from . import selectors, services, study_selectors, study_services


def _urls() -> dict:
    return {
        "analyses": reverse("api-analyses"),
        "positions": reverse("api-positions"),
        "game_analyses": reverse("api-game-analyses"),
        "analysis": reverse("study-analysis"),
        "editor": reverse("study-editor"),
        "jsi18n": reverse("javascript-catalog"),
    }


def analysis_board(request):
    text = request.GET.get("position", "").strip()
    line = request.GET.get("line", "")
    view = study_selectors.analysis_page(text, line)
    if view.get("position") and view["result"] is None and not view["board"]["over"]:
        services.analysis_request(position=view["current"])  # queued (or found) for the page to poll
        view = study_selectors.analysis_page(text, line)
    return render(request, "puzzles/study/analysis.html", {
        "view": view,
        "text": text,
        "urls": _urls(),
        "page_data": {
            "position": view.get("position"),
            "moves": view.get("moves", []),
            "result": view.get("result"),
            "board": view.get("board"),
        },
    })


def position_editor(request):
    text = request.GET.get("position", "").strip()
    board = None
    error = None
    if len(text) > study_selectors.MAX_POSITION_CHARS:
        error = _("A position string is at most %(n)d characters.") % {"n": study_selectors.MAX_POSITION_CHARS}
        text = ""
    elif text:
        try:
            board = study_services.position_normalise(text).to_json()
        except DominoError as exc:
            error = str(exc)
    return render(request, "puzzles/study/editor.html", {
        "text": text, "board": board, "error": error, "urls": _urls(),
    })


class GameRecordForm(forms.Form):
    record = forms.CharField(label=gettext_lazy("Game record"), required=False,
                             widget=forms.Textarea(attrs={"rows": 8, "cols": 80, "spellcheck": "false"}))
    file = forms.FileField(label=gettext_lazy("or upload a file"), required=False)
    game_id = forms.IntegerField(required=False, widget=forms.HiddenInput)


def game_analysis_new(request):
    form = GameRecordForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        token = "" if request.user.is_authenticated else selectors.player_token(request, create=True)
        kwargs = {"owner": request.user, "session_key": token}
        try:
            if form.cleaned_data.get("game_id"):
                game = selectors.game_get_for_player(request, form.cleaned_data["game_id"])
                analysis = study_services.game_analysis_create(game=game, **kwargs)
            elif form.cleaned_data.get("file"):
                upload = form.cleaned_data["file"]
                try:
                    text = upload.read(study_services.MAX_RECORD_CHARS * 4 + 1).decode("utf-8-sig")
                except UnicodeDecodeError:
                    raise study_services.StudyError(_("The file is not UTF-8 text.")) from None
                analysis = study_services.game_analysis_create(record=text, source="upload", **kwargs)
            else:
                analysis = study_services.game_analysis_create(
                    record=form.cleaned_data.get("record") or "", source="paste", **kwargs
                )
        except study_services.StudyError as exc:
            form.add_error(None, str(exc))
        else:
            return redirect("study-game-analysis", analysis_id=analysis.pk)
    return render(request, "puzzles/study/game_analysis_new.html", {
        "form": form,
        "games": study_selectors.practice_games(request),
        "analyses": list(study_selectors.game_analyses_for_player(request)[:20]),
        "urls": _urls(),
    })


def game_analysis_detail(request, analysis_id: int):
    analysis = study_selectors.game_analysis_get_for_player(request, analysis_id)
    study_services.game_analysis_requeue_if_stale(analysis=analysis)
    state = study_selectors.game_analysis_state(analysis)
    result = state["result"]
    chart = study_selectors.value_chart(result["values"]) if result else None
    plies = []
    if result:
        played = [p["move"] for p in result["plies"]]
        for i, ply in enumerate(result["plies"]):
            query = urlencode({"position": result["start"], "line": " ".join(played[:i])} if i else
                              {"position": result["start"]})
            plies.append({**ply, "analysis_url": f"{reverse('study-analysis')}?{query}"})
    return render(request, "puzzles/study/game_analysis.html", {
        "analysis": analysis, "state": state, "result": result, "chart": chart, "urls": _urls(), "plies": plies,
        "sides": ["A", "B"],
        "summaries": [(side, result["summary"][side]) for side in ("A", "B")] if result else [],
    })


def library(request):
    return render(request, "puzzles/study/library.html", {"chapters": study_selectors.library_state(request)})


def endgame(request, endgame_id: int):
    obj = study_selectors.endgame_get(endgame_id)
    study_services.endgame_mark_studied(endgame=obj, request=request)
    state = study_selectors.endgame_state(obj, request)
    try:
        step = int(request.GET.get("step", 0))
    except ValueError:
        step = 0
    step = max(0, min(step, len(state["steps"])))
    return render(request, "puzzles/study/endgame.html", {
        "endgame": state,
        "step": step,
        "board": state["boards"][step],
        "current": state["steps"][step] if step < len(state["steps"]) else None,
        "shown": state["steps"][:step],
        "urls": {
            **_urls(),
            "progress": reverse("api-endgame-progress", args=[obj.pk]),
            "self": reverse("api-endgame-detail", args=[obj.pk]),
        },
    })
