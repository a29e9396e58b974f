"""Duplicate matches between people (docs/rules.md section 5.1): a number of
deals, each played twice with the seats swapped, so that both players hold
both hands of every deal and only the play decides.

The match's games are numbered on as any match's deals are (``ChallengeDeal.number``
1, 2, 3, ...): games ``2k - 1`` and ``2k`` are deal ``k``, dealt from the same
seed; in the first, each person sits in their challenge seat, in the second
in the other.  A game's result is counted for the match's sides (the
challenge's seats), not the game's: the winner's seat is turned round in a
swapped game (``for_sides``).

A deal's first game stays concealed (``Game.concealed``: no solver values,
hints or coach exercises) while its second is to be played: its review
would otherwise show the live deal's exact values.  It is shown once the
second game is over, or once the match ends without it (``unconceal``).

The score is the points each side won over every game, so a deal's *net*
for side A, the points A won on it both ways minus B's, is also A's score
against the deal's exact value: the two pars cancel.  A side wins a deal
when its net is above zero; the match is won by the side with more points
once every game is played, and drawn when they are level
(``models.MATCH_DRAWN``)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, TypeVar

from django.db import transaction
from django.db.models import F

from puzzles.games import notices
from puzzles.games.models import Game
from puzzles.games.signals import game_graded

from .models import MATCH_DRAWN, Challenge, ChallengeDeal

DUPLICATE_DEALS_RANGE = (1, 8)
SWAP = {"A": "B", "B": "A"}

T = TypeVar("T")


def deal_of(number: int) -> int:
    """The deal that the match's game ``number`` plays (1-based)."""
    return (number + 1) // 2


def swapped(number: int) -> bool:
    """Whether the match's game ``number`` is its deal's second, the seats swapped."""
    return number % 2 == 0


def seats_for(holders: dict[str, T], number: int) -> dict[str, T]:
    """Who sits where in game ``number``: the challenge's seats, or swapped."""
    if not swapped(number):
        return holders
    return {SWAP[seat]: holder for seat, holder in holders.items()}


def for_sides(number: int, result: dict[str, Any]) -> dict[str, Any]:
    """Game ``number``'s result as the match's sides read it: in a swapped
    game, the seat that won is the other side's."""
    winner = result.get("winner")
    if not swapped(number) or not winner:
        return result
    return {**result, "winner": SWAP[winner]}


def nets(deals: Iterable[ChallengeDeal]) -> dict[int, int]:
    """Each deal played both ways: side A's net on it (A's points minus B's
    over its two games), by deal number.  Deals with one game in are left out."""
    points: dict[int, list[int]] = {}
    for row in deals:
        if row.recorded_at is None:
            continue
        points_won = row.points or 0
        signed = points_won if row.winner == "A" else -points_won if row.winner == "B" else 0
        points.setdefault(deal_of(row.number), []).append(signed)
    return {deal: sum(both) for deal, both in points.items() if len(both) == 2}


def tally_wins(challenge: Challenge) -> None:
    """Set the match's won deals of each side from the deals played both ways."""
    deal_nets = nets(challenge.deals.all())
    challenge.wins_a = sum(1 for net in deal_nets.values() if net > 0)
    challenge.wins_b = sum(1 for net in deal_nets.values() if net < 0)


def winner(challenge: Challenge) -> str:
    """The match's winner once every game is recorded: the side with more
    points, or ``MATCH_DRAWN``; "" while it goes on."""
    games = 2 * (challenge.duplicate_deals or 0)
    if challenge.deals.filter(recorded_at__isnull=False).count() < games:
        return ""
    if challenge.score_a == challenge.score_b:
        return MATCH_DRAWN
    return "A" if challenge.score_a > challenge.score_b else "B"


def conceal(game: Game, number: int) -> None:
    """Conceal game ``number`` of a duplicate match if it is its deal's first:
    its deal is played again."""
    if not swapped(number):
        Game.objects.filter(pk=game.pk).update(concealed=True)
        game.concealed = True


def unconceal(challenge: Challenge, keep: int | None) -> None:
    """Show the match's concealed games but game ``keep`` (a first game whose
    second is being played): their values, hints and exercises (the coach is
    told, as any graded game's), in the recording transaction."""
    concealed = Game.objects.filter(challenge_deal__challenge=challenge, concealed=True)
    if keep is not None:
        concealed = concealed.exclude(challenge_deal__number=keep)
    games = list(concealed.values_list("pk", flat=True))
    if not games:
        return
    Game.objects.filter(pk__in=games).update(concealed=False, version=F("version") + 1)
    for game_id in games:
        notices.game_changed(game_id)
    transaction.on_commit(lambda: [game_graded.send(sender=Game, game_id=game_id) for game_id in games])
