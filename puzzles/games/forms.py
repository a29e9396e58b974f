from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from .models import Game


class NewGameForm(forms.Form):
    human = forms.ChoiceField(
        label=_("You play"), choices=[("A", _("A")), ("B", _("B"))], initial="A", widget=forms.RadioSelect
    )
    level = forms.ChoiceField(label=_("Opponent"), choices=Game.Level.choices, initial=Game.Level.STRONG)
    seed = forms.CharField(
        label=_("Deal number (optional)"), required=False, max_length=24,
        help_text=_("The same number always deals the same stones."),
    )
    position = forms.CharField(
        label=_("Or start from a position (optional)"), required=False, max_length=200,
        widget=forms.TextInput(attrs={"size": 70, "spellcheck": "false"}),
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("seed") and data.get("position"):
            raise forms.ValidationError(_("Give a deal number or a position, not both."))
        return data
