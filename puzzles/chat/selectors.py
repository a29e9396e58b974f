"""The chat's reads (never a write): who may read and post in a room, its
messages as a reader sees them, a player's mute."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.db.models import QuerySet
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext as _

from puzzles.accounts.players import Player
from puzzles.games.models import Game
from puzzles.games.selectors import game_of, game_people, people_readable
from puzzles.tournaments.models import Tournament
from puzzles.tournaments.selectors import entry_of

from . import blocks
from .models import Message, Mute, Room

# The change channels' kinds (``core.events.channel``), one a kind of room,
# each with the game's or the tournament's id.
CHANNEL_KINDS: dict[str, str] = {
    Room.Kind.PLAYERS: "chat-players",
    Room.Kind.SPECTATORS: "chat-spectators",
    Room.Kind.TOURNAMENT: "chat-tournament",
}
MAX_LENGTH = 140  # characters of a typed message
RATE_COUNT, RATE_SECONDS = 5, 10  # at most 5 messages in 10 seconds
SHOWN = 50  # the latest messages a room's first read gives


@dataclass(frozen=True)
class Place:
    """A room as a reader asks for it: its kind and its game or tournament
    (``room`` once its first message made it)."""

    kind: str
    game: Game | None
    tournament: Tournament | None
    room: Room | None

    @property
    def host_id(self) -> int:
        host = self.game if self.game is not None else self.tournament
        assert host is not None
        return int(host.pk)

    @property
    def version(self) -> int:
        return self.room.version if self.room is not None else 0


def place_of(kind: str, host_id: int, player: Player) -> Place:
    """The room of a game between people (``players``, ``spectators``) or of
    a tournament; 404 when there is no such game or tournament, or a game
    ``player`` may not read (a concealed game not theirs)."""
    if kind == Room.Kind.TOURNAMENT:
        tournament = Tournament.objects.filter(pk=host_id).first()
        if tournament is None:
            raise Http404(_("No such tournament."))
        return Place(kind, None, tournament, Room.objects.filter(tournament=tournament).first())
    game = game_of(player, host_id)
    if game is None or game.kind != Game.Kind.PEOPLE:
        raise Http404(_("No such game between people."))
    return Place(kind, game, None, Room.objects.filter(game=game, kind=kind).first())


def _seated(game: Game, player: Player) -> bool:
    return player.known and player in game_people(game).values()


def _others_seated(game: Game, player: Player) -> list[Player]:
    return [p for p in game_people(game).values() if p != player]


def _partners_at_play(game: Game) -> bool:
    """A team variant's game (partnership) still being played: its players'
    room is closed, as partners would otherwise tell each other their stones."""
    return game.status != Game.Status.OVER and any(len(team) > 1 for team in game.rules.teams)


def read_refusal(place: Place, player: Player) -> str | None:
    """Why ``player`` may not read the room (None: they may)."""
    if place.kind == Room.Kind.TOURNAMENT:
        return None  # anyone who can see the tournament (who has its link) reads its room
    assert place.game is not None
    if not people_readable(place.game, player):  # a concealed game: as if there were none
        return _("No such game between people.")
    seated = _seated(place.game, player)
    if place.kind == Room.Kind.PLAYERS and not seated:
        return _("Only the game's players read their room.")
    if place.kind == Room.Kind.PLAYERS and _partners_at_play(place.game):
        return _("Partners do not talk during the game: the players' room opens once the game is over.")
    if place.kind == Room.Kind.SPECTATORS and seated and place.game.status != Game.Status.OVER:
        return _("The players read the spectators' room once the game is over.")
    return None


def muted_until(player: Player) -> Any:
    """When the player's mute ends, or None when they are not muted."""
    if not player.known:
        return None
    mute = player.rows(Mute.objects.filter(until__gt=timezone.now())).order_by("-until").first()
    return mute.until if mute is not None else None


def post_refusal(place: Place, player: Player) -> str | None:
    """Why ``player`` may not post in the room now (None: they may), the
    reasons the chat box shows; the rate and the length are checked on the
    message itself."""
    refused = read_refusal(place, player)
    if refused is not None:
        return refused
    until = muted_until(player)
    if until is not None:  # said before any other reason: it is the player's own, and it ends
        return _("A moderator muted you in the chat: you can post again after %(time)s UTC.") % {
            "time": f"{until:%Y-%m-%d %H:%M}"
        }
    if place.kind == Room.Kind.TOURNAMENT:
        assert place.tournament is not None
        if not player.known or entry_of(place.tournament, player) is None:
            return _("Only the tournament's entrants post here.")
    else:
        assert place.game is not None
        if place.game.rated and not player.is_authenticated:
            return _("Guests cannot chat in rated games: log in to chat.")
        if place.kind == Room.Kind.SPECTATORS and _seated(place.game, player) and place.game.status != Game.Status.OVER:
            return _("Players cannot post in the spectators' room during the game.")
        if place.kind == Room.Kind.PLAYERS:
            return blocks.post_refusal(player, _others_seated(place.game, player))
    return None


def sent_lately(player: Player) -> int:
    """How many messages the player sent in the last ``RATE_SECONDS``."""
    since = timezone.now() - timedelta(seconds=RATE_SECONDS)
    return player.rows(Message.objects.filter(created_at__gte=since)).count()


def messages_for(place: Place, player: Player, after: int | None) -> list[Message]:
    """The room's messages after id ``after`` (else its latest ``SHOWN``),
    oldest first, without those of anyone the reader blocked or who blocked them."""
    if place.room is None:
        return []
    rows: QuerySet[Message] = place.room.messages.select_related("owner")
    if after is not None:
        found = list(rows.filter(id__gt=after).order_by("id")[:SHOWN])
    else:
        found = list(reversed(rows.order_by("-id")[:SHOWN]))
    hidden = blocks.hidden_authors(player, {m.owner_id for m in found if m.owner_id is not None})
    return [m for m in found if m.owner_id not in hidden or m.owner_id is None]


def message_get(message_id: int) -> Message:
    message = Message.objects.select_related("room", "room__game", "room__tournament").filter(pk=message_id).first()
    if message is None:
        raise Http404(_("No such message."))
    return message


def place_of_room(room: Room) -> Place:
    return Place(room.kind, room.game, room.tournament, room)


def version_for(kind: str, player: Player, host_id: int) -> int | None:
    """The room's version if ``player`` may read it, else None (the long
    polls' ``version_of``)."""
    try:
        place = place_of(kind, host_id, player)
    except Http404:
        return None
    return place.version if read_refusal(place, player) is None else None


def version_of_room(kind: str, host_id: int) -> int | None:
    """The room's version alone (0 before its first message)."""
    if kind == Room.Kind.TOURNAMENT:
        found = Room.objects.filter(tournament_id=host_id).values_list("version", flat=True).first()
    else:
        found = Room.objects.filter(game_id=host_id, kind=kind).values_list("version", flat=True).first()
    return found if found is not None else 0
