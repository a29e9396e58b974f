"""The challenge form's partner options are translated when the form is drawn,
in the reader's language (they were built once, in English, at import)."""

from __future__ import annotations

from django.utils import translation

from puzzles.people.forms import ChallengeForm


def test_the_partner_options_follow_the_language():
    with translation.override("en"):
        english = [str(label) for _value, label in ChallengeForm().fields["partner"].choices]
    with translation.override("pl"):
        polish = [str(label) for _value, label in ChallengeForm().fields["partner"].choices]
        page = str(ChallengeForm()["partner"])
    assert english[1:] == ["the solver: perfect", "the solver: strong", "the solver: casual"]
    assert polish[1:] == ["komputer: bezbłędny", "komputer: silny", "komputer: rekreacyjny"]
    assert "the solver" not in page
    assert "komputer: silny" in page
