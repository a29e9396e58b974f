"""Reads of the archive (never a write): a player's imported games, the open
data files, and the games a month's open data file holds."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime

from django.db.models import QuerySet

from puzzles.accounts.players import Player
from puzzles.games.models import Game

from .models import ImportedGame, OpenDataFile

PAGE_SIZE = 50


def imported_games(player: Player) -> QuerySet[ImportedGame]:
    """The player's imported games, newest first (none for a visitor not known yet)."""
    if not player.known:
        return ImportedGame.objects.none()
    return player.rows(ImportedGame.objects.all()).order_by("-created_at", "-id")


@dataclass(frozen=True)
class ImportedPage:
    games: list[ImportedGame]
    number: int
    count: int

    @property
    def pages(self) -> int:
        return max(1, -(-self.count // PAGE_SIZE))


def imported_page(player: Player, number: int) -> ImportedPage:
    games = imported_games(player).defer("record")
    count = games.count()
    number = min(max(1, number), max(1, -(-count // PAGE_SIZE)))
    start = (number - 1) * PAGE_SIZE
    return ImportedPage(list(games[start : start + PAGE_SIZE]), number, count)


def imported_game(player: Player, game_id: int) -> ImportedGame | None:
    return imported_games(player).filter(pk=game_id).first()


def month_bounds(month: date) -> tuple[datetime, datetime]:
    """The month of ``month`` (any day of it) as UTC instants, end excluded."""
    start = datetime(month.year, month.month, 1, tzinfo=UTC)
    end = datetime(month.year + month.month // 12, month.month % 12 + 1, 1, tzinfo=UTC)
    return start, end


def month_games(month: date) -> QuerySet[Game]:
    """The rated games between people that ended in ``month`` (UTC), oldest
    first: over (a game's row changes last when it ends), not aborted, not an
    event's concealed deal.  Practice games and casual games are left out."""
    start, end = month_bounds(month)
    return (
        Game.objects.filter(
            kind=Game.Kind.PEOPLE,
            rated=True,
            concealed=False,
            status=Game.Status.OVER,
            updated_at__gte=start,
            updated_at__lt=end,
        )
        .exclude(result__reason="aborted")
        .order_by("updated_at", "pk")
    )


def open_data_files() -> list[OpenDataFile]:
    """Every month's file, newest first."""
    return list(OpenDataFile.objects.order_by("-month"))


def open_data_file(name: str) -> OpenDataFile | None:
    return OpenDataFile.objects.filter(name=name).first()
