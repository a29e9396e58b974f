"""The words of the study pages, built at render time from stored solver
facts (``study_facts``) with gettext and named placeholders: the same facts
read in every language the site has."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

from puzzles.core.texts import signed, variant_name

from .ideas import IDEAS


def idea_title(idea: str) -> str:
    found = IDEAS.get(idea)
    return str(found.title) if found else idea


def idea_intro(idea: str) -> str:
    found = IDEAS.get(idea)
    return str(found.intro) if found else ""


def difficulty_label(difficulty: int) -> str:
    return {
        1: _("easy"),
        2: _("moderate"),
        3: _("intermediate"),
        4: _("hard"),
        5: _("very hard"),
    }.get(difficulty, str(difficulty))


def value_phrase(value: int) -> str:
    """A whole phrase for a value of the mover: used alone, never glued into sentences."""
    if value > 0:
        return ngettext("wins %(points)d point", "wins %(points)d points", value) % {"points": value}
    if value < 0:
        return ngettext("loses %(points)d point", "loses %(points)d points", -value) % {"points": -value}
    return _("draws")


def endgame_title(facts: dict) -> str:
    side = facts["side"]
    value = facts["value"]
    stones = facts.get("stones", {})
    params = {"side": side, "mine": stones.get(side, 0), "theirs": stones.get("B" if side == "A" else "A", 0)}
    if value > 0:
        return _("%(side)s to move and win (%(mine)d stones against %(theirs)d)") % params
    if value == 0:
        return _("%(side)s to move and draw (%(mine)d stones against %(theirs)d)") % params
    return _("%(side)s to move: lose as little as possible (%(mine)d stones against %(theirs)d)") % params


def endgame_intro(facts: dict) -> str:
    side = facts["side"]
    value = facts["value"]
    stones = facts.get("stones", {})
    params = {
        "side": side,
        "mine": stones.get(side, 0),
        "theirs": stones.get("B" if side == "A" else "A", 0),
        "points": abs(value),
    }
    if value > 0:
        return (
            ngettext(
                "%(side)s has %(mine)d stones left against %(theirs)d. With perfect play %(side)s wins "
                "%(points)d point: find how.",
                "%(side)s has %(mine)d stones left against %(theirs)d. With perfect play %(side)s wins "
                "%(points)d points: find how.",
                abs(value),
            )
            % params
        )
    if value == 0:
        return (
            _(
                "%(side)s has %(mine)d stones left against %(theirs)d. With perfect play the deal is a draw: "
                "find the move that holds it."
            )
            % params
        )
    return (
        ngettext(
            "%(side)s has %(mine)d stones left against %(theirs)d. %(side)s loses with any move, but "
            "only %(points)d point with the best defence: find it.",
            "%(side)s has %(mine)d stones left against %(theirs)d. %(side)s loses with any move, but "
            "only %(points)d points with the best defence: find it.",
            abs(value),
        )
        % params
    )


def tag_sentence(tag: dict, step: dict) -> str:
    """One fact ``tag`` of a main-line ``step`` as a sentence ("" for a kind this page does not tell)."""
    kind = tag["kind"]
    move = step["move"]
    value = step["value"]
    second = step.get("second")
    side = step["side"]
    if kind == "forced_pass":
        return _("%(side)s has no stone that fits and must pass.") % {"side": side}
    if kind == "only_move":
        return _("%(move)s is the only legal move.") % {"move": move}
    if kind == "only_win":
        return _("%(move)s is the only move that wins (%(value)s).") % {"move": move, "value": signed(value)}
    if kind == "only_draw":
        return _("%(move)s is the only move that saves the draw: every other move loses.") % {"move": move}
    if kind == "only_best":
        return _only_best_sentence(move, value, second)
    if kind == "one_of_best":
        return ngettext(
            "%(move)s is one of %(count)d moves that keep the best result (%(value)s).",
            "%(move)s is one of %(count)d moves that keep the best result (%(value)s).",
            tag["count"],
        ) % {"move": move, "count": tag["count"], "value": signed(value)}
    if kind == "any_move":
        return _("Every legal move leads to the same result here.")
    if kind == "starve":
        return _starve_sentence(tag)
    if kind == "block":
        return _("%(opponent)s cannot play and must pass.") % tag
    if kind == "unlock":
        return _("It uncovers %(stone)s in the back row.") % tag
    if kind == "double":
        return _("It plays the double %(stone)s.") % tag
    if kind == "domino":
        return ngettext(
            "Domino: %(side)s goes out and scores %(points)d point.",
            "Domino: %(side)s goes out and scores %(points)d points.",
            tag["points"],
        ) % {"side": side, "points": tag["points"]}
    if kind == "blocked_end":
        return _blocked_end_sentence(tag, side)
    return ""


def _only_best_sentence(move: str, value: int, second: int | None) -> str:
    """The unique best move against ``second``, the best value of the moves that do worse (None: none does)."""
    if second is None:
        return _("%(move)s is the best move (%(value)s).") % {"move": move, "value": signed(value)}
    if value > 0 and second > 0:
        return _("%(move)s wins %(value)d instead of %(second)d.") % {
            "move": move,
            "value": value,
            "second": second,
        }
    if value < 0:
        return _("%(move)s loses only %(value)d instead of %(second)d.") % {
            "move": move,
            "value": -value,
            "second": -second,
        }
    return _("%(move)s is the best move: %(value)s, the next best %(second)s.") % {
        "move": move,
        "value": signed(value),
        "second": signed(second),
    }


def _starve_sentence(tag: dict) -> str:
    """The move leaves a number at one end or both that the opponent has none of."""
    if tag["both"]:
        return _("It leaves %(number)d at both ends, and %(opponent)s has no %(number)d.") % tag
    return _("It leaves a %(number)d at one end, and %(opponent)s has no %(number)d.") % tag


def _blocked_end_sentence(tag: dict, side: str) -> str:
    """The game ends blocked: ``side``'s pips (``mine``) against the opponent's win, lose or draw the count."""
    params = {"side": side, "mine": tag["mine"], "theirs": tag["theirs"]}
    if tag["mine"] < tag["theirs"]:
        return _("The game is blocked: %(side)s has %(mine)d pips against %(theirs)d and wins the count.") % params
    if tag["mine"] > tag["theirs"]:
        return _("The game is blocked: %(side)s has %(mine)d pips against %(theirs)d and loses the count.") % params
    return _("The game is blocked with %(mine)d pips each: a draw.") % params


def alternative_sentence(alt: dict, step: dict) -> str:
    params = {
        "move": alt["move"],
        "value": signed(alt["value"]),
        "outcome": value_phrase(alt["value"]),
        "reply": alt.get("reply") or "",
        "line": " ".join(alt.get("line") or []),
    }
    if not alt.get("reply"):
        return _("%(move)s (%(value)s) ends the deal at once: it %(outcome)s.") % params
    return _("%(move)s (%(value)s) is refuted by %(reply)s: %(line)s.") % params


def step_text(step: dict) -> str:
    return " ".join(s for s in (tag_sentence(t, step) for t in step["tags"]) if s)


def final_text(final: dict) -> str:
    how = _("domino") if final["reason"] == "domino" else _("blocked")
    if final["winner"] is None:
        return _("The deal ends in a draw (%(how)s).") % {"how": how}
    if "+" in final["winner"]:  # a team ("B+D"), which takes a plural verb
        return ngettext(
            "%(team)s win %(points)d point (%(how)s).", "%(team)s win %(points)d points (%(how)s).", final["points"]
        ) % {"team": final["winner"], "points": final["points"], "how": how}
    return ngettext(
        "%(winner)s wins %(points)d point (%(how)s).", "%(winner)s wins %(points)d points (%(how)s).", final["points"]
    ) % {"winner": final["winner"], "points": final["points"], "how": how}


def record_result_text(result: str) -> str:
    """A game record's ``Result`` tag (``A 29 blocked``, ``A+C 12 domino``, ``draw blocked``, ``*``) in words."""
    parts = (result or "").split()
    if len(parts) == 3 and parts[0] in ("A", "B", "A+C", "B+D") and parts[1].isascii() and parts[1].isdigit():
        return final_text({"winner": parts[0], "points": int(parts[1]), "reason": parts[2]})
    if len(parts) == 2 and parts[0] == "draw":
        return final_text({"winner": None, "points": 0, "reason": parts[1]})
    return _("The record stops before the end of the deal.")


def variant_label(name: str) -> str:
    """A variant's name as a player reads it, the same on every page (``core.texts.variant_name``)."""
    return variant_name(name)


# The names of a record's tags (docs/records.md) as a page shows them.
TAG_NAMES = {
    "Event": pgettext_lazy("record tag", "Event"),
    "Site": pgettext_lazy("record tag", "Site"),
    "Date": pgettext_lazy("record tag", "Date"),
    "Time": pgettext_lazy("record tag", "Time"),
    "Round": pgettext_lazy("record tag", "Round"),
    "Seed": pgettext_lazy("record tag", "Seed"),
    "TimeControl": pgettext_lazy("record tag", "Time control"),
    "Termination": pgettext_lazy("record tag", "Termination"),
    "GameId": pgettext_lazy("record tag", "Game"),
    "Format": pgettext_lazy("record tag", "Format"),
}


def tag_rows(tags: dict[str, str]) -> list[tuple[str, str]]:
    """A record's tags as (name, value) in the reader's language; a seat's
    tags (``A``, ``BRating``...) name the seat, and others keep their name."""
    seat_tags = {
        "": pgettext_lazy("record tag", "Seat %(seat)s"),
        "Rating": pgettext_lazy("record tag", "%(seat)s's rating"),
        "RatingDiff": pgettext_lazy("record tag", "%(seat)s's rating change"),
        "Title": pgettext_lazy("record tag", "%(seat)s's title"),
    }
    rows = []
    for name, value in tags.items():
        if name in TAG_NAMES:
            label = str(TAG_NAMES[name])
        elif name[:1] in "ABCD" and name[1:] in seat_tags:
            label = str(seat_tags[name[1:]]) % {"seat": name[0]}
        else:
            label = name
        rows.append((label, value))
    return rows
