"""The filters of "My games" (``?variant=&result=&rated=&opponent=&speed=&kind=``),
read from a query string and checked: a value the list does not know is a
400 saying which, never an empty list that hides the typo."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.utils.translation import gettext as _

from puzzles.core.errors import ApplicationError
from solver import DominoError, Variant

# What a game came to for its player: over (won, lost, drawn, aborted) or still played.
RESULTS = ("won", "lost", "drawn", "aborted", "playing")
# Live (a clock), correspondence (days a move), untimed (a practice game, a game with no clock).
SPEEDS = ("live", "correspondence", "untimed")
KINDS = ("people", "practice")
OPPONENT_LENGTH = 150


@dataclass(frozen=True)
class Filters:
    variant: str = ""
    result: str = ""
    rated: bool | None = None
    opponent: str = ""
    speed: str = ""
    kind: str = ""

    def query(self) -> dict[str, str]:
        """The filters as query parameters (the empty ones left out), for the page's links."""
        rated = "" if self.rated is None else str(self.rated).lower()
        pairs = {
            "variant": self.variant,
            "result": self.result,
            "rated": rated,
            "opponent": self.opponent,
            "speed": self.speed,
            "kind": self.kind,
        }
        return {k: v for k, v in pairs.items() if v}


def _choice(params: Mapping[str, str], name: str, choices: tuple[str, ...]) -> str:
    value = (params.get(name) or "").strip()
    if value and value not in choices:
        raise ApplicationError(_("%(name)s is one of %(choices)s") % {"name": name, "choices": ", ".join(choices)})
    return value


def _rated(params: Mapping[str, str]) -> bool | None:
    value = (params.get("rated") or "").strip().lower()
    if value in ("", "any"):
        return None
    if value in ("true", "1", "yes"):
        return True
    if value in ("false", "0", "no"):
        return False
    raise ApplicationError(_("rated is true or false"))


def _variant(params: Mapping[str, str]) -> str:
    value = (params.get("variant") or "").strip()
    if not value:
        return ""
    try:
        return str(Variant.parse(value))
    except (DominoError, ValueError) as exc:
        raise ApplicationError(_("unknown variant: %(variant)s") % {"variant": value[:40]}) from exc


def filters_from(params: Mapping[str, str]) -> Filters:
    """The filters a query string asks for; ``ApplicationError`` (400) for a value not known."""
    opponent = (params.get("opponent") or "").strip()
    if len(opponent) > OPPONENT_LENGTH:
        raise ApplicationError(_("the opponent's name is too long"))
    return Filters(
        variant=_variant(params),
        result=_choice(params, "result", RESULTS),
        rated=_rated(params),
        opponent=opponent,
        speed=_choice(params, "speed", SPEEDS),
        kind=_choice(params, "kind", KINDS),
    )


def page_from(params: Mapping[str, str]) -> int:
    """The page asked for (from 1); 400 for anything but a positive number."""
    value = (params.get("page") or "1").strip()
    if not (value.isascii() and value.isdigit()) or not 1 <= int(value) <= 100_000:
        raise ApplicationError(_("page is a number from 1"))
    return int(value)
