"""The plain form that makes an event on the tournaments page (the page
without its script makes one with it too)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from puzzles.games.serializers import VARIANT_NAMES

from .models import Tournament

# The time controls offered by the form: (initial seconds, increment), or days.
CONTROLS = {
    "1+1": ((60, 1), None),
    "3+2": ((180, 2), None),
    "5+3": ((300, 3), None),
    "10+5": ((600, 5), None),
    "1d": (None, 1),
    "3d": (None, 3),
}


class TournamentForm(forms.Form):
    kind = forms.ChoiceField(label=_("Kind"), choices=Tournament.Kind.choices)
    name = forms.CharField(label=_("Name"), max_length=80, required=False)
    variant = forms.ChoiceField(label=_("Variant"), choices=[(v, v) for v in VARIANT_NAMES], initial="lewicki")
    rated = forms.BooleanField(label=_("Rated"), required=False)
    control = forms.ChoiceField(
        label=_("Time control"), choices=[(c, c) for c in CONTROLS], initial="3+2", required=False
    )
    password = forms.CharField(
        label=_("Password (a private event, not listed)"), max_length=64, required=False, widget=forms.PasswordInput
    )
    teams = forms.CharField(
        label=_("Teams (a team battle, or a team match's two: their names, separated by commas)"),
        max_length=400,
        required=False,
    )
    team_size = forms.IntegerField(label=_("Players a side (a team match)"), min_value=2, max_value=8, required=False)
    length = forms.IntegerField(
        label=_("Length: minutes (arena), rounds (Swiss) or deals (duplicate, team match)"), min_value=1, initial=30
    )

    def service_args(self) -> dict[str, Any]:
        data = self.cleaned_data
        kind = data["kind"]
        clock, days = CONTROLS.get(data.get("control") or "3+2", ((180, 2), None))
        args: dict[str, Any] = {"kind": kind, "name": data.get("name", ""), "variant": data["variant"]}
        args["rated"] = bool(data.get("rated"))
        args["password"] = data.get("password") or None
        teams = [name.strip() for name in (data.get("teams") or "").split(",") if name.strip()]
        if teams:
            args["teams"] = teams
        args[{"arena": "minutes", "swiss": "rounds", "duplicate": "deals", "team": "deals"}[kind]] = data["length"]
        if kind == Tournament.Kind.TEAM:
            args["team_size"] = data.get("team_size")
        if kind != Tournament.Kind.DUPLICATE:
            args["clock"] = {"initial": clock[0], "increment": clock[1]} if clock else None
            args["days"] = days
        return args
