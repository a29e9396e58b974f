from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from puzzles.games.forms import VariantFields
from puzzles.games.models import Game

from .services import DEFAULT_TARGET_POINTS, TARGET_POINTS_RANGE, TARGET_WINS_RANGE


class NewMatchForm(VariantFields):
    target = forms.ChoiceField(
        label=_("Play until"),
        choices=[("points", _("a side reaches a score")), ("wins", _("a side has won a number of deals"))],
        initial="points",
        widget=forms.RadioSelect,
    )
    target_points = forms.IntegerField(
        label=_("Target score"),
        required=False,
        initial=DEFAULT_TARGET_POINTS,
        min_value=TARGET_POINTS_RANGE[0],
        max_value=TARGET_POINTS_RANGE[1],
        help_text=_("100 or 200 are usual; the last deal may go past it."),
    )
    target_wins = forms.IntegerField(
        label=_("Won deals"),
        required=False,
        initial=3,
        min_value=TARGET_WINS_RANGE[0],
        max_value=TARGET_WINS_RANGE[1],
    )
    level = forms.ChoiceField(label=_("Opponent"), choices=Game.Level.choices, initial=Game.Level.STRONG)
    seed = forms.CharField(
        label=_("Match number (optional)"),
        required=False,
        max_length=24,
        help_text=_("The same number always deals the same deals."),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        field = "target_points" if data.get("target") == "points" else "target_wins"
        if data.get("target") and data.get(field) is None and field not in self.errors:
            self.add_error(field, _("Give the target."))
        self.check_seat(data)
        return data

    def targets(self) -> dict[str, int | None]:
        """The chosen target, as ``match_create`` takes it."""
        data = self.cleaned_data
        if data["target"] == "points":
            return {"target_points": data["target_points"], "target_wins": None}
        return {"target_points": None, "target_wins": data["target_wins"]}
