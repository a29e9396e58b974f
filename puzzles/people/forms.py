"""The plain forms of the people pages: a challenge (or a seek) and quick pairing."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from puzzles.games.forms import VariantFields
from puzzles.games.models import Game

from .services import RANDOM_SEAT

# The controls the forms offer: (initial seconds, increment) or days.
CONTROL_CHOICES = [
    ("1+1", "1+1"),
    ("3+2", "3+2"),
    ("5+3", "5+3"),
    ("10+5", "10+5"),
    ("15+10", "15+10"),
    ("30+20", "30+20"),
    ("1d", _("1 day a move")),
    ("3d", _("3 days a move")),
    ("7d", _("7 days a move")),
]


def _solver_at(level: Any) -> str:
    return gettext("the solver: %(level)s") % {"level": level}


# A partner option's text, translated when the form is drawn (not once, in English, at import).
solver_at = lazy(_solver_at, str)


def control_args(code: str) -> dict[str, Any]:
    """``5+3`` as ``{"clock": (300, 3)}``, ``3d`` as ``{"days": 3}``."""
    if code.endswith("d"):
        return {"clock": None, "days": int(code[:-1])}
    minutes, seconds = code.split("+")
    return {"clock": (int(minutes) * 60, int(seconds)), "days": None}


class ChallengeForm(VariantFields):
    control = forms.ChoiceField(
        label=_("Time control"),
        choices=CONTROL_CHOICES,
        initial="5+3",
        help_text=_("Minutes on the clock + seconds added a move, or days a move by correspondence."),
    )
    rated = forms.BooleanField(label=_("Rated"), required=False, help_text=_("Rated games need two accounts."))
    partner = forms.ChoiceField(
        label=_("Your partner (partnership)"),
        required=False,
        initial="",
        choices=[("", _("a person")), *[(level, solver_at(label)) for level, label in Game.Level.choices]],
    )
    to = forms.CharField(
        label=_("For a player (optional)"),
        required=False,
        max_length=150,
        help_text=_("Their user name: only they can accept. Leave it empty to send the link to anyone."),
    )
    match = forms.ChoiceField(
        label=_("Play"),
        required=False,
        initial="",
        choices=[
            ("", _("one game")),
            ("p100", _("a match to 100 points")),
            ("p200", _("a match to 200 points")),
            ("w3", _("a match to 3 won deals")),
            ("w5", _("a match to 5 won deals")),
            ("d2", _("a duplicate match of 2 deals")),
            ("d4", _("a duplicate match of 4 deals")),
        ],
        help_text=format_lazy(
            "{} {}",
            _(
                "A match is played deal after deal, everyone in the same seat; a rated match changes the ratings once, when a side has won it."
            ),
            _(
                "In a duplicate match between two players, each deal is played twice with the seats swapped, and the side with more points over all the games wins."
            ),
        ),
    )
    rating_min = forms.IntegerField(label=_("Lowest rating"), required=False, min_value=0, max_value=4000)
    rating_max = forms.IntegerField(label=_("Highest rating"), required=False, min_value=0, max_value=4000)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["human"].initial = RANDOM_SEAT

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        self.check_seat(data)
        return data

    def service_args(self, *, lobby: bool) -> dict[str, Any]:
        """The form as ``services.challenge_create`` takes it."""
        data = self.cleaned_data
        variant = self.chosen_variant()
        seat = data["human"]
        solver = None
        if data.get("partner") and variant.startswith("partnership") and seat != RANDOM_SEAT:
            partner = {"A": "C", "C": "A", "B": "D", "D": "B"}[seat]
            solver = {partner: data["partner"]}
        args: dict[str, Any] = {
            "variant": variant,
            "rated": data.get("rated", False),
            "seat": seat,
            "solver": solver,
            **control_args(data["control"]),
        }
        match = data.get("match") or ""
        if match:
            args[{"p": "target_points", "w": "target_wins", "d": "duplicate_deals"}[match[0]]] = int(match[1:])
        if lobby:
            args.update(lobby=True, rating_min=data.get("rating_min"), rating_max=data.get("rating_max"))
        else:
            args["to"] = data.get("to") or None
        return args
