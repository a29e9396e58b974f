"""``/deals/verify/``: anyone checks a deal's commitment (docs/rules.md
section 4.11).  The form takes the variant, the seed, the salt, the
commitment and, if wished, the start position a game showed (a finished
game's link fills them in); the page says whether the commitment is the
SHA-256 of the committed text, whether the position is the deal of the seed,
and draws that deal.  Drawing a deal is a shuffle: nothing is solved here.
It reads the query string only (a GET form), so a link can share a check."""

from __future__ import annotations

from typing import Any

from django import forms
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from solver import DominoError, Position, Variant
from solver.commitment import CommitmentError, check_commitment, check_salt, verify_deal
from solver.deal import check_seed
from solver.variant import LEWICKI_NAME

# The commands a reader may run to check it again on their own machine.
CLI = "python -m solver verify-deal"


class VerifyDealForm(forms.Form):
    variant = forms.CharField(label=gettext_lazy("Variant"), max_length=32, initial=LEWICKI_NAME, required=False)
    seed = forms.CharField(label=gettext_lazy("Seed"), max_length=24)
    salt = forms.CharField(label=gettext_lazy("Salt"), max_length=40)
    commitment = forms.CharField(label=gettext_lazy("Commitment"), max_length=80)
    position = forms.CharField(
        label=gettext_lazy("Start position (optional)"),
        max_length=300,
        required=False,
        help_text=gettext_lazy("The start position the game showed: checked to be the deal of the seed."),
    )

    def clean_variant(self) -> str:
        try:
            return str(Variant.parse(self.cleaned_data["variant"].strip() or LEWICKI_NAME))
        except DominoError:
            raise forms.ValidationError(_("This is not a variant of the site (lewicki, block+doubles...).")) from None

    def clean_seed(self) -> int:
        try:
            return check_seed(self.cleaned_data["seed"].strip())
        except DominoError:
            raise forms.ValidationError(_("A seed is a whole number from 0 to 2**64 - 1.")) from None

    def clean_salt(self) -> str:
        try:
            return check_salt(self.cleaned_data["salt"])
        except CommitmentError:
            raise forms.ValidationError(_("A salt is 32 hexadecimal digits.")) from None

    def clean_commitment(self) -> str:
        try:
            return check_commitment(self.cleaned_data["commitment"])
        except CommitmentError:
            raise forms.ValidationError(_("A commitment is 64 hexadecimal digits.")) from None

    def clean_position(self) -> str:
        text: str = self.cleaned_data["position"].strip()
        if text:
            try:
                Position.parse(text)
            except DominoError as exc:
                raise forms.ValidationError(_("This is not a position string: %(reason)s") % {"reason": exc}) from None
        return text


def _sides(position: Position) -> str:
    """The seats for the plain board, top first: A at the bottom."""
    seats = list(position.variant.seats)
    return "".join([*seats[1:], seats[0]])


def check_state(data: dict[str, Any]) -> dict[str, Any]:
    """What the page shows of a well-formed check: each check, the deal, the command line."""
    proof = verify_deal(
        seed=data["seed"],
        salt=data["salt"],
        commitment=data["commitment"],
        variant=data["variant"],
        position=data["position"] or None,
    )
    checks = {check.name: check for check in proof.checks}
    command = f"{CLI} --seed {proof.seed} --salt {proof.salt} --commitment {proof.commitment} --variant {proof.variant}"
    if data["position"]:
        command += f' --position "{data["position"]}"'
    return {
        "holds": proof.holds,
        "text": proof.text,
        "commitment": checks["commitment"],
        "position": checks.get("position"),
        "deal": str(proof.deal),
        "board": proof.deal.to_json(line=[]),
        "sides": _sides(proof.deal),
        "command": command,
    }


def verify_deal_page(request: HttpRequest) -> HttpResponse:
    """The form, and once it is filled in the verdict (400: input that is not well-formed)."""
    asked = any(request.GET.get(name) for name in ("seed", "salt"))
    form = VerifyDealForm(
        request.GET if asked else None,
        initial={key: request.GET[key] for key in ("variant", "commitment", "position") if request.GET.get(key)},
    )
    result = check_state(form.cleaned_data) if asked and form.is_valid() else None
    status = 400 if asked and result is None else 200
    return render(request, "games/verify_deal.html", {"form": form, "result": result}, status=status)
