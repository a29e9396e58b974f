"""One vocabulary: the lists the site and the front end share are defined
once in Python (``solver`` for the rules, the apps for the site's own) and the
front end's ``shared/vocabulary.ts`` must say the same."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import solver
from puzzles.core import vocabulary
from puzzles.games.models import Game
from puzzles.games.presentation import STATUSES
from puzzles.matches.models import Match
from puzzles.training.models import PuzzleAttempt

VOCABULARY_TS = Path(__file__).resolve().parents[3] / "frontend" / "src" / "shared" / "vocabulary.ts"


def typescript_lists() -> dict[str, list[str]]:
    text = VOCABULARY_TS.read_text(encoding="utf-8")
    found = re.findall(r"^export const ([A-Z_]+) = (\[[^\]]*\]) as const;$", text, flags=re.M)
    return {name: json.loads(items) for name, items in found}


EXPECTED = {
    "GRADES": list(solver.GRADES),
    "OUTCOMES": list(solver.OUTCOMES),
    "SIDES": list(solver.SIDES),
    "REASONS": list(solver.REASONS),
    "LEVELS": list(Game.Level.values),
    "GAME_STATUSES": STATUSES,
    "ATTEMPT_STATUSES": list(PuzzleAttempt.Status.values),
    "MATCH_STATUSES": list(Match.Status.values),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_the_front_end_has_the_same_lists(name):
    assert typescript_lists().get(name) == EXPECTED[name]


def test_the_site_takes_its_choices_from_the_solver():
    assert [g for g, _ in vocabulary.GRADE_CHOICES] == list(solver.GRADES)
    assert [s for s, _ in vocabulary.SIDE_CHOICES] == list(solver.SIDES)
    assert [r for r, _ in vocabulary.REASON_CHOICES] == list(solver.REASONS)
    assert {o for o, _ in vocabulary.OUTCOME_CHOICES} == set(solver.OUTCOMES)
    assert solver.outcome(3) in solver.OUTCOMES
    assert solver.grade(0, 12) in solver.GRADES
