"""How many are watching a game between people now: each spectator in a
Redis sorted set per game, scored by when it was last seen (``viewer_key``:
a client with a session by its session, one without by the viewer id the
server issued its page, ``viewer_issue``; never an id a client made up).
A spectator's WebSocket adds it when it opens and takes it out when it
closes; the spectator's page asks for the count every few seconds
(``watching``), which keeps it in while the page is open whether or not a
socket opened.  One address (an IPv6 one's /64) counts at most
``PER_ADDRESS`` spectators of a game (a second sorted set per game and
address), so that fresh sessions or ids asked for in a loop cannot inflate
the count.  A client not seen for
``SEEN_SECONDS`` no longer counts, so a process that died with sockets open
leaves nothing behind for long.  Counting is one ``ZCOUNT`` a game (a list's
in one round trip); Redis down counts nobody and breaks nothing."""

from __future__ import annotations

import contextlib
import ipaddress
import secrets
import time
from collections.abc import Iterable

import redis
from django.conf import settings
from django.core import signing

# A spectator not seen for this long (its page asks every few seconds) no longer counts.
SEEN_SECONDS = 30
# The spectators of one game counted from one address (a household, a club behind one router).
PER_ADDRESS = 10
_client: redis.Redis | None = None
_SALT = "od.games.spectators.viewer"

# Counts ``ARGV[1]`` (the viewer) in the game's set ``KEYS[1]`` unless its
# address's set ``KEYS[2]`` already holds ``ARGV[4]`` others seen since
# ``ARGV[3]``; in one step, so that requests at once cannot pass the cap
# together.  1 when counted.
_SEEN_SCRIPT = """
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', ARGV[3])
if not redis.call('ZSCORE', KEYS[2], ARGV[1]) and redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[4]) then
  return 0
end
redis.call('ZADD', KEYS[2], ARGV[2], ARGV[1])
redis.call('EXPIRE', KEYS[2], ARGV[5])
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[3])
redis.call('EXPIRE', KEYS[1], ARGV[5])
return 1
"""


def _redis() -> redis.Redis:
    global _client
    if _client is None:
        _client = redis.Redis.from_url(settings.REDIS_URL, socket_connect_timeout=0.5, socket_timeout=1)
    return _client


def _key(game_id: int) -> str:
    return f"od:spectators:{game_id}"


def _network(address: str) -> str:
    """Whom an address counts as: itself, or an IPv6 address's /64 (one
    household's or machine's, which may take a new address at will)."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    return str(ipaddress.ip_network(f"{ip}/64", strict=False)) if ip.version == 6 else str(ip)


def seen(game_id: int, viewer: str, address: str) -> bool:
    """``viewer`` watches the game now (kept for ``SEEN_SECONDS``), from
    ``address``; False when that address has ``PER_ADDRESS`` others counted."""
    now = time.time()
    keys = [_key(game_id), f"{_key(game_id)}:from:{_network(address)}"]
    try:
        counted = _redis().eval(_SEEN_SCRIPT, 2, *keys, viewer, now, now - SEEN_SECONDS, PER_ADDRESS, SEEN_SECONDS * 2)
    except redis.RedisError:
        return False  # uncounted, nothing else changes
    return bool(counted)


def left(game_id: int, viewer: str) -> None:
    """``viewer`` stopped watching (its socket closed)."""
    with contextlib.suppress(redis.RedisError):
        _redis().zrem(_key(game_id), viewer)


def counts(game_ids: Iterable[int]) -> dict[int, int]:
    """How many watch each game now, in one round trip (0 for each when Redis cannot be reached)."""
    ids = list(game_ids)
    if not ids:
        return {}
    since = time.time() - SEEN_SECONDS
    try:
        with _redis().pipeline(transaction=False) as pipe:
            for game_id in ids:
                pipe.zcount(_key(game_id), since, "+inf")
            found = pipe.execute()
    except redis.RedisError:
        return dict.fromkeys(ids, 0)
    return {game_id: int(n) for game_id, n in zip(ids, found, strict=True)}


def viewer_issue(game_id: int) -> str:
    """A new viewer id for a page watching ``game_id``, signed by the server
    (letters, digits, ``-``, ``_``, ``.`` and ``:``)."""
    return signing.Signer(salt=_SALT).sign(f"{game_id}.{secrets.token_urlsafe(12)}")


def viewer_checked(game_id: int, token: str | None) -> str | None:
    """The page's own part of a viewer id the server issued for ``game_id``; None for any other."""
    if not token:
        return None
    try:
        value = signing.Signer(salt=_SALT).unsign(token)
    except signing.BadSignature:
        return None
    game, _dot, page = value.partition(".")
    return page if game == str(game_id) and page else None


def viewer_key(client: str, page: str | None) -> str:
    """Who is counted: a client with a session by its session (its socket and
    its page's requests alike); one without (most spectators: watching
    stores nothing in a session) by its page's viewer id (``viewer_checked``),
    as many share an address."""
    return f"page:{page}" if page and not client.startswith("session:") else client


def socket_opened(game_id: int, client: str, address: str) -> None:
    """A spectator's socket opened: counted at once when its client has a
    session (else its page's request counts it, by the page's own id)."""
    if client.startswith("session:"):
        seen(game_id, client, address)


def socket_closed(game_id: int, client: str) -> None:
    if client.startswith("session:"):
        left(game_id, client)


def count(game_id: int) -> int:
    return counts([game_id])[game_id]
