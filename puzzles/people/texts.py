"""The words of the people pages, in the reader's language."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from .models import FAMILY_CHOICES, TIME_CLASS_CHOICES

_FAMILIES = dict(FAMILY_CHOICES)
_TIME_CLASSES = dict(TIME_CLASS_CHOICES)


def family_label(family: str) -> str:
    return str(_FAMILIES.get(family, family))


def time_class_label(time_class: str) -> str:
    return str(_TIME_CLASSES.get(time_class, time_class))


def control_text(clock_initial: int | None, clock_increment: int | None, days: int | None) -> str:
    """ "5 min + 3 s a move" or "3 days a move"."""
    if days is not None:
        return ngettext("%(count)d day a move", "%(count)d days a move", days) % {"count": days}
    initial = clock_initial or 0
    if initial % 60:  # no whole number of minutes: in seconds, never fractional minutes
        return _("%(initial)d s + %(seconds)d s a move") % {"initial": initial, "seconds": clock_increment or 0}
    return _("%(minutes)s min + %(seconds)d s a move") % {"minutes": initial // 60, "seconds": clock_increment or 0}


def status_text(status: str, game_over: str = "") -> str:
    """A challenge's status; a started one's game once over (``game_over``:
    ``over`` or ``aborted``, ``presentation.game_over_as``), or a started
    match's (``match`` or ``match-over``, ``presentation.match_as``)."""
    if game_over == "match":
        return _("the match is being played")
    if game_over == "match-over":
        return _("the match is over")
    if game_over == "aborted":
        return _("the game was aborted")
    if game_over == "over":
        return _("the game is over")
    return {
        "open": _("waiting for players"),
        "started": _("the game has started"),
        "declined": _("declined"),
        "cancelled": _("cancelled"),
        "expired": _("expired"),
    }.get(status, status)


def kind_text(rated: bool) -> str:
    return _("rated game") if rated else _("casual game")


def result_for(result: dict[str, Any] | None, team: str) -> str:
    """A finished game's result for one side: win, loss, draw, aborted."""
    if not result:
        return ""
    if result.get("reason") == "aborted":
        return _("aborted")
    winner = result.get("winner")
    if not winner:
        return _("draw")
    return _("won") if winner == team else _("lost")


def target_text(target_points: int | None, target_wins: int | None, duplicate_deals: int | None = None) -> str:
    if duplicate_deals is not None:
        return ngettext(
            "a duplicate match of %(count)d deal, played both ways",
            "a duplicate match of %(count)d deals, each played both ways",
            duplicate_deals,
        ) % {"count": duplicate_deals}
    if target_points is not None:
        return ngettext("a match to %(count)d point", "a match to %(count)d points", target_points) % {
            "count": target_points
        }
    wins = target_wins or 0
    return ngettext("a match to %(count)d won deal", "a match to %(count)d won deals", wins) % {"count": wins}


def challenge_title(state: dict[str, Any], team_of: dict[str, int]) -> str:
    """What a challenge's page is, as its title and heading say it: the
    match or the game and who plays it ("A match to 3 won deals: Ann –
    Guest d6a3"); an open one's by whom ("Casual game: a challenge from
    Ann").  ``state``: ``presentation.challenge_state``; ``team_of``: each
    seat's team (partners joined by "&")."""
    match = state.get("match")
    what = match["target_text"] if match else kind_text(state["rated"])
    what = what[:1].upper() + what[1:]
    names: dict[int, list[str]] = {}
    for seat in state["seats"]:
        name = _seat_name(seat)
        if name:
            names.setdefault(team_of[seat["seat"]], []).append(name)
    if state["status"] == "open" or len(names) < 2:
        makers = [name for team in sorted(names) for name in names[team]]
        if not makers:
            return what
        return _("%(what)s: a challenge from %(name)s") % {"what": what, "name": " & ".join(makers)}
    players = " – ".join(" & ".join(names[team]) for team in sorted(names))
    return _("%(what)s: %(players)s") % {"what": what, "players": players}


def _seat_name(seat: dict[str, Any]) -> str:
    if seat.get("level_text"):
        return _("the solver (%(level)s)") % {"level": seat["level_text"]}
    if seat.get("player") and seat.get("taken"):
        return str(seat["player"]["name"])
    return ""


def unrated_text(why: str, *, match: bool = False) -> str:
    """Why a rated challenge changes no rating (``Challenge.unrated_because``), or ""."""
    if why == "pair-limit":
        from .farming import PAIR_DAILY_LIMIT

        return ngettext(
            "Not rated: these two players have already played %(count)d rated game against each other today "
            "(UTC), the most that counts a day; this one is played but changes no rating.",
            "Not rated: these two players have already played %(count)d rated games against each other today "
            "(UTC), the most that count a day; this one is played but changes no rating.",
            PAIR_DAILY_LIMIT,
        ) % {"count": PAIR_DAILY_LIMIT}
    if why == "early" and match:
        return _("Not rated: every deal of the match ended before each player had moved twice.")
    if why == "early":
        return _("Not rated: a rated game ends unrated (aborted) before each player has moved twice.")
    if why == "aborted":
        return _("Not rated: the game was aborted.")
    return ""


def rated_early_text(spent: int | None) -> str:
    """Why a rated match whose every deal ended before each player had moved
    twice was rated all the same (``Challenge.rated_early``: the early ends
    of the day its losing side had spent), or ""."""
    if spent is None:
        return ""
    return ngettext(
        "Rated as the loss it is: every deal of the match ended before each player had moved twice, and the "
        "losing side had already ended %(count)d rated game or match early that day.",
        "Rated as the loss it is: every deal of the match ended before each player had moved twice, and the "
        "losing side had already ended %(count)d rated games or matches early that day.",
        spent,
    ) % {"count": spent}
