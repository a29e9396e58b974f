"""Whether each person of a game between people has its page open now, and
the claim of victory over an opponent who has left a live game.

A seat's person is there while they hold a game socket open (``sockets``,
counted up and down by ``stream.GameStream``) or while a long poll of theirs
is held (``seen_until``: each long poll's read moves it to the end of its
wait).  A socket that closes leaves ``seen_until`` at its closing.  So the
opponent's page learns (``presence_of``) that a person is gone, and since
when; a page shows it after ``SHOWN_AFTER_SECONDS``, the few seconds a page
takes to reload or reconnect.

In a live game (no days a move), once every person of the other side has
been gone ``OD_DISCONNECT_CLAIM_SECONDS`` (30 s by default), a player may
claim the game (``game_claim``): the server checks the absence itself and
ends the game as a win for the claimant's side, scored as if the absent side
had resigned (reason ``abandoned``, the absent seat in ``abandoned``),
rated as any win is.  A correspondence game is never claimed: its deadlines
of days decide."""

from __future__ import annotations

import math
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import F, Q
from django.db.models.functions import Greatest
from django.http import HttpRequest
from django.utils.translation import gettext as _

from puzzles.accounts.players import Player
from puzzles.core import events
from puzzles.core.errors import ApplicationError, ConflictError
from solver import Position

from . import clock, deadlines, seating, selectors, vacations
from .models import Game, GameSeat

# How a game ends when it is claimed; the absent seat is under this key too.
ABANDONED = "abandoned"
# A page shows a person gone once they have been away this long (a reload or a reconnection takes less).
SHOWN_AFTER_SECONDS = 4.0
# A long poll counts its person there this much beyond its wait (its answer on the way, the next poll).
POLL_MARGIN_SECONDS = 3.0


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


def polled(game_id: int, player: Player, seconds: float) -> None:
    """A long poll of ``player`` on the game is held up to ``seconds``: their
    seat's person counts as there until then (one conditional update, which
    changes nothing for a spectator or a practice game)."""
    until = clock.now() + timedelta(seconds=seconds + POLL_MARGIN_SECONDS)
    if player.user is not None:
        mine = Q(owner_id=player.user.pk)
    elif player.token:
        mine = Q(owner__isnull=True, session_key=player.token)
    else:
        return
    GameSeat.objects.filter(mine, game_id=game_id, level="").filter(
        Q(seen_until__isnull=True) | Q(seen_until__lt=until)
    ).update(seen_until=until)


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


def away_since(row: GameSeat, game: Game, at: datetime) -> datetime | None:
    """Since when the person of ``row`` has been gone (None: there now).
    One never seen is gone since they first opened the game, or since it began."""
    if row.sockets > 0 or (row.seen_until is not None and row.seen_until > at):
        return None
    return row.seen_until or row.present_at or game.created_at


# ------------------------------------------------------------------- what a page reads


def _opponents(game: Game, seat: str) -> list[GameSeat]:
    """The people's seats of the other side (the solver never leaves)."""
    rules = game.rules
    fresh = GameSeat.objects.filter(game_id=game.pk, level="")
    return [row for row in fresh if not rules.same_team(row.seat, seat)]


def _claim_from(game: Game, gone: list[datetime | None]) -> datetime | None:
    """When a claim may be made: every opponent gone (the last since the
    latest), in a live game going on; else None."""
    if game.status == Game.Status.OVER or game.days is not None or not gone or None in gone:
        return None
    return max(at for at in gone if at is not None) + timedelta(seconds=claim_seconds())


def presence_of(game: Game, player: Player) -> dict[str, Any]:
    """What the reader's page shows of the other side: each opponent's seat,
    whether they are gone, since when (ms), and when the reader may claim
    the game (ms; null: not in this game as it stands).  403 for a spectator."""
    seat = _seat_or_refuse(game, player)
    at = clock.now()
    rows = _opponents(game, seat)
    gone = [away_since(row, game, at) for row in rows]
    away = vacations.on_vacation([row.owner_id for row in rows if row.owner_id is not None])
    claim = _claim_from(game, gone)
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
            for row, since in zip(rows, gone, strict=True)
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
    as a win for the claimant's side if every person of the other side has
    been gone ``claim_seconds``; else 409 saying why (403 for a spectator)."""
    seat = _seat_or_refuse(game, player)
    with transaction.atomic():
        locked = Game.objects.select_for_update().get(pk=game.pk)
        _refusal(locked, seat)
        position = Position.parse(locked.current_position)
        rules = position.variant
        loser = 1 - rules.team_of(seat)
        absent = [row.seat for row in _opponents(locked, seat)]
        result = {
            "winner": rules.team_name(rules.team_of(seat)),
            "points": position.team_pips(loser),
            "reason": ABANDONED,
            ABANDONED: absent[0],
        }
        deadlines.game_end(locked, result, deadlines.clocks_now(locked))
    locked.refresh_from_db()
    return locked


def _refusal(game: Game, seat: str) -> None:
    """Raise why ``game`` (locked) may not be claimed by ``seat`` now, if it may not."""
    if game.status == Game.Status.OVER:
        raise ConflictError(_("the game is over: there is nothing to claim"))
    if game.days is not None:
        raise ConflictError(_("a correspondence game cannot be claimed: its days to move decide"))
    at = clock.now()
    gone = [away_since(row, game, at) for row in _opponents(game, seat)]
    if not gone or None in gone:
        raise ConflictError(_("your opponent is still at the table: the game cannot be claimed"))
    claim = _claim_from(game, gone)
    if claim is not None and claim > at:
        left = math.ceil((claim - at).total_seconds())
        raise ConflictError(
            _("your opponent left only a moment ago: you can claim the game in %(seconds)d s") % {"seconds": left}
        )
