"""What each bot stream sends, read from the database (synchronous: the
ASGI holder of the streams, ``streaming``, calls it in a thread).

A feed is opened by the stream's view, where the request is authenticated
and checked, and answers ``first()`` (the lines sent at once), then
``next()`` whenever its change channel has a notice or the keep-alive is
due (the lines to send since, often none), until ``finished``.

- ``GameFeed``: one game as its reader sees it (``gameFull``, then a
  ``gameState`` whenever the game's version moves on, the last once it is
  over).  A seated reader's open stream marks their seat there, as the
  game's socket does (``games.disconnects``), so a program holding its
  game's stream is not taken for a player who left.
- ``EventFeed``: a player's challenges and games (``challenge``,
  ``challengeDeclined``, ``challengeCanceled``, ``gameStart``,
  ``gameFinish``), by comparing what is open now with what was sent: the
  open challenges and games in progress are sent when the stream opens."""

from __future__ import annotations

import time
from typing import Any, Protocol

from puzzles.accounts.players import Player
from puzzles.core import events
from puzzles.games import clock, deadlines, disconnects, seating
from puzzles.games import presentation as game_presentation
from puzzles.games import selectors as game_selectors
from puzzles.games.models import Game
from puzzles.people import selectors as people_selectors

from . import presentation, selectors

Event = dict[str, Any]


class Feed(Protocol):
    channel: str
    finished: bool

    def first(self) -> list[Event]: ...

    def next(self) -> list[Event]: ...

    def opened(self) -> None: ...

    def closed(self) -> None: ...


class GameFeed:
    """A game's stream, as ``player`` reads it (from their seat, or as a spectator)."""

    def __init__(self, player: Player, game: Game) -> None:
        self.player = player
        self.game_id = game.pk
        self.channel = events.channel("game", game.pk)
        self.seat = seating.seat_of(game, player) if game.is_people else None
        self.version: int | None = None
        self.finished = False
        self._game = game
        self._seen_at = 0.0  # when the seat was last marked there
        self._marked = False

    def _state(self, game: Game) -> Event:
        game = deadlines.game_check_deadline(game)  # a flagged game ends here, as on any read
        state = game_presentation.game_state(game, viewer=self.player)
        self.version = state["version"]
        self.finished = state["status"] == Game.Status.OVER
        return state

    def first(self) -> list[Event]:
        return [presentation.game_full_event(self._state(self._game))]

    def next(self) -> list[Event]:
        game = game_selectors.game_by_id(self.game_id)
        if game is None:  # deleted meanwhile: nothing more to say
            self.finished = True
            return []
        self._keep_seen()
        if game.version == self.version and not clock.deadline_passed(game):
            return []
        before = self.version
        state = self._state(game)
        return [presentation.game_state_event(state)] if state["version"] != before else []

    def opened(self) -> None:
        if self.seat is not None and not self.finished:
            disconnects.socket_opened(self.game_id, self.seat)
            self._marked, self._seen_at = True, time.monotonic()

    def closed(self) -> None:
        if self._marked and self.seat is not None:
            disconnects.socket_closed(self.game_id, self.seat)
            self._marked = False

    def _keep_seen(self) -> None:
        if self._marked and self.seat is not None:
            now = time.monotonic()
            if now - self._seen_at >= disconnects.SOCKET_REFRESH_SECONDS:
                disconnects.sockets_seen([(self.game_id, self.seat)])
                self._seen_at = now


class EventFeed:
    """A player's challenges and games."""

    finished = False

    def __init__(self, player: Player) -> None:
        self.player = player
        self.channel = people_selectors.inbox_channel(player)
        self.challenges: set[int] = set()  # the open challenges sent
        self.games: dict[int, str | None] = {}  # the games in progress sent, with the player's seat

    def first(self) -> list[Event]:
        return self.next()

    def next(self) -> list[Event]:
        return [*self._challenges(), *self._games()]

    def _challenges(self) -> list[Event]:
        out: list[Event] = []
        now_open = selectors.open_challenges(self.player)
        ids = {challenge.pk for challenge, _seat in now_open}
        for challenge, seat in now_open:
            if challenge.pk not in self.challenges:
                out.append(presentation.challenge_event(challenge, seat))
        gone = self.challenges - ids
        if gone:
            for pk, status in sorted(selectors.challenge_statuses(gone).items()):
                event = presentation.challenge_gone_event(pk, status)
                if event is not None:
                    out.append(event)
        self.challenges = ids
        return out

    def _games(self) -> list[Event]:
        out: list[Event] = []
        now_playing = list(selectors.games_in_progress(self.player))
        ids = {game.pk for game in now_playing}
        for game in now_playing:
            if game.pk not in self.games:
                self.games[game.pk] = seat = seating.seat_of(game, self.player)
                out.append(presentation.game_start_event(game, seat))
        gone = set(self.games) - ids
        if gone:
            for pk, game in sorted(selectors.games_by_ids(gone).items()):
                if game.status == Game.Status.OVER:
                    out.append(presentation.game_finish_event(game, self.games[pk]))
            for pk in gone:
                del self.games[pk]
        return out

    def opened(self) -> None:
        """Nothing to mark: the events are the player's, not a table's."""

    def closed(self) -> None:
        """Nothing to unmark."""
