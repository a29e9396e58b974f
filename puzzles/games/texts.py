"""The words of the game pages: hints and results, in the reader's language."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from puzzles.botaccounts.presentation import name_text
from puzzles.core.texts import clock_code, variant_name


def outcome_text(value: int) -> str:
    if value > 0:
        return ngettext(
            "With perfect play from here you win by %(points)d point.",
            "With perfect play from here you win by %(points)d points.",
            value,
        ) % {"points": value}
    if value < 0:
        return ngettext(
            "With perfect play from here you lose by %(points)d point.",
            "With perfect play from here you lose by %(points)d points.",
            -value,
        ) % {"points": -value}
    return _("With perfect play from here the deal is a draw.")


def hint_text(level: int, content: dict[str, Any]) -> str:
    if level == 1:
        return outcome_text(content["value"])
    if level == 2:
        stones = content.get("stones", [])
        if stones == ["pass"]:
            return _("You have no stone that fits: you must pass.")
        return ngettext(
            "This stone keeps the best result: %(stones)s.",
            "These stones keep the best result: %(stones)s.",
            len(stones),
        ) % {"stones": ", ".join(stones)}
    move = content.get("move")
    if move == "pass":
        return _("You must pass.")
    return _("The best move is %(move)s.") % {"move": move}


def result_text(result: dict[str, Any], team: bool = False) -> str:
    """The result for the human (``team``: for the human's team, in ``partnership``)."""
    outcome = result.get("outcome")
    reason = result.get("reason")
    points = result.get("points", 0)
    if reason == "resigned":
        return ngettext(
            "You resigned: the other side scores %(points)d point.",
            "You resigned: the other side scores %(points)d points.",
            points,
        ) % {"points": points}
    return _outcome_text(outcome, points, _("domino") if reason == "domino" else _("blocked"), team)


def _outcome_text(outcome: str | None, points: int, how: str, team: bool) -> str:
    if outcome == "draw":
        return _("A draw (%(how)s).") % {"how": how}
    if team and outcome == "win":
        text = ngettext(
            "Your team wins %(points)d point (%(how)s).", "Your team wins %(points)d points (%(how)s).", points
        )
    elif team:
        text = ngettext(
            "Your team loses %(points)d point (%(how)s).", "Your team loses %(points)d points (%(how)s).", points
        )
    elif outcome == "win":
        text = ngettext("You win %(points)d point (%(how)s).", "You win %(points)d points (%(how)s).", points)
    else:
        text = ngettext("You lose %(points)d point (%(how)s).", "You lose %(points)d points (%(how)s).", points)
    return text % {"points": points, "how": how}


def people_result_text(
    result: dict[str, Any], seat: str | None, team: bool = False, names: dict[str, str] | None = None
) -> str:
    """The result of a game between people for the player of ``seat`` (``team``:
    their team, in ``partnership``), or told neutrally to a spectator (``seat``
    None), who reads the winner's name from ``names`` (by seat; a team by its seats)."""
    reason = result.get("reason")
    points = result.get("points", 0)
    if reason == "aborted":
        if result.get("unrated") == "early":  # ``early.EARLY``: a rated game ended before its people had played
            return _("Aborted: a rated game ends unrated before each player has moved twice.")
        return _("The game was aborted: no result.")
    words = {
        "domino": _("domino"),
        "blocked": _("blocked"),
        "resigned": _("resignation"),
        "time": _("on time"),
        "abandoned": _("left the table"),
    }
    how = words.get(str(reason), str(reason or ""))
    outcome = result.get("outcome")
    if seat is None and outcome != "draw":
        text = ngettext(
            "%(winner)s wins %(points)d point (%(how)s).", "%(winner)s wins %(points)d points (%(how)s).", points
        ) % {"winner": (names or {}).get(str(result.get("winner")), result.get("winner")), "points": points, "how": how}
    else:
        text = _outcome_text(outcome, points, how, team)
    spent = result.get("rated_early")  # ``early.RATED_EARLY``: an early end past the day's escapes, rated
    if spent is None:
        return text
    if seat is not None and seat in (result.get("resigned"), result.get("flagged")):
        why = ngettext(
            "Rated as the loss it is: you have already ended %(count)d rated game today before each player "
            "had moved twice.",
            "Rated as the loss it is: you have already ended %(count)d rated games today before each player "
            "had moved twice.",
            spent,
        )
    else:
        why = ngettext(
            "Rated as the loss it is: the player who gave it up had already ended %(count)d rated game today "
            "before each player had moved twice.",
            "Rated as the loss it is: the player who gave it up had already ended %(count)d rated games today "
            "before each player had moved twice.",
            spent,
        )
    return f"{text} {why % {'count': spent}}"


def people_line(state: dict[str, Any]) -> str:
    """The heading's line of a game between people: who plays whom, the time control, rated or not."""
    players = state["players"]
    names = " – ".join(f"{name_text(players[s]['name'], players[s].get('bot', False))} ({s})" for s in state["seats"])
    control = state["time_control"]
    if control["days"]:
        timing = ngettext("%(days)d day a move", "%(days)d days a move", control["days"]) % {"days": control["days"]}
    elif control["initial"] is not None:
        timing = clock_code(control["initial"], control["increment"] or 0)
    else:
        timing = _("untimed")
    deal = state.get("match_deal")
    if deal and state.get("match_duplicate"):
        kind = (
            _("rated duplicate match, game %(number)d")
            if state["rated"]
            else _("casual duplicate match, game %(number)d")
        ) % {"number": deal}
    elif deal:
        kind = (_("rated match, deal %(number)d") if state["rated"] else _("casual match, deal %(number)d")) % {
            "number": deal
        }
    else:
        kind = _("rated game") if state["rated"] else _("casual game")
    if state.get("unrated_note"):
        kind = _("not rated (the day's rated games of these players are played)")
    return " · ".join([names, timing, kind])


def pair_limit_text() -> str:
    """A game of a rated challenge past the daily limit of rated games between its players."""
    return _(
        "Not rated: these two players have already played today's rated games against each other; "
        "this game is played but changes no rating."
    )


def solver_name(level: str) -> str:
    names = {"perfect": _("perfect"), "strong": _("strong"), "casual": _("casual")}
    return _("Solver (%(level)s)") % {"level": names.get(level, level)}


def guest_name(tag: str) -> str:
    return _("Guest %(tag)s") % {"tag": tag}


def variant_text(variant: str) -> str:
    """A variant's name in words, the same on every page (``core.texts.variant_name``)."""
    return variant_name(variant)


def turn_text(state: dict[str, Any]) -> str:
    """What the plain page says when it is the human's move (``state`` as
    ``presentation.game_state`` gives it): that a double just played means
    moving again (the variants where doubles play again), that no stone fits,
    or simply that it is their move."""
    moves = state["moves"]
    last = moves[-1] if moves else None
    if (
        last is not None
        and last["side"] == state["human"]
        and last["move"] != "pass"
        and last["move"][0] == last["move"][1]
    ):
        return _("You played a double: move again.")
    if state["legal_moves"] == ["pass"]:
        return _("No stone of yours fits: play “pass”.")
    return _("Your move.")
