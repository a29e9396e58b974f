"""Whether each person of a game between people has its page open now, and
the claim of victory over an opponent who has left a live game.

A seat's person is there while they hold a game socket open (``sockets``,
counted up and down by ``stream.GameStream``, and ``seen_until`` refreshed
to now every ``SOCKET_REFRESH_SECONDS`` by the web process holding it) or
while a long poll of theirs is held (the poll's end kept in the cache, a
key per game and seat: a read writes nothing to the database).  A count of
sockets whose ``seen_until`` is older than ``SOCKET_FRESH_SECONDS`` is one
a dead process left behind: its person counts as gone since then.  A socket
that closes leaves ``seen_until`` at its closing, and each move of a seat is
a sign of life too (a program that posts its moves).  So the opponent's
page learns (``presence_of``) that a person is gone, and since when; a page
shows it after ``SHOWN_AFTER_SECONDS``, the few seconds a page takes to
reload or reconnect.

In a live timed game (a clock, no days a move) in which every person has
made their first move, once every person of the other side has been gone
``OD_DISCONNECT_CLAIM_SECONDS`` (30 s by default), a player may claim the
game (``game_claim``).  The absence is counted from the latest of the
opponent's last sign of life, the end of the site's last outage since
(``core.outages``: after a restart nobody could be there) and the
claimant's own arrival at the table.  The server checks it itself and ends
the game as a win for the claimant's side, scored as if the absent side
had resigned (reason ``abandoned``, the absent seat in ``abandoned``), and
rated as a resignation would be (``early.early_end``: before each person
has moved twice, a rated game ends as an abort).  A correspondence game is
never claimed (its deadlines of days decide), nor an untimed one."""

from __future__ import annotations

import math
from collections.abc import Iterable
from datetime import UTC, datetime, timedelta
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import F, Max, Q
from django.db.models.functions import Greatest
from django.http import HttpRequest
from django.utils.translation import gettext as _

from puzzles.accounts.players import Player
from puzzles.core import events, outages
from puzzles.core.errors import ApplicationError, ConflictError
from solver import Position

from . import clock, deadlines, early, seating, selectors, vacations
from .models import Game, GameMove, GameSeat

# How a game ends when it is claimed; the absent seat is under this key too.
ABANDONED = "abandoned"
# A page shows a person gone once they have been away this long (a reload or a reconnection takes less).
SHOWN_AFTER_SECONDS = 4.0
# A long poll counts its person there this much beyond its wait (its answer on the way, the next poll).
POLL_MARGIN_SECONDS = 3.0
# Each web process moves ``seen_until`` of the seats whose sockets it holds to now this often (``stream``)...
SOCKET_REFRESH_SECONDS = 10.0
# ...and open sockets count only while it is this recent: else their process died without closing them.
SOCKET_FRESH_SECONDS = 30.0


def claim_seconds() -> float:
    """How long every person of the other side must have been gone before a claim."""
    return float(settings.OD_DISCONNECT_CLAIM_SECONDS)


def _ms(at: datetime) -> int:
    return int(at.timestamp() * 1000)


# ------------------------------------------------------------------- the seats seen


def socket_opened(game_id: int, seat: str) -> None:
    """A socket of the person of ``seat`` opened on the game."""
    GameSeat.objects.filter(game_id=game_id, seat=seat).update(sockets=F("sockets") + 1, seen_until=clock.now())


def socket_closed(game_id: int, seat: str) -> None:
    """A socket of the person of ``seat`` closed: gone from now, unless another is open."""
    GameSeat.objects.filter(game_id=game_id, seat=seat).update(
        sockets=Greatest(F("sockets") - 1, 0), seen_until=clock.now()
    )


def sockets_seen(seats: Iterable[tuple[int, str]]) -> None:
    """This process still holds sockets open on these (game, seat): their
    ``seen_until`` moves to now, in one update."""
    match = Q()
    for game_id, seat in set(seats):
        match |= Q(game_id=game_id, seat=seat)
    if match:
        GameSeat.objects.filter(match, sockets__gt=0).update(seen_until=clock.now())


def _poll_key(game_id: int, seat: str) -> str:
    return f"games:polled:{game_id}:{seat}"


def polled(game_id: int, player: Player, seconds: float) -> None:
    """A long poll of ``player`` on the game is held up to ``seconds``: their
    seat's person counts as there until then.  Kept in the cache (a key per
    game and seat, gone after the wait), so the poll writes no row; nothing
    for a spectator or a practice game."""
    if player.user is not None:
        mine = Q(owner_id=player.user.pk)
    elif player.token:
        mine = Q(owner__isnull=True, session_key=player.token)
    else:
        return
    seat = GameSeat.objects.filter(mine, game_id=game_id, level="").values_list("seat", flat=True).first()
    if seat is None:
        return
    wait = seconds + POLL_MARGIN_SECONDS
    until = (clock.now() + timedelta(seconds=wait)).timestamp()
    key = _poll_key(game_id, seat)
    known = cache.get(key)
    if known is None or known < until:
        cache.set(key, until, timeout=math.ceil(wait) + 1)


def polled_until(game_id: int, seats: Iterable[str]) -> dict[str, datetime]:
    """Until when the held long polls of these seats count their people there (the cache's)."""
    keys = {_poll_key(game_id, seat): seat for seat in seats}
    found = cache.get_many(list(keys))
    return {keys[key]: datetime.fromtimestamp(until, tz=UTC) for key, until in found.items()}


def poll_version(request: HttpRequest, game_id: int) -> int | None:
    """The version a long poll of the game waits on (``longpoll.register``),
    its reader, if seated, counted as there for as long as it is held."""
    player = Player.of(request)
    version = selectors.game_version_for_player(player, game_id)
    if version is not None:
        polled_request(request.GET, game_id, player)
    return version


def polled_request(query: Any, game_id: int, player: Player) -> None:
    """``polled`` for a request's query, if it asks to wait (``?wait=``)."""
    try:
        asked = events.wait_asked(query)
    except ValueError:
        return  # the view says what is wrong
    if asked is not None:
        polled(game_id, player, asked[1])


def moved_at(game_id: int) -> dict[str, datetime]:
    """Each seat's last move (a person's), when it was stored: a sign of life."""
    rows = GameMove.objects.filter(game_id=game_id, by=GameMove.By.HUMAN).order_by().values("side")
    return {side: at for side, at in rows.annotate(at=Max("created_at")).values_list("side", "at")}


def away_since(
    row: GameSeat, game: Game, at: datetime, poll: datetime | None = None, moved: datetime | None = None
) -> datetime | None:
    """Since when the person of ``row`` has been gone (None: there now):
    its last sign of life (a socket's, ``poll``: its held long poll's end,
    ``moved``: its last move).  An open socket counts while its process has
    refreshed ``seen_until`` in the last ``SOCKET_FRESH_SECONDS``.  One never
    seen is gone since they first opened the game, or since it began."""
    seen = row.seen_until
    if row.sockets > 0 and seen is not None and seen > at - timedelta(seconds=SOCKET_FRESH_SECONDS):
        return None
    if (seen is not None and seen > at) or (poll is not None and poll > at):
        return None
    signs = [sign for sign in (seen, poll, moved) if sign is not None]
    return max(signs) if signs else (row.present_at or game.created_at)


# ------------------------------------------------------------------- what a page reads


def _people(game: Game) -> list[GameSeat]:
    return list(GameSeat.objects.filter(game_id=game.pk, level=""))


def _opponents(rows: list[GameSeat], game: Game, seat: str) -> list[GameSeat]:
    """The people's seats of the other side (the solver never leaves)."""
    rules = game.rules
    return [row for row in rows if not rules.same_team(row.seat, seat)]


def _claimable_game(game: Game, moved: Iterable[str]) -> bool:
    """A live timed game going on whose every person has made a first move."""
    live = game.days is None and game.clock_initial is not None
    return game.status != Game.Status.OVER and live and set(game.people) <= set(moved)


def _claim_from(
    game: Game, gone: list[datetime | None], floor: datetime, at: datetime, *, fresh: bool = False
) -> datetime | None:
    """When a claim may be made: every opponent gone, counted from the latest
    of their signs of life, ``floor`` (the claimant's arrival) and the end of
    an outage since (one going on: from now), plus ``claim_seconds``; None
    while one is there."""
    if not gone or None in gone:
        return None
    since = max([floor, *(when for when in gone if when is not None)])
    ends = [end or at for _start, end in outages.spans(since, fresh=fresh)]
    return max([since, *ends]) + timedelta(seconds=claim_seconds())


def _state(game: Game, seat: str, at: datetime, *, fresh: bool = False) -> dict[str, Any]:
    """The opponents' rows, since when each is gone, and when ``seat`` may claim."""
    rows = _people(game)
    mine = next((row for row in rows if row.seat == seat), None)
    others = _opponents(rows, game, seat)
    polls = polled_until(game.pk, [row.seat for row in others])
    moves = moved_at(game.pk)
    gone = [away_since(row, game, at, polls.get(row.seat), moves.get(row.seat)) for row in others]
    claim = None
    if _claimable_game(game, moves):
        floor = (mine.present_at if mine is not None else None) or game.created_at
        claim = _claim_from(game, gone, floor, at, fresh=fresh)
    return {"rows": others, "gone": gone, "claim": claim, "moved": set(moves)}


def presence_of(game: Game, player: Player) -> dict[str, Any]:
    """What the reader's page shows of the other side: each opponent's seat,
    whether they are gone, since when (ms), and when the reader may claim
    the game (ms; null: not in this game as it stands).  403 for a spectator."""
    seat = _seat_or_refuse(game, player)
    at = clock.now()
    state = _state(game, seat, at)
    rows, claim = state["rows"], state["claim"]
    away = vacations.on_vacation([row.owner_id for row in rows if row.owner_id is not None])
    shown = timedelta(seconds=SHOWN_AFTER_SECONDS)
    return {
        "seat": seat,
        "opponents": [
            {
                "seat": row.seat,
                "gone": since is not None and at - since >= shown,
                "gone_since": _ms(since) if since is not None else None,
                "vacation": row.owner_id in away,
            }
            for row, since in zip(rows, state["gone"], strict=True)
        ],
        "claim_from": _ms(claim) if claim is not None else None,
        "claimable": claim is not None and claim <= at,
        "server_time": _ms(at),
    }


def _seat_or_refuse(game: Game, player: Player) -> str:
    seat = seating.seat_of(game, player) if game.is_people else None
    if seat is None:
        raise ApplicationError(_("only a player of this game can claim it"), status_code=403)
    return seat


# ------------------------------------------------------------------- the claim


def game_claim(*, game: Game, player: Player) -> Game:
    """``player`` claims ``game`` because the other side has left it: ended
    as a win for the claimant's side, as the other side's resignation would
    end it (``early.early_end``), if every person of the other side has been
    gone ``claim_seconds``; else 409 saying why (403 for a spectator)."""
    seat = _seat_or_refuse(game, player)
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        absent = _refusal(locked, seat)
        position = Position.parse(locked.current_position)
        rules = position.variant
        loser = 1 - rules.team_of(seat)
        result = {
            "winner": rules.team_name(rules.team_of(seat)),
            "points": position.team_pips(loser),
            "reason": ABANDONED,
            ABANDONED: absent[0],
        }
        deadlines.game_end(locked, early.early_end(locked, result), deadlines.clocks_now(locked))
    locked.refresh_from_db()
    return locked


def _refusal(game: Game, seat: str) -> list[str]:
    """The absent seats of ``game`` (locked) that ``seat`` may claim it over
    now; else raise why not (a 409)."""
    if game.status == Game.Status.OVER:
        raise ConflictError(_("the game is over: there is nothing to claim"))
    if game.days is not None:
        raise ConflictError(_("a correspondence game cannot be claimed: its days to move decide"))
    if game.clock_initial is None:
        raise ConflictError(_("a game without a clock cannot be claimed: abort it or resign instead"))
    at = clock.now()
    state = _state(game, seat, at, fresh=True)
    if not set(game.people) <= state["moved"]:
        raise ConflictError(_("a game cannot be claimed before every player has made their first move"))
    claim = state["claim"]
    if claim is None:
        raise ConflictError(_("your opponent is still at the table: the game cannot be claimed"))
    if claim > at:
        left = math.ceil((claim - at).total_seconds())
        raise ConflictError(
            _("your opponent left only a moment ago: you can claim the game in %(seconds)d s") % {"seconds": left}
        )
    return [row.seat for row in state["rows"]]
