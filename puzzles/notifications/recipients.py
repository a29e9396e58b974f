"""Who is told of an event and what names it: one ``Recipient`` per account
to tell, with the notice's key, data and address.  Reads only."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.urls import reverse

from puzzles.accounts.players import Player
from puzzles.botaccounts.selectors import is_bot
from puzzles.games import clock, disconnects
from puzzles.games.models import Game, GameSeat
from puzzles.games.selectors import game_players
from puzzles.people.models import Challenge, ChallengeSeat
from puzzles.tournaments.models import Entry, Tournament


@dataclass(frozen=True)
class Recipient:
    user: Any
    kind: str
    key: str
    url: str
    data: dict[str, Any] = field(default_factory=dict)
    # The player is looking at what it tells of (the game's page open): made read, so the bell does not count it.
    read: bool = False


def _name(player: Player | str | None) -> str:
    if isinstance(player, Player) and player.is_authenticated:
        return str(player.user.username)
    return ""  # a guest: worded "a guest"


def _opponent(game: Game, players: dict[str, Player | str], seat: str) -> dict[str, Any]:
    """The name of the first person on the other side of ``seat``'s, and whether a bot's account it is."""
    for other, player in players.items():
        if not game.rules.same_team(other, seat) and isinstance(player, Player):
            return {"name": _name(player), "bot": is_bot(player)}
    return {"name": "", "bot": False}


def _at_table(game: Game, seats: list[str]) -> set[str]:
    """The seats whose person has the game's page open now (its socket or
    long poll, as ``games.disconnects`` counts them there)."""
    at = clock.now()
    polls = disconnects.polled_until(game.pk, seats)
    rows = GameSeat.objects.filter(game=game, seat__in=seats, level="")
    return {row.seat for row in rows if disconnects.away_since(row, game, at, polls.get(row.seat)) is None}


def turn(game_id: int, ply: int, seat: str) -> list[Recipient]:
    """The person to move in a correspondence game, if the game is still at that ply and theirs."""
    game = Game.objects.filter(pk=game_id, kind=Game.Kind.PEOPLE).first()
    if game is None or game.status == Game.Status.OVER or game.ply_count != ply:
        return []  # moved on (or over) before the task ran: nothing to tell
    players = game_players(game)
    player = players.get(seat)
    if not isinstance(player, Player) or not player.is_authenticated:
        return []
    url = reverse("games:play-game", args=[game.pk])
    data = {"game": game.pk, **_opponent(game, players, seat)}
    read = seat in _at_table(game, [seat])
    return [Recipient(player.user, "turn", f"turn:{game.pk}:{ply}", url, data, read)]


def ended(game_id: int) -> list[Recipient]:
    """Every account that played a finished game between people."""
    game = Game.objects.filter(pk=game_id, kind=Game.Kind.PEOPLE, status=Game.Status.OVER).first()
    if game is None:
        return []
    players = game_players(game)
    url = reverse("games:play-game", args=[game.pk])
    here = _at_table(game, list(players))
    out: list[Recipient] = []
    for seat, player in players.items():
        if isinstance(player, Player) and player.is_authenticated and player.user not in [r.user for r in out]:
            data = {"game": game.pk, **_opponent(game, players, seat)}
            out.append(Recipient(player.user, "ended", f"ended:{game.pk}", url, data, seat in here))
    return out


def challenge(challenge_id: int) -> list[Recipient]:
    """The accounts a still open challenge keeps a seat for."""
    row = Challenge.objects.filter(pk=challenge_id, status=Challenge.Status.OPEN).select_related("creator").first()
    if row is None:
        return []
    seats = ChallengeSeat.objects.filter(challenge=row, owner__isnull=False, joined_at__isnull=True)
    url = reverse("people:challenge", args=[row.pk])
    name = row.creator.username if row.creator is not None else ""
    data = {"challenge": row.pk, "name": name, "bot": is_bot(row.creator_id)}
    return [
        Recipient(seat.owner, "challenge", f"challenge:{row.pk}", url, data) for seat in seats.select_related("owner")
    ]


def tournament(tournament_id: int) -> list[Recipient]:
    """The accounts entered in an event that has started."""
    row = Tournament.objects.filter(pk=tournament_id, status=Tournament.Status.STARTED).first()
    if row is None:
        return []
    url = reverse("tournaments:page", args=[row.pk])
    data = {"tournament": row.pk, "name": row.name or f"#{row.pk}"}
    entries = Entry.objects.filter(tournament=row, owner__isnull=False, active=True).select_related("owner")
    return [Recipient(entry.owner, "tournament", f"tournament:{row.pk}", url, data) for entry in entries]
