from typing import Any

from django import forms
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from puzzles.core.texts import variant_name
from solver import Variant
from solver.variant import BLOCK_NAME, LEWICKI9_NAME, LEWICKI_NAME, PARTNERSHIP_NAME

from .models import Game
from .starting import RANDOM_SEAT

# The variants of docs/rules.md section 4, by the names every page gives them
# (translated when the form is drawn).
VARIANT_CHOICES = [
    (name, lazy(variant_name, str)(name)) for name in (LEWICKI_NAME, LEWICKI9_NAME, BLOCK_NAME, PARTNERSHIP_NAME)
]
SEAT_CHOICES = [
    ("A", _("A")),
    ("B", _("B")),
    ("C", _("C (partnership)")),
    ("D", _("D (partnership)")),
    (RANDOM_SEAT, _("Random side")),
]


class VariantFields(forms.Form):
    """The variant and its option, shared by the new-game and the new-match forms."""

    variant = forms.ChoiceField(
        label=pgettext_lazy("kind of game", "Game"), choices=VARIANT_CHOICES, initial=LEWICKI_NAME, required=False
    )
    doubles = forms.BooleanField(
        label=_("Doubles play again"),
        required=False,
        help_text=_("Whoever plays a double moves again while they have a stone that fits."),
    )
    human = forms.ChoiceField(label=_("You play"), choices=SEAT_CHOICES, initial="A", widget=forms.RadioSelect)

    def chosen_variant(self) -> str:
        """The variant as written in a position string (``block+doubles``)."""
        data = self.cleaned_data
        return str(Variant(data.get("variant") or LEWICKI_NAME, bool(data.get("doubles"))))

    def check_seat(self, data: dict[str, Any]) -> None:
        human = data.get("human")
        name = data.get("variant") or LEWICKI_NAME
        seats = Variant(name).seats
        if human and human != RANDOM_SEAT and human not in seats:
            self.add_error(
                "human",
                _("%(seat)s is a seat of the partnership game only: choose %(seats)s.")
                % {"seat": human, "seats": ", ".join(seats)},
            )


class NewGameForm(VariantFields):
    level = forms.ChoiceField(label=_("Opponent"), choices=Game.Level.choices, initial=Game.Level.STRONG)
    seed = forms.CharField(
        label=_("Deal number (optional)"),
        required=False,
        max_length=24,
        help_text=_("The same number always deals the same stones."),
    )
    position = forms.CharField(
        label=_("Or start from a position (optional)"),
        required=False,
        max_length=400,
        widget=forms.TextInput(attrs={"size": 70, "spellcheck": "false"}),
        help_text=_("A position string of any variant: its first word names the variant."),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("seed") and data.get("position"):
            raise forms.ValidationError(_("Give a deal number or a position, not both."))
        if not data.get("position"):
            self.check_seat(data)
        return data
