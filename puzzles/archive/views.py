"""The archive's pages: imported games (upload a file of records, list the
games, open one in the analysis board or have the solver review it) and the
open data downloads.  Drawn on the server; plain forms, no script."""

from __future__ import annotations

from django import forms
from django.http import FileResponse, Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_POST

from puzzles.accounts.players import Player
from puzzles.core.errors import ApplicationError

from . import presentation, selectors, services


class ImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("A file of game records"), required=False)
    records = forms.CharField(
        label=gettext_lazy("or paste the records"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 6, "cols": 80, "spellcheck": "false"}),
    )


def upload_text(upload: object) -> str:
    """An uploaded file's text: at most ``MAX_IMPORT_BYTES``, UTF-8."""
    size = getattr(upload, "size", 0) or 0
    if size > services.MAX_IMPORT_BYTES:
        raise ApplicationError(
            _("A file of records is at most %(n)d MB.") % {"n": services.MAX_IMPORT_BYTES // (1024 * 1024)}
        )
    try:
        data: bytes = upload.read(services.MAX_IMPORT_BYTES + 1)  # type: ignore[attr-defined]
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ApplicationError(_("The file is not UTF-8 text.")) from None


def _import(request: HttpRequest, form: ImportForm) -> int:
    upload = form.cleaned_data.get("file")
    text = upload_text(upload) if upload else form.cleaned_data.get("records") or ""
    if not text.strip():
        raise ApplicationError(_("Choose a file of game records, or paste them."))
    player = Player.of(request, create=True)
    source = getattr(upload, "name", "") if upload else ""
    return len(services.games_import(player=player, text=text, source=source))


def imported(request: HttpRequest) -> HttpResponse:
    form = ImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        try:
            count = _import(request, form)
        except ApplicationError as exc:
            form.add_error(None, str(exc))
        else:
            return redirect(f"{request.path}?imported={count}")
    try:
        number = max(1, int(request.GET.get("page", "1")))
    except ValueError:
        number = 1
    page = selectors.imported_page(Player.of(request), number)
    imported_now = request.GET.get("imported", "")
    return render(
        request,
        "archive/imported.html",
        {
            "form": form,
            "page": page,
            "rows": [presentation.imported_row(game) for game in page.games],
            "imported_now": int(imported_now) if imported_now.isdigit() else None,
            "max_mb": services.MAX_IMPORT_BYTES // (1024 * 1024),
            "max_games": services.MAX_IMPORT_GAMES,
        },
        status=400 if form.errors else 200,
    )


def imported_game(request: HttpRequest, game_id: int) -> HttpResponse:
    game = selectors.imported_game(Player.of(request), game_id)
    if game is None:
        raise Http404(_("No such imported game."))
    return render(request, "archive/imported_game.html", {"game": presentation.imported_detail(game)})


@require_POST
def imported_delete(request: HttpRequest, game_id: int) -> HttpResponse:
    services.imported_delete(player=Player.of(request), game_id=game_id)
    return redirect("archive:imported")


def data(request: HttpRequest) -> HttpResponse:
    return render(
        request, "archive/data.html", {"files": [presentation.file_row(f) for f in selectors.open_data_files()]}
    )


def data_file(request: HttpRequest, name: str) -> HttpResponse | FileResponse:
    """A month's file (bzip2), or its checksum (``<name>.sha256``)."""
    checksum = name.endswith(".sha256")
    row = selectors.open_data_file(name.removesuffix(".sha256"))
    path = services.open_data_dir() / row.name if row is not None else None
    if row is None or path is None or not path.is_file():
        raise Http404(_("No such file."))
    if checksum:
        return HttpResponse(f"{row.sha256}  {row.name}\n", content_type="text/plain; charset=utf-8")
    return FileResponse(path.open("rb"), as_attachment=True, filename=row.name, content_type="application/x-bzip2")
