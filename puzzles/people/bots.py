"""Bots at the people's tables (the accounts ``botaccounts`` marks): a bot
plays a rated game against a person only when a person asked for it.

- A bot's rated challenge names a bot, and keeps seats for bots alone: never
  a person, never a lobby seek, never a challenge by link anyone may take.
- A bot takes a seat of a person's rated challenge only where it was kept for it
  (the person challenged it by name, or offered it a rematch).
- A person takes no seat of a bot's rated challenge.
- Quick pairing is for people: a bot uses none, and a person's is never
  paired with a bot's seek.
Casual games are anyone's.  Each refusal is a 403 that says why."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib.auth import get_user_model
from django.utils.translation import gettext as _

from puzzles.accounts.players import Player
from puzzles.botaccounts import selectors as bots
from puzzles.core.errors import ApplicationError
from puzzles.games.models import Game, GameSeat

from .models import Challenge, ChallengeSeat


def has_played_people(user: Any) -> bool:
    """Whether the account has sat in a game between people (then it cannot become a bot)."""
    return GameSeat.objects.filter(owner=user, game__kind=Game.Kind.PEOPLE).exists()


def create_check(player: Player, *, rated: bool, lobby: bool, reserved: Iterable[Player]) -> None:
    """A bot's rated challenge: refused unless every seat it keeps is a bot's (403)."""
    if not rated or not player.is_authenticated or not bots.is_bot_stored(player):
        return
    if lobby:
        raise ApplicationError(
            _("a bot cannot seek rated games in the lobby: challenge a bot by name, or seek a casual game"), 403
        )
    kept = [p for p in reserved if p.known]
    if not kept:
        raise ApplicationError(
            _("a bot's rated challenge names its opponent, a bot: a person plays a bot rated only by challenging it"),
            403,
        )
    people = [p for p in kept if p.user is None]
    found = bots.bots_among(p for p in kept if p.user is not None)
    if people or any(p.user.pk not in found for p in kept if p.user is not None):
        raise ApplicationError(
            _("a bot cannot challenge a person to a rated game: only the person can ask for one (play casual)"), 403
        )


def accept_check(challenge: Challenge, mine: ChallengeSeat | None, player: Player) -> None:
    """``player`` taking a seat of a rated challenge (``mine``: the one kept
    for them, if any): a bot only where it was kept for it, or at a bot's
    challenge; a person never at a bot's (403)."""
    if not challenge.rated:
        return
    creator_bot = bots.is_bot_stored(challenge.creator_id)
    if bots.is_bot_stored(player):
        if mine is None and not creator_bot:
            raise ApplicationError(
                _("a bot plays a person rated only when the person challenged it: this seat was not kept for you"),
                403,
            )
    elif creator_bot:
        raise ApplicationError(
            _("this rated challenge is a bot's: a person plays a bot rated by challenging it by name"), 403
        )


def quick_pair_check(player: Player) -> None:
    """Quick pairing is for people (403 for a bot)."""
    if bots.is_bot_stored(player):
        raise ApplicationError(_("quick pairing is for people: a bot plays by challenges"), 403)


def seek_has_bot(rows: Iterable[ChallengeSeat], bot_ids: set[int]) -> bool:
    """Whether a seat of a seek is a bot's (quick pairing never pairs a person with it)."""
    return any(row.owner_id in bot_ids for row in rows if row.owner_id is not None)


def bots_of_seeks(seeks: Iterable[Challenge]) -> set[int]:
    """The bots seated at these seeks (their seats prefetched), in one read."""
    return bots.bots_among({row.owner_id for seek in seeks for row in seek.seats.all() if row.owner_id is not None})


def event_join_check(player: Player, *, rated: bool) -> None:
    """A bot joins no rated event (its games are rated against people who did
    not ask for them): 403.  Called in the join's transaction: the account's
    row is locked first, as an upgrade to a bot locks it while it reads the
    account's events, so that an upgrade under way is waited for."""
    if not rated or player.user is None:
        return
    list(get_user_model().objects.select_for_update().filter(pk=player.user.pk).values_list("pk", flat=True))
    if bots.is_bot_stored(player):
        raise ApplicationError(_("a bot cannot join a rated tournament: join a casual one"), 403)


def rematch_refused(challenge: Challenge, player: Player) -> bool:
    """Whether ``player``'s rematch of the challenge would be refused: a bot's
    rated one to a person (the person offers it).  Reads the seats only for a bot."""
    if not challenge.rated or not bots.is_bot(player):
        return False
    others = [row for row in challenge.seats.all() if not row.level and row.owner_id != player.user.pk]
    found = bots.bots_among(row.owner_id for row in others if row.owner_id is not None)
    return any(row.owner_id is None or row.owner_id not in found for row in others)
