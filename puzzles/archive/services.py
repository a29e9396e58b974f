"""Writes of the archive: a file of records imported (every game read
first, then stored at once, or nothing), a guest's imported games handed to
their account, and a month's open data file written.

A month's file (``open_data_write``) is written as the games are read
(``site_records.records_of``, a batch of games at a time) into a bzip2
stream, then its SHA-256 taken and a ``.sha256`` file written beside it in
the form ``sha256sum -c`` reads; the file appears under its name only once
whole (written as ``<name>.part``, then renamed), and its row is written
last, so the downloads page never lists a file that is not there.
"""

from __future__ import annotations

import bz2
import hashlib
import os
from datetime import date
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from puzzles.accounts.players import Player
from puzzles.core.errors import ApplicationError
from solver import DominoError, GameRecord
from solver.records import iter_write, read_records

from . import selectors
from .models import ImportedGame, OpenDataFile
from .site_records import records_of

# An upload's limits: its size, its games, and the games a player keeps.
MAX_IMPORT_BYTES = 4 * 1024 * 1024
MAX_IMPORT_GAMES = 2000
MAX_KEPT_GAMES = 20_000


def _summary(record: GameRecord) -> dict[str, Any]:
    seats = record.variant.seats
    names = [record.tag(seat) or "?" for seat in seats]
    result = record.tag("Result") or "*"
    if result == "*" and record.tag("Termination"):
        result = str(record.tag("Termination"))
    return {
        "event": (record.tag("Event") or "")[:200],
        "players": " – ".join(names)[:400],
        "date": (record.tag("Date") or "")[:10],
        "variant": str(record.variant),
        "result": result[:64],
        "moves": len(record.moves),
    }


def _read_all(text: str) -> list[GameRecord]:
    records: list[GameRecord] = []
    try:
        for record in read_records(text):
            records.append(record)
            if len(records) > MAX_IMPORT_GAMES:
                raise ApplicationError(
                    _("A file holds at most %(n)d games: import it in parts.") % {"n": MAX_IMPORT_GAMES}
                )
    except DominoError as exc:
        raise ApplicationError(_("The file was not imported: %(error)s") % {"error": str(exc)}) from None
    if not records:
        raise ApplicationError(_("The file holds no game record."))
    return records


def games_import(*, player: Player, text: str, source: str = "") -> list[ImportedGame]:
    """Store every game of ``text`` (a file of records, docs/records.md) as
    the player's imported games, in the file's order; refused whole
    (``ApplicationError`` naming the game and the line) if any game does not
    read or replay, if there are too many, or if the player would keep too many."""
    if not player.known:
        raise ApplicationError(_("Open a page of the site first: imported games are kept for a player."))
    if len(text.encode("utf-8")) > MAX_IMPORT_BYTES:
        raise ApplicationError(_("A file of records is at most %(n)d MB.") % {"n": MAX_IMPORT_BYTES // (1024 * 1024)})
    records = _read_all(text.removeprefix("\ufeff"))
    kept = selectors.imported_games(player).count()
    if kept + len(records) > MAX_KEPT_GAMES:
        raise ApplicationError(
            ngettext(
                "You may keep %(n)d imported game at most: delete some first.",
                "You may keep %(n)d imported games at most: delete some first.",
                MAX_KEPT_GAMES,
            )
            % {"n": MAX_KEPT_GAMES}
        )
    rows = [
        ImportedGame(
            **player.owner_fields(),
            source=source[:200],
            number=number,
            record=record.format(versioned=True),
            **_summary(record),
        )
        for number, record in enumerate(records, 1)
    ]
    with transaction.atomic():
        return ImportedGame.objects.bulk_create(rows)


def imported_delete(*, player: Player, game_id: int | None = None) -> int:
    """Delete one of the player's imported games (``game_id``), or all of them."""
    games = selectors.imported_games(player)
    if game_id is not None:
        games = games.filter(pk=game_id)
    deleted, _rows = games.delete()
    return deleted


def imports_claim(*, user: Any, session_key: str, **kwargs: Any) -> int:
    """Hand a guest's imported games to the account they logged in to (a
    receiver of ``accounts.signals.guest_claimed``)."""
    return ImportedGame.objects.filter(owner__isnull=True, session_key=session_key).update(owner=user, session_key="")


# ------------------------------------------------------------------ open data


def open_data_dir() -> Path:
    return Path(settings.OD_OPEN_DATA_DIR)


def file_name(month: date) -> str:
    return f"open-domino-rated-{month.year:04d}-{month.month:02d}.txt.bz2"


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as data:
        while chunk := data.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


def _counted(records: Any, count: list[int]) -> Any:
    for record in records:
        count[0] += 1
        yield record


def open_data_write(month: date, *, force: bool = False) -> OpenDataFile:
    """Write the file of ``month`` (any day of it): every rated game between
    people that ended in it (``selectors.month_games``).  A month that is
    not over is refused; one already written is left as it is unless
    ``force``."""
    start = month.replace(day=1)
    if selectors.month_bounds(start)[1] > timezone.now():
        raise ApplicationError(_("The month is not over yet."))
    directory, name = open_data_dir(), file_name(start)
    path = directory / name
    done = OpenDataFile.objects.filter(month=start).first()
    if done is not None and path.exists() and not force:
        return done
    directory.mkdir(parents=True, exist_ok=True)
    partial = directory / f"{name}.part"
    count = [0]
    with bz2.open(partial, "wt", encoding="utf-8") as out:
        for text in iter_write(_counted(records_of(selectors.month_games(start)), count)):
            out.write(text)
    digest = _sha256(partial)
    os.replace(partial, path)
    (directory / f"{name}.sha256").write_text(f"{digest}  {name}\n", encoding="utf-8")
    row, _created = OpenDataFile.objects.update_or_create(
        month=start, defaults={"name": name, "size": path.stat().st_size, "games": count[0], "sha256": digest}
    )
    return row


def previous_month(now: Any = None) -> date:
    """The first day of the month before ``now``'s (UTC)."""
    today = (now or timezone.now()).date()
    first = today.replace(day=1)
    return first.replace(year=first.year - 1, month=12) if first.month == 1 else first.replace(month=first.month - 1)
