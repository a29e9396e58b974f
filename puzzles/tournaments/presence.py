"""Whether an arena's waiting player still has a page of the site open, as
Lichess asks before pairing: one whose pages are all gone is paused (not
paired again until they press Resume, which is joining again) rather than
paired into a game they would lose on time.

A page is seen by its long polls (every page of a known reader holds the
header's poll, sent again as soon as it is answered, at most 25 seconds
later: ``core.longpoll.on_poll``, and the event page's own), by the event
page's socket (when it connects and every ``SOCKET_EVERY`` seconds while it
is open: ``stream``), and by the event's API and page.  Each sighting is the
time in one cache key per player (an account's id or a guest's token).

A waiting player is *gone* when nothing of theirs has been seen for
``GONE_SECONDS`` and they have waited that long: a player just back from a
game (or just in) is never gone, so one who plays game after game through
the API alone is paired as before."""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.core.cache import cache

from puzzles.accounts.players import Player

from .models import Entry

log = logging.getLogger(__name__)

# Longer than a page's poll is held (25 s), so a page that only polls is never gone.
GONE_SECONDS = 30
SOCKET_EVERY = 10  # how often an open event page's socket says its reader is there
_KEEP_SECONDS = 600  # how long a sighting is kept

Identity = tuple[str, Any]


def identity_of(entry: Entry) -> Identity:
    return ("u", entry.owner_id) if entry.owner_id is not None else ("s", entry.session_key)


def _key(identity: Identity) -> str:
    return f"tournaments:seen:{identity[0]}:{identity[1]}"


def seen(identities: Iterable[Identity | None], now: datetime | None = None) -> None:
    """These players have a page open now (``now``: the time, for the tests' clock)."""
    moment = time.time() if now is None else now.timestamp()
    keys = {_key(who): moment for who in identities if who is not None and who[1]}
    if keys:
        cache.set_many(keys, _KEEP_SECONDS)


def player_seen(player: Player) -> None:
    if player.user is not None:
        seen([("u", player.user.pk)])
    elif player.token:
        seen([("s", player.token)])


def request_seen(request: Any) -> None:
    """A held long poll's reader has a page open (``core.longpoll.on_poll``)."""
    try:
        player_seen(Player.of(request))
    except Exception:  # a request without a session: nobody to note
        log.debug("a poll with no player", exc_info=True)


def gone(entries: Iterable[Entry], now: datetime) -> list[Entry]:
    """The waiting ``entries`` whose pages are all gone (``now``: the time now)."""
    moment = now.timestamp()
    waited = [
        e for e in entries if e.waiting_since is not None and (now - e.waiting_since).total_seconds() >= GONE_SECONDS
    ]
    if not waited:
        return []
    sightings = cache.get_many([_key(identity_of(e)) for e in waited])
    return [e for e in waited if moment - float(sightings.get(_key(identity_of(e)), 0)) >= GONE_SECONDS]
