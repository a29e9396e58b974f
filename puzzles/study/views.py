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

from puzzles.accounts.limits import solver_work_refused
from puzzles.accounts.players import Player
from puzzles.analyses.services import analysis_request, analysis_shown
from puzzles.core import fairness
from puzzles.core.errors import ApplicationError
from puzzles.games.selectors import game_get_for_player
from solver import VARIANTS, DominoError

from . import presentation, records, selectors, texts
from . import services as study_services
from .models import GameAnalysis


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


def _deal_number(request: HttpRequest) -> str:
    """``?deal=``: "random" when the random-deal button sent it, else the number typed (empty: random)."""
    values = [v.strip() for v in request.GET.getlist("deal")]
    if "random" in values:
        return "random"
    return next((v for v in values if v), "random")


@require_http_methods(["GET", "POST"])
def analysis_board(request: HttpRequest) -> HttpResponse:
    """The board for ``?position=...&line=...``.  A GET only reads (the page's
    script asks for a missing analysis with the API); the plain form's "Ask
    the solver" button POSTs here, which queues the analysis and comes back
    to the same address."""
    text = request.GET.get("position", "").strip()
    deal_error = None
    if not text and "deal" in request.GET:
        # ?deal=<number or "random">&variant=<name>: that deal's opening position, at its own address.
        try:
            dealt = presentation.deal_position(_deal_number(request), request.GET.get("variant"))
        except ApplicationError as exc:
            deal_error = str(exc)
        else:
            return redirect(f"{reverse('study:analysis')}?{urlencode({'position': str(dealt)})}")
    line = request.GET.get("line", "")
    try:
        fairness.refuse(text, player=Player.of(request))  # a game between people in progress: no board of its positions
    except ApplicationError as exc:
        return render(request, "core/error.html", {"heading": _("Forbidden"), "explanation": str(exc)}, status=403)
    view = presentation.analysis_page(text, line)
    limited = None
    if request.method == "POST":
        if view.get("position") and view["result"] is None and not view["board"]["over"]:
            limited = solver_work_refused(request)
            if limited is None:
                analysis_request(position=view["current"], player=Player.of(request, create=True))
        if limited is None:
            return redirect(request.get_full_path())
    if view.get("result") is not None:  # the page shows the line: as good as asking for it
        analysis_shown(position=view["current"], player=Player.of(request))
    return render(
        request,
        "study/analysis.html",
        {
            "view": view,
            "text": text,
            "deal_error": deal_error,
            "limited": limited,
            "variants": presentation.variant_choices(),
            "urls": _urls(),
            "page_data": {
                "position": view.get("position"),
                "moves": view.get("moves", []),
                "result": view.get("result"),
                "board": view.get("board"),
                "ply": _ply(request.GET.get("ply")),
                "line_error": view.get("line_error"),
                "variant": view.get("variant"),
            },
        },
        status=429 if limited else 200,
    )


def position_editor(request: HttpRequest) -> HttpResponse:
    """The editor of a position of any variant: ``?position=...``, or
    ``?variant=block+doubles`` for an empty one, or ``&deal=<n or random>``
    for that variant's seeded deal, laid out to edit."""
    text = request.GET.get("position", "").strip()
    board = None
    error = None
    variant = request.GET.get("variant", "").strip()
    if not text and "deal" in request.GET:
        try:
            text = str(presentation.deal_position(_deal_number(request), variant))
        except ApplicationError as exc:
            error = str(exc)
    if len(text) > presentation.MAX_POSITION_CHARS:
        error = _("A position string is at most %(n)d characters.") % {"n": presentation.MAX_POSITION_CHARS}
        text = ""
    elif text:
        try:
            board = study_services.position_normalise(text).to_json()
        except DominoError as exc:
            error = str(exc)
    return render(
        request,
        "study/editor.html",
        {
            "text": text,
            "board": board,
            "error": error,
            "urls": _urls(),
            "variant": board.get("variant", "lewicki") if board else (variant or "lewicki"),
            "variants": presentation.variant_choices(),
        },
    )


class GameRecordForm(forms.Form):
    record = forms.CharField(
        label=gettext_lazy("Game record"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 8, "cols": 80, "spellcheck": "false"}),
    )
    file = forms.FileField(label=gettext_lazy("or upload a file"), required=False)
    game_id = forms.IntegerField(required=False, widget=forms.HiddenInput)


def _variant_choices() -> list[tuple[str, str]]:
    return [(str(v), texts.variant_label(str(v))) for v in VARIANTS]


class DealForm(forms.Form):
    """A deal typed in as it was played: every hand, the stones out, the moves."""

    variant = forms.ChoiceField(label=gettext_lazy("Variant"), choices=_variant_choices, initial="lewicki")
    hand_a = forms.CharField(label=gettext_lazy("Hand of A"), required=False, max_length=120)
    hand_b = forms.CharField(label=gettext_lazy("Hand of B"), required=False, max_length=120)
    hand_c = forms.CharField(label=gettext_lazy("Hand of C"), required=False, max_length=120)
    hand_d = forms.CharField(label=gettext_lazy("Hand of D"), required=False, max_length=120)
    out = forms.CharField(
        label=gettext_lazy("Stones out"),
        required=False,
        max_length=200,
        help_text=gettext_lazy("Leave empty: every stone not in a hand."),
    )
    moves = forms.CharField(
        label=gettext_lazy("Moves, in the order they were played"),
        required=False,
        max_length=2000,
        widget=forms.Textarea(attrs={"rows": 4, "cols": 80, "spellcheck": "false"}),
    )

    def entry(self) -> records.DealEntry:
        data = self.cleaned_data
        return records.DealEntry(
            variant=data["variant"],
            hands=tuple(data.get(f"hand_{seat}") or "" for seat in "abcd"),
            out=data.get("out") or "",
            moves=(data.get("moves") or "",),
        )


def _deal_initial(text: str) -> tuple[dict[str, str], str]:
    """The deal form's fields for ``?position=`` (from the editor): a deal
    before its first move fills the hands; any other position becomes the
    start of a bare record (then the moves follow it)."""
    if not text or len(text) > presentation.MAX_POSITION_CHARS:
        return {}, ""
    try:
        position = study_services.position_normalise(text)
    except DominoError:
        return {}, text
    if position.ends is not None:
        return {}, str(position) + "\n"
    board = position.to_json()
    initial = {"variant": str(position.variant)}
    for seat, hand in board["hands"].items():
        front = " ".join(s for s in hand["front"] if s)
        back = " ".join(s for s in hand["back"] if s)
        initial[f"hand_{seat.lower()}"] = f"{front} / {back}" if back else front
    if board.get("out"):
        initial["out"] = " ".join(board["out"])
    return initial, ""


def game_analysis_new(request: HttpRequest) -> HttpResponse:
    kind = request.POST.get("kind") if request.method == "POST" else None
    deal_initial, record_initial = _deal_initial(request.GET.get("position", "").strip())
    form = GameRecordForm(
        request.POST if kind not in (None, "deal") or (request.method == "POST" and not kind) else None,
        request.FILES or None,
        initial={"record": record_initial},
    )
    deal_form = DealForm(request.POST if kind == "deal" else None, initial=deal_initial)
    limited = None
    if request.method == "POST" and (deal_form if kind == "deal" else form).is_valid():
        player = Player.of(request, create=True)
        limited = solver_work_refused(request)
        try:
            if limited is not None:
                raise ApplicationError(limited)
            if kind == "deal":
                analysis = study_services.game_analysis_create(player=player, entry=deal_form.entry())
            elif form.cleaned_data.get("game_id"):
                game = game_get_for_player(player, form.cleaned_data["game_id"])
                analysis = study_services.game_analysis_create(player=player, game=game)
            elif form.cleaned_data.get("file"):
                upload = form.cleaned_data["file"]
                try:
                    text = upload.read(records.MAX_RECORD_CHARS * 4 + 1).decode("utf-8-sig")
                except UnicodeDecodeError:
                    raise ApplicationError(_("The file is not UTF-8 text.")) from None
                analysis = study_services.game_analysis_create(player=player, record=text, source="upload")
            else:
                analysis = study_services.game_analysis_create(
                    player=player, record=form.cleaned_data.get("record") or "", source="paste"
                )
        except ApplicationError as exc:
            (deal_form if kind == "deal" else form).add_error(None, str(exc))
        else:
            return redirect("study:game-analysis", analysis_id=analysis.pk)
    return render(
        request,
        "study/game_analysis_new.html",
        {
            "form": form,
            "deal_form": deal_form,
            "kind": kind or ("deal" if deal_initial else "record"),
            "variants": {str(v): {"seats": list(v.seats), "out": v.out_count, "rows": v.is_rows} for v in VARIANTS},
            "games": [
                (game, texts.variant_label(getattr(game, "variant", "lewicki")))
                for game in selectors.practice_games(Player.of(request))
            ],
            "analyses": list(selectors.game_analyses_for_player(Player.of(request))[:20]),
            "urls": _urls(),
        },
        status=429 if limited else 400 if request.method == "POST" else 200,
    )


def game_analysis_detail(request: HttpRequest, analysis_id: int) -> HttpResponse:
    """A graded record: the board at ``?ply=``, the moves, the chart and the
    summaries.  ``?key=`` is the share link's key: anyone holding it sees
    the analysis (read only)."""
    key = request.GET.get("key")
    analysis = selectors.game_analysis_get_shared(Player.of(request), analysis_id, key)
    page = presentation.review_page(analysis, _ply(request.GET.get("ply")))
    share = request.build_absolute_uri(page["state"]["urls"]["share"])
    # the plain board: the partner (or the opponent) on top, the line, then the others
    sides = {2: "BA", 4: "CBDA"}[len(page["seats"])]
    chart = page.get("chart")
    return render(
        request,
        "study/game_analysis.html",
        {
            "analysis": analysis,
            "page": page,
            "state": page["state"],
            "result": page["state"]["result"],
            "tag_rows": texts.tag_rows((page["state"]["result"] or {}).get("tags") or {}),
            "urls": _urls(),
            "share_url": share,
            "key": key or "",
            "key_query": urlencode({"key": key}) + "&" if key else "",
            "board_sides": sides,
            "variant_label": texts.variant_label(page["variant"]),
            "cursor_x": chart["dots"][page["ply"]]["x"] if chart and chart["dots"] else 0,
            "page_data": {**presentation.review_data(page), "share": share} if page["state"]["result"] else None,
            # still grading: the record for the browser's own solver to grade meanwhile
            "record_data": presentation.local_review_data(analysis)
            if analysis.status in (GameAnalysis.Status.PENDING, GameAnalysis.Status.RUNNING)
            else None,
        },
    )


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
    return render(
        request,
        "study/endgame.html",
        {
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
        },
    )
