"""The ideas the endgame library teaches, one chapter each, in library
order: the key, the chapter's title and its introduction (translated when
shown).  ``facts.py`` finds which ideas an endgame shows; the ``Chapter``
model takes its choices from here."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _


@dataclass(frozen=True)
class Idea:
    key: str
    title: Promise
    intro: Promise


_ALL = (
    Idea(
        "blocking",
        _("Blocking"),
        _(
            "Leave the opponent an end number they have none of, and they must pass. "
            "A block is strongest when it lasts: count which numbers they still hold."
        ),
    ),
    Idea(
        "unlocking",
        _("Unlocking back stones"),
        _(
            "A front stone covers a back stone. Playing it frees the stone beneath: "
            "sometimes that is the point of the move, sometimes the danger."
        ),
    ),
    Idea(
        "counting",
        _("Counting pips in a blocked game"),
        _(
            "When neither player can move, the lighter hand wins and scores the other's pips. "
            "Count both hands before you close the line."
        ),
    ),
    Idea(
        "racing",
        _("Racing to go out"),
        _(
            "Going out first wins the opponent's whole hand. Find the order of moves "
            "that keeps your last stones playable."
        ),
    ),
    Idea(
        "tempo",
        _("Tempo and forced passes"),
        _("A forced pass gives the move back. Who has to move at the critical moment often decides the deal."),
    ),
    Idea(
        "doubles",
        _("Doubles"),
        _(
            "A double fits only one number and never changes the end it is played on: "
            "when to play it, and when it is a dead weight."
        ),
    ),
)

IDEAS: dict[str, Idea] = {idea.key: idea for idea in _ALL}
IDEA_KEYS: tuple[str, ...] = tuple(IDEAS)
IDEA_CHOICES = [(idea.key, idea.title) for idea in _ALL]
