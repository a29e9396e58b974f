"""An event followed over a WebSocket (``/ws/tournaments/<id>/``): its page
is sent the event's JSON (``presentation.tournament_state`` paged, as its
reader reads it with ``?page=``) when it connects and again after each
change.  The page follows one page of the standings: its reader's own
(``?page=mine``, the default: it moves with their line), or the one it
asks for (``?page=<n>`` on the socket's address, then ``{"type": "page",
"page": <n> | null}`` sent on the socket, answered with the event at once).

A thousand pages following an arena must cost the web process little when
a game ends, so the pages of one event in one process share a ``Room``: a
single subscription to the event's change channel (``core.events``), the
event read once per version and language (``snapshot.Snapshot``), and each
page sent its own JSON spliced from it, with no query of its own.  A burst
of changes (several games ending at once) is read and sent once: after a
notice the room waits ``SETTLE_SECONDS`` before reading, and at least
``GAP_SECONDS`` after its last send: at most two versions a second reach
the pages, well within the second in which a page should see a game's end,
where a busy arena's every game end and pairing made one each (a thousand
pages sent about 16 kB each time; a page of ten lines is about 3 kB).  Where no WebSocket opens,
the page long-polls ``GET /api/tournaments/<id>/?page=...&wait=`` instead."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from typing import Any
from urllib.parse import parse_qs

from channels.generic.websocket import AsyncWebsocketConsumer
from django.utils import translation
from django.utils.translation import gettext as _

from puzzles.accounts.players import Player
from puzzles.core import events
from puzzles.games.socket_moves import request_of
from puzzles.games.stream import OnTheLoop
from puzzles.games.stream import in_a_thread as _in_a_thread

from . import presence, presentation
from .snapshot import Identity, Snapshot, identity_of

log = logging.getLogger(__name__)

# The close code of an event that does not exist.
NOT_FOUND = 4404
# How long a room lets changes gather after a notice before it reads the event.
SETTLE_SECONDS = 0.2
# The least time between two sends of a room to its pages, and how many
# pages' sends are started before the loop is let run.
GAP_SECONDS, BATCH = 0.5, 50
# The longest a room waits quietly before it reads the event's version again
# (a notice lost while Redis reconnected is caught then).
QUIET_SECONDS = 30.0


def _identity(request: Any) -> Identity | None:
    player = Player.of(request)
    return identity_of(player.user.pk if player.user is not None else None, player.token)


class Room:
    """The pages of one event open in this process."""

    def __init__(self, tournament_id: int) -> None:
        self.tournament_id = tournament_id
        self.pages: set[TournamentStream] = set()
        self.snapshots: dict[str, Snapshot] = {}  # by language, all at one version
        self.task: asyncio.Task[None] | None = None
        self.marked_at = time.monotonic()  # when its readers were last said to be there
        self.sent_at = 0.0  # when it last sent its pages a new version (time.monotonic())

    async def snapshot(self, language: str) -> Snapshot | None:
        found = self.snapshots.get(language)
        if found is None:
            found = await _in_a_thread(Snapshot.read)(self.tournament_id, language)
            if found is not None:
                self._keep(language, found)
        return found

    def _keep(self, language: str, snapshot: Snapshot) -> None:
        if any(s.version != snapshot.version for s in self.snapshots.values()):
            self.snapshots = {}
        self.snapshots[language] = snapshot

    async def follow(self) -> None:
        """Send every page the event again after each change, while any
        is open; and say every ``presence.SOCKET_EVERY`` seconds that their
        readers are there (an arena pauses a player whose pages are all gone)."""
        name = events.channel("tournament", self.tournament_id)
        async with events.Subscription(name) as subscription:
            while self.pages:
                noticed = await subscription.notice(min(QUIET_SECONDS, presence.SOCKET_EVERY))
                if time.monotonic() - self.marked_at >= presence.SOCKET_EVERY:
                    self.marked_at = time.monotonic()
                    await _in_a_thread(presence.seen)([page.who for page in self.pages])
                if not noticed:
                    continue
                await asyncio.sleep(max(SETTLE_SECONDS, self.sent_at + GAP_SECONDS - time.monotonic()))
                await self.send_all()

    async def send_all(self) -> None:
        languages = {page.language for page in self.pages}
        fresh: dict[str, Snapshot] = {}
        for language in languages:
            snapshot = await _in_a_thread(Snapshot.read)(self.tournament_id, language)
            if snapshot is None:
                return
            fresh[language] = snapshot
        unchanged = all(
            self.snapshots.get(language) is not None and self.snapshots[language].version == s.version
            for language, s in fresh.items()
        )
        self.snapshots = fresh
        if unchanged:
            return
        self.sent_at = time.monotonic()
        # at once, not one after another: a page slow to take its frame holds
        # up no other; started ``BATCH`` at a time with the loop let run
        # between, so that a move read meanwhile is relayed without waiting
        # for a thousand pages' frames
        loop, sending = asyncio.get_running_loop(), []
        for count, page in enumerate(list(self.pages), 1):
            sending.append(loop.create_task(page.send_doc(fresh[page.language])))
            if count % BATCH == 0:
                await asyncio.sleep(0)
        await asyncio.gather(*sending)


_rooms: dict[int, Room] = {}


class TournamentStream(OnTheLoop, AsyncWebsocketConsumer):  # type: ignore[misc]
    """One page following one event."""

    room: Room | None = None
    language = "en"
    who: Identity | None = None
    sent_version = -1
    page: int | None = None  # the page of the standings it follows (None: its reader's own)

    async def connect(self) -> None:
        tournament_id = int(self.scope["url_route"]["kwargs"]["tournament_id"])
        request = request_of(self.scope)
        self.language = translation.get_language_from_request(request)
        asked = parse_qs(self.scope.get("query_string", b"").decode("latin-1")).get("page")
        if asked:
            try:
                self.page = presentation.page_asked(asked[0])
            except ValueError:
                self.page = None  # a page the address cannot mean: the reader's own
        self.who = await _in_a_thread(_identity)(request)
        room = _rooms.setdefault(tournament_id, Room(tournament_id))
        snapshot = await room.snapshot(self.language)
        if snapshot is None:
            if not room.pages:
                _rooms.pop(tournament_id, None)
            await self.close(code=NOT_FOUND)
            return
        await self.accept()
        await _in_a_thread(presence.seen)([self.who])
        self.room = room
        room.pages.add(self)
        if room.task is None or room.task.done():
            room.task = asyncio.get_running_loop().create_task(room.follow())
        await self.send_doc(snapshot)

    async def disconnect(self, code: int) -> None:
        room = self.room
        if room is None:
            return
        room.pages.discard(self)
        if not room.pages:
            _rooms.pop(room.tournament_id, None)
            if room.task is not None:
                room.task.cancel()

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """The page of the standings to follow, ``{"type": "page", "page":
        <n> | null}`` (null: the reader's own), answered with the event at
        once; its other actions go through the API."""
        try:
            asked = json.loads(text_data or "")
            if not isinstance(asked, dict) or asked.get("type") != "page":
                raise ValueError
            page = asked.get("page")
            if page is not None and (type(page) is not int or page < 1):
                raise ValueError
        except ValueError:
            with translation.override(self.language):
                error = _('a message on this socket asks for a page of the standings: {"type": "page", "page": 2}')
            await self.send(text_data=json.dumps({"type": "refused", "error": error}))
            return
        self.page = page
        if self.room is not None:
            snapshot = await self.room.snapshot(self.language)
            if snapshot is not None:
                await self.send_doc(snapshot, again=True)

    async def send_doc(self, snapshot: Snapshot, again: bool = False) -> None:
        """Sends the event at ``snapshot``'s version, if newer than the last sent (or ``again``)."""
        if snapshot.version <= self.sent_version and not again:
            return
        self.sent_version = max(self.sent_version, snapshot.version)
        try:
            await self.send(text_data=snapshot.doc_for(self.who, self.page))
        except RuntimeError:  # the page closed its socket meanwhile
            log.debug("a tournament page closed before its event was sent")
