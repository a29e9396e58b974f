"""A game between people ended before it has really begun: when a player
may abort one (``abort_refusal``), and what a rated game that ends early
scores (``early_end``).  Pure rules over a game's row and
moves; the services that end games (``deadlines``, ``aborts``, ``services``) apply them."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import Any

from django.conf import settings
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from solver import Position

from .models import Game, GameMove
from .selectors import MoveRow

# The result's reason of a game called off (beside the rules' domino and
# blocked, ``resigned`` and ``time``).
ABORTED = "aborted"
# A rated game counts once each person in it has made this many moves of
# their own: one that ends before (a resignation, a loss on time, the end
# of the deal on the board) ends as an abort instead, unrated
# (``early_end``), so that a rating is not earned by games given up at once.
# Its result says so (``"unrated": EARLY``) and how it ended (``"ended"``).
RATED_MIN_MOVES = 2
EARLY = "early"
# The deal is seen whole before the first move, so an early end would let a
# player escape every bad rated deal.  An account that has spent its early
# ends of the day (``register_escapes_spent``: the people app's
# ``farming.EARLY_ESCAPES_A_DAY``) has its further early resignation or loss
# on time rated as the loss it is: the result keeps its reason and says so
# (``"rated_early"``: the day's number).  The rule is the player's own: an
# opponent giving up at once still feeds nobody a rating.  A first move
# never made (let lapse, or the game called off by the opponent who waited
# for it) stays an abort, unrated and uncounted: a player who never came is
# not told from one escaping a deal, and counting it would let anyone who
# accepts an absent player's challenges spend that player's allowance.
RATED_EARLY = "rated_early"


# A rated correspondence game's wait before an opponent's first move may be
# called off (a live game's is the setting OD_RATED_ABORT_WAIT_SECONDS).
CORRESPONDENCE_ABORT_WAIT = 3600


def rated_abort_wait(game: Game) -> float:
    """Seconds an opponent to make their first move in a rated game must
    have let pass before the game may be aborted."""
    return float(CORRESPONDENCE_ABORT_WAIT if game.days is not None else settings.OD_RATED_ABORT_WAIT_SECONDS)


def abort_opens_at(game: Game, seat: str, moved: set[str]) -> datetime | None:
    """When ``seat`` may abort the rated game as it stands: the turn's start
    plus the wait, while an opponent is to make their first move; else None
    (not while the player to move is ``seat`` or their partner, nor once the
    opponent to move has moved)."""
    if game.status == Game.Status.OVER or set(game.people) <= moved:
        return None
    to_move = Position.parse(game.current_position).side
    rules = game.rules
    if to_move not in game.people or to_move in moved or rules.team_of(to_move) == rules.team_of(seat):
        return None
    if _lapse_forfeits(game):
        return None
    since = game.turn_started_at or game.created_at
    return since + timedelta(seconds=rated_abort_wait(game))


def abort_refusal(game: Game, seat: str, moved: set[str], at: datetime) -> str | None:
    """Why ``seat`` may not abort the game now (a 409's message), or None.
    A casual game: until every person has moved.  A rated game: only while
    an opponent to make their first move has let ``rated_abort_wait``
    seconds pass; the player to move plays or resigns."""
    if game.status == Game.Status.OVER:
        return _("the game is over: it cannot be aborted")
    if set(game.people) <= moved:
        return _("every player has moved: the game can no longer be aborted (resign instead)")
    if not game.rated:
        return None
    to_move = Position.parse(game.current_position).side
    rules = game.rules
    if to_move == seat:
        return _("it is your move: in a rated game the player to move plays or resigns, and cannot abort")
    if to_move not in game.people or rules.team_of(to_move) == rules.team_of(seat):
        return _("a rated game is aborted only while an opponent is to make their first move: play on or resign")
    if to_move in moved:
        return _(
            "your opponent has made their first move: a rated game can no longer be aborted once the player to move "
            "has moved (resign instead)"
        )
    if _lapse_forfeits(game):
        return _(
            "in a rated match a deal after the first is not called off: if your opponent lets the first-move time "
            "pass, they forfeit the deal"
        )
    opens = abort_opens_at(game, seat, moved)
    assert opens is not None
    if at < opens:
        left = max(1, math.ceil((opens - at).total_seconds()))
        return ngettext(
            "in a rated game you may abort only once your opponent has let %(wait)s seconds pass "
            "without making their first move: %(left)s more second to wait",
            "in a rated game you may abort only once your opponent has let %(wait)s seconds pass "
            "without making their first move: %(left)s more seconds to wait",
            left,
        ) % {"wait": f"{rated_abort_wait(game):g}", "left": left}
    return None


# Checks of whether a rated game's first move, not made in time, forfeits it
# rather than calling it off (a rated match's deal after the first): there
# the lapse decides, when the player to move is shown it will, and the
# opponent may not end the deal sooner.  Apps register them in ``ready``.
_LAPSE_FORFEITS: list[Callable[[Game], bool]] = []


def register_lapse_forfeits(check: Callable[[Game], bool]) -> None:
    if check not in _LAPSE_FORFEITS:
        _LAPSE_FORFEITS.append(check)


def _lapse_forfeits(game: Game) -> bool:
    return game.rated and any(check(game) for check in _LAPSE_FORFEITS)


# Checks of whether a rated game's early end is scored as played all the
# same (a deal of a match between people, whose match is judged as a whole
# at its end): apps register them in their ``AppConfig.ready``.
_SCORED_AS_PLAYED: list[Callable[[Game], bool]] = []


def register_scored_as_played(check: Callable[[Game], bool]) -> None:
    """Have ``early_end`` leave the games ``check`` says yes to as they ended."""
    if check not in _SCORED_AS_PLAYED:
        _SCORED_AS_PLAYED.append(check)


# Checks of how many early ends of the day the account in a seat of a rated
# game has spent when it is at its limit, else None: registered by the
# people app in its ``AppConfig.ready``.
_ESCAPES_SPENT: list[Callable[[Game, str], int | None]] = []


def register_escapes_spent(check: Callable[[Game, str], int | None]) -> None:
    """Have ``early_end`` rate the early end of the seat ``check`` gives a number for."""
    if check not in _ESCAPES_SPENT:
        _ESCAPES_SPENT.append(check)


def _escapes_spent(game: Game, seat: str) -> int | None:
    return next((spent for check in _ESCAPES_SPENT if (spent := check(game, seat)) is not None), None)


def unplayed_seats(game: Game, moves: Sequence[GameMove | MoveRow] | None = None) -> list[str]:
    """The people's seats that have made fewer than ``RATED_MIN_MOVES`` moves
    (``moves``: the game's moves, when read already)."""
    if moves is None:
        counts: Counter[str] = Counter(
            GameMove.objects.filter(game_id=game.pk, by=GameMove.By.HUMAN).values_list("side", flat=True)
        )
    else:
        counts = Counter(move.side for move in moves if move.by == GameMove.By.HUMAN)
    return [seat for seat in game.people if counts[seat] < RATED_MIN_MOVES]


def early_end(game: Game, result: dict[str, Any], moves: Sequence[GameMove | MoveRow] | None = None) -> dict[str, Any]:
    """The result a rated game between people ends with when it ends with
    ``result``: an abort (no winner, unrated) if some person in it has made
    fewer than ``RATED_MIN_MOVES`` moves, else ``result``.  ``moves``: the
    game's moves, when read already.  Past the day's early ends of the
    account that resigned, lost on time or left (a claim), ``result`` rated (``RATED_EARLY``)."""
    if not game.is_people or not game.rated or result.get("reason") == ABORTED:
        return result
    short = unplayed_seats(game, moves)
    if not short or any(check(game) for check in _SCORED_AS_PLAYED):
        return result
    # the player's own early end: a resignation, a loss on time, a game left (claimed by the opponent)
    own = result.get("resigned") or result.get("flagged") or result.get("abandoned")
    seat = own or short[0]
    if own is not None and (spent := _escapes_spent(game, seat)) is not None:
        return {**result, RATED_EARLY: spent}  # the player's own early end past the day's: the loss it is
    return {
        "winner": None,
        "points": 0,
        "reason": ABORTED,
        "aborted": seat,
        "unrated": EARLY,
        "ended": result.get("reason"),
    }
